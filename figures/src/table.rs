//! Tables as files a user can take away: CSV for spreadsheets and JSON for scripts. The console
//! hands such a file to the user as a download (its `export.rs`).

use serde_json::Value as Json;

/// One value of an exported table.
#[derive(Clone, Debug, PartialEq)]
pub enum Cell {
    Text(String),
    Int(i64),
    Float(f64),
    Empty,
}

impl From<&str> for Cell {
    fn from(text: &str) -> Self {
        Cell::Text(text.to_owned())
    }
}

impl From<String> for Cell {
    fn from(text: String) -> Self {
        Cell::Text(text)
    }
}

impl From<i64> for Cell {
    fn from(n: i64) -> Self {
        Cell::Int(n)
    }
}

impl From<u64> for Cell {
    fn from(n: u64) -> Self {
        // Counts beyond i64 do not occur; saturating keeps the cell a number if one ever does.
        Cell::Int(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<f64> for Cell {
    fn from(x: f64) -> Self {
        Cell::Float(x)
    }
}

impl<T: Into<Cell>> From<Option<T>> for Cell {
    fn from(value: Option<T>) -> Self {
        value.map_or(Cell::Empty, Into::into)
    }
}

/// A table to export. Every row is read against `headers`: missing cells are empty, cells beyond
/// the last header are left out.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct Table {
    pub headers: Vec<String>,
    pub rows: Vec<Vec<Cell>>,
}

/// Byte order mark: without it Excel reads a CSV file in the system's legacy code page and
/// Cyrillic turns into mojibake.
const BOM: char = '\u{feff}';

/// The table as RFC 4180 CSV: comma-separated, CRLF line ends, fields quoted when they hold a
/// comma, quote or line break, UTF-8 with a byte order mark.
///
/// Text that a spreadsheet would run as a formula (starting with `=`, `+`, `-`, `@`, tab or
/// carriage return) gets a leading `'`: channel titles and post texts come from strangers.
pub fn to_csv(table: &Table) -> String {
    let mut out = String::new();
    out.push(BOM);
    let header: Vec<Cell> = table
        .headers
        .iter()
        .map(|h| Cell::from(h.as_str()))
        .collect();
    write_csv_row(&mut out, &header, header.len());
    for row in &table.rows {
        write_csv_row(&mut out, row, table.headers.len());
    }
    out
}

fn write_csv_row(out: &mut String, row: &[Cell], width: usize) {
    for i in 0..width {
        if i > 0 {
            out.push(',');
        }
        match row.get(i).unwrap_or(&Cell::Empty) {
            Cell::Text(text) => write_csv_text(out, text),
            Cell::Int(n) => out.push_str(&n.to_string()),
            Cell::Float(x) if x.is_finite() => out.push_str(&x.to_string()),
            Cell::Float(_) | Cell::Empty => {}
        }
    }
    out.push_str("\r\n");
}

fn write_csv_text(out: &mut String, text: &str) {
    let guard = text.starts_with(['=', '+', '-', '@', '\t', '\r']);
    let quote = text.contains([',', '"', '\r', '\n']);
    if quote {
        out.push('"');
    }
    if guard {
        out.push('\'');
    }
    if quote {
        out.push_str(&text.replace('"', "\"\""));
        out.push('"');
    } else {
        out.push_str(text);
    }
}

/// The table as a JSON array with one object per row, keyed by header in header order; numbers
/// stay numbers, empty cells and non-finite numbers are `null`.
pub fn to_json(table: &Table) -> String {
    if table.rows.is_empty() {
        return "[]".to_owned();
    }
    // Written by hand around serde_json's escaping: its maps sort keys, and the columns should
    // read in the order the table shows them.
    let mut out = String::from("[\n");
    for (r, row) in table.rows.iter().enumerate() {
        out.push_str("  {");
        for (i, header) in table.headers.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            out.push_str(&json_text(&Json::from(header.as_str())));
            out.push_str(": ");
            out.push_str(&json_text(&json_value(row.get(i).unwrap_or(&Cell::Empty))));
        }
        out.push('}');
        if r + 1 < table.rows.len() {
            out.push(',');
        }
        out.push('\n');
    }
    out.push(']');
    out
}

/// `value` as compact JSON. Not `Value`'s `Display`, which also compiles in the pretty-printer
/// for `{:#}`.
fn json_text(value: &Json) -> String {
    // Writing a `Value` to a string cannot fail.
    serde_json::to_string(value).unwrap_or_default()
}

fn json_value(cell: &Cell) -> Json {
    match cell {
        Cell::Text(text) => Json::from(text.as_str()),
        Cell::Int(n) => Json::from(*n),
        Cell::Float(x) => serde_json::Number::from_f64(*x).map_or(Json::Null, Json::Number),
        Cell::Empty => Json::Null,
    }
}
