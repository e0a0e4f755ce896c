//! Whether an advert worked: a channel's subscriber change in the hours after a mention of it,
//! next to its normal change over as long, and how far that normal change usually strays.
//!
//! A reading is the count at the end of its period (an hour or a day; the service's and the
//! sandbox's "as of the end of the period").
//!
//! - Count before an instant `t` = the last count at or before `t`: the reading whose period
//!   ends at or before `t`, less than one period before it. On hourly counts, the end of the
//!   hour before `t`'s hour (or `t`'s own hour start when `t` is on the hour); on daily counts,
//!   the end of the day before `t`'s day. So every arrival from `t` on is counted.
//! - Count by an instant `t` = the first count at or after `t`: the reading whose period
//!   contains `t`, or ends exactly at it.
//! - Change after a mention at `t` over `h` hours = count by `t + h` − count before `t`: the
//!   change over the shortest run of whole periods that covers `t` to `t + h` (its span: `h`
//!   hours on the hour, `h + 1` hours for an hourly reading in the middle of an hour, up to `h +
//!   48` hours on daily counts). None when the readings do not cover both ends.
//! - Busy instants = mentions and placements known to bring subscribers; each makes the
//!   [`EFFECT_HOURS`] from it busy.
//! - Windows of a span = every two readings that far apart, with their change (count at the later
//!   end − count at the earlier end), leaving out each window that overlaps a busy stretch: an
//!   advert's own rise is not normal.
//! - Trend of those changes = their resistant slope against the windows' starts, per day
//!   ([`crate::robust::resistant_slope`]): a channel that grows faster and faster changes more
//!   in a late window than in an early one, and so does its normal change. None (0) when the
//!   medians of the first and the last third of the windows start less than [`TREND_DAYS`]
//!   apart: over less, a trend is not told from a weekly rhythm.
//! - Normal change over a span, at an instant `t` = the median of the windows' changes once
//!   each is carried along the trend to `t` (change − trend × days from `t` to the window's
//!   start). Without a trend, the median of the changes.
//! - Spread of that change = the health check's spread of the same carried changes
//!   ([`crate::health::series::normal_of`]): the largest of 1.4826 × their median absolute
//!   deviation, the 90th percentile of their deviations / 1.645 (a weekly rhythm is normal),
//!   √(|normal change| + 1) (the Poisson noise of the arrivals behind a net change) and 1.
//! - A gain (change − normal) is clearly beyond normal when it is more than [`CLEAR_SPREADS`]
//!   spreads above 0.

use chrono::{NaiveDateTime, TimeDelta};

use super::dynamics::Reading;
use super::health::series::normal_of;
use super::robust::resistant_slope;

/// The hours after a mention the change is read at.
pub const AFTER_HOURS: [u32; 2] = [24, 48];

/// How long after a mention or a placement the subscribers it brings are still arriving: most
/// within a day, nearly all within two. Windows of the normal change that overlap this stretch
/// after a busy instant are left out.
pub const EFFECT_HOURS: u32 = 48;

/// A gain is clearly beyond normal when it exceeds this many spreads.
pub const CLEAR_SPREADS: f64 = 2.0;

/// The least time, in days, between the first and the last third of the windows for their
/// changes to have a trend.
pub const TREND_DAYS: f64 = 14.0;

/// The last count at or before `at`, and the instant it is the count of (its period's end).
pub fn count_before(readings: &[Reading], at: NaiveDateTime) -> Option<(NaiveDateTime, i64)> {
    let after = readings.partition_point(|r| r.period.end() <= at);
    let reading = readings.get(after.checked_sub(1)?)?;
    let (start, end) = (reading.period.start(), reading.period.end());
    // A reading further back than one period would be a count from before a gap.
    (at < end + (end - start)).then_some((end, reading.count))
}

/// The first count at or after `at`, and the instant it is the count of (its period's end).
pub fn count_by(readings: &[Reading], at: NaiveDateTime) -> Option<(NaiveDateTime, i64)> {
    let first = readings.partition_point(|r| r.period.end() < at);
    let reading = readings.get(first)?;
    (reading.period.start() < at || reading.period.end() == at)
        .then_some((reading.period.end(), reading.count))
}

