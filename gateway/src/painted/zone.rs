//! The visitor's time zone, for dates the server writes into a page: the one the console keeps
//! in a cookie (`chanscope::view::zone_cookie`: what its settings name, or the browser's own, by
//! its IANA name), resolved with `chrono-tz`. Without the cookie (a first visit) or with a name
//! the server does not know, UTC: the console's drawing in the visitor's zone then takes the
//! shell's place in one task (`app::show_console`).

use std::str::FromStr;

use axum::http::{header, HeaderMap};
use chanscope::format::{day_range_at_noon, last_days};
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
/// reads a preset period of its forms (`format::last_days`, `format::day_range_at_noon`), so
/// that a call over them is the console's.
pub(super) fn last_days_in(zone: Tz, days: u32) -> Option<(DateTime<Utc>, DateTime<Utc>)> {
    let today = Utc::now().with_timezone(&zone).date_naive();
    let (first, last) = last_days(today, days);
    let (start, end) = day_range_at_noon(first, last, |secs| offset_in(zone, secs))?;
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
