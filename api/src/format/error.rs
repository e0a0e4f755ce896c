//! The one error type of the format module.

use std::fmt;

use chrono::NaiveDate;

use crate::params::{PeriodGroup, ViewGrowthGroup};

/// Longest part of an offending input repeated in a message; responses can carry anything.
const SHOWN_INPUT_CHARS: usize = 40;

/// Why a string, timestamp or date range could not be turned into what was asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormatError {
    /// A `period` of subscriber dynamics does not match the format of its group.
    InvalidPeriod { group: PeriodGroup, input: String },
    /// A `date` of view growth does not match the format of its group.
    InvalidGrowthDate {
        group: ViewGrowthGroup,
        input: String,
    },
    /// Unix seconds outside the range of dates chrono can represent.
    TimestampOutOfRange { secs: i64 },
    /// A date range whose first day comes after its last day.
    ReversedRange { start: NaiveDate, end: NaiveDate },
    /// A day whose boundaries cannot be expressed as Unix seconds in the requested time zone
    /// (only at the far ends of chrono's calendar).
    DayOutOfRange { date: NaiveDate },
}

/// The format the API uses for periods of `group`, with an example.
pub(crate) fn period_format(group: PeriodGroup) -> &'static str {
    match group {
        PeriodGroup::Hour => "Y-m-d H:00, e.g. 2024-01-29 14:00",
        PeriodGroup::Day => "Y-m-d, e.g. 2024-01-29",
        PeriodGroup::Week => "Y-W with ISO week 01-53, e.g. 2024-05",
        PeriodGroup::Month => "Y-m, e.g. 2024-01",
    }
}

/// The format the API uses for view-growth dates of `group`, with an example.
pub(crate) fn growth_format(group: ViewGrowthGroup) -> &'static str {
    match group {
        ViewGrowthGroup::Hour => "Y-m-d H:i, e.g. 2024-01-29 14:05",
        ViewGrowthGroup::Day => "Y-m-d, e.g. 2024-01-29",
    }
}

/// The input as a quoted, escaped and shortened literal, so that control characters or a
/// megabyte of garbage cannot wreck the message.
struct Shown<'a>(&'a str);

impl fmt::Display for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut chars = self.0.chars();
        let head: String = chars.by_ref().take(SHOWN_INPUT_CHARS).collect();
        if chars.next().is_some() {
            write!(f, "{head:?}…")
        } else {
            write!(f, "{head:?}")
        }
    }
}

impl fmt::Display for FormatError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FormatError::InvalidPeriod { group, input } => write!(
                f,
                "invalid {group} period {}: expected {}",
                Shown(input),
                period_format(*group)
            ),
            FormatError::InvalidGrowthDate { group, input } => write!(
                f,
                "invalid view-growth date {} for group {group}: expected {}",
                Shown(input),
                growth_format(*group)
            ),
            FormatError::TimestampOutOfRange { secs } => {
                write!(
                    f,
                    "timestamp {secs} is outside the supported range of dates"
                )
            }
            FormatError::ReversedRange { start, end } => write!(
                f,
                "date range starts on {start}, after its end on {end}: expected start <= end"
            ),
            FormatError::DayOutOfRange { date } => write!(
                f,
                "day {date} cannot be expressed as a Unix timestamp in this time zone"
            ),
        }
    }
}

impl std::error::Error for FormatError {}
