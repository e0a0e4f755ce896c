//! The API's counters as the interface shows them: signed changes, their direction, and numbers
//! typed into a form.

use crate::format::{group_thousands, Locale};

/// A count of the API as a table or tile value: counts past `i64::MAX` (never seen, but `u64` in
/// the API's types) read as `i64::MAX` rather than wrapping negative.
pub fn count_i64(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// A change with an explicit `+` for a rise: `+1,200`, `-35`, `0`.
pub fn signed(n: i64, locale: Locale) -> String {
    let grouped = group_thousands(n, locale);
    if n > 0 {
        format!("+{grouped}")
    } else {
        grouped
    }
}

/// Which way a change went, for its colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trend {
    Up,
    Down,
    Flat,
}

impl Trend {
    pub fn of(change: i64) -> Trend {
        match change.signum() {
            1 => Trend::Up,
            -1 => Trend::Down,
            _ => Trend::Flat,
        }
    }

    /// The class that colours it (`static/components.css`).
    pub fn class(self) -> &'static str {
        match self {
            Trend::Up => "cs-up",
            Trend::Down => "cs-down",
            Trend::Flat => "cs-flat",
        }
    }
}

/// A count typed into a number input (`limit`, `offset`): blank is not given. Fractions round;
/// anything below zero or not a number reads as 0, which the request's range check then reports
/// with its limits.
pub fn parse_count(text: &str) -> Option<u32> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let value = crate::format::parse_decimal(text);
    Some(value.map_or(0, |x| x.round().clamp(0.0, f64::from(u32::MAX)) as u32))
}
