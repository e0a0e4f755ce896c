//! Whole lists of periods, where neighbouring records settle what a single week string cannot.

use chrono::NaiveDate;

use super::error::FormatError;
use super::period::{week_candidates, Period};
use crate::params::PeriodGroup;

/// Days between the weeks of two adjacent records when the list runs newest first.
const NEWEST_FIRST_STEP: i128 = -7;
/// Days between the weeks of two adjacent records when the list runs oldest first.
const OLDEST_FIRST_STEP: i128 = 7;

/// Parses the `period` strings of one subscriber-dynamics response, in response order.
///
/// Hours, days and months parse one by one. A week string can name two weeks a year apart
/// (`2024-01` is both the week of Mon 1 Jan 2024 and, from its last two days, the week of
/// Mon 30 Dec 2024), so weeks that only one reading fits act as anchors: their order tells
/// whether the list runs newest first (the default, as in the API's samples) or oldest first,
/// and each ambiguous week takes the reading closest to where its nearest anchor puts it,
/// seven days per record. Without anchors each string gets its [`Period::parse`] reading.
///
/// Malformed strings give an error in their place and do not affect the others.
pub fn parse_series<S: AsRef<str>>(
    group: PeriodGroup,
    periods: &[S],
) -> Vec<Result<Period, FormatError>> {
    if group != PeriodGroup::Week {
        return periods
            .iter()
            .map(|s| Period::parse(group, s.as_ref()))
            .collect();
    }
    let readings: Vec<Option<Vec<Period>>> = periods
        .iter()
        .map(|s| week_candidates(s.as_ref()))
        .collect();
    let anchors: Vec<(usize, NaiveDate)> = readings
        .iter()
        .enumerate()
        .filter_map(|(index, weeks)| match weeks.as_deref() {
            Some([only]) => Some((index, only.start().date())),
            _ => None,
        })
        .collect();
    let step = step_per_record(&anchors);
    periods
        .iter()
        .zip(readings)
        .enumerate()
        .map(|(index, (s, weeks))| {
            let weeks = weeks.unwrap_or_default();
            let chosen = match nearest_anchor(&anchors, index) {
                Some((at, monday)) => weeks.iter().copied().min_by_key(|week| {
                    let offset = week.start().date().signed_duration_since(monday).num_days();
                    let records = index as i128 - at as i128;
                    (i128::from(offset) - step * records).unsigned_abs()
                }),
                None => weeks.first().copied(),
            };
            chosen.ok_or_else(|| FormatError::InvalidPeriod {
                group,
                input: s.as_ref().to_owned(),
            })
        })
        .collect()
}

/// Signed days from one record's week to the next record's, judged by a majority of adjacent
/// anchor pairs; a tie (including fewer than two anchors) keeps the documented newest-first order.
fn step_per_record(anchors: &[(usize, NaiveDate)]) -> i128 {
    let (mut newest_first, mut oldest_first) = (0usize, 0usize);
    for pair in anchors.windows(2) {
        if let [(_, earlier_record), (_, later_record)] = pair {
            match later_record.cmp(earlier_record) {
                std::cmp::Ordering::Less => newest_first += 1,
                std::cmp::Ordering::Greater => oldest_first += 1,
                std::cmp::Ordering::Equal => {}
            }
        }
    }
    if oldest_first > newest_first {
        OLDEST_FIRST_STEP
    } else {
        NEWEST_FIRST_STEP
    }
}

/// The anchor closest to `index` by position in the list; the earlier one on a tie.
fn nearest_anchor(anchors: &[(usize, NaiveDate)], index: usize) -> Option<(usize, NaiveDate)> {
    let after = anchors.partition_point(|&(at, _)| at < index);
    let before = after.checked_sub(1).and_then(|i| anchors.get(i));
    match (before, anchors.get(after)) {
        (Some(&b), Some(&a)) => Some(if index.abs_diff(b.0) <= a.0.abs_diff(index) {
            b
        } else {
            a
        }),
        (Some(&only), None) | (None, Some(&only)) => Some(only),
        (None, None) => None,
    }
}
