//! The change after a mention against the channel's normal change and its spread, on exact
//! hourly and daily counts.

use chanscope_api::format::Period;
use chanscope_api::PeriodGroup;
use chanscope_figures::after_mention::{
    after_mention, beyond_normal, change_after, count_before, count_by, normal_change, Change,
    Normal,
};
use chanscope_figures::dynamics::Reading;
use chrono::{NaiveDateTime, TimeDelta};

fn at(s: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
}

fn hours(h: i64) -> TimeDelta {
    TimeDelta::hours(h)
}

/// 96 hourly readings from 2026-03-01 00:00, each the count at the end of its hour: 1,000 at the
/// end of hour 0, then +10 an hour, and +30 in each of hours 37..=60 (2 Mar 13:00 to 3 Mar 12:00,
/// an advert's effect). So hour h ≤ 36 counts 1,000 + 10 h, and hour 95 counts
/// 1,000 + 950 + 24 × 20 = 2,430.
fn hourly() -> Vec<Reading> {
    let start = at("2026-03-01 00:00");
    let mut count = 1_000;
    (0..96)
        .map(|h| {
            if h > 0 {
                count += if (37..=60).contains(&h) { 30 } else { 10 };
            }
            let t = start + hours(h);
            Reading {
                period: Period::parse(PeriodGroup::Hour, &t.format("%Y-%m-%d %H:00").to_string())
                    .unwrap(),
                count,
            }
        })
        .collect()
}

/// Nine daily readings from 2026-03-01, each the count at the end of its day: 1,000, then rises
/// of 10, 12, 8, 10, 14, 10, 6, 10, so 1,000, 1,010, 1,022, 1,030, 1,040, 1,054, 1,064, 1,070,
/// 1,080.
fn daily() -> Vec<Reading> {
    [
        1_000, 1_010, 1_022, 1_030, 1_040, 1_054, 1_064, 1_070, 1_080,
    ]
    .into_iter()
    .enumerate()
    .map(|(d, count)| {
        let day = at("2026-03-01 00:00") + TimeDelta::days(d as i64);
        Reading {
            period: Period::parse(PeriodGroup::Day, &day.format("%Y-%m-%d").to_string()).unwrap(),
            count,
        }
    })
    .collect()
}

/// `readings` without hour 5 (05:00 to 06:00).
fn without_hour_5(readings: &[Reading]) -> Vec<Reading> {
    let mut gap = readings.to_vec();
    gap.remove(5);
    gap
}

#[test]
fn the_count_before_an_instant_ends_at_or_before_it() {
    let r = hourly();
    // 05:30 and 05:00: hour 4, which ends at 05:00, counts 1,040.
    assert_eq!(
        count_before(&r, at("2026-03-01 05:30")),
        Some((at("2026-03-01 05:00"), 1_040))
    );
    assert_eq!(
        count_before(&r, at("2026-03-01 05:00")),
        Some((at("2026-03-01 05:00"), 1_040))
    );
    // No hour ends by 00:30.
    assert_eq!(count_before(&r, at("2026-03-01 00:30")), None);
    // Hour 5 missing: at 06:30 the last count (05:00) is from before the gap.
    let gap = without_hour_5(&r);
    assert_eq!(count_before(&gap, at("2026-03-01 06:30")), None);
    assert_eq!(
        count_before(&gap, at("2026-03-01 07:10")),
        Some((at("2026-03-01 07:00"), 1_060))
    );
}

