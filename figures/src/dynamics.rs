//! Subscriber dynamics read for a chart and a summary: one reading per period in time order, the
//! net and percent change, and the largest rise and fall between neighbouring periods. Used by the
//! subscriber-dynamics page and the subscriber-chart widget.

use std::collections::BTreeMap;

use chrono::TimeDelta;

use crate::api::model::SubscriberCount;
use crate::api::PeriodGroup;
use crate::counts::count_i64;
use crate::engagement::Missing;
use crate::format::{parse_series, percent_change, Locale, Period};
use crate::points::{Point, Series};

/// The ranges offered for subscriber dynamics, in days: a year of subscribers is worth a look,
/// unlike a year of posts.
pub const PERIOD_PRESETS: [u32; 4] = [7, 30, 90, 365];

/// Longest range grouped by hour: 744 records per channel already fill a chart and a table.
pub const HOURLY_MAX_DAYS: u32 = 31;

/// The participants at the end of one period.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Reading {
    pub period: Period,
    pub count: i64,
}

/// The records of one channel in time order (one per period: the first record of a period
/// counts), and how many could not be read.
pub fn readings(group: PeriodGroup, records: &[SubscriberCount]) -> (Vec<Reading>, usize) {
    let periods: Vec<&str> = records.iter().map(|r| r.period.as_str()).collect();
    let mut by_start = BTreeMap::new();
    let mut unreadable = 0;
    for (parsed, record) in parse_series(group, &periods).into_iter().zip(records) {
        match parsed {
            Ok(period) => {
                by_start.entry(period.start()).or_insert(Reading {
                    period,
                    count: count_i64(record.participants_count),
                });
            }
            Err(_) => unreadable += 1,
        }
    }
    (by_start.into_values().collect(), unreadable)
}

/// A change between two consecutive periods.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Change {
    /// The later of the two periods.
    pub to: Period,
    pub by: i64,
}

/// A channel's change over its readings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Summary {
    pub first: Reading,
    pub last: Reading,
    /// `last − first`.
    pub net: i64,
    /// `net / first × 100`; `None` when the first count is 0.
    pub percent: Option<f64>,
    /// The largest rise from one period to the next, if any rose.
    pub gain: Option<Change>,
    /// The largest fall from one period to the next, if any fell.
    pub drop: Option<Change>,
}

/// The change of a channel over its readings (in time order); `None` without readings. Of equal
/// rises or falls the earliest counts.
pub fn summarize(readings: &[Reading]) -> Option<Summary> {
    let (first, last) = (*readings.first()?, *readings.last()?);
    let steps = readings.windows(2).filter_map(|pair| match pair {
        [before, after] => Some(Change {
            to: after.period,
            by: after.count.saturating_sub(before.count),
        }),
        _ => None,
    });
    let (mut gain, mut drop) = (None::<Change>, None::<Change>);
    for step in steps {
        if step.by > 0 && gain.is_none_or(|g| step.by > g.by) {
            gain = Some(step);
        }
        if step.by < 0 && drop.is_none_or(|d| step.by < d.by) {
            drop = Some(step);
        }
    }
    Some(Summary {
        first,
        last,
        net: last.count.saturating_sub(first.count),
        percent: percent_change(first.count, last.count),
        gain,
        drop,
    })
}

/// x of the chart: the start of the period read as UTC, the same for every channel.
pub fn x_of(period: &Period) -> f64 {
    period.start().and_utc().timestamp() as f64
}

/// One chart series per channel: the counts, or (`relative`) the change since the channel's
/// first reading in percent. A channel whose first count is 0 has no relative points.
pub fn chart_series<'a>(
    locale: Locale,
    channels: impl Iterator<Item = (&'a str, &'a [Reading])>,
    relative: bool,
) -> Vec<Series> {
    channels
        .map(|(name, read)| {
            // Readings are in time order: the first one is the base of the relative view.
            let base = read.first().map_or(0, |r| r.count);
            Series {
                name: name.to_owned(),
                points: read
                    .iter()
                    .filter_map(|r| {
                        let y = if relative {
                            percent_change(base, r.count)?
                        } else {
                            r.count as f64
                        };
                        Some(Point {
                            x: x_of(&r.period),
                            y,
                            label: r.period.label(locale),
                        })
                    })
                    .collect(),
            }
        })
        .collect()
}

/// The range a preset of `days` allows with `group`: hourly records over more than
/// [`HOURLY_MAX_DAYS`] would be thousands of points, so such a range falls back to days.
pub fn group_for_range(group: PeriodGroup, days: u32) -> PeriodGroup {
    if group == PeriodGroup::Hour && days > HOURLY_MAX_DAYS {
        PeriodGroup::Day
    } else {
        group
    }
}

/// A change of subscribers over some days: the count then and now, the net change and the
/// percent.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Since {
    pub from: Reading,
    pub to: Reading,
    pub net: i64,
    pub percent: Option<f64>,
}

/// The change from the reading `days` days before the last one (or the latest before that day,
/// when that day has none) to the last; `NoHistory` when the readings do not reach that far
/// back.
pub fn change_since(readings: &[Reading], days: u32) -> Result<Since, Missing> {
    let last = *readings.last().ok_or(Missing::NoHistory { days })?;
    let target = last.period.start() - TimeDelta::days(i64::from(days));
    let from = *readings
        .iter()
        .rev()
        .find(|r| r.period.start() <= target)
        .ok_or(Missing::NoHistory { days })?;
    Ok(Since {
        from,
        to: last,
        net: last.count.saturating_sub(from.count),
        percent: percent_change(from.count, last.count),
    })
}
