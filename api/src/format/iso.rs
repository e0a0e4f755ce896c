//! Dates and times in the fixed `Y-m-d H:i:s` shapes the API and the exports use.
//!
//! Written by hand rather than with chrono's `format("%Y-%m-%d")`: that pulls chrono's whole
//! strftime parser and formatter into the console's wasm for five fixed shapes.

use std::fmt::Write;

use chrono::{Datelike, NaiveDate, NaiveDateTime, Timelike};

use super::scan::scan;

/// `2024-01-29`. A year outside 0–9999 is written as chrono's `%Y` writes it: with its sign and
/// at least four digits (`+10000`, `-0001`).
pub fn iso_date(date: NaiveDate) -> String {
    let mut out = String::with_capacity(10);
    push_date(&mut out, date);
    out
}

/// `2024-01`.
pub fn iso_month(date: NaiveDate) -> String {
    let mut out = String::with_capacity(7);
    push_year(&mut out, date.year());
    push_two(&mut out, '-', date.month());
    out
}

/// `2024-01-29 14:05`.
pub fn iso_minutes(at: NaiveDateTime) -> String {
    let mut out = String::with_capacity(16);
    push_date(&mut out, at.date());
    push_two(&mut out, ' ', at.hour());
    push_two(&mut out, ':', at.minute());
    out
}

/// `2024-01-29 14:05:09`.
pub fn iso_seconds(at: NaiveDateTime) -> String {
    let mut out = iso_minutes(at);
    push_two(&mut out, ':', at.second());
    out
}

/// Reads `2024-01-29` (exactly that shape, a real calendar day); anything else is `None`.
pub fn parse_iso_date(text: &str) -> Option<NaiveDate> {
    let f = scan(text, "YYYY-mm-dd")?;
    NaiveDate::from_ymd_opt(f.year, f.month, f.day)
}

fn push_date(out: &mut String, date: NaiveDate) {
    push_year(out, date.year());
    push_two(out, '-', date.month());
    push_two(out, '-', date.day());
}

fn push_year(out: &mut String, year: i32) {
    if !(0..=9999).contains(&year) {
        out.push(if year < 0 { '-' } else { '+' });
    }
    // Writing to a String cannot fail.
    let _ = write!(out, "{:04}", year.unsigned_abs());
}

fn push_two(out: &mut String, separator: char, value: u32) {
    out.push(separator);
    if value < 10 {
        out.push('0');
    }
    let _ = write!(out, "{value}");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(y: i32, m: u32, d: u32, h: u32, min: u32, s: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(y, m, d)
            .unwrap()
            .and_hms_opt(h, min, s)
            .unwrap()
    }

    #[test]
    fn shapes() {
        let t = at(2024, 1, 9, 4, 5, 7);
        assert_eq!(iso_date(t.date()), "2024-01-09");
        assert_eq!(iso_month(t.date()), "2024-01");
        assert_eq!(iso_minutes(t), "2024-01-09 04:05");
        assert_eq!(iso_seconds(t), "2024-01-09 04:05:07");
        assert_eq!(
            iso_seconds(at(1999, 12, 31, 23, 59, 58)),
            "1999-12-31 23:59:58"
        );
    }

    #[test]
    fn years_as_chrono_writes_them() {
        for (y, m, d) in [
            (10_000, 2, 29),
            (-1, 3, 4),
            (0, 1, 1),
            (5, 6, 7),
            (-262_000, 1, 1),
        ] {
            let date = NaiveDate::from_ymd_opt(y, m, d).unwrap();
            assert_eq!(iso_date(date), date.format("%Y-%m-%d").to_string());
            assert_eq!(iso_month(date), date.format("%Y-%m").to_string());
        }
    }

    #[test]
    fn parses_only_real_days() {
        assert_eq!(
            parse_iso_date("2024-02-29"),
            NaiveDate::from_ymd_opt(2024, 2, 29)
        );
        assert_eq!(parse_iso_date("2023-02-29"), None);
        assert_eq!(parse_iso_date("2024-2-29"), None);
        assert_eq!(parse_iso_date(" 2024-02-29"), None);
        assert_eq!(parse_iso_date(""), None);
    }
}
