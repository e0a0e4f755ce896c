//! The visitor's time zone, for dates the server writes into a page: the one the console keeps
//! in a cookie (`chanscope::view::zone_cookie`: what its settings name, or the browser's own, by
//! its IANA name), resolved with `chrono-tz`. Without the cookie (a first visit) or with a name
//! the server does not know, UTC: the console's drawing in the visitor's zone then takes the
//! shell's place in one task (`app::show_console`).

use std::str::FromStr;

use axum::http::{header, HeaderMap};
use chanscope::format::{last_days, local_day_range};
use chanscope::view::zone_cookie::zone_in;
use chrono::{DateTime, FixedOffset, Offset, TimeZone, Utc};
use chrono_tz::Tz;

/// The zone dates are written in: the one the visitor's cookie names, if the server knows
/// it; UTC otherwise.
pub(super) fn visitor_zone(headers: &HeaderMap) -> Tz {
    kept_zone(headers).unwrap_or(Tz::UTC)
}

/// The zone the visitor's cookie names, if the server knows it: for what the console reads in
/// its zone and the server cannot guess, such as a period's days.
pub(super) fn kept_zone(headers: &HeaderMap) -> Option<Tz> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .find_map(zone_in)
        .and_then(|zone| Tz::from_str(zone).ok())
}

/// The first and last second of the `days` days up to today in `zone`, read as the console
/// reads a preset period of its forms (`format::last_days`, `format::local_day_range`), so
/// that a call over them is the console's.
pub(super) fn last_days_in(zone: Tz, days: u32) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    let today = Utc::now().with_timezone(&zone).date_naive();
    let (first, last) = last_days(today, days);
    let (start, end) = local_day_range(first, last, |secs| offset_in(zone, secs))?;
    Some((
        DateTime::from_timestamp(start, 0)?,
        DateTime::from_timestamp(end, 0)?,
    ))
}

/// The offset of `zone` at Unix second `secs`.
pub(super) fn offset_in(zone: Tz, secs: i64) -> FixedOffset {
    let utc = FixedOffset::east_opt(0).expect("zero is a valid offset");
    DateTime::from_timestamp(secs, 0).map_or(utc, |at| {
        zone.offset_from_utc_datetime(&at.naive_utc()).fix()
    })
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;

    /// Days read from the IANA database as the console reads them through `Intl`
    /// (`tests/browser/browser.rs`, `dates_are_shown_and_queried_in_the_chosen_zone`).
    #[test]
    fn a_day_of_a_clock_change_is_read_whole() {
        let berlin = Tz::from_str("Europe/Berlin").unwrap();
        let spring = NaiveDate::from_ymd_opt(2024, 3, 31).unwrap();
        assert_eq!(
            local_day_range(spring, spring, |secs| offset_in(berlin, secs)),
            Some((1_711_839_600, 1_711_922_399))
        );
        let autumn = NaiveDate::from_ymd_opt(2024, 10, 27).unwrap();
        assert_eq!(
            local_day_range(autumn, autumn, |secs| offset_in(berlin, secs)),
            Some((1_729_980_000, 1_730_069_999))
        );
    }
}
