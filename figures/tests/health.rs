//! The health check's rules on exact hourly and daily counts: the normal and its spread, gaps,
//! a dump, a drip, a loss on its own and after a jump, a step, explained rises and what stayed
//! of them, the floor, how sure each finding is, low ERR by size band, and restrictions.

use chanscope_api::PeriodGroup;
use chanscope_figures::health::series::{normal_of, Normal, Series};
use chanscope_figures::health::{
    confidence, low_err, readings_per_day, restriction_findings, subscriber_findings, usual_err,
    Cause, Confidence, Doubt, Finding, Kind, Size,
};
use chanscope_figures::robust::{median, median_and_mad};

mod health_counts;
use health_counts::*;

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() < 1e-9
}

#[test]
fn median_and_mad_on_exact_numbers() {
    assert_eq!(median(&[3.0, 1.0, 2.0]), Some(2.0));
    assert_eq!(median(&[4.0, 1.0, 2.0, 3.0]), Some(2.5));
    assert_eq!(median(&[]), None);
    // Deviations from 3: 2, 0, 1, 1, 97 → median 1; the outlier does not widen it.
    assert_eq!(
        median_and_mad(&[1.0, 3.0, 2.0, 4.0, 100.0]),
        Some((3.0, 1.0))
    );
}

#[test]
fn the_spread_is_the_largest_of_its_three_estimates() {
    // Median 10; deviations 0 ×8 and 2 ×2: MAD 0, the 90th percentile (9th of 10) 2, so
    // 2 / 1.6449 = 1.216; √(10 + 1) = 3.317 is the largest.
    let calm = [10.0, 10.0, 10.0, 10.0, 12.0, 8.0, 10.0, 10.0, 10.0, 10.0];
    assert_eq!(
        normal_of(&calm),
        Some(Normal {
            median: 10.0,
            spread: 11f64.sqrt()
        })
    );
    // A weekly rhythm: +300 on five days, −50 on two, twice. Median 300; deviations 0 ×10 and
    // 350 ×4: the MAD is 0, but the 90th percentile (13th of 14) is 350: 350 / 1.6449.
    let weekly: Vec<f64> = [300.0, 300.0, 300.0, 300.0, 300.0, -50.0, -50.0].repeat(2);
    let normal = normal_of(&weekly).unwrap();
    assert_eq!(normal.median, 300.0);
    assert!(close(normal.spread, 350.0 / 1.6449), "{normal:?}");
    // One outlier among many does not move it: +1, +2, +3 with one +3,000.
    let mut cycle: Vec<f64> = [1.0, 2.0, 3.0].repeat(10);
    cycle[7] = 3_000.0;
    let normal = normal_of(&cycle).unwrap();
    assert_eq!(normal.median, 2.0);
    // MAD 1 × 1.4826 against √3 = 1.732.
    assert!(close(normal.spread, 3f64.sqrt()), "{normal:?}");
}

#[test]
fn a_gap_is_empty_slots_never_one_hours_change() {
    // Hours 0, 1, 2, then 5, 6: slots 3 and 4 are empty.
    let mut read = hours(1_000, &[10, 10, 30, 10, 10, 10]);
    read.remove(3);
    read.remove(3);
    let s = Series::new(&read, 3_600).unwrap();
    assert_eq!(s.counts.len(), 7);
    assert_eq!(s.at(3), None);
    assert_eq!(s.change(2, 1), None);
    // 1,020 as of hour 2, 1,070 as of hour 5: three hours' change.
    assert_eq!(s.change(2, 3), Some(50));
    assert!(close(s.gap_share(), 2.0 / 7.0));
    assert_eq!(s.instant(0), at("2026-03-01 01:00"));
}

#[test]
fn a_gap_in_a_growing_channel_is_no_jump() {
    // 20,000 subscribers, +15, +20, +25 an hour, 30 days; 12 hours missing from reading 300:
    // read as one hour, the 240 across the gap would be 30 spreads beyond normal.
    let changes: Vec<i64> = (0..720).map(|i| [15, 20, 25][i % 3]).collect();
    let mut read = hours(20_000, &changes);
    read.drain(300..312);
    assert_eq!(subscriber_findings(&read, PeriodGroup::Hour, &[]), vec![]);
}

