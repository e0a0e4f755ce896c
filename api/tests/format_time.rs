//! Timestamps of the API in a time zone, and date ranges turned into API seconds.

use chanscope_api::format::{
    day_range_seconds, format_timestamp, last_days, local_date_time, local_day_range, FormatError,
    Locale,
};
use chrono::{FixedOffset, MappedLocalTime, NaiveDate, NaiveDateTime, TimeZone, Utc};

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn moscow() -> FixedOffset {
    FixedOffset::east_opt(3 * 3600).unwrap()
}

#[test]
fn timestamps_in_a_fixed_offset_zone() {
    for (secs, locale, expected) in [
        // 2024-01-29 11:05:00 UTC is 14:05 at +03:00.
        (1_706_526_300, Locale::En, "29 Jan 2024, 14:05"),
        (1_706_526_300, Locale::Ru, "29 янв 2024, 14:05"),
        // 21:00 UTC on 31 Dec is already the next year at +03:00.
        (1_704_056_400, Locale::En, "1 Jan 2024, 00:00"),
    ] {
        assert_eq!(
            format_timestamp(secs, &moscow(), locale),
            expected,
            "{secs} {locale:?}"
        );
    }
    assert_eq!(format_timestamp(0, &Utc, Locale::En), "1 Jan 1970, 00:00");
    assert_eq!(
        local_date_time(1_706_526_359, &moscow()),
        Ok(date(2024, 1, 29).and_hms_opt(14, 5, 59).unwrap())
    );
}

#[test]
fn out_of_range_timestamps_fall_back_to_the_number() {
    for secs in [i64::MAX, i64::MIN, 9_000_000_000_000_000] {
        assert_eq!(
            local_date_time(secs, &moscow()),
            Err(FormatError::TimestampOutOfRange { secs })
        );
        assert_eq!(
            format_timestamp(secs, &moscow(), Locale::En),
            secs.to_string()
        );
    }
    // The last representable second, pushed past chrono's last date by the offset.
    let last = NaiveDateTime::MAX.and_utc().timestamp();
    assert!(local_date_time(last, &moscow()).is_err());
    assert!(local_date_time(last, &Utc).is_ok());
}

#[test]
fn date_range_covers_whole_local_days() {
    // 29 Jan 2024 00:00:00 +03:00 = 28 Jan 21:00:00 UTC = 1706475600;
    // 4 Feb 2024 23:59:59 +03:00 = 4 Feb 20:59:59 UTC = 1707080399.
    assert_eq!(
        day_range_seconds(date(2024, 1, 29), date(2024, 2, 4), &moscow()),
        Ok((1_706_475_600, 1_707_080_399))
    );
    // One day: 24 hours minus a second.
    assert_eq!(
        day_range_seconds(date(2024, 1, 1), date(2024, 1, 1), &Utc),
        Ok((1_704_067_200, 1_704_067_200 + 86_399))
    );
}

#[test]
fn reversed_range_is_an_error() {
    let (start, end) = (date(2024, 2, 5), date(2024, 2, 4));
    let err = day_range_seconds(start, end, &moscow()).unwrap_err();
    assert_eq!(err, FormatError::ReversedRange { start, end });
    assert_eq!(
        err.to_string(),
        "date range starts on 2024-02-05, after its end on 2024-02-04: expected start <= end"
    );
}

#[test]
fn range_at_the_ends_of_the_calendar_is_an_error_not_a_panic() {
    let far = FixedOffset::west_opt(12 * 3600).unwrap();
    assert_eq!(
        day_range_seconds(NaiveDate::MIN, NaiveDate::MAX, &far),
        Err(FormatError::DayOutOfRange {
            date: NaiveDate::MAX
        })
    );
}

#[test]
fn last_days_presets() {
    let today = date(2024, 3, 1);
    for (days, first) in [
        (1, today),
        (7, date(2024, 2, 24)),
        // 2024 is a leap year: 29 days back from 1 Mar is 1 Feb.
        (30, date(2024, 2, 1)),
        (31, date(2024, 1, 31)),
        (0, today),
    ] {
        assert_eq!(last_days(today, days), (first, today), "{days} days");
    }
    assert_eq!(
        last_days(NaiveDate::MIN, 10),
        (NaiveDate::MIN, NaiveDate::MIN)
    );
}

/// A zone at -03:00 that springs forward an hour at 23:30 on 30 Mar 2024 (straight to 00:30 on
/// the 31st, so that midnight never happens) and falls back at midnight on 27 Oct 2024 (to 23:00
/// on the 26th, so that the last hour of the 26th happens twice).
#[derive(Clone, Copy, Debug)]
struct Shifting;

const SPRING_UTC: i64 = 1_711_852_200; // 2024-03-31 02:30:00 UTC
const FALL_UTC: i64 = 1_729_994_400; // 2024-10-27 02:00:00 UTC

fn offset(hours: i32) -> FixedOffset {
    FixedOffset::east_opt(hours * 3600).unwrap()
}

impl TimeZone for Shifting {
    type Offset = FixedOffset;

    fn from_offset(_: &FixedOffset) -> Self {
        Shifting
    }

    fn offset_from_local_date(&self, local: &NaiveDate) -> MappedLocalTime<FixedOffset> {
        self.offset_from_local_datetime(&local.and_hms_opt(0, 0, 0).unwrap())
    }

