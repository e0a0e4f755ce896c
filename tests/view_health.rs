//! The health check's rules on exact daily and hourly counts: a jump against the channel's own
//! normal, the loss after it, a step after a flat stretch, a smooth channel with nothing found, an
//! advert's rise told from a bought jump by the hour, low ERR by size band, and restrictions.

use chanscope::api::PeriodGroup;
use chanscope::format::Period;
use chanscope::view::dynamics::Reading;
use chanscope::view::health::{
    low_err, normal, readings_per_day, restriction_findings, subscriber_findings, usual_err,
    Finding, Kind, Normal, Size,
};
use chanscope::view::robust::{median, median_and_mad};
use chrono::{NaiveDate, TimeDelta};

fn date(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

/// Readings of `group` (days or hours) from 2026-03-01 00:00, starting at `first`, then moving
/// by each of `changes`.
fn series(group: PeriodGroup, first: i64, changes: &[i64]) -> Vec<Reading> {
    let start = date("2026-03-01").and_hms_opt(0, 0, 0).unwrap();
    let (step, format) = match group {
        PeriodGroup::Hour => (TimeDelta::hours(1), "%Y-%m-%d %H:00"),
        _ => (TimeDelta::days(1), "%Y-%m-%d"),
    };
    let mut count = first;
    std::iter::once(&0)
        .chain(changes)
        .enumerate()
        .map(|(i, by)| {
            count += by;
            let at = start + step * i as i32;
            Reading {
                period: Period::parse(group, &at.format(format).to_string()).unwrap(),
                count,
            }
        })
        .collect()
}

fn days(first: i64, changes: &[i64]) -> Vec<Reading> {
    series(PeriodGroup::Day, first, changes)
}

fn hours(first: i64, changes: &[i64]) -> Vec<Reading> {
    series(PeriodGroup::Hour, first, changes)
}

/// +1, +2, +3 an hour in turn, with `special` changes at their indices.
fn hourly(n: usize, special: impl Fn(usize) -> Option<i64>) -> Vec<i64> {
    (0..n)
        .map(|i| special(i).unwrap_or(1 + (i % 3) as i64))
        .collect()
}

#[test]
fn median_and_mad_on_exact_numbers() {
    assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
    assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
    assert_eq!(median(&[]), None);
    // Deviations from 2: 1, 1, 0, 2, 98 → median 1; the outlier does not widen it.
    assert_eq!(
        median_and_mad(&[1.0, 3.0, 2.0, 4.0, 100.0]),
        Some((3.0, 1.0))
    );
}

/// +48, +50, +52 in turn, with a bought +3,000 on change 15 (2026-03-16) and −200 a day for
/// five days after it.
fn bought() -> Vec<i64> {
    (1..=29)
        .map(|i| match i {
            15 => 3_000,
            16..=20 => -200,
            _ => 50 + [-2, 0, 2][i % 3],
        })
        .collect()
}

#[test]
fn a_bought_jump_and_the_loss_after_it() {
    let readings = days(10_000, &bought());
    // 29 changes: five of −200, eight of 48, seven of 50, eight of 52, one of 3,000: the 15th
    // smallest is 50; the deviations (250 ×5, 2 ×16, 0 ×7, 2,950) have the median 2.
    assert_eq!(
        normal(&readings),
        Some(Normal {
            median: 50.0,
            spread: 1.4826 * 2.0
        })
    );
    assert_eq!(
        subscriber_findings(&readings, 1),
        vec![
            Finding {
                kind: Kind::Jump,
                date: date("2026-03-16"),
                size: Size::Subscribers(3_000),
            },
            // The lowest count of the 14 days after the jump is the last day of the loss:
            // 5 × 200 lost, at least a fifth of 3,000.
            Finding {
                kind: Kind::Drop,
                date: date("2026-03-21"),
                size: Size::Subscribers(-1_000),
            },
        ]
    );
}

#[test]
fn a_small_loss_after_a_jump_is_no_drop() {
    let mut changes = bought();
    for by in &mut changes[15..20] {
        *by = -100; // 500 < 600, a fifth of 3,000
    }
    let found = subscriber_findings(&days(10_000, &changes), 1);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].kind, Kind::Jump);
}

#[test]
fn a_rise_after_a_flat_stretch_is_a_step() {
    let mut changes = vec![0; 20];
    changes.push(2_000);
    changes.extend([0; 5]);
    let found = subscriber_findings(&days(40_000, &changes), 1);
    assert_eq!(
        found,
        vec![Finding {
            kind: Kind::Step,
            date: date("2026-03-22"),
            size: Size::Subscribers(2_000),
        }]
    );
}

#[test]
fn a_smooth_channel_has_no_subscriber_finding() {
    // 0.3 % a day, compounded, rounded: no change stands out.
    let mut count = 20_000.0f64;
    let mut changes = vec![];
    for _ in 0..89 {
        let next = count * 1.003;
        changes.push(next.round() as i64 - count.round() as i64);
        count = next;
    }
    assert_eq!(subscriber_findings(&days(20_000, &changes), 1), vec![]);
}

