//! Unix timestamps of the API against local calendar days.

use chrono::{
    DateTime, Days, FixedOffset, MappedLocalTime, NaiveDate, NaiveDateTime, NaiveTime, Offset,
    TimeZone,
};

use super::error::FormatError;
use super::label::date_time_label;
use super::Locale;

/// The wall-clock time in `tz` at Unix second `secs`.
pub fn local_date_time(secs: i64, tz: &impl TimeZone) -> Result<NaiveDateTime, FormatError> {
    let out_of_range = FormatError::TimestampOutOfRange { secs };
    let utc = DateTime::from_timestamp(secs, 0)
        .ok_or(out_of_range.clone())?
        .naive_utc();
    // Not `DateTime::naive_local`: it panics when the offset pushes past chrono's last date.
    utc.checked_add_offset(tz.offset_from_utc_datetime(&utc).fix())
        .ok_or(out_of_range)
}

/// A timestamp of the API for people, e.g. `29 Jan 2024, 14:05` in `tz`.
///
/// Seconds beyond chrono's calendar come back as the bare number, so a wild value from the API
/// stays visible instead of breaking the page; use [`local_date_time`] to tell them apart.
pub fn format_timestamp(secs: i64, tz: &impl TimeZone, locale: Locale) -> String {
    match local_date_time(secs, tz) {
        Ok(at) => date_time_label(at, locale),
        Err(_) => secs.to_string(),
    }
}

/// The `startDate`/`endDate` seconds covering the days `start..=end` in `tz`: the first second
/// of `start` and the last second (normally 23:59:59) of `end`.
///
/// Clock changes are honoured: a repeated 23:59:59 counts at its later occurrence, and a
/// midnight skipped by a clock change is replaced by the first instant of the day.
pub fn day_range_seconds(
    start: NaiveDate,
    end: NaiveDate,
    tz: &impl TimeZone,
) -> Result<(i64, i64), FormatError> {
    if start > end {
        return Err(FormatError::ReversedRange { start, end });
    }
    let first = day_start(start, tz).ok_or(FormatError::DayOutOfRange { date: start })?;
    let last = day_last_second(end, tz).ok_or(FormatError::DayOutOfRange { date: end })?;
    Ok((first, last))
}

/// The `startDate`/`endDate` seconds covering the days `start..=end` in a zone known only by its
/// offset at each instant (`offset_at`): the browser's `Intl` tells no more, and the server
/// reads the same from the IANA database. Read as [`day_range_seconds`] reads a zone, clock
/// changes included. The console and the gateway both read a form's days with it, so that their
/// calls are the same URL. `None` for a reversed range or a day beyond chrono's calendar.
pub fn local_day_range(
    start: NaiveDate,
    end: NaiveDate,
    offset_at: impl Fn(i64) -> FixedOffset,
) -> Option<(i64, i64)> {
    day_range_seconds(start, end, &ByOffsets(&offset_at)).ok()
}

/// A zone known by its offset at each instant, as chrono reads zones. Offsets change at most once
/// within 12 hours of any wall-clock time: true of every zone in use.
#[derive(Clone, Copy)]
struct ByOffsets<'a>(&'a dyn Fn(i64) -> FixedOffset);

/// An offset of [`ByOffsets`], with the zone it came from (chrono asks a zone back of it).
#[derive(Clone, Copy)]
struct ByOffsetsOffset<'a> {
    fix: FixedOffset,
    zone: ByOffsets<'a>,
}

impl std::fmt::Debug for ByOffsetsOffset<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.fix.fmt(f)
    }
}

impl Offset for ByOffsetsOffset<'_> {
    fn fix(&self) -> FixedOffset {
        self.fix
    }
}

impl<'a> TimeZone for ByOffsets<'a> {
    type Offset = ByOffsetsOffset<'a>;

    fn from_offset(offset: &Self::Offset) -> Self {
        offset.zone
    }

    fn offset_from_local_date(&self, local: &NaiveDate) -> MappedLocalTime<Self::Offset> {
        self.offset_from_local_datetime(&local.and_time(NaiveTime::MIN))
    }

