//! CSV and JSON export: exact bytes, quoting and formula-injection protection.

use chanscope_figures::table::{to_csv, to_json, Cell, Table};

fn table() -> Table {
    Table {
        headers: vec!["Канал".into(), "Подписчики".into(), "CI".into()],
        rows: vec![
            vec![
                Cell::from("Радио, \"Свобода\""),
                Cell::Int(1200),
                Cell::Float(12.5),
            ],
            vec![Cell::from("line\nbreak"), Cell::Int(-3), Cell::Empty],
        ],
    }
}

#[test]
fn csv_has_bom_crlf_and_rfc4180_quoting() {
    assert_eq!(
        to_csv(&table()),
        "\u{feff}Канал,Подписчики,CI\r\n\"Радио, \"\"Свобода\"\"\",1200,12.5\r\n\"line\nbreak\",-3,\r\n"
    );
}

#[test]
fn csv_neutralises_formulas_in_text_only() {
    let table = Table {
        headers: vec!["=h".into(), "v".into()],
        rows: vec![
            vec![Cell::from("=HYPERLINK(\"x\")"), Cell::Int(-5)],
            vec![Cell::from("+1"), Cell::Float(-0.5)],
            vec![Cell::from("-1"), Cell::Empty],
            vec![Cell::from("@SUM(A1)"), Cell::Empty],
            vec![Cell::from("\tx"), Cell::Empty],
            vec![Cell::from("\rx"), Cell::Empty],
            vec![Cell::from("a=b"), Cell::Empty],
        ],
    };
    assert_eq!(
        to_csv(&table),
        "\u{feff}'=h,v\r\n\"'=HYPERLINK(\"\"x\"\")\",-5\r\n'+1,-0.5\r\n'-1,\r\n'@SUM(A1),\r\n'\tx,\r\n\"'\rx\",\r\na=b,\r\n"
    );
}

#[test]
fn csv_pads_short_rows_and_drops_extra_cells() {
    let table = Table {
        headers: vec!["a".into(), "b".into()],
        rows: vec![
            vec![Cell::Int(1)],
            vec![Cell::Int(1), Cell::Int(2), Cell::Int(3)],
        ],
    };
    assert_eq!(to_csv(&table), "\u{feff}a,b\r\n1,\r\n1,2\r\n");
}

#[test]
fn csv_of_non_finite_numbers_is_empty() {
    let table = Table {
        headers: vec!["x".into()],
        rows: vec![
            vec![Cell::Float(f64::NAN)],
            vec![Cell::Float(f64::INFINITY)],
        ],
    };
    assert_eq!(to_csv(&table), "\u{feff}x\r\n\r\n\r\n");
}

#[test]
fn json_keeps_header_order_and_number_types() {
    assert_eq!(
        to_json(&table()),
        "[\n  {\"Канал\": \"Радио, \\\"Свобода\\\"\", \"Подписчики\": 1200, \"CI\": 12.5},\n  {\"Канал\": \"line\\nbreak\", \"Подписчики\": -3, \"CI\": null}\n]"
    );
    let parsed: serde_json::Value = serde_json::from_str(&to_json(&table())).unwrap();
    assert_eq!(parsed[0]["Подписчики"], 1200);
    assert_eq!(parsed[1]["Канал"], "line\nbreak");
}

#[test]
fn json_of_an_empty_table_is_an_empty_array() {
    assert_eq!(to_json(&Table::default()), "[]");
}

#[test]
fn json_of_missing_and_non_finite_cells_is_null() {
    let table = Table {
        headers: vec!["a".into(), "b".into()],
        rows: vec![vec![Cell::Float(f64::NAN)]],
    };
    assert_eq!(to_json(&table), "[\n  {\"a\": null, \"b\": null}\n]");
}

#[test]
fn cells_convert_from_common_types() {
    assert_eq!(Cell::from(7u64), Cell::Int(7));
    assert_eq!(Cell::from(u64::MAX), Cell::Int(i64::MAX));
    assert_eq!(Cell::from(None::<i64>), Cell::Empty);
    assert_eq!(Cell::from(Some("x")), Cell::Text("x".into()));
}
