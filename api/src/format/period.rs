//! Periods of subscriber dynamics: the `period` strings of `/channels/subscribers`.

use std::fmt;

use chrono::{Datelike, Duration, Months, NaiveDate, NaiveDateTime, NaiveTime, Timelike, Weekday};

use super::error::FormatError;
use super::iso::{iso_date, iso_minutes, iso_month, parse_iso_date};
use super::label::{date_label, date_time_label, month_label, week_label};
use super::scan::scan;
use super::Locale;
use crate::params::PeriodGroup;

/// One hour, day, ISO week (Monday to Sunday) or calendar month.
///
/// A struct with private fields rather than an enum with public variants, so that a period can
/// only be built aligned: an hour at minute 0, a week on its Monday, a month on its 1st, and
/// always with a representable end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    group: PeriodGroup,
    start: NaiveDateTime,
    end: NaiveDateTime,
}

impl Period {
    /// The period of `group` that contains `at`; `None` only at the far ends of chrono's
    /// calendar, where the period's start or end cannot be represented.
    pub fn containing(group: PeriodGroup, at: NaiveDateTime) -> Option<Period> {
        let date = at.date();
        let start = match group {
            PeriodGroup::Hour => date.and_hms_opt(at.hour(), 0, 0)?,
            PeriodGroup::Day => date.and_time(NaiveTime::MIN),
            PeriodGroup::Week => {
                let back = i64::from(date.weekday().num_days_from_monday());
                date.checked_sub_signed(Duration::days(back))?
                    .and_time(NaiveTime::MIN)
            }
            PeriodGroup::Month => date.with_day(1)?.and_time(NaiveTime::MIN),
        };
        let end = match group {
            PeriodGroup::Hour => start.checked_add_signed(Duration::hours(1))?,
            PeriodGroup::Day => start.checked_add_signed(Duration::days(1))?,
            PeriodGroup::Week => start.checked_add_signed(Duration::days(7))?,
            PeriodGroup::Month => start.checked_add_months(Months::new(1))?,
        };
        Some(Period { group, start, end })
    }

    /// The week that begins on ISO week `week` of ISO year `year`, if that week exists.
    pub fn iso_week(year: i32, week: u32) -> Option<Period> {
        let monday = NaiveDate::from_isoywd_opt(year, week, Weekday::Mon)?;
        Period::containing(PeriodGroup::Week, monday.and_time(NaiveTime::MIN))
    }

    /// Parses one `period` string of `group`, strictly in the spec's format: hour `Y-m-d H:00`,
    /// day `Y-m-d`, week `Y-W`, month `Y-m`, with every field zero-padded.
    ///
    /// A week string pairs a calendar year with an ISO week number, so it can name two weeks
    /// (see [`crate::format::parse_series`], which uses neighbouring records to choose). Alone,
    /// it reads as ISO week `W` of ISO year `Y` when that week exists, else as week `W` of
    /// `Y - 1` when that week reaches into January of `Y` (`2021-53` is 28 Dec 2020 – 3 Jan 2021).
    pub fn parse(group: PeriodGroup, s: &str) -> Result<Period, FormatError> {
        parse_standard(group, s).ok_or_else(|| FormatError::InvalidPeriod {
            group,
            input: s.to_owned(),
        })
    }

    /// The grouping this period belongs to.
    pub fn group(&self) -> PeriodGroup {
        self.group
    }

    /// First instant of the period (inclusive).
    pub fn start(&self) -> NaiveDateTime {
        self.start
    }

    /// First instant after the period (exclusive).
    pub fn end(&self) -> NaiveDateTime {
        self.end
    }

    /// The period as the API writes it.
    ///
    /// A week is written as the calendar year of its Monday with the ISO week number of that
    /// Monday, as the real service does: the week of Monday 30 Dec 2024 (ISO 2025-W01) becomes
    /// `2024-01`. So [`Period::parse`] gives back the same string except for week strings whose
    /// ISO week starts in the previous December or that only occur from January days
    /// (`2025-01`, `2021-53`).
    pub fn to_api_string(&self) -> String {
        let date = self.start.date();
        match self.group {
            PeriodGroup::Hour => iso_minutes(self.start),
            PeriodGroup::Day => iso_date(date),
            PeriodGroup::Week => week_api_string(date),
            PeriodGroup::Month => iso_month(date),
        }
    }

    /// A label for people: `29 Jan 2024, 14:00`, `29 Jan 2024`, `Week 5, 2024 · 29 Jan – 4 Feb`,
    /// `January 2024` (or the Russian equivalents).
    pub fn label(&self, locale: Locale) -> String {
        let date = self.start.date();
        match self.group {
            PeriodGroup::Hour => date_time_label(self.start, locale),
            PeriodGroup::Day => date_label(date, locale),
            PeriodGroup::Week => week_label(date, locale),
            PeriodGroup::Month => month_label(date, locale),
        }
    }
}

impl fmt::Display for Period {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_api_string())
    }
}

/// The `Y-W` string the service writes for a day: the calendar year of `date` with the ISO week
/// number of `date` (so Tue 31 Dec 2024 gives `2024-01` and Fri 1 Jan 2021 gives `2021-53`).
pub fn week_api_string(date: NaiveDate) -> String {
    format!("{:04}-{:02}", date.year(), date.iso_week().week())
}

fn parse_standard(group: PeriodGroup, s: &str) -> Option<Period> {
    let at = match group {
        PeriodGroup::Hour => {
            let f = scan(s, "YYYY-mm-dd HH:00")?;
            NaiveDate::from_ymd_opt(f.year, f.month, f.day)?.and_hms_opt(f.hour, 0, 0)?
        }
        PeriodGroup::Day => parse_iso_date(s)?.and_time(NaiveTime::MIN),
        PeriodGroup::Month => {
            let f = scan(s, "YYYY-mm")?;
            NaiveDate::from_ymd_opt(f.year, f.month, 1)?.and_time(NaiveTime::MIN)
        }
        PeriodGroup::Week => return week_candidates(s)?.first().copied(),
    };
    Period::containing(group, at)
}

/// Every week that contains a day the service would write as `s`, the standard reading first.
///
/// `Y-W` is written from a day's calendar year and ISO week, so besides ISO week `W` of year
/// `Y` it can stand for ISO week 1 of `Y + 1` (its days in late December of `Y`) or the last ISO
/// week of `Y - 1` (its days in early January of `Y`). `None` when `s` is malformed or no week
/// fits; otherwise one or two weeks, a year apart.
pub(crate) fn week_candidates(s: &str) -> Option<Vec<Period>> {
    let f = scan(s, "YYYY-WW")?;
    if !(1..=53).contains(&f.week) {
        return None;
    }
    let in_year = |day: NaiveDate| day.year() == f.year;
    let standard = Period::iso_week(f.year, f.week);
    let previous =
        Period::iso_week(f.year - 1, f.week).filter(|w| last_day(w).is_some_and(in_year));
    let next = match f.week {
        1 => Period::iso_week(f.year + 1, 1).filter(|w| in_year(w.start.date())),
        _ => None,
    };
    let weeks: Vec<Period> = [standard, previous, next].into_iter().flatten().collect();
    (!weeks.is_empty()).then_some(weeks)
}

fn last_day(period: &Period) -> Option<NaiveDate> {
    period.end.date().pred_opt()
}
