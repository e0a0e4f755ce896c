//! Mentions of keywords over a period, counted per day or per week: the windows the period is cut
//! into (one request per keyword and window) and the summary of a keyword's counts.
//!
//! - First half = the mentions of the first ⌊n/2⌋ of n windows; second half = those of the last
//!   ⌊n/2⌋. With an odd n the middle window counts in the total only, so both halves span as
//!   many windows.
//! - Change = (second half − first half) / first half × 100 %.

use chrono::{Days, NaiveDate};

use super::engagement::{Figure, Missing};
use super::named::{Named, Value};

/// The most windows a trend may have: a year of days. Each window costs one request per keyword.
pub const MAX_WINDOWS: u64 = 366;

/// How long a window is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Day,
    Week,
}

impl Step {
    pub fn days(self) -> u64 {
        match self {
            Step::Day => 1,
            Step::Week => 7,
        }
    }
}

/// The days of one window, both ends included.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub first: NaiveDate,
    pub last: NaiveDate,
    /// Shorter than its step: the last window, cut at the end of the period.
    pub partial: bool,
}

/// A period has more than [`MAX_WINDOWS`] windows: this many.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooManyWindows {
    pub windows: u64,
}

/// How many windows the days `first..=last` make by `step` (0 when `last` is before `first`),
/// so that a page can tell the cost of a period before it cuts it.
pub fn window_count(first: NaiveDate, last: NaiveDate, step: Step) -> u64 {
    if last < first {
        return 0;
    }
    let days = last.signed_duration_since(first).num_days().unsigned_abs() + 1;
    days.div_ceil(step.days())
}

/// The days `first..=last` as consecutive windows of `step` from `first`, the last one cut at
/// `last`; none when `last` is before `first`. A period of more than [`MAX_WINDOWS`] windows is
/// refused rather than cut, so that a mistyped year cannot build (and then request) thousands.
pub fn windows(
    first: NaiveDate,
    last: NaiveDate,
    step: Step,
) -> Result<Vec<Window>, TooManyWindows> {
    let count = window_count(first, last, step);
    if count > MAX_WINDOWS {
        return Err(TooManyWindows { windows: count });
    }
    let span = step.days();
    Ok((0..count)
        .filter_map(|i| {
            let start = first.checked_add_days(Days::new(i * span))?;
            // Past chrono's last date a full window does not exist; the period's end cuts it.
            let full = start.checked_add_days(Days::new(span - 1));
            Some(Window {
                first: start,
                last: full.map_or(last, |end| end.min(last)),
                partial: full.is_none_or(|end| end > last),
            })
        })
        .collect())
}

/// A keyword's mentions over the windows of a period.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TrendSummary {
    pub total: u64,
    pub first_half: u64,
    pub second_half: u64,
    /// `(second_half − first_half) / first_half × 100`; `NoPosts` when the first half has no
    /// mentions.
    pub change: Figure,
}

/// The summary of the `counts` of consecutive windows. A partial last window makes the second
/// half span fewer days; the change does not correct for it.
pub fn summarize(counts: &[u64]) -> TrendSummary {
    let sum = |part: &[u64]| part.iter().fold(0u64, |s, n| s.saturating_add(*n));
    let half = counts.len() / 2;
    let first_half = sum(&counts[..half]);
    let second_half = sum(&counts[counts.len() - half..]);
    let change = if first_half == 0 {
        Err(Missing::NoPosts)
    } else {
        Ok((second_half as f64 - first_half as f64) / first_half as f64 * 100.0)
    };
    TrendSummary {
        total: sum(counts),
        first_half,
        second_half,
        change,
    }
}

impl TrendSummary {
    /// The figures of one keyword, the keyword first so that the lists of several keywords can
    /// follow one another in one file.
    pub fn named(&self, keyword: &str) -> Vec<Named> {
        let figure = |name, value| Named { name, value };
        vec![
            figure("keyword", Value::Text(keyword.to_owned())),
            figure("mentions", Value::Count(self.total)),
            figure("first_half", Value::Count(self.first_half)),
            figure("second_half", Value::Count(self.second_half)),
            figure("change_percent", Value::Number(self.change)),
        ]
    }
}