#[test]
fn a_dump_within_an_hour_is_a_jump_that_looks_bought() {
    // 20,000 subscribers, +1, +2, +3 an hour for 30 days, +3,000 in change 300: between the
    // counts as of 2026-03-13 12:00 (the instant 13:00) and 13:00 (the instant 14:00).
    let changes = hourly(720, |i| (i == 300).then_some(3_000));
    let found = found_hourly(20_000, &changes, &[]);
    assert_eq!(found.len(), 1, "{found:?}");
    let f = &found[0];
    assert_eq!(f.kind, Kind::Jump);
    assert_eq!((f.confidence, f.doubts.clone()), (Confidence::High, vec![]));
    assert_eq!(f.date, date("2026-03-13"));
    let m = f.movement().unwrap();
    assert_eq!(
        (m.start, m.end),
        (at("2026-03-13 13:00"), at("2026-03-13 14:00"))
    );
    // 20,000 + 300 changes of 2 on average = 20,600 before it.
    assert_eq!((m.change, m.before), (3_000, 20_600));
    // The normal hour: median 2, spread √3 (MAD 1 × 1.4826 is smaller).
    assert!(close(m.excess, 2_998.0));
    assert!(close(m.spreads, 2_998.0 / 3f64.sqrt()), "{}", m.spreads);
}

#[test]
fn a_drip_of_small_hours_is_one_jump_as_long_as_the_drip() {
    // +100 an hour for 15 hours from change 300 on 20,000: no hour is 1 % of the count.
    let changes = hourly(720, |i| (300..315).contains(&i).then_some(100));
    let found = found_hourly(20_000, &changes, &[]);
    assert_eq!(found.len(), 1, "{found:?}");
    let m = found[0].movement().unwrap();
    assert_eq!(found[0].kind, Kind::Jump);
    assert_eq!(found[0].confidence, Confidence::High);
    assert_eq!(
        (m.start, m.end),
        (at("2026-03-13 13:00"), at("2026-03-14 04:00"))
    );
    assert_eq!(m.change, 1_500);
}

#[test]
fn a_rise_after_a_mention_is_explained_with_what_stayed() {
    // Readers answering the post: most at once, then fewer and fewer, 1,500 in 15 hours.
    const ANSWER: [i64; 15] = [
        300, 200, 170, 140, 120, 100, 85, 75, 65, 55, 50, 45, 40, 30, 25,
    ];
    let changes = hourly(720, |i| (300..315).contains(&i).then(|| ANSWER[i - 300]));
    // The mention went out 20 minutes into the hour the rise starts in.
    let mention = Cause {
        at: at("2026-03-13 13:20"),
        source: "@big_channel".to_owned(),
        post: "https://t.me/big_channel/77".to_owned(),
        views: Some(52_000),
        placement: false,
    };
    let found = found_hourly(20_000, &changes, std::slice::from_ref(&mention));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].kind, Kind::MentionRise);
    assert!(!found[0].kind.is_anomaly());
    let m = found[0].movement().unwrap();
    assert_eq!(m.cause.as_ref(), Some(&mention));
    // The rise ends at reading 314: the last hour's 25 is 23 beyond the normal 2, under a
    // quarter of the rise's 1,447 / 14 = 103 beyond it an hour. A week after its end (14 + 168
    // = 182 changes from reading 300): the 1,500 and 167 normal hours (55 × 6 + 1 + 2 = 333),
    // against the normal over 182 hours, 91 × 4 = 364 (windows that overlap the mention's 48
    // hours are left out of it): 1,833 − 364 = 1,469 stayed.
    assert_eq!(m.stayed, Some(1_469));
    // The same mention 7 hours before the rise explains nothing: it is a jump again.
    let early = Cause {
        at: at("2026-03-13 06:00"),
        ..mention
    };
    assert_eq!(found_hourly(20_000, &changes, &[early])[0].kind, Kind::Jump);
}

