//! Properties over arbitrary input: no parser or formatter panics, and valid values survive a
//! round trip.

use chanscope_api::format::{
    compact, compact_f64, day_range_seconds, format_growth_date, format_percent, format_timestamp,
    group_thousands, local_date_time, parse_decimal, parse_growth_date, parse_series,
    percent_change, week_api_string, Locale, Period,
};
use chanscope_api::params::{PeriodGroup, ViewGrowthGroup};
use chrono::{Datelike, Days, FixedOffset, NaiveDate, NaiveDateTime};
use proptest::prelude::*;

/// Strings close to the real formats, so the checks past the first byte get exercised too.
fn near_format() -> impl Strategy<Value = String> {
    prop_oneof![
        "[0-9: -]{0,20}",
        "[0-9]{4}-[0-9]{2}",
        "[0-9]{4}-[0-9]{2}-[0-9]{2}",
        "[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}",
        any::<String>(),
    ]
}

fn any_date() -> impl Strategy<Value = NaiveDate> {
    // Years 1..=9999, the range the API's four-digit `Y` can write.
    (0i32..3_652_059).prop_map(|n| NaiveDate::from_num_days_from_ce_opt(n + 1).unwrap())
}

/// Dates whose week, and the fifteen weeks before it, are written with four-digit years.
fn series_end() -> impl Strategy<Value = NaiveDate> {
    any_date().prop_filter("inside years 2..=9998", |d| (2..=9998).contains(&d.year()))
}

fn any_offset() -> impl Strategy<Value = FixedOffset> {
    (-86_399i32..=86_399).prop_map(|secs| FixedOffset::east_opt(secs).unwrap())
}

fn monday_of(date: NaiveDate) -> NaiveDate {
    Period::containing(PeriodGroup::Week, date.into())
        .unwrap()
        .start()
        .date()
}

