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
//! - Daily rhythm ([`Series::without_rhythm`]): many channels gain by day and lose by night.
//!   The rhythm of hour `h` = the median change of the hours that start at `h` − the mean of
//!   those 24 medians. When the series spans at least [`RHYTHM_DAYS`] days and the rhythm's
//!   range (its largest hour − its smallest) is at least [`RHYTHM_SPREADS`] spreads of what it
//!   leaves (each hour's change less its hour's median), the check reads the counts with the rhythm taken out: each count
//!   less the rhythm of every hour since the first. A night's usual loss is then no loss, and a
//!   night's purchase is not hidden by it. A weaker rhythm is left in, as noise.

use chrono::{DateTime, NaiveDateTime};

use super::super::dynamics::Reading;
use super::super::robust::{median, MAD_TO_SIGMA};

/// The 90th percentile of a normal |deviation| in σ: 1.645.
const P90_TO_SIGMA: f64 = 1.6449;

/// Changes needed over one length before the channel's normal over that length can be told.
pub const MIN_CHANGES: usize = 14;
/// Days of hourly counts before a daily rhythm can be learnt: 14 readings of each hour.
pub const RHYTHM_DAYS: f64 = 14.0;
/// A rhythm this many spreads of one hour's normal change wide is taken out of the counts.
pub const RHYTHM_SPREADS: f64 = 3.0;

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

    /// The rhythm of each hour of the day (see the module's head), `None` when there is none to
    /// take out: daily counts, under [`RHYTHM_DAYS`] days, or a range under [`RHYTHM_SPREADS`]
    /// spreads. Hours that overlap `excluded` are left out of it.
    pub fn rhythm(&self, excluded: &[(usize, usize)]) -> Option<Vec<f64>> {
        let per_day = self.per_day();
        if per_day == 1 || self.days() < RHYTHM_DAYS {
            return None;
        }
        let mut by_hour: Vec<Vec<f64>> = vec![Vec::new(); per_day];
        for i in 0..self.counts.len().saturating_sub(1) {
            if excluded.iter().any(|&(a, b)| i <= b && a <= i + 1) {
                continue;
            }
            if let Some(c) = self.change(i, 1) {
                by_hour[self.phase(i)].push(c as f64);
            }
        }
        if by_hour.iter().any(|changes| changes.len() < MIN_CHANGES) {
            return None;
        }
        let medians: Vec<f64> = by_hour
            .iter()
            .map(|changes| median(changes))
            .collect::<Option<_>>()?;
        // Centred on the hours' own mean, so that a whole day's rhythm adds up to nothing and
        // taking it out leaves every day's change as it was.
        let centre = medians.iter().sum::<f64>() / per_day as f64;
        let rhythm: Vec<f64> = medians.iter().map(|m| m - centre).collect();
        let (low, high) = rhythm
            .iter()
            .fold((f64::MAX, f64::MIN), |(l, h), &r| (l.min(r), h.max(r)));
        // Against the spread of what the rhythm leaves: a rhythm widens the hours' own spread.
        let left: Vec<f64> = by_hour
            .iter()
            .zip(&medians)
            .flat_map(|(changes, m)| changes.iter().map(move |c| c - m))
            .collect();
        let spread = normal_of(&left)?.spread;
        (high - low >= RHYTHM_SPREADS * spread).then_some(rhythm)
    }

    /// The counts with the daily rhythm taken out, when there is one (see [`Series::rhythm`]);
    /// otherwise the counts as they are.
    pub fn without_rhythm(&self, excluded: &[(usize, usize)]) -> Series {
        let Some(rhythm) = self.rhythm(excluded) else {
            return self.clone();
        };
        let mut taken = 0.0;
        let counts = self
            .counts
            .iter()
            .enumerate()
            .map(|(i, c)| {
                if i > 0 {
                    taken += rhythm[self.phase(i - 1)];
                }
                c.map(|c| c - taken.round() as i64)
            })
            .collect();
        Series {
            counts,
            ..self.clone()
        }
    }

    /// The hour of the day (the slot within its day) of the change that starts at slot `i`.
    pub fn phase(&self, i: usize) -> usize {
        (self.first + i as i64).rem_euclid(self.per_day() as i64) as usize
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
