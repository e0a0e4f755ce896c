//! Hourly and daily counts for the health check's tests on exact numbers, and the check over
//! them.
// Each test file uses its own part of these.
#![allow(dead_code)]

use chanscope_api::format::Period;
use chanscope_api::PeriodGroup;
use chanscope_figures::dynamics::Reading;
use chanscope_figures::health::{subscriber_findings, Cause, Finding};
use chrono::{NaiveDate, NaiveDateTime, TimeDelta};

pub fn date(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

pub fn at(s: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
}

/// Readings of `group` (days or hours) from 2026-03-01 00:00, starting at `first`, then moving
/// by each of `changes`. Reading `i` is the count as of the end of its period, so change `i`
/// (from reading `i` to `i + 1`) starts at the instant `i + 1` periods after 2026-03-01 00:00.
pub fn series(group: PeriodGroup, first: i64, changes: &[i64]) -> Vec<Reading> {
    let start = date("2026-03-01").and_hms_opt(0, 0, 0).unwrap();
    let (step, format) = match group {
        PeriodGroup::Hour => (TimeDelta::hours(1), "%Y-%m-%d %H:00"),
        _ => (TimeDelta::days(1), "%Y-%m-%d"),
    };
    let mut count = first;
    std::iter::once(&0)
        .chain(changes)
        .enumerate()
        .map(|(i, by)| {
            count += by;
            let at = start + step * i as i32;
            Reading {
                period: Period::parse(group, &at.format(format).to_string()).unwrap(),
                count,
            }
        })
        .collect()
}

pub fn days(first: i64, changes: &[i64]) -> Vec<Reading> {
    series(PeriodGroup::Day, first, changes)
}

pub fn hours(first: i64, changes: &[i64]) -> Vec<Reading> {
    series(PeriodGroup::Hour, first, changes)
}

/// `n` hourly changes of +1, +2, +3 in turn, with `special` changes at their indices.
pub fn hourly(n: usize, special: impl Fn(usize) -> Option<i64>) -> Vec<i64> {
    (0..n)
        .map(|i| special(i).unwrap_or(1 + (i % 3) as i64))
        .collect()
}

pub fn found_hourly(first: i64, changes: &[i64], causes: &[Cause]) -> Vec<Finding> {
    subscriber_findings(&hours(first, changes), PeriodGroup::Hour, causes)
}
