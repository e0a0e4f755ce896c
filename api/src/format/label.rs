//! Human-readable labels of dates, times, months and weeks.

use chrono::{Datelike, NaiveDate, NaiveDateTime, NaiveTime, Timelike};

use super::{Locale, Period};
use crate::params::PeriodGroup;

/// A day, e.g. `29 Jan 2024` / `29 янв 2024`.
pub fn date_label(date: NaiveDate, locale: Locale) -> String {
    format!(
        "{} {} {}",
        date.day(),
        locale.month_short(date),
        date.year()
    )
}

/// A day and a time of day to the minute, e.g. `29 Jan 2024, 14:05`.
pub fn date_time_label(at: NaiveDateTime, locale: Locale) -> String {
    format!(
        "{}, {:02}:{:02}",
        date_label(at.date(), locale),
        at.hour(),
        at.minute()
    )
}

/// A month of `date`, e.g. `January 2024` / `Январь 2024`.
pub fn month_label(date: NaiveDate, locale: Locale) -> String {
    format!("{} {}", locale.month_name(date), date.year())
}

/// The ISO week containing `date`, with its Monday-to-Sunday span, e.g.
/// `Week 5, 2024 · 29 Jan – 4 Feb`.
///
/// Unlike the API's `Y-W` strings this uses the ISO week-numbering year, so the week of
/// Monday 30 Dec 2024 reads `Week 1, 2025 · 30 Dec – 5 Jan`.
pub fn week_label(date: NaiveDate, locale: Locale) -> String {
    let iso = date.iso_week();
    let week = Period::containing(PeriodGroup::Week, date.and_time(NaiveTime::MIN));
    let span = week.and_then(|w| Some((w.start().date(), w.end().date().pred_opt()?)));
    let head = format!("{} {}, {}", locale.week_word(), iso.week(), iso.year());
    match span {
        Some((monday, sunday)) => format!(
            "{head} · {} {} – {} {}",
            monday.day(),
            locale.month_short(monday),
            sunday.day(),
            locale.month_short(sunday)
        ),
        // The span runs off chrono's calendar: the number alone still names the week.
        _ => head,
    }
}

/// A short label for a chart's time axis, where a period's full label does not fit: `14:00,
/// 7 Mar` for hours, `7 Mar` for days and weeks (the week's Monday), `Mar 2024` for months.
pub fn axis_label(group: PeriodGroup, at: NaiveDateTime, locale: Locale) -> String {
    let date = at.date();
    let day_month = format!("{} {}", date.day(), locale.month_short(date));
    match group {
        PeriodGroup::Hour => format!("{:02}:00, {day_month}", at.hour()),
        PeriodGroup::Day | PeriodGroup::Week => day_month,
        PeriodGroup::Month => format!("{} {}", locale.month_short(date), date.year()),
    }
}
