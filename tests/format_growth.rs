//! View-growth dates of one post's statistics.

use chanscope::api::params::ViewGrowthGroup;
use chanscope::format::{format_growth_date, growth_label, parse_growth_date, FormatError, Locale};
use chrono::{NaiveDate, NaiveDateTime};

fn at(y: i32, m: u32, d: u32, h: u32, min: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(y, m, d)
        .unwrap()
        .and_hms_opt(h, min, 0)
        .unwrap()
}

#[test]
fn hourly_dates_parse_to_the_minute_and_round_trip() {
    for (s, expected) in [
        ("2024-01-29 14:05", at(2024, 1, 29, 14, 5)),
        ("2024-01-29 14:00", at(2024, 1, 29, 14, 0)),
        ("2024-02-29 23:59", at(2024, 2, 29, 23, 59)),
        ("2000-01-01 00:00", at(2000, 1, 1, 0, 0)),
    ] {
        let parsed = parse_growth_date(ViewGrowthGroup::Hour, s).unwrap();
        assert_eq!(parsed, expected);
        assert_eq!(format_growth_date(ViewGrowthGroup::Hour, parsed), s);
    }
}

#[test]
fn daily_dates_parse_to_midnight_and_round_trip() {
    for (s, expected) in [
        ("2024-01-29", at(2024, 1, 29, 0, 0)),
        ("2024-02-29", at(2024, 2, 29, 0, 0)),
    ] {
        let parsed = parse_growth_date(ViewGrowthGroup::Day, s).unwrap();
        assert_eq!(parsed, expected);
        assert_eq!(format_growth_date(ViewGrowthGroup::Day, parsed), s);
    }
    // Daily growth drops the time of day.
    assert_eq!(
        format_growth_date(ViewGrowthGroup::Day, at(2024, 1, 29, 14, 5)),
        "2024-01-29"
    );
}

#[test]
fn rejects_malformed_dates() {
    let cases = [
        (ViewGrowthGroup::Hour, "2024-01-29 14:60"),
        (ViewGrowthGroup::Hour, "2024-01-29 24:00"),
        (ViewGrowthGroup::Hour, "2024-01-29 14:5"),
        (ViewGrowthGroup::Hour, "2024-01-29"),
        (ViewGrowthGroup::Hour, "2024-01-29 14:05:00"),
        (ViewGrowthGroup::Hour, "2024-02-30 10:00"),
        (ViewGrowthGroup::Day, "2024-01-29 14:05"),
        (ViewGrowthGroup::Day, "2024-13-01"),
        (ViewGrowthGroup::Day, "2023-02-29"),
        (ViewGrowthGroup::Day, "2024-1-29"),
        (ViewGrowthGroup::Day, ""),
        (ViewGrowthGroup::Day, "yesterday"),
    ];
    for (group, s) in cases {
        assert_eq!(
            parse_growth_date(group, s),
            Err(FormatError::InvalidGrowthDate {
                group,
                input: s.to_owned()
            }),
            "{group} {s:?}"
        );
    }
    let message = parse_growth_date(ViewGrowthGroup::Hour, "2024-01-29 14:60")
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
    assert_eq!(
        growth_label(ViewGrowthGroup::Hour, t, Locale::En),
        "29 Jan 2024, 14:05"
    );
    assert_eq!(
        growth_label(ViewGrowthGroup::Hour, t, Locale::Ru),
        "29 янв 2024, 14:05"
    );
    assert_eq!(
        growth_label(ViewGrowthGroup::Day, t, Locale::En),
        "29 Jan 2024"
    );
    assert_eq!(
        growth_label(ViewGrowthGroup::Day, t, Locale::Ru),
        "29 янв 2024"
    );
}
