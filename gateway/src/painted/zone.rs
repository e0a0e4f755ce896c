//! The visitor's time zone, for dates the server writes into a page: the one the console keeps
//! in a cookie (`chanscope::view::zone_cookie`: what its settings name, or the browser's own, by
//! its IANA name), resolved with `chrono-tz`. Without the cookie (a first visit) or with a name
//! the server does not know, UTC: the console's drawing in the visitor's zone then takes the
//! shell's place in one task (`app::show_console`).

use std::str::FromStr;

use axum::http::{header, HeaderMap};
use chanscope::view::zone_cookie::zone_in;
use chrono::{DateTime, FixedOffset, NaiveDate, Offset, TimeZone, Utc};
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

/// Today's date in `zone`.
pub(super) fn today_in(zone: Tz) -> NaiveDate {
    Utc::now().with_timezone(&zone).date_naive()
}

/// The offset of `zone` at Unix second `secs`.
pub(super) fn offset_in(zone: Tz, secs: i64) -> FixedOffset {
    let utc = FixedOffset::east_opt(0).expect("zero is a valid offset");
    DateTime::from_timestamp(secs, 0).map_or(utc, |at| {
        zone.offset_from_utc_datetime(&at.naive_utc()).fix()
    })
}