#[test]
fn the_count_by_an_instant_is_of_its_period() {
    let r = hourly();
    // 05:30 is in hour 5, which ends at 06:00 with 1,050; 05:00 is the end of hour 4.
    assert_eq!(
        count_by(&r, at("2026-03-01 05:30")),
        Some((at("2026-03-01 06:00"), 1_050))
    );
    assert_eq!(
        count_by(&r, at("2026-03-01 05:00")),
        Some((at("2026-03-01 05:00"), 1_040))
    );
    // The last hour ends at 5 Mar 00:00 with 2,430; nothing covers 00:30.
    assert_eq!(
        count_by(&r, at("2026-03-05 00:00")),
        Some((at("2026-03-05 00:00"), 2_430))
    );
    assert_eq!(count_by(&r, at("2026-03-05 00:30")), None);
    // Hour 5 missing: neither 05:30 nor 06:00 (its end) has a count.
    let gap = without_hour_5(&r);
    assert_eq!(count_by(&gap, at("2026-03-01 05:30")), None);
    assert_eq!(count_by(&gap, at("2026-03-01 06:00")), None);
}

#[test]
fn the_change_after_a_mention_counts_from_before_it() {
    let r = hourly();
    // Mentioned at 12:20 on the 2nd, in hour 36: from the end of hour 35 (12:00, 1,350) to the
    // end of hour 60 (13:00 on the 3rd, 1,000 + 600 + 24 × 20 = 2,080): +730, over 25 hours;
    // hour 36's own +10 is in it.
    let mention = at("2026-03-02 12:20");
    assert_eq!(
        change_after(&r, mention, 24),
        Some(Change {
            from: at("2026-03-02 12:00"),
            to: at("2026-03-03 13:00"),
            by: 730
        })
    );
    // To the end of hour 84 (1,000 + 840 + 480 = 2,320): +970 over 49 hours.
    assert_eq!(change_after(&r, mention, 48).map(|c| c.by), Some(970));
    assert_eq!(
        change_after(&r, mention, 48).map(|c| c.span()),
        Some(hours(49))
    );
    // On the hour: 12:00 to 12:00, exactly 24 hours, hours 36..=59: 10 + 23 × 30 = 700.
    let on_the_hour = change_after(&r, at("2026-03-02 12:00"), 24).unwrap();
    assert_eq!((on_the_hour.by, on_the_hour.span()), (700, hours(24)));
    // Too late for the readings to reach 48 hours after.
    assert_eq!(change_after(&r, at("2026-03-03 12:00"), 48), None);
}

#[test]
fn the_normal_change_leaves_out_the_windows_after_a_mention() {
    let r = hourly();
    // 25-hour windows from the end of hour i to the end of hour i + 25, i = 0..=70. The one
    // from i gains 250 + 20 × its hours among 37..=60. Counted: 0 such hours in 23 windows
    // (i ≤ 11 or i ≥ 60), 1 to 23 in two each, 24 in two (i = 35, 36): the 36th of 71 has 7,
    // so with the advert the median is 250 + 140 = 390.
    let all = normal_change(&r, hours(25), at("2026-03-02 00:00"), &[]).unwrap();
    assert_eq!((all.change, all.windows), (390.0, 71));
    // The mention at 2 Mar 12:20 makes 12:20 to 4 Mar 12:20 busy (36 h 20 min to 84 h 20 min
    // after the start). A window (i + 1 h, i + 26 h] overlaps it when i ≤ 83 and i ≥ 11: left
    // are i = 0..=10, each +250. Eleven equal changes: MAD 0, no deviation at all, so the
    // spread is the Poisson noise of 250 arrivals, √251.
    let quiet = normal_change(
        &r,
        hours(25),
        at("2026-03-02 00:00"),
        &[at("2026-03-02 12:20")],
    );
    assert_eq!(
        quiet,
        Some(Normal {
            change: 250.0,
            spread: 251f64.sqrt(),
            windows: 11,
            per_day: 0.0
        })
    );
    // The mention's 730 over 25 hours is 480 beyond that, far more than 2 spreads.
    let after = after_mention(&r, at("2026-03-02 12:20"), 24, &[at("2026-03-02 12:20")]).unwrap();
    assert_eq!((after.gain(), after.beyond()), (480.0, true));
    // Ten readings have no two hours 25 apart.
    assert_eq!(
        normal_change(&r[..10], hours(25), at("2026-03-02 00:00"), &[]),
        None
    );
}