/// A change between two counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Change {
    /// The instants of the two counts.
    pub from: NaiveDateTime,
    pub to: NaiveDateTime,
    /// The later count − the earlier one.
    pub by: i64,
}

impl Change {
    /// The length of time the change is over.
    pub fn span(&self) -> TimeDelta {
        self.to - self.from
    }
}

/// The change from the last count at or before `first` to the first count at or after `hours`
/// after `last` (`first` ≤ `last`; the same instant for one mention).
pub fn change_between(
    readings: &[Reading],
    first: NaiveDateTime,
    last: NaiveDateTime,
    hours: u32,
) -> Option<Change> {
    let (from, before) = count_before(readings, first)?;
    let (to, after) = count_by(readings, last + TimeDelta::hours(i64::from(hours)))?;
    Some(Change {
        from,
        to,
        by: after.saturating_sub(before),
    })
}

/// The change in the `hours` after `at`.
pub fn change_after(readings: &[Reading], at: NaiveDateTime, hours: u32) -> Option<Change> {
    change_between(readings, at, at, hours)
}

/// A channel's normal change over a span, and its spread.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Normal {
    /// The median change, carried along the trend to the instant asked.
    pub change: f64,
    /// The spread of the carried changes ([`normal_of`]).
    pub spread: f64,
    /// How many windows it was read over.
    pub windows: usize,
    /// How much the change over the span grows a day (the trend).
    pub per_day: f64,
}

/// The normal change over `span` at `at` (the start of the change it is held against): over
/// every pair of readings `span` apart whose window overlaps none of the [`EFFECT_HOURS`] after
/// a `busy` instant, along their trend; `readings` in time order (90 days of hours are 2,161
/// readings: each later one is found by bisection). None when no window is left.
pub fn normal_change(
    readings: &[Reading],
    span: TimeDelta,
    at: NaiveDateTime,
    busy: &[NaiveDateTime],
) -> Option<Normal> {
    let effect = TimeDelta::hours(i64::from(EFFECT_HOURS));
    let quiet = |from: NaiveDateTime, to: NaiveDateTime| {
        busy.iter().all(|&b| to <= b || b + effect <= from)
    };
    let days = |t: NaiveDateTime| (t - at).num_seconds() as f64 / 86_400.0;
    let windows: Vec<(f64, f64)> = readings
        .iter()
        .filter_map(|r| {
            let from = r.period.end();
            let to = from + span;
            let later = readings
                .binary_search_by_key(&to, |l| l.period.end())
                .ok()?;
            quiet(from, to).then(|| {
                let change = readings[later].count.saturating_sub(r.count);
                (days(from), change as f64)
            })
        })
        .collect();
    let per_day = resistant_slope(&windows, TREND_DAYS);
    let carried: Vec<f64> = windows.iter().map(|(x, y)| y - per_day * x).collect();
    let normal = normal_of(&carried)?;
    Some(Normal {
        change: normal.median,
        spread: normal.spread,
        windows: carried.len(),
        per_day,
    })
}

/// Whether `gain` (a change minus the normal change) is clearly beyond normal: above
/// [`CLEAR_SPREADS`] × `spread`.
pub fn beyond_normal(gain: f64, spread: f64) -> bool {
    gain > CLEAR_SPREADS * spread
}

/// What a mention at `at` brought in `hours`: the change after it, and the normal change over
/// the same span with the `busy` instants' windows left out.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct After {
    pub change: Change,
    pub normal: Normal,
}

impl After {
    /// The change beyond normal.
    pub fn gain(&self) -> f64 {
        self.change.by as f64 - self.normal.change
    }

    /// Whether the gain is clearly beyond normal.
    pub fn beyond(&self) -> bool {
        beyond_normal(self.gain(), self.normal.spread)
    }
}

/// The change in the `hours` after `at` next to the normal change over its span; `None` when the
/// readings cover either too little.
pub fn after_mention(
    readings: &[Reading],
    at: NaiveDateTime,
    hours: u32,
    busy: &[NaiveDateTime],
) -> Option<After> {
    let change = change_after(readings, at, hours)?;
    let normal = normal_change(readings, change.span(), change.from, busy)?;
    Some(After { change, normal })
}