    /// The offsets in force 12 hours either side of the wall-clock time, each kept if the
    /// instant it gives is read back at that offset: none in a gap the clocks skipped, two
    /// where they went back.
    fn offset_from_local_datetime(&self, local: &NaiveDateTime) -> MappedLocalTime<Self::Offset> {
        let wall = local.and_utc().timestamp();
        let held = |offset: FixedOffset| {
            let at = wall - i64::from(offset.local_minus_utc());
            ((self.0)(at) == offset).then_some(ByOffsetsOffset {
                fix: offset,
                zone: *self,
            })
        };
        let (before, after) = ((self.0)(wall - 43_200), (self.0)(wall + 43_200));
        match (held(before), held(after)) {
            // The larger offset gives the earlier instant.
            (Some(a), Some(b)) if a.fix != b.fix => {
                let (early, late) = if a.fix.local_minus_utc() > b.fix.local_minus_utc() {
                    (a, b)
                } else {
                    (b, a)
                };
                MappedLocalTime::Ambiguous(early, late)
            }
            (Some(one), _) | (None, Some(one)) => MappedLocalTime::Single(one),
            (None, None) => MappedLocalTime::None,
        }
    }

    fn offset_from_utc_date(&self, utc: &NaiveDate) -> Self::Offset {
        self.offset_from_utc_datetime(&utc.and_time(NaiveTime::MIN))
    }

    fn offset_from_utc_datetime(&self, utc: &NaiveDateTime) -> Self::Offset {
        ByOffsetsOffset {
            fix: (self.0)(utc.and_utc().timestamp()),
            zone: *self,
        }
    }
}

/// The `n` days ending with `today`, both ends included; `n = 0` is read as 1, so the range
/// always holds today. Clamped at chrono's first date.
pub fn last_days(today: NaiveDate, n: u32) -> (NaiveDate, NaiveDate) {
    let back = Days::new(u64::from(n.saturating_sub(1)));
    (
        today.checked_sub_days(back).unwrap_or(NaiveDate::MIN),
        today,
    )
}

/// Unix second at which `date` begins in `tz`.
fn day_start(date: NaiveDate, tz: &impl TimeZone) -> Option<i64> {
    let midnight = date.and_time(NaiveTime::MIN);
    if let Some(offset) = tz.offset_from_local_datetime(&midnight).earliest() {
        return unix_seconds(midnight, offset.fix().local_minus_utc());
    }
    // Midnight never happened: the clocks jumped over it, from the offset in force the day before
    // to the one in force the day after. The day begins at that jump, which lies between midnight
    // read with the later offset and midnight read with the earlier one.
    let probe = |days: Days, later: bool| {
        let near = if later {
            midnight.checked_add_days(days)?
        } else {
            midnight.checked_sub_days(days)?
        };
        Some(tz.offset_from_utc_datetime(&near).fix().local_minus_utc())
    };
    let before = probe(Days::new(1), false)?;
    let after = probe(Days::new(1), true)?;
    let mut low = unix_seconds(midnight, after.max(before))?;
    let mut high = unix_seconds(midnight, after.min(before))?;
    if is_on_or_after(low, date, tz) {
        return Some(low);
    }
    // Invariant: `low` is still on an earlier local date, `high` is already on `date`.
    while high - low > 1 {
        let middle = low + (high - low) / 2;
        if is_on_or_after(middle, date, tz) {
            high = middle;
        } else {
            low = middle;
        }
    }
    Some(high)
}

/// Unix second of the last second of `date` in `tz`.
fn day_last_second(date: NaiveDate, tz: &impl TimeZone) -> Option<i64> {
    let last = date.and_hms_opt(23, 59, 59)?;
    match tz.offset_from_local_datetime(&last).latest() {
        Some(offset) => unix_seconds(last, offset.fix().local_minus_utc()),
        // 23:59:59 never happened: the day ends just before the next one begins.
        None => day_start(date.succ_opt()?, tz)?.checked_sub(1),
    }
}

fn unix_seconds(local: NaiveDateTime, local_minus_utc: i32) -> Option<i64> {
    let utc = local.checked_sub_signed(chrono::Duration::seconds(i64::from(local_minus_utc)))?;
    Some(utc.and_utc().timestamp())
}

fn is_on_or_after(secs: i64, date: NaiveDate, tz: &impl TimeZone) -> bool {
    local_date_time(secs, tz).is_ok_and(|at| at.date() >= date)
}