#[test]
fn the_spread_is_the_health_check_s() {
    let d = daily();
    // Day-to-day rises 10, 12, 8, 10, 14, 10, 6, 10: sorted 6, 8, 10, 10, 10, 10, 12, 14, median
    // 10; deviations 4, 2, 0, 0, 0, 0, 2, 4, sorted 0, 0, 0, 0, 2, 2, 4, 4: MAD (0 + 2) / 2 = 1
    // (1.48), the 90th percentile (the 8th) 4 (4 / 1.645 = 2.43), √(10 + 1) = 3.32: the
    // spread is √11.
    let one_day = normal_change(&d, hours(24), at("2026-03-02 00:00"), &[]).unwrap();
    assert_eq!(
        (one_day.change, one_day.spread, one_day.windows),
        (10.0, 11f64.sqrt(), 8)
    );
    // Two-day rises 22, 20, 18, 24, 24, 16, 16: median 20; deviations 2, 0, 2, 4, 4, 4, 4,
    // sorted 0, 2, 2, 4, 4, 4, 4: MAD 4, spread 4 × 1.4826 = 5.93 (above 4 / 1.645 and √21).
    let two_days = normal_change(&d, hours(48), at("2026-03-02 00:00"), &[]).unwrap();
    assert_eq!(
        (two_days.change, two_days.spread, two_days.windows),
        (20.0, 4.0 * 1.4826, 7)
    );
    // Busy from 5 Mar 12:00 to 7 Mar 12:00: the day windows (end of day i, end of day i + 1]
    // with i = 3, 4, 5 overlap it (rises 10, 14, 10). Left: 10, 12, 8, 6, 10: median 10;
    // deviations 0, 2, 2, 4, 0: MAD 2 (2.97), the 90th percentile 4 (2.43), √11 = 3.32.
    let busy = normal_change(
        &d,
        hours(24),
        at("2026-03-02 00:00"),
        &[at("2026-03-05 12:00")],
    )
    .unwrap();
    assert_eq!(
        (busy.change, busy.spread, busy.windows),
        (10.0, 11f64.sqrt(), 5)
    );
}

#[test]
fn on_daily_counts_a_mention_counts_from_the_end_of_the_day_before() {
    let d = daily();
    // Mentioned at 15:00 on 4 Mar: from the end of 3 Mar (1,022) to the end of 5 Mar, the day
    // 24 hours later (1,040): +18 over 48 hours. Counting from the end of 4 Mar (1,030) would
    // lose 4 Mar's 8 arrivals.
    let mention = at("2026-03-04 15:00");
    assert_eq!(
        change_after(&d, mention, 24),
        Some(Change {
            from: at("2026-03-04 00:00"),
            to: at("2026-03-06 00:00"),
            by: 18
        })
    );
    // Its normal: two-day windows (end of day i, end of day i + 2], busy from 4 Mar 15:00 to
    // 6 Mar 15:00, so i = 1..=4 are left out. Left: i = 0, 5, 6 with 22, 16, 16: median 16,
    // MAD 0, the 90th percentile 6 (3.65), √17 = 4.12: spread √17. The gain 18 − 16 = 2 is not
    // more than 2 spreads: within normal.
    let after = after_mention(&d, mention, 24, &[mention]).unwrap();
    assert_eq!(
        after.normal,
        Normal {
            change: 16.0,
            spread: 17f64.sqrt(),
            windows: 3,
            per_day: 0.0
        }
    );
    assert_eq!((after.gain(), after.beyond()), (2.0, false));
}

#[test]
fn beyond_normal_is_more_than_two_spreads() {
    assert!(beyond_normal(9.0, 4.4));
    // 2 × 4.5 = 9: exactly two spreads is not beyond.
    assert!(!beyond_normal(9.0, 4.5));
    assert!(!beyond_normal(-50.0, 1.0));
}