#[test]
fn a_rise_that_fades_like_an_adverts_is_at_most_medium() {
    // 3,000 readers answering an advert with no mention known: 3,000 × (1 − e^(−h/6)), the
    // hourly parts rounded, from change 300.
    let arrived = |h: f64| (3_000.0 * (1.0 - (-h / 6.0f64).exp())).round() as i64;
    let changes = hourly(720, |i| {
        (300..348)
            .contains(&i)
            .then(|| arrived((i - 299) as f64) - arrived((i - 300) as f64) + 2)
    });
    let found = found_hourly(20_000, &changes, &[]);
    let jump = found.iter().find(|f| f.kind == Kind::Jump).unwrap();
    assert_eq!(jump.doubts, vec![Doubt::Fades]);
    assert_eq!(jump.confidence, Confidence::Medium);
}

#[test]
fn a_loss_beyond_normal_is_a_drop_with_no_jump_before_it() {
    // −200 an hour for 10 hours from change 400.
    let changes = hourly(720, |i| (400..410).contains(&i).then_some(-200));
    let found = found_hourly(20_000, &changes, &[]);
    assert_eq!(found.len(), 1, "{found:?}");
    let m = found[0].movement().unwrap();
    assert_eq!(found[0].kind, Kind::Drop);
    assert_eq!((m.change, m.after_jump), (-2_000, None));
    assert_eq!(m.start, at("2026-03-17 17:00"));
}

#[test]
fn a_slow_loss_after_a_jump_is_its_drop() {
    // +5,000 and +3,000 in changes 100 and 101 (2026-03-05 05:00 to 07:00), then −20 an hour
    // for 100 hours: no window of 72 hours holds that as sudden, but 2,000 is more than a fifth
    // of the jump.
    let changes = hourly(720, |i| match i {
        100 => Some(5_000),
        101 => Some(3_000),
        102..=201 => Some(-20),
        _ => None,
    });
    let found = found_hourly(20_000, &changes, &[]);
    let kinds: Vec<Kind> = found.iter().map(|f| f.kind).collect();
    assert_eq!(kinds, vec![Kind::Jump, Kind::Drop], "{found:?}");
    let jump = found[0].movement().unwrap();
    assert_eq!((jump.change, jump.start), (8_000, at("2026-03-05 05:00")));
    let drop = found[1].movement().unwrap();
    // From the jump's end to the lowest count, at reading 202 (2026-03-09 11:00).
    assert_eq!((drop.change, drop.end), (-2_000, at("2026-03-09 11:00")));
    assert_eq!(drop.after_jump, Some(date("2026-03-05")));
}

#[test]
fn a_rise_after_a_flat_stretch_is_a_step() {
    // 40,000 subscribers, +10 once a day (0.025 % a day: flat), then +2,000 in change 200.
    let flat = hourly(720, |i| match i {
        200 => Some(2_000),
        _ if i % 24 == 23 => Some(10),
        _ => Some(0),
    });
    let found = found_hourly(40_000, &flat, &[]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].kind, Kind::Step);
    // +3 an hour is 72 a day, 0.18 % of 40,000: every hour is small, yet no day is flat.
    let growing = hourly(720, |i| Some(if i == 200 { 2_000 } else { 3 }));
    assert_eq!(found_hourly(40_000, &growing, &[])[0].kind, Kind::Jump);
}

#[test]
fn the_floor_is_a_share_and_a_number() {
    // 300 readers: nine organic ones in an hour is far beyond +1 to +3, but under 100.
    let changes = hourly(720, |i| (i == 300).then_some(9));
    assert_eq!(found_hourly(300, &changes, &[]), vec![]);
    // 2,000,000 subscribers: +9,000 in an hour is under 0.5 % of the count (10,000)…
    let big = |by: i64| hourly(720, move |i| (i == 300).then_some(by));
    assert_eq!(found_hourly(2_000_000, &big(9_000), &[]), vec![]);
    // …+12,000 is over it (a step: 48 a day is standing still for a channel of millions).
    let found = found_hourly(2_000_000, &big(12_000), &[]);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].kind, Kind::Step);
}