    fn offset_from_local_datetime(&self, local: &NaiveDateTime) -> MappedLocalTime<FixedOffset> {
        // Earlier instants first, so `earliest()` and `latest()` mean what they say.
        let fits: Vec<FixedOffset> = [offset(-2), offset(-3)]
            .into_iter()
            .filter(|o| {
                let utc = *local - chrono::Duration::seconds(i64::from(o.local_minus_utc()));
                self.offset_from_utc_datetime(&utc) == *o
            })
            .collect();
        match fits.as_slice() {
            [] => MappedLocalTime::None,
            [one] => MappedLocalTime::Single(*one),
            [first, second, ..] => MappedLocalTime::Ambiguous(*first, *second),
        }
    }

    fn offset_from_utc_date(&self, utc: &NaiveDate) -> FixedOffset {
        self.offset_from_utc_datetime(&utc.and_hms_opt(0, 0, 0).unwrap())
    }

    fn offset_from_utc_datetime(&self, utc: &NaiveDateTime) -> FixedOffset {
        let secs = utc.and_utc().timestamp();
        if (SPRING_UTC..FALL_UTC).contains(&secs) {
            offset(-2)
        } else {
            offset(-3)
        }
    }
}

#[test]
fn skipped_midnight_starts_the_day_at_the_clock_change() {
    // 30 Mar starts at 00:00 -03:00 = 03:00 UTC and ends at 23:29:59 -03:00, the second before
    // the change; 31 Mar starts at the change (00:30 -02:00) and ends at 23:59:59 -02:00.
    assert_eq!(
        day_range_seconds(date(2024, 3, 30), date(2024, 3, 30), &Shifting),
        Ok((1_711_767_600, SPRING_UTC - 1))
    );
    assert_eq!(
        day_range_seconds(date(2024, 3, 31), date(2024, 3, 31), &Shifting),
        Ok((SPRING_UTC, 1_711_936_799))
    );
    assert_eq!(
        format_timestamp(SPRING_UTC, &Shifting, Locale::En),
        "31 Mar 2024, 00:30"
    );
}

#[test]
fn repeated_last_hour_ends_the_day_at_its_second_pass() {
    // 26 Oct starts at 00:00 -02:00 = 02:00 UTC; its 23:59:59 happens at -02:00 and again at
    // -03:00 (02:59:59 UTC on the 27th), and the range runs to the later one.
    assert_eq!(
        day_range_seconds(date(2024, 10, 26), date(2024, 10, 26), &Shifting),
        Ok((1_729_908_000, 1_729_997_999))
    );
    assert_eq!(
        day_range_seconds(date(2024, 10, 27), date(2024, 10, 27), &Shifting).map(|r| r.0),
        Ok(1_729_998_000)
    );
    assert_eq!(
        format_timestamp(FALL_UTC - 1, &Shifting, Locale::En),
        "26 Oct 2024, 23:59"
    );
    assert_eq!(
        format_timestamp(FALL_UTC, &Shifting, Locale::En),
        "26 Oct 2024, 23:00"
    );
}

/// Days in a zone known by its offset at each instant: what the console and the gateway both
/// send, clock changes included.
#[test]
fn days_in_a_zone_known_by_its_offsets() {
    // Berlin's clocks went from +01:00 to +02:00 at 01:00 UTC on 31 March 2024, and back at
    // 01:00 UTC on 27 October.
    let berlin = |secs: i64| {
        let summer = (1_711_846_800..1_729_990_800).contains(&secs);
        FixedOffset::east_opt(if summer { 2 * 3600 } else { 3600 }).unwrap()
    };
    // A week in winter: 00:00 of 1 March at +01:00 to 23:59:59 of 7 March at +01:00.
    assert_eq!(
        local_day_range(date(2024, 3, 1), date(2024, 3, 7), berlin),
        Some((1_709_247_600, 1_709_852_399))
    );
    // The day the clocks went forward: from its midnight at +01:00 to its end at +02:00, 23
    // hours.
    assert_eq!(
        local_day_range(date(2024, 3, 31), date(2024, 3, 31), berlin),
        Some((1_711_839_600, 1_711_922_399))
    );
    // The day they went back: from its midnight at +02:00 to its end at +01:00, 25 hours.
    assert_eq!(
        local_day_range(date(2024, 10, 27), date(2024, 10, 27), berlin),
        Some((1_729_980_000, 1_730_069_999))
    );
    // Read by its offsets alone, `Shifting` (a skipped midnight, a repeated last hour) gives
    // each day of 2024 as chrono reads it whole.
    let shifting = |secs: i64| {
        let at = chrono::DateTime::from_timestamp(secs, 0).unwrap();
        Shifting.offset_from_utc_datetime(&at.naive_utc())
    };
    let mut day = date(2024, 1, 1);
    while day < date(2025, 1, 1) {
        assert_eq!(
            local_day_range(day, day, shifting),
            day_range_seconds(day, day, &Shifting).ok(),
            "{day}"
        );
        day = day.succ_opt().unwrap();
    }
    assert_eq!(
        local_day_range(date(2024, 3, 31), date(2024, 3, 31), shifting),
        Some((SPRING_UTC, 1_711_936_799))
    );
    assert_eq!(
        local_day_range(date(2024, 3, 7), date(2024, 3, 1), berlin),
        None
    );
}
