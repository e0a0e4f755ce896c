//! The change after a mention against the channel's normal change, on exact hourly counts.

use chanscope::api::PeriodGroup;
use chanscope::format::Period;
use chanscope::view::after_mention::{change_after, count_at, normal_change};
use chanscope::view::dynamics::Reading;
use chrono::{NaiveDateTime, TimeDelta};

fn at(s: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
}

/// 96 hourly readings from 2026-03-01 00:00: +10 an hour, and +30 an hour for the 24 hours from
/// 2026-03-02 12:00 (an advert's effect).
fn hourly() -> Vec<Reading> {
    let start = at("2026-03-01 00:00");
    let mut count = 1_000;
    (0..96)
        .map(|h| {
            if h > 0 {
                count += if (37..=60).contains(&h) { 30 } else { 10 };
            }
            let t = start + TimeDelta::hours(h);
            Reading {
                period: Period::parse(PeriodGroup::Hour, &t.format("%Y-%m-%d %H:00").to_string())
                    .unwrap(),
                count,
            }
        })
        .collect()
}

#[test]
fn the_count_at_an_instant_is_its_hours() {
    let r = hourly();
    assert_eq!(count_at(&r, at("2026-03-01 00:00")), Some(1_000));
    assert_eq!(count_at(&r, at("2026-03-01 05:59")), Some(1_050));
    assert_eq!(count_at(&r, at("2026-03-05 00:00")), None);
    assert_eq!(count_at(&r, at("2026-02-28 23:59")), None);
    // Hour 5 missing: its instants have no count, the hours around it keep theirs.
    let gap: Vec<Reading> = r
        .iter()
        .enumerate()
        .filter(|(h, _)| *h != 5)
        .map(|(_, r)| *r)
        .collect();
    assert_eq!(count_at(&gap, at("2026-03-01 05:30")), None);
    assert_eq!(count_at(&gap, at("2026-03-01 04:59")), Some(1_040));
    assert_eq!(count_at(&gap, at("2026-03-01 06:00")), Some(1_060));
}

#[test]
fn the_change_after_a_mention() {
    let r = hourly();
    // Mentioned at 12:20 on the 2nd (hour 36): hours 37..=60 gain 30 each → +720 in 24 h;
    // in 48 h, 24 × 30 + 24 × 10 = 960.
    let mention = at("2026-03-02 12:20");
    assert_eq!(change_after(&r, mention, 24), Some(720));
    assert_eq!(change_after(&r, mention, 48), Some(960));
    // Too late for the readings to reach 48 hours after.
    assert_eq!(change_after(&r, at("2026-03-03 12:00"), 48), None);
}

#[test]
fn the_normal_change_is_the_median_of_that_length() {
    let r = hourly();
    // 72 windows of 24 h; the one starting at hour s gains 240 + 20 × its boosted hours
    // (those of 37..=60 among s+1..=s+24).
    let gains: Vec<f64> = (0..72)
        .map(|s: i64| {
            let boosted = (s + 1..=s + 24).filter(|h| (37..=60).contains(h)).count() as f64;
            240.0 + 20.0 * boosted
        })
        .collect();
    let mut sorted = gains.clone();
    sorted.sort_by(f64::total_cmp);
    assert_eq!(normal_change(&r, 24), Some((sorted[35] + sorted[36]) / 2.0));
    // 25 windows have no boosted hour (starting at 0..=12 and 60..=71); then 1 to 23 boosted
    // hours twice each: the 36th and 37th smallest have 6, so 240 + 120.
    assert_eq!(normal_change(&r, 24), Some(360.0));
    assert_eq!(normal_change(&r[..10], 24), None);
}