#[test]
fn an_outlier_too_small_for_the_channel_is_no_jump() {
    // +1,500 on 100,000 stands far out of +10 a day, but is 1.5 %, under 2 %.
    let mut changes = vec![10; 20];
    changes[12] = 1_500;
    assert_eq!(subscriber_findings(&days(100_000, &changes), 1), vec![]);
    // 2 % of the 100,120 the day before is 2,002.4.
    changes[12] = 2_002;
    assert_eq!(subscriber_findings(&days(100_000, &changes), 1), vec![]);
    changes[12] = 2_003;
    assert_eq!(subscriber_findings(&days(100_000, &changes), 1).len(), 1);
}

#[test]
fn too_short_a_history_has_no_normal() {
    let readings = days(1_000, &[5; 13]);
    assert_eq!(normal(&readings), None);
    assert_eq!(subscriber_findings(&readings, 1), vec![]);
}

#[test]
fn low_err_by_size_band() {
    // Each band's edges: its last channel size and the first of the next band.
    for (subscribers, usual) in [
        (10_000, 25.0),
        (10_001, 15.0),
        (1_000_000, 10.0),
        (1_000_001, 6.0),
    ] {
        assert_eq!(usual_err(subscribers), usual, "{subscribers} subscribers");
    }
    let today = date("2026-04-01");
    // 4.9 % < 15 / 3 = 5 %.
    assert_eq!(
        low_err(4.9, 50_000, today),
        Some(Finding {
            kind: Kind::LowErr,
            date: today,
            size: Size::Err {
                err: 4.9,
                usual: 15.0
            },
        })
    );
    assert_eq!(low_err(5.0, 50_000, today), None);
    assert_eq!(low_err(f64::NAN, 50_000, today), None);
}

#[test]
fn restrictions_are_findings_in_words() {
    let today = date("2026-04-01");
    let found = restriction_findings(&["Red label: inflated subscribers".to_owned()], today);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].kind.as_str(), "restriction");
    assert_eq!(
        found[0].size,
        Size::Text("Red label: inflated subscribers".to_owned())
    );
    assert_eq!(Kind::Jump.as_str(), "subscriber-jump");
    assert_eq!(Kind::Drop.as_str(), "subscriber-drop");
    assert_eq!(Kind::Step.as_str(), "subscriber-step");
    assert_eq!(Kind::LowErr.as_str(), "low-err");
}

#[test]
fn readings_a_day_by_grouping() {
    assert_eq!(readings_per_day(PeriodGroup::Hour), Some(24));
    assert_eq!(readings_per_day(PeriodGroup::Day), Some(1));
    assert_eq!(readings_per_day(PeriodGroup::Week), None);
    assert_eq!(readings_per_day(PeriodGroup::Month), None);
}

#[test]
fn a_jump_over_two_hours_is_one_and_its_loss_is_found_hourly() {
    // 20,000 subscribers; +5,000 and +3,000 in changes 100 and 101 (the hours 04:00 and 05:00 of
    // 2026-03-05), then −20 an hour for 100 hours.
    let changes = hourly(300, |i| match i {
        100 => Some(5_000),
        101 => Some(3_000),
        102..=201 => Some(-20),
        _ => None,
    });
    assert_eq!(
        subscriber_findings(&hours(20_000, &changes), 24),
        vec![
            Finding {
                kind: Kind::Jump,
                date: date("2026-03-05"),
                size: Size::Subscribers(8_000),
            },
            // The lowest count of the 14 days after is at the loss's end, reading 202
            // (2026-03-09 10:00): 100 × 20 lost, more than a fifth of 8,000.
            Finding {
                kind: Kind::Drop,
                date: date("2026-03-09"),
                size: Size::Subscribers(-2_000),
            },
        ]
    );
}

#[test]
fn an_adverts_rise_is_no_jump_by_the_hour_but_is_one_by_the_day() {
    // +100 an hour for the 15 hours from change 300: 1,500 in all, yet no hour reaches 2 % of
    // the 20,000.
    let changes = hourly(720, |i| (300..315).contains(&i).then_some(100));
    assert_eq!(subscriber_findings(&hours(20_000, &changes), 24), vec![]);
    // The same counts read daily: day 13 (changes 288 to 311) gains 12 × 100 and 24 of its
    // normal hours (+1, +2, +3, …: 12 × 2 = 24 in the other 12).
    let daily: Vec<i64> = changes.chunks(24).map(|day| day.iter().sum()).collect();
    assert_eq!(daily[12], 1_224);
    assert_eq!(
        subscriber_findings(&days(20_000, &daily), 1),
        vec![Finding {
            kind: Kind::Jump,
            date: date("2026-03-14"),
            size: Size::Subscribers(1_224),
        }]
    );
}

#[test]
fn flat_days_are_judged_by_the_day_in_hourly_readings() {
    // 40,000 subscribers, +10 once a day (0.025 % a day: flat), then +2,000 in change 200
    // (it ends at reading 201, 2026-03-09 09:00).
    let flat = hourly(240, |i| match i {
        200 => Some(2_000),
        _ if i % 24 == 23 => Some(10),
        _ => Some(0),
    });
    assert_eq!(
        subscriber_findings(&hours(40_000, &flat), 24),
        vec![Finding {
            kind: Kind::Step,
            date: date("2026-03-09"),
            size: Size::Subscribers(2_000),
        }]
    );
    // +3 an hour is 72 a day, 0.18 % of 40,000: every hour is small, yet no day is flat.
    let growing = hourly(240, |i| Some(if i == 200 { 2_000 } else { 3 }));
    assert_eq!(
        subscriber_findings(&hours(40_000, &growing), 24)[0].kind,
        Kind::Jump
    );
}
