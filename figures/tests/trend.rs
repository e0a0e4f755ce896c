//! Keyword trends: a period cut into days or weeks (the last week cut short), the limit on
//! windows, and the halves and change of a keyword's counts on exact numbers.

use chanscope_figures::engagement::Missing;
use chanscope_figures::named::Value;
use chanscope_figures::trend::{
    summarize, window_count, windows, Step, TooManyWindows, TrendSummary, Window, MAX_WINDOWS,
};
use chrono::{Days, NaiveDate};

fn day(m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2024, m, d).unwrap()
}

fn window(first: NaiveDate, last: NaiveDate, partial: bool) -> Window {
    Window {
        first,
        last,
        partial,
    }
}

#[test]
fn days_are_windows_of_one_day() {
    assert_eq!(
        windows(day(1, 30), day(2, 1), Step::Day),
        Ok(vec![
            window(day(1, 30), day(1, 30), false),
            window(day(1, 31), day(1, 31), false),
            window(day(2, 1), day(2, 1), false),
        ])
    );
    assert_eq!(window_count(day(1, 30), day(2, 1), Step::Day), 3);
}

#[test]
fn weeks_start_at_the_first_day_and_the_last_is_cut_at_the_end() {
    assert_eq!(
        windows(day(1, 3), day(1, 19), Step::Week),
        Ok(vec![
            window(day(1, 3), day(1, 9), false),
            window(day(1, 10), day(1, 16), false),
            window(day(1, 17), day(1, 19), true),
        ])
    );
    assert_eq!(window_count(day(1, 3), day(1, 19), Step::Week), 3);
    assert_eq!(
        windows(day(1, 1), day(1, 14), Step::Week),
        Ok(vec![
            window(day(1, 1), day(1, 7), false),
            window(day(1, 8), day(1, 14), false),
        ])
    );
    assert_eq!(
        windows(day(5, 5), day(5, 5), Step::Week),
        Ok(vec![window(day(5, 5), day(5, 5), true)])
    );
}

#[test]
fn a_reversed_period_has_no_windows() {
    assert_eq!(windows(day(2, 1), day(1, 31), Step::Day), Ok(vec![]));
    assert_eq!(window_count(day(2, 1), day(1, 31), Step::Week), 0);
}

#[test]
fn a_period_of_more_windows_than_allowed_is_refused_uncut() {
    assert_eq!(MAX_WINDOWS, 366);
    // 2024 is a leap year: 366 days.
    let year = windows(day(1, 1), day(12, 31), Step::Day).unwrap();
    assert_eq!(year.len(), 366);
    assert_eq!(year.last(), Some(&window(day(12, 31), day(12, 31), false)));
    let next_day = day(12, 31).succ_opt().unwrap();
    assert_eq!(
        windows(day(1, 1), next_day, Step::Day),
        Err(TooManyWindows { windows: 367 })
    );
    // Two years by week: 732 days, 104 weeks and a partial one.
    let two_years = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
    assert_eq!(window_count(day(1, 1), two_years, Step::Week), 105);
    let all_time = window_count(NaiveDate::MIN, NaiveDate::MAX, Step::Day);
    assert_eq!(
        windows(NaiveDate::MIN, NaiveDate::MAX, Step::Day),
        Err(TooManyWindows { windows: all_time })
    );
}

#[test]
fn the_calendars_last_week_is_cut_at_its_last_day() {
    let start = NaiveDate::MAX.checked_sub_days(Days::new(2)).unwrap();
    assert_eq!(
        windows(start, NaiveDate::MAX, Step::Week),
        Ok(vec![window(start, NaiveDate::MAX, true)])
    );
}

#[test]
fn halves_and_change_of_an_even_number_of_windows() {
    let summary = summarize(&[2, 4, 6, 8]);
    assert_eq!(
        (summary.total, summary.first_half, summary.second_half),
        (20, 6, 14)
    );
    // (14 − 6) / 6 × 100.
    let change = summary.change.unwrap();
    assert!((change - 133.333_333_333_333).abs() < 1e-9, "{change}");
    assert_eq!(summarize(&[10, 5]).change, Ok(-50.0));
    assert_eq!(summarize(&[4, 4]).change, Ok(0.0));
}

#[test]
fn the_middle_of_an_odd_number_counts_in_the_total_only() {
    let summary = summarize(&[1, 2, 100, 3, 4]);
    assert_eq!(
        (summary.total, summary.first_half, summary.second_half),
        (110, 3, 7)
    );
    let change = summary.change.unwrap();
    assert!((change - 133.333_333_333_333).abs() < 1e-9, "{change}");
}

#[test]
fn no_change_without_mentions_in_the_first_half() {
    assert_eq!(
        summarize(&[0, 0, 5, 5]),
        TrendSummary {
            total: 10,
            first_half: 0,
            second_half: 10,
            change: Err(Missing::NoPosts),
        }
    );
    assert_eq!(
        summarize(&[7]),
        TrendSummary {
            total: 7,
            first_half: 0,
            second_half: 0,
            change: Err(Missing::NoPosts),
        }
    );
    assert_eq!(summarize(&[]).change, Err(Missing::NoPosts));
    assert_eq!(summarize(&[u64::MAX, 1, u64::MAX]).total, u64::MAX);
}

#[test]
fn a_keywords_figures_are_named_after_the_keyword() {
    let named = summarize(&[3, 1, 6]).named("price");
    let pairs: Vec<(&str, Value)> = named.into_iter().map(|f| (f.name, f.value)).collect();
    assert_eq!(
        pairs,
        [
            ("keyword", Value::Text("price".into())),
            ("mentions", Value::Count(10)),
            ("first_half", Value::Count(3)),
            ("second_half", Value::Count(6)),
            ("change_percent", Value::Number(Ok(100.0))),
        ]
    );
}
