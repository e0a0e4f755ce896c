//! Dates of the view growth of one post: the `date` strings of `/posts/stat`.

use chrono::{NaiveDate, NaiveDateTime, NaiveTime};

use super::error::FormatError;
use super::iso::{iso_date, iso_minutes, parse_iso_date};
use super::label::{date_label, date_time_label};
use super::scan::scan;
use super::Locale;
use crate::params::ViewGrowthGroup;

/// Parses a view-growth `date`: `Y-m-d H:i` for hourly growth, `Y-m-d` (read as midnight) for
/// daily growth, every field zero-padded.
pub fn parse_growth_date(group: ViewGrowthGroup, s: &str) -> Result<NaiveDateTime, FormatError> {
    let parsed = match group {
        ViewGrowthGroup::Hour => scan(s, "YYYY-mm-dd HH:ii").and_then(|f| {
            NaiveDate::from_ymd_opt(f.year, f.month, f.day)?.and_hms_opt(f.hour, f.minute, 0)
        }),
        ViewGrowthGroup::Day => parse_iso_date(s).map(|day| day.and_time(NaiveTime::MIN)),
    };
    parsed.ok_or_else(|| FormatError::InvalidGrowthDate {
        group,
        input: s.to_owned(),
    })
}

/// Writes `at` as the API writes a view-growth `date` of `group`; daily growth drops the time.
pub fn format_growth_date(group: ViewGrowthGroup, at: NaiveDateTime) -> String {
    match group {
        ViewGrowthGroup::Hour => iso_minutes(at),
        ViewGrowthGroup::Day => iso_date(at.date()),
    }
}

/// A label for people: `29 Jan 2024, 14:05` for hourly growth, `29 Jan 2024` for daily growth.
pub fn growth_label(group: ViewGrowthGroup, at: NaiveDateTime, locale: Locale) -> String {
    match group {
        ViewGrowthGroup::Hour => date_time_label(at, locale),
        ViewGrowthGroup::Day => date_label(at.date(), locale),
    }
}
