//! Whole subscriber-dynamics lists: week strings placed by their neighbours.

use chanscope_api::format::{parse_series, week_api_string, FormatError, Period};
use chanscope_api::params::PeriodGroup;
use chrono::{Days, NaiveDate};

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

/// Mondays of the weeks `parse_series` settles on; panics on an error record.
fn mondays(strings: &[&str]) -> Vec<NaiveDate> {
    parse_series(PeriodGroup::Week, strings)
        .into_iter()
        .map(|p| p.unwrap().start().date())
        .collect()
}

/// Parses the week strings of `cases` as one list, in order, and asserts the Monday
/// (`YYYY-MM-DD`) each one is placed on; a failure names the whole list.
fn assert_mondays(cases: &[(&str, &str)]) {
    let strings: Vec<&str> = cases.iter().map(|&(week, _)| week).collect();
    let expected: Vec<NaiveDate> = cases
        .iter()
        .map(|&(_, monday)| NaiveDate::parse_from_str(monday, "%Y-%m-%d").unwrap())
        .collect();
    assert_eq!(mondays(&strings), expected, "{strings:?}");
}

#[test]
fn newest_first_across_2024_and_2025() {
    assert_mondays(&[
        ("2025-02", "2025-01-06"),
        ("2024-01", "2024-12-30"),
        ("2024-52", "2024-12-23"),
        ("2024-51", "2024-12-16"),
    ]);
}

#[test]
fn newest_first_across_2020_and_2021() {
    assert_mondays(&[
        ("2021-01", "2021-01-04"),
        ("2021-53", "2020-12-28"),
        ("2020-52", "2020-12-21"),
    ]);
}

#[test]
fn newest_first_with_both_halves_of_a_split_year_boundary_week() {
    // The service may write the week of Mon 30 Dec 2024 from its December days ("2024-01") and
    // from its January days ("2025-01"); both are placed on that week, not a year away.
    assert_mondays(&[
        ("2025-02", "2025-01-06"),
        ("2025-01", "2024-12-30"),
        ("2024-01", "2024-12-30"),
        ("2024-52", "2024-12-23"),
    ]);
}

#[test]
fn oldest_first_is_detected_from_the_anchors() {
    assert_mondays(&[
        ("2024-51", "2024-12-16"),
        ("2024-52", "2024-12-23"),
        ("2024-01", "2024-12-30"),
        ("2025-02", "2025-01-06"),
    ]);
    assert_mondays(&[
        ("2020-52", "2020-12-21"),
        ("2021-53", "2020-12-28"),
        ("2021-01", "2021-01-04"),
        ("2021-02", "2021-01-11"),
    ]);
}

#[test]
fn ambiguous_week_at_the_start_of_a_list_uses_the_first_anchor() {
    // "2024-01" first: the anchor "2024-52" after it is older, so it is the week of 30 Dec.
    assert_mondays(&[
        ("2024-01", "2024-12-30"),
        ("2024-52", "2024-12-23"),
        ("2024-51", "2024-12-16"),
    ]);
    // The same string in early January 2024 sits after 2024-02 and before 2023-52.
    assert_mondays(&[
        ("2024-03", "2024-01-15"),
        ("2024-02", "2024-01-08"),
        ("2024-01", "2024-01-01"),
        ("2023-52", "2023-12-25"),
    ]);
}

#[test]
fn a_single_ambiguous_week_keeps_the_standard_reading() {
    assert_mondays(&[("2024-01", "2024-01-01")]);
    assert_mondays(&[("2022-52", "2022-12-26")]);
}

#[test]
fn week_52_of_the_previous_iso_year_is_placed_by_neighbours() {
    // Sun 1 Jan 2023 belongs to ISO 2022-W52 and is written "2023-52".
    assert_eq!(week_api_string(date(2023, 1, 1)), "2023-52");
    assert_mondays(&[
        ("2023-02", "2023-01-09"),
        ("2023-01", "2023-01-02"),
        ("2023-52", "2022-12-26"),
        ("2022-51", "2022-12-19"),
    ]);
}

#[test]
fn errors_stay_in_place_and_do_not_shift_the_others() {
    let parsed = parse_series(PeriodGroup::Week, &["2025-02", "bad", "2024-52"]);
    assert_eq!(parsed[0].as_ref().unwrap().start().date(), date(2025, 1, 6));
    assert_eq!(
        parsed[1],
        Err(FormatError::InvalidPeriod {
            group: PeriodGroup::Week,
            input: "bad".to_owned()
        })
    );
    assert_eq!(
        parsed[2].as_ref().unwrap().start().date(),
        date(2024, 12, 23)
    );
}

#[test]
fn other_groups_parse_one_by_one() {
    let strings = vec![
        "2024-02".to_owned(),
        "2024-13".to_owned(),
        "2024-01".to_owned(),
    ];
    let parsed = parse_series(PeriodGroup::Month, &strings);
    assert_eq!(
        parsed[0].as_ref().map(Period::to_api_string),
        Ok("2024-02".to_owned())
    );
    assert!(parsed[1].is_err());
    assert_eq!(parsed[2].as_ref().unwrap().start().date(), date(2024, 1, 1));
    let hours = parse_series(PeriodGroup::Hour, &["2024-01-29 15:00", "2024-01-29 14:00"]);
    assert_eq!(hours.len(), 2);
    assert!(hours.iter().all(Result::is_ok));
    assert!(parse_series::<&str>(PeriodGroup::Day, &[]).is_empty());
}

#[test]
fn every_year_boundary_from_1990_to_2040_is_recovered_from_any_weekday() {
    // Weeks written from every weekday in turn, so both December and January spellings occur.
    for year in 1990..2040 {
        let newest = date(year + 1, 1, 20);
        let strings: Vec<String> = (0..8u64)
            .map(|k| {
                let day = newest - Days::new(7 * k + (k + year as u64) % 7);
                week_api_string(day)
            })
            .collect();
        let expected: Vec<NaiveDate> = (0..8u64)
            .map(|k| {
                let day = newest - Days::new(7 * k + (k + year as u64) % 7);
                Period::containing(PeriodGroup::Week, day.into())
                    .unwrap()
                    .start()
                    .date()
            })
            .collect();
        let parsed: Vec<NaiveDate> = parse_series(PeriodGroup::Week, &strings)
            .into_iter()
            .map(|p| p.unwrap().start().date())
            .collect();
        assert_eq!(parsed, expected, "{year}: {strings:?}");
        let oldest_first: Vec<&str> = strings.iter().rev().map(String::as_str).collect();
        let mut expected_rev = expected.clone();
        expected_rev.reverse();
        assert_eq!(mondays(&oldest_first), expected_rev, "{year} reversed");
    }
}
