//! View-growth dates of one post's statistics.

use chanscope_api::format::{
    format_growth_date, growth_label, parse_growth_date, FormatError, Locale,
};
use chanscope_api::params::ViewGrowthGroup;
use chrono::{NaiveDate, NaiveDateTime};
use Locale::{En, Ru};
use ViewGrowthGroup::{Day, Hour};

fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(y, m, d)
        .unwrap()
        .and_hms_opt(h, min, 0)
        .unwrap()
}

/// Asserts that each date string parses to the given time and is written back unchanged.
fn assert_round_trips(group: ViewGrowthGroup, cases: &[(&str, NaiveDateTime)]) {
    for &(s, expected) in cases {
        let parsed = parse_growth_date(group, s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
        assert_eq!(parsed, expected, "{group} {s:?}");
        assert_eq!(format_growth_date(group, parsed), s, "{group} {s:?}");
    }
}

#[test]
fn hourly_dates_parse_to_the_minute_and_round_trip() {
    assert_round_trips(
        Hour,
        &[
            ("2024-01-29 14:05", at(2024, 1, 29, 14, 5)),
            ("2024-01-29 14:00", at(2024, 1, 29, 14, 0)),
            ("2024-02-29 23:59", at(2024, 2, 29, 23, 59)),
            ("2000-01-01 00:00", at(2000, 1, 1, 0, 0)),
        ],
    );
}

#[test]
fn daily_dates_parse_to_midnight_and_round_trip() {
    // Daily growth drops the time of day.
    assert_eq!(
        format_growth_date(Day, at(2024, 1, 29, 14, 5)),
        "2024-01-29"
    );
    assert_round_trips(
        Day,
        &[
            ("2024-01-29", at(2024, 1, 29, 0, 0)),
            ("2024-02-29", at(2024, 2, 29, 0, 0)),
        ],
    );
}

#[test]
fn rejects_malformed_dates() {
    let cases: [(ViewGrowthGroup, &[&str]); 2] = [
        (
            Hour,
            &[
                "2024-01-29 14:60",
                "2024-01-29 24:00",
                "2024-01-29 14:5",
                "2024-01-29",
                "2024-01-29 14:05:00",
                "2024-02-30 10:00",
            ],
        ),
        (
            Day,
            &[
                "2024-01-29 14:05",
                "2024-13-01",
                "2023-02-29",
                "2024-1-29",
                "",
                "yesterday",
            ],
        ),
    ];
    for (group, inputs) in cases {
        for &s in inputs {
            let input = s.to_owned();
            let expected = FormatError::InvalidGrowthDate { group, input };
            assert_eq!(parse_growth_date(group, s), Err(expected), "{group} {s:?}");
        }
    }
    let message = parse_growth_date(Hour, "2024-01-29 14:60")
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "invalid view-growth date \"2024-01-29 14:60\" for group hour: \
         expected Y-m-d H:i, e.g. 2024-01-29 14:05"
    );
}

#[test]
fn labels_in_both_locales() {
    let t = at(2024, 1, 29, 14, 5);
    for (group, locale, expected) in [
        (Hour, En, "29 Jan 2024, 14:05"),
        (Hour, Ru, "29 янв 2024, 14:05"),
        (Day, En, "29 Jan 2024"),
        (Day, Ru, "29 янв 2024"),
    ] {
        assert_eq!(
            growth_label(group, t, locale),
            expected,
            "{group} {locale:?}"
        );
    }
}
