//! A channel's subscriber counts laid out on their own clock, one slot per hour (or per day),
//! with the slots the answer did not fill left empty, and the channel's normal change over any
//! number of slots.
//!
//! - A reading's instant is the end of its period: an hourly count is "as of that hour", a daily
//!   one "as of the end of that day", so the change over slots `t..t + L` is what happened in
//!   the `L` periods after reading `t`.
//! - A gap is an empty slot. A change is only ever read between two filled slots, over the time
//!   that really lies between them, so a gap of five hours is never one hour's change.
//! - Normal change over `L` slots: `median` = the median of every change over exactly `L` slots;
//!   `spread` = the largest of 1.4826 × their median absolute deviation, the 90th percentile of
//!   |change − median| / 1.645, √(|median| + 1) and 1. The first is σ when changes are normally
//!   spread and is barely moved by a few outliers (the bought windows themselves). The second
//!   widens the spread for a channel whose normal has two modes, such as a weekly rhythm (up on
//!   weekdays, down at weekends), which the MAD alone reads as almost no spread. The third is the
//!   Poisson noise of the arrivals behind a net change, so that a channel whose counts barely
//!   move is not held to a spread of one subscriber.

use chrono::{DateTime, NaiveDateTime};

use super::super::dynamics::Reading;
use super::super::robust::{median, MAD_TO_SIGMA};

/// The 90th percentile of a normal |deviation| in σ: 1.645.
const P90_TO_SIGMA: f64 = 1.6449;

/// Changes needed over one length before the channel's normal over that length can be told.
pub const MIN_CHANGES: usize = 14;

/// The counts on their clock.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// Seconds a slot lasts: 3,600 or 86,400.
    pub step: i64,
    /// The slot of `counts[0]`, in steps since the Unix epoch.
    pub first: i64,
    /// One per slot from `first`; `None` where no reading came.
    pub counts: Vec<Option<i64>>,
}

/// The channel's normal change over some length and its spread.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Normal {
    pub median: f64,
    pub spread: f64,
}

impl Series {
    /// `readings` (in time order, as [`super::super::dynamics::readings`] gives them) on a clock
    /// of `step` seconds; `None` without readings.
    pub fn new(readings: &[Reading], step: i64) -> Option<Series> {
        let slot = |r: &Reading| r.period.end().and_utc().timestamp().div_euclid(step);
        let first = slot(readings.first()?);
        let last = slot(readings.last()?);
        let len = usize::try_from(last - first + 1).ok()?;
        let mut counts = vec![None; len];
        for r in readings {
            if let Some(c) = usize::try_from(slot(r) - first)
                .ok()
                .and_then(|i| counts.get_mut(i))
            {
                *c = Some(r.count);
            }
        }
        Some(Series {
            step,
            first,
            counts,
        })
    }

    /// The count in slot `i`.
    pub fn at(&self, i: usize) -> Option<i64> {
        self.counts.get(i).copied().flatten()
    }

    /// The change from slot `i` to slot `i + len`, when both are filled.
    pub fn change(&self, i: usize, len: usize) -> Option<i64> {
        Some(self.at(i + len)?.saturating_sub(self.at(i)?))
    }

    /// The instant of slot `i` (the end of its period), UTC.
    pub fn instant(&self, i: usize) -> NaiveDateTime {
        let secs = (self.first + i as i64) * self.step;
        DateTime::from_timestamp(secs, 0)
            .unwrap_or_default()
            .naive_utc()
    }

    /// The slot of instant `at`, if it lies within the series (rounded down to its slot).
    pub fn slot_of(&self, at: NaiveDateTime) -> Option<usize> {
        let i = at.and_utc().timestamp().div_euclid(self.step) - self.first;
        usize::try_from(i).ok().filter(|&i| i < self.counts.len())
    }

    /// Slots of a day: 24 or 1.
    pub fn per_day(&self) -> usize {
        (86_400 / self.step).max(1) as usize
    }

    /// The share of slots with no reading, from 0 to 1.
    pub fn gap_share(&self) -> f64 {
        let empty = self.counts.iter().filter(|c| c.is_none()).count();
        empty as f64 / self.counts.len().max(1) as f64
    }

    /// Days the series spans.
    pub fn days(&self) -> f64 {
        (self.counts.len().saturating_sub(1)) as f64 / self.per_day() as f64
    }

    /// The normal change over `len` slots, leaving out the windows that overlap `excluded`
    /// (ranges of slots, ends included); `None` with fewer than [`MIN_CHANGES`] changes.
    pub fn normal(&self, len: usize, excluded: &[(usize, usize)]) -> Option<Normal> {
        if len == 0 {
            return None;
        }
        let changes: Vec<f64> = (0..self.counts.len().saturating_sub(len))
            .filter(|&i| !excluded.iter().any(|&(a, b)| i <= b && a <= i + len))
            .filter_map(|i| self.change(i, len))
            .map(|c| c as f64)
            .collect();
        if changes.len() < MIN_CHANGES {
            return None;
        }
        normal_of(&changes)
    }
}

/// The normal of a set of changes, as the module's head defines it.
pub fn normal_of(changes: &[f64]) -> Option<Normal> {
    let middle = median(changes)?;
    let mut deviations: Vec<f64> = changes.iter().map(|c| (c - middle).abs()).collect();
    deviations.sort_by(f64::total_cmp);
    let mad = median(&deviations)?;
    // The nearest rank of the 90th percentile.
    let rank = ((deviations.len() as f64 * 0.9).ceil() as usize).clamp(1, deviations.len());
    let p90 = deviations[rank - 1];
    let spread = (MAD_TO_SIGMA * mad)
        .max(p90 / P90_TO_SIGMA)
        .max((middle.abs() + 1.0).sqrt())
        .max(1.0);
    Some(Normal {
        median: middle,
        spread,
    })
}
