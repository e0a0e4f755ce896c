//! Whether an advert worked: a channel's subscriber change in the hours after a mention of it,
//! next to its normal change over the same length of time.
//!
//! - Count at an instant = the reading of the period that contains it (for hourly readings, the
//!   count as of that hour).
//! - Change after a mention at `t` over `h` hours = count at `t + h` − count at `t`; none when the
//!   readings do not cover both instants.
//! - Normal change over `h` hours = the median, over every reading that has one exactly `h` hours
//!   later, of the later count − the earlier one.

use chrono::{NaiveDateTime, TimeDelta};

use super::dynamics::Reading;
use super::robust::median;

/// The hours after a mention the change is read at.
pub const AFTER_HOURS: [u32; 2] = [24, 48];

/// The count of the reading whose period contains `at`; readings in time order (found by
/// bisection: a table of mentions asks this twice per post of 2,161 hourly readings).
pub fn count_at(readings: &[Reading], at: NaiveDateTime) -> Option<i64> {
    let after = readings.partition_point(|r| r.period.start() <= at);
    let reading = readings.get(after.checked_sub(1)?)?;
    (at < reading.period.end()).then_some(reading.count)
}

/// The change in the `hours` after `at`.
pub fn change_after(readings: &[Reading], at: NaiveDateTime, hours: u32) -> Option<i64> {
    let later = at + TimeDelta::hours(i64::from(hours));
    Some(count_at(readings, later)?.saturating_sub(count_at(readings, at)?))
}

/// The normal change over `hours`: the median of the changes between readings that far apart;
/// `readings` in time order (90 days of hours are 2,161 readings: each later one is found by
/// bisection).
pub fn normal_change(readings: &[Reading], hours: u32) -> Option<f64> {
    let apart = TimeDelta::hours(i64::from(hours));
    let changes: Vec<f64> = readings
        .iter()
        .filter_map(|r| {
            let at = r.period.start() + apart;
            let later = readings
                .binary_search_by_key(&at, |l| l.period.start())
                .ok()?;
            Some(readings[later].count.saturating_sub(r.count) as f64)
        })
        .collect();
    median(&changes)
}