/// 31 daily readings from 2026-03-01, each the count at the end of its day: 1,000, then a rise
/// of 10 + d on day d (d = 1..=30), and `extra` more on 26 Mar: a channel that grows a little
/// faster every day.
fn faster_and_faster(extra: i64) -> Vec<Reading> {
    let mut count = 1_000;
    (0..31)
        .map(|d| {
            if d > 0 {
                count += 10 + d + if d == 25 { extra } else { 0 };
            }
            let day = at("2026-03-01 00:00") + TimeDelta::days(d);
            Reading {
                period: Period::parse(PeriodGroup::Day, &day.format("%Y-%m-%d").to_string())
                    .unwrap(),
                count,
            }
        })
        .collect()
}

#[test]
fn the_normal_change_follows_the_channel_s_trend() {
    let d = faster_and_faster(0);
    // Day windows start at the end of day i (i = 0..=29) and change by 11 + i. The first ten
    // start on days 0..=9 (median 4.5) with median change 15.5, the last ten on days 20..=29
    // (median 24.5) with 35.5: a trend of +1 a day. Carried to the end of day 24 (25 Mar
    // 00:00 + 1 day), each is 11 + 24 = 35, no deviation: the normal change there is 35, its
    // spread the Poisson noise √36 = 6.
    let one_day = normal_change(&d, hours(24), at("2026-03-26 00:00"), &[]).unwrap();
    assert_eq!(
        one_day,
        Normal {
            change: 35.0,
            spread: 6.0,
            windows: 30,
            per_day: 1.0
        }
    );
    // A mention at 15:00 on 26 Mar counts from the end of 25 Mar to the end of 27 Mar, the
    // rises of 26 and 27 Mar: 35 + 36 = 71 over 48 hours, what two-day windows change there by
    // their trend of +2 a day (23 + 2 i, i = 24). Nothing beyond normal.
    let mention = at("2026-03-26 15:00");
    let after = after_mention(&d, mention, 24, &[]).unwrap();
    assert_eq!(after.change.by, 71);
    assert_eq!(
        (after.normal.change, after.normal.per_day, after.gain()),
        (71.0, 2.0, 0.0)
    );
    // Read against the plain median of all 29 two-day changes (23 + 2 i, i = 0..=28: 51), the
    // same day would gain 20: the trend is what the mention is held against.
    assert_eq!(after.normal.windows, 29);
    // 60 more subscribers on 26 Mar, the mention's 48 hours left out (25 windows left: i =
    // 0..=22, 27, 28; thirds on i = 0..=7 and 17..=22, 27, 28, medians (3.5, 30) and (20.5,
    // 64): still +2 a day): the gain is those 60, beyond 2 spreads of √72 each.
    let d = faster_and_faster(60);
    let after = after_mention(&d, mention, 24, &[mention]).unwrap();
    assert_eq!((after.change.by, after.normal.change), (131, 71.0));
    assert_eq!((after.normal.windows, after.normal.per_day), (25, 2.0));
    assert_eq!((after.gain(), after.beyond()), (60.0, true));
}

#[test]
fn a_trend_needs_two_weeks_between_its_first_and_last_third() {
    // Eight day windows (the nine readings of `daily`): their thirds start 6 days apart, so
    // the normal change is the plain median, as if the channel had no trend.
    let d = daily();
    let normal = normal_change(&d, hours(24), at("2026-03-08 00:00"), &[]).unwrap();
    assert_eq!((normal.change, normal.per_day), (10.0, 0.0));
    // The first 17 readings of a faster-and-faster channel: 16 windows, thirds of 5 starting
    // on days 0..=4 and 11..=15 (medians 2 and 13), 11 days apart: no trend either. Their
    // median change is 11 + 7.5 = 18.5.
    let short = &faster_and_faster(0)[..17];
    let normal = normal_change(short, hours(24), at("2026-03-10 00:00"), &[]).unwrap();
    assert_eq!(
        (normal.change, normal.per_day, normal.windows),
        (18.5, 0.0, 16)
    );
}