proptest! {
    #[test]
    fn parsers_never_panic(s in near_format()) {
        for group in PeriodGroup::ALL {
            if let Ok(period) = Period::parse(group, &s) {
                let _ = period.label(Locale::En);
                let _ = period.label(Locale::Ru);
                // Hours, days and months are written back exactly as read.
                if group != PeriodGroup::Week {
                    prop_assert_eq!(period.to_api_string(), s.clone());
                }
            }
            let series = parse_series(group, &[s.as_str(), s.as_str(), "2024-01"]);
            prop_assert_eq!(series.len(), 3);
        }
        for group in ViewGrowthGroup::ALL {
            if let Ok(at) = parse_growth_date(group, &s) {
                prop_assert_eq!(format_growth_date(group, at), s.clone());
            }
        }
    }

    #[test]
    fn series_of_random_strings_never_panics(strings in prop::collection::vec(near_format(), 0..12)) {
        for group in PeriodGroup::ALL {
            prop_assert_eq!(parse_series(group, &strings).len(), strings.len());
        }
    }

    #[test]
    fn periods_of_any_date_round_trip(date in any_date(), hour in 0u32..24) {
        let at = date.and_hms_opt(hour, 17, 3).unwrap();
        for group in [PeriodGroup::Hour, PeriodGroup::Day, PeriodGroup::Month] {
            let period = Period::containing(group, at).unwrap();
            prop_assert!(period.start() <= at && at < period.end());
            prop_assert_eq!(Period::parse(group, &period.to_api_string()), Ok(period));
        }
        let week = Period::containing(PeriodGroup::Week, at).unwrap();
        prop_assert_eq!(week.end() - week.start(), chrono::Duration::days(7));
        // A week string always names one of the weeks the day could belong to.
        prop_assert!(Period::parse(PeriodGroup::Week, &week_api_string(date)).is_ok());
    }

    #[test]
    fn week_series_written_from_any_weekdays_are_recovered(
        newest in series_end(),
        shifts in prop::collection::vec(0u64..7, 3..16),
        oldest_first in any::<bool>(),
    ) {
        let newest = monday_of(newest);
        let mondays: Vec<NaiveDate> = (0..shifts.len() as u64)
            .map(|k| newest - Days::new(7 * k))
            .collect();
        let mut strings: Vec<String> = mondays
            .iter()
            .zip(&shifts)
            .map(|(monday, &shift)| week_api_string(*monday + Days::new(shift)))
            .collect();
        let mut expected = mondays.clone();
        // Oldest first needs two anchors to be recognised; six consecutive weeks always hold them.
        if oldest_first && strings.len() >= 6 {
            strings.reverse();
            expected.reverse();
        }
        let parsed: Vec<NaiveDate> = parse_series(PeriodGroup::Week, &strings)
            .into_iter()
            .map(|p| p.map(|p| p.start().date()))
            .collect::<Result<_, _>>()
            .unwrap();
        prop_assert_eq!(parsed, expected, "{:?}", strings);
    }

    #[test]
    fn compact_is_close_to_the_value(n in any::<i64>()) {
        let text = compact(n);
        prop_assert!(text.chars().count() <= 6, "{}", text);
        let (number, scale) = match text.trim_start_matches('-').chars().last() {
            Some('K') => (&text[..text.len() - 1], 1e3),
            Some('M') => (&text[..text.len() - 1], 1e6),
            Some('B') => (&text[..text.len() - 1], 1e9),
            Some('T') => (&text[..text.len() - 1], 1e12),
            Some('Q') => (&text[..text.len() - 1], 1e15),
            _ => (text.as_str(), 1.0),
        };
        prop_assert!(!number.ends_with(".0"), "{}", text);
        // A thousand of a unit carries to the next one, except in Q: nothing lies above it, so
        // Q counts on to 9223.
        prop_assert!(scale == 1e15 || !number.starts_with("1000"), "{}", text);
        let shown: f64 = number.parse::<f64>().unwrap() * scale;
        let exact = n as f64;
        prop_assert!((shown - exact).abs() <= exact.abs() * 0.05, "{} shown as {}", n, text);
    }

    #[test]
    fn grouping_keeps_every_digit(n in any::<i64>()) {
        let en: String = group_thousands(n, Locale::En).chars().filter(|&c| c != ',').collect();
        let ru: String = group_thousands(n, Locale::Ru).chars().filter(|&c| c != '\u{a0}').collect();
        prop_assert_eq!(&en, &n.to_string());
        prop_assert_eq!(&ru, &n.to_string());
    }

    #[test]
    fn float_formatters_never_panic(x in any::<f64>(), from in any::<i64>(), to in any::<i64>()) {
        let _ = compact_f64(x);
        let _ = format_percent(x, Locale::En);
        let _ = format_percent(x, Locale::Ru);
        prop_assert_eq!(percent_change(from, to).is_none(), from == 0);
    }

    #[test]
    fn timestamps_never_panic(secs in any::<i64>(), tz in any_offset()) {
        let text = format_timestamp(secs, &tz, Locale::Ru);
        prop_assert!(!text.is_empty());
        if let Ok(local) = local_date_time(secs, &tz) {
            let back = local.and_utc().timestamp() - i64::from(tz.local_minus_utc());
            prop_assert_eq!(back, secs);
        }
    }

    #[test]
    fn date_ranges_span_whole_days(a in any::<i32>(), len in 0u64..400, tz in any_offset()) {
        let start = NaiveDate::from_num_days_from_ce_opt(a).unwrap_or(NaiveDate::MIN);
        let end = start.checked_add_days(Days::new(len)).unwrap_or(NaiveDate::MAX);
        if let Ok((first, last)) = day_range_seconds(start, end, &tz) {
            let days = (end - start).num_days() + 1;
            prop_assert_eq!(last - first + 1, days * 86_400);
            let first_local: NaiveDateTime = local_date_time(first, &tz).unwrap();
            prop_assert_eq!(first_local, start.and_hms_opt(0, 0, 0).unwrap());
        }
        if start < end {
            prop_assert!(day_range_seconds(end, start, &tz).is_err());
        }
    }
}

proptest! {
    /// Up to 15 significant digits and a point anywhere: the value is the correctly rounded one
    /// that `str::parse` gives.
    #[test]
    fn decimals_read_as_the_standard_parser_reads_them(
        digits in "[0-9]{1,15}",
        point in 0usize..16,
        negative in any::<bool>(),
    ) {
        let point = point.min(digits.len());
        let text = format!(
            "{}{}.{}",
            if negative { "-" } else { "" },
            &digits[..point],
            &digits[point..]
        );
        prop_assert_eq!(parse_decimal(&text), text.parse::<f64>().ok());
    }
}