#[test]
fn a_small_channel_a_short_history_and_daily_counts_are_low_confidence() {
    // 600 readers and one more a day, +150 at once.
    let small = hourly(720, |i| {
        Some(if i == 300 {
            150
        } else {
            i64::from(i % 24 == 0)
        })
    });
    let found = found_hourly(600, &small, &[]);
    assert_eq!(found[0].confidence, Confidence::Low);
    assert_eq!(found[0].doubts, vec![Doubt::SmallChannel]);
    // 20 days of hours.
    let short = hourly(480, |i| (i == 300).then_some(3_000));
    assert_eq!(
        found_hourly(20_000, &short, &[])[0].doubts,
        vec![Doubt::ShortHistory]
    );
    // 90 days by day: +50 ±2 a day, +3,000 on day 40.
    let daily: Vec<i64> = (0..90)
        .map(|i| if i == 40 { 3_000 } else { 48 + 2 * (i % 3) })
        .collect();
    let found = subscriber_findings(&days(20_000, &daily), PeriodGroup::Day, &[]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].doubts, vec![Doubt::DailyOnly]);
    assert_eq!(found[0].confidence, Confidence::Low);
    // Change 40 runs from the end of 2026-04-10 through 2026-04-11.
    assert_eq!(found[0].date, date("2026-04-11"));
}

#[test]
fn confidence_is_the_lowest_its_doubts_allow() {
    assert_eq!(confidence(&[]), Confidence::High);
    assert_eq!(confidence(&[Doubt::NearNormal]), Confidence::Medium);
    assert_eq!(confidence(&[Doubt::Fades, Doubt::Gappy]), Confidence::Low);
    assert_eq!(Confidence::Medium.as_str(), "medium");
}

#[test]
fn a_weekly_rhythm_and_viral_growth_are_no_anomaly() {
    // 50,000: +10 an hour on weekdays, −2 at weekends, 90 days.
    let weekly: Vec<i64> = (0..2_160)
        .map(|h| if (h / 24) % 7 >= 5 { -2 } else { 10 })
        .collect();
    assert_eq!(found_hourly(50_000, &weekly, &[]), vec![]);
    // 24,000 and +2 an hour, then 9,000 more over four days, slowly faster and slower
    // (3x² − 2x³ of the 96 hours), from change 1,000.
    let share = |h: f64| {
        let x = (h / 96.0).clamp(0.0, 1.0);
        9_000.0 * x * x * (3.0 - 2.0 * x)
    };
    let viral: Vec<i64> = (0..2_160)
        .map(|i| {
            let h = i as f64 - 1_000.0;
            2 + (share(h + 1.0).round() - share(h).round()) as i64
        })
        .collect();
    assert_eq!(found_hourly(24_000, &viral, &[]), vec![]);
}

#[test]
fn too_short_a_history_has_no_normal() {
    let readings = days(1_000, &[5; 13]);
    assert_eq!(
        subscriber_findings(&readings, PeriodGroup::Day, &[]),
        vec![]
    );
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
    // 4.9 % < 15 / 3 = 5 %, but not under half of that: medium.
    assert_eq!(
        low_err(4.9, 50_000, today),
        Some(Finding {
            kind: Kind::LowErr,
            date: today,
            size: Size::Err {
                err: 4.9,
                usual: 15.0
            },
            confidence: Confidence::Medium,
            doubts: vec![Doubt::NearNormal],
        })
    );
    assert_eq!(
        low_err(2.4, 50_000, today).unwrap().confidence,
        Confidence::High
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
    assert_eq!(found[0].confidence, Confidence::High);
    assert_eq!(
        found[0].size,
        Size::Text("Red label: inflated subscribers".to_owned())
    );
    let names: Vec<&str> = [
        Kind::Jump,
        Kind::Drop,
        Kind::Step,
        Kind::MentionRise,
        Kind::LowErr,
    ]
    .map(Kind::as_str)
    .to_vec();
    assert_eq!(
        names,
        [
            "subscriber-jump",
            "subscriber-drop",
            "subscriber-step",
            "mention-rise",
            "low-err"
        ]
    );
}

#[test]
fn readings_a_day_by_grouping() {
    assert_eq!(readings_per_day(PeriodGroup::Hour), Some(24));
    assert_eq!(readings_per_day(PeriodGroup::Day), Some(1));
    assert_eq!(readings_per_day(PeriodGroup::Week), None);
    assert_eq!(readings_per_day(PeriodGroup::Month), None);
}
