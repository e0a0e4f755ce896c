//! The health check's rules on patient sellers, on exact hourly counts: a daily rhythm learnt and
//! taken out, a channel that is never flat, an even rate over days (a box) beside a viral climb
//! of the same size, and mentions that explain at most what their readers could bring and only a
//! rise shaped as an answer.

use chanscope_figures::health::series::Series;
use chanscope_figures::health::{Cause, Confidence, Kind, Shape};

mod health_counts;
use health_counts::*;

#[test]
fn an_even_rate_after_a_mention_is_not_its_answer() {
    // +100 an hour for 15 hours, from the hour of the mention: readers of a post come most at
    // once, then fewer; an even rate that stops at once is how bots are delivered.
    let changes = hourly(720, |i| (300..315).contains(&i).then_some(100));
    let mention = Cause {
        at: at("2026-03-13 13:20"),
        source: "@big_channel".to_owned(),
        post: "https://t.me/big_channel/77".to_owned(),
        views: Some(52_000),
        placement: false,
    };
    let found = found_hourly(20_000, &changes, std::slice::from_ref(&mention));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].kind, Kind::Jump);
    let m = found[0].movement().unwrap();
    assert_eq!(m.shape, Some(Shape::Box));
    assert!(m.unlike_answer);
    assert_eq!(m.cause, None);
    assert_eq!(m.change, 1_500);
}

#[test]
fn a_rise_beyond_what_its_mentions_views_could_bring_is_judged_as_any_rise() {
    // 20,000 saw the post; 7,000 came within the hour after it and 400 over the next hours.
    // A tenth of the views, 2,000, is the most the post explains: 5,400 more is beyond it.
    let changes = hourly(720, |i| match i {
        300 => Some(7_100),
        301..=304 => Some(100),
        _ => None,
    });
    let mention = Cause {
        at: at("2026-03-13 12:20"),
        source: "@small_channel".to_owned(),
        post: "https://t.me/small_channel/5".to_owned(),
        views: Some(20_000),
        placement: false,
    };
    let found = found_hourly(80_000, &changes, std::slice::from_ref(&mention));
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].kind, Kind::BeyondMention);
    assert!(found[0].kind.is_anomaly());
    assert_eq!(found[0].confidence, Confidence::High);
    let m = found[0].movement().unwrap();
    assert_eq!(m.explains, Some(2_000.0));
    assert_eq!(m.cause.as_ref(), Some(&mention));
    // With 80,000 views the same rise is within a tenth of them: explained.
    let seen_more = Cause {
        views: Some(80_000),
        ..mention.clone()
    };
    let found = found_hourly(80_000, &changes, &[seen_more]);
    assert_eq!(found[0].kind, Kind::MentionRise);
    assert_eq!(found[0].movement().unwrap().explains, Some(8_000.0));
    // Two posts an hour apart, 40,000 views each, explain it together.
    let pair = [
        Cause {
            views: Some(40_000),
            ..mention.clone()
        },
        Cause {
            at: at("2026-03-13 11:50"),
            views: Some(40_000),
            ..mention
        },
    ];
    let found = found_hourly(80_000, &changes, &pair);
    assert_eq!(found[0].kind, Kind::MentionRise);
    assert_eq!(found[0].movement().unwrap().explains, Some(8_000.0));
}

#[test]
fn a_channel_that_gains_by_day_and_loses_by_night_is_not_flat() {
    // +40 an hour from 06:00 to 17:59, −40 from 18:00 to 05:59: every day adds up to nothing,
    // yet every day's counts range over 480. A purchase of 2,000 in change 494 is a jump,
    // not a step after a flat stretch, and the nights after it are no drop.
    let rhythm = |i: usize| if (6..18).contains(&(i % 24)) { 40 } else { -40 };
    let changes: Vec<i64> = (0..720)
        .map(|i| {
            if i == 20 * 24 + 14 {
                2_000
            } else {
                rhythm(i + 1)
            }
        })
        .collect();
    let found = found_hourly(40_000, &changes, &[]);
    let kinds: Vec<Kind> = found.iter().map(|f| f.kind).collect();
    assert_eq!(kinds, vec![Kind::Jump], "{found:?}");
    let m = found[0].movement().unwrap();
    // Change 494 starts at reading 494, the count as of 2026-03-21 15:00.
    assert_eq!(m.start, at("2026-03-21 15:00"));
    assert_eq!(m.change, 2_000);
}

#[test]
fn the_daily_rhythm_is_learnt_and_taken_out() {
    // The same rhythm: each hour's median change is +40 or −40 around a mean of 0, a range of
    // 80 against a spread of what it leaves of 1 (every change is its hour's median).
    let changes: Vec<i64> = (0..720)
        .map(|i| {
            if (6..18).contains(&((i + 1) % 24)) {
                40
            } else {
                -40
            }
        })
        .collect();
    let series = Series::new(&hours(40_000, &changes), 3_600).unwrap();
    let rhythm = series.rhythm(&[]).unwrap();
    assert_eq!(rhythm.len(), 24);
    // The change that starts at 05:00 (reading 5 → 6) is the one from 05:00 to 06:00.
    assert_eq!(
        (rhythm[5], rhythm[6], rhythm[17], rhythm[18]),
        (-40.0, 40.0, 40.0, -40.0)
    );
    let flat = series.without_rhythm(&[]);
    assert!(
        flat.counts.iter().all(|c| *c == Some(40_000)),
        "{:?}",
        &flat.counts[..30]
    );
    // Under 14 days, no rhythm is read.
    let short = Series::new(&hours(40_000, &changes[..300]), 3_600).unwrap();
    assert_eq!(short.rhythm(&[]), None);
    // Nor one within 3 spreads: +1, +2, +3 in turn.
    let mild = Series::new(&hours(40_000, &hourly(720, |_| None)), 3_600).unwrap();
    assert_eq!(mild.rhythm(&[]), None);
}

#[test]
fn bots_at_an_even_rate_over_two_days_are_a_box() {
    // 80,000 subscribers growing 10 an hour; 100 more an hour for 48 hours from change 1,000
    // (reading 1,000 is the count as of 2026-04-11 17:00): every day-long window inside moves like its neighbours, but the 48
    // hours start and stop at once.
    let changes: Vec<i64> = (0..2_160)
        .map(|i| 10 + (i % 3) as i64 - 1 + if (1_000..1_048).contains(&i) { 100 } else { 0 })
        .collect();
    let found = found_hourly(80_000, &changes, &[]);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(found[0].kind, Kind::Jump);
    assert_eq!(found[0].confidence, Confidence::High);
    let m = found[0].movement().unwrap();
    assert_eq!(m.shape, Some(Shape::Box));
    assert_eq!(
        (m.start, m.end),
        (at("2026-04-11 17:00"), at("2026-04-13 17:00"))
    );
    // 48 hours of 110 (and the +1, +2, +3 around 10 leave 10 a hour in every three).
    assert_eq!(m.change, 48 * 10 + 4_800);
    // A viral climb of the same 4,800 over the same hours, slow then fast then slow, is no
    // finding.
    let ramp = |h: f64| {
        let x = (h / 48.0).clamp(0.0, 1.0);
        4_800.0 * x * x * (3.0 - 2.0 * x)
    };
    let viral: Vec<i64> = (0..2_160)
        .map(|i| {
            let h = i as f64 - 1_000.0;
            10 + (i % 3) as i64 - 1 + (ramp(h + 1.0).round() - ramp(h).round()) as i64
        })
        .collect();
    assert_eq!(found_hourly(80_000, &viral, &[]), vec![]);
}
