//! Period strings of subscriber dynamics: strict parsing, API formatting, boundaries.

use chanscope_api::format::{week_api_string, FormatError, Period};
use chanscope_api::params::PeriodGroup;
use chrono::{NaiveDate, NaiveDateTime};
use PeriodGroup::{Day, Hour, Month, Week};

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> NaiveDateTime {
    date(y, m, d).and_hms_opt(h, min, 0).unwrap()
}

fn parse(group: PeriodGroup, s: &str) -> Period {
    Period::parse(group, s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

/// Asserts where each period of `group` starts, and where it ends (where the next one starts).
fn assert_bounds(group: PeriodGroup, cases: &[(&str, NaiveDateTime, NaiveDateTime)]) {
    for &(s, start, end) in cases {
        let period = parse(group, s);
        assert_eq!(period.start(), start, "start of {group} {s:?}");
        assert_eq!(period.end(), end, "end of {group} {s:?}");
    }
}

#[test]
fn every_format_round_trips() {
    let cases: [(PeriodGroup, &[&str]); 4] = [
        (
            Hour,
            &["2024-01-29 14:00", "2024-02-29 00:00", "1999-12-31 23:00"],
        ),
        (Day, &["2024-01-29", "2024-02-29", "0001-01-01"]),
        (
            Week,
            &["2024-05", "2024-01", "2024-52", "2020-53", "2026-53"],
        ),
        (Month, &["2024-01", "2024-12", "9999-12"]),
    ];
    for (group, strings) in cases {
        for &s in strings {
            let period = parse(group, s);
            assert_eq!(period.to_api_string(), s, "{group} {s:?}");
            assert_eq!(period.to_string(), s, "{group} {s:?}");
            assert_eq!(period.group(), group, "{group} {s:?}");
        }
    }
}

#[test]
fn hour_bounds() {
    assert_bounds(
        Hour,
        &[
            (
                "2024-01-29 14:00",
                at(2024, 1, 29, 14, 0),
                at(2024, 1, 29, 15, 0),
            ),
            (
                "2024-12-31 23:00",
                at(2024, 12, 31, 23, 0),
                at(2025, 1, 1, 0, 0),
            ),
        ],
    );
}

#[test]
fn day_bounds() {
    assert_bounds(
        Day,
        &[("2024-02-29", at(2024, 2, 29, 0, 0), at(2024, 3, 1, 0, 0))],
    );
}

#[test]
fn week_bounds_are_monday_to_monday() {
    assert_bounds(
        Week,
        &[("2024-05", at(2024, 1, 29, 0, 0), at(2024, 2, 5, 0, 0))],
    );
}

#[test]
fn month_bounds() {
    assert_bounds(
        Month,
        &[
            ("2024-02", at(2024, 2, 1, 0, 0), at(2024, 3, 1, 0, 0)),
            ("2024-12", at(2024, 12, 1, 0, 0), at(2025, 1, 1, 0, 0)),
        ],
    );
}

#[test]
fn rejects_malformed_and_impossible_values() {
    let cases: [(PeriodGroup, &[&str]); 4] = [
        (
            Month,
            &["2024-13", "2024-00", "2024-1", "24-01", "2024-01-01"],
        ),
        (
            Day,
            &[
                "2024-02-30",
                "2023-02-29",
                "2024-1-5",
                "2024-01-32",
                "2024-01-01 00:00",
                "2024/01/01",
            ],
        ),
        (
            Week,
            &[
                "2024-54", "2024-00", "2024-5", "2024-W05",
                // Neither 2024 nor 2023 has an ISO week 53.
                "2024-53",
            ],
        ),
        (
            Hour,
            &[
                "2024-01-01 14:30",
                "2024-01-01 24:00",
                "2024-01-01 9:00",
                "2024-01-01",
                "2024-01-01T14:00",
                "2024-01-01 14:00:00",
            ],
        ),
    ];
    for (group, strings) in cases {
        for &s in strings {
            assert_eq!(
                Period::parse(group, s),
                Err(FormatError::InvalidPeriod {
                    group,
                    input: s.to_owned()
                }),
                "{group} {s:?}"
            );
        }
    }
}

#[test]
fn rejects_empty_garbage_and_surrounding_text() {
    for group in PeriodGroup::ALL {
        for s in [
            "",
            " ",
            "garbage",
            "2024-01-29 14:00 ",
            " 2024-01-29",
            "2024-01\n",
            "x2024-01",
            "２０２４-01",
            "-2024-01",
            "+2024-01",
        ] {
            assert!(Period::parse(group, s).is_err(), "{group} {s:?}");
        }
    }
}

#[test]
fn error_message_names_format_and_input() {
    let err = Period::parse(Month, "2024-13").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid month period \"2024-13\": expected Y-m, e.g. 2024-01"
    );
    let err = Period::parse(Hour, "2024-01-01 14:30").unwrap_err();
    assert_eq!(
        err.to_string(),
        "invalid hour period \"2024-01-01 14:30\": expected Y-m-d H:00, e.g. 2024-01-29 14:00"
    );
    let err = Period::parse(Week, "2024-54").unwrap_err();
    assert!(err.to_string().contains("Y-W"), "{err}");
}

#[test]
fn error_message_shortens_and_escapes_long_input() {
    let input = format!("\n{}", "x".repeat(500));
    let message = Period::parse(Day, &input).unwrap_err().to_string();
    assert!(
        message.starts_with("invalid day period \"\\nxxx"),
        "{message}"
    );
    assert!(message.contains("…: expected Y-m-d"), "{message}");
    assert!(message.len() < 120, "{message}");
}

#[test]
fn week_of_30_dec_2024_prints_with_the_year_of_its_monday() {
    // ISO 2025-W01 begins on Monday 30 Dec 2024; the service writes it as "2024-01".
    let week = Period::iso_week(2025, 1).unwrap();
    assert_eq!(week.start(), at(2024, 12, 30, 0, 0));
    assert_eq!(week.to_api_string(), "2024-01");
    let same = Period::containing(Week, at(2025, 1, 5, 23, 59)).unwrap();
    assert_eq!(same, week);
}

#[test]
fn single_week_string_takes_the_standard_reading() {
    for (s, monday) in [
        // ISO 2024-W01 exists, so "2024-01" alone is the week of Monday 1 Jan 2024.
        ("2024-01", at(2024, 1, 1, 0, 0)),
        // ISO 2025-W01 exists and begins in December 2024.
        ("2025-01", at(2024, 12, 30, 0, 0)),
        // 2022-52 exists in ISO 2022 (the standard reading), although ISO 2021 has a week 52 too.
        ("2022-52", at(2022, 12, 26, 0, 0)),
    ] {
        assert_eq!(parse(Week, s).start(), monday, "{s:?}");
    }
}

#[test]
fn week_53_of_the_previous_iso_year() {
    // Fri 1 Jan 2021 lies in ISO 2020-W53; its calendar year makes it "2021-53".
    assert_eq!(week_api_string(date(2021, 1, 1)), "2021-53");
    let week = parse(Week, "2021-53");
    assert_eq!(week.start(), at(2020, 12, 28, 0, 0));
    assert_eq!(week.end(), at(2021, 1, 4, 0, 0));
    // Written back from its Monday, it is the 2020 week 53.
    assert_eq!(week.to_api_string(), "2020-53");
}

#[test]
fn week_api_string_of_any_day() {
    for (day, expected) in [
        (date(2024, 1, 29), "2024-05"),
        (date(2024, 12, 30), "2024-01"),
        (date(2024, 12, 31), "2024-01"),
        (date(2025, 1, 1), "2025-01"),
        (date(2020, 12, 31), "2020-53"),
        (date(2021, 1, 3), "2021-53"),
        (date(2021, 1, 4), "2021-01"),
    ] {
        assert_eq!(week_api_string(day), expected, "{day}");
    }
}

#[test]
fn containing_aligns_to_the_period_start() {
    let t = at(2024, 2, 15, 14, 37);
    for (group, start) in [
        (Hour, at(2024, 2, 15, 14, 0)),
        (Day, at(2024, 2, 15, 0, 0)),
        (Week, at(2024, 2, 12, 0, 0)),
        (Month, at(2024, 2, 1, 0, 0)),
    ] {
        let period = Period::containing(group, t).unwrap();
        assert_eq!(period.start(), start, "{group}");
    }
}

#[test]
fn containing_at_the_end_of_the_calendar_is_none() {
    let last = NaiveDateTime::MAX;
    for group in PeriodGroup::ALL {
        assert_eq!(Period::containing(group, last), None, "{group}");
    }
    assert!(Period::containing(Day, NaiveDateTime::MIN).is_some());
    assert!(Period::iso_week(2024, 53).is_none());
}
