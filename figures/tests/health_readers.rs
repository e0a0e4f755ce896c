//! The readers' signal on exact numbers: ERR24 before and after a rise, the share of newcomers
//! who read, when it cannot tell, and what it does to a finding and to the verdict.

use chanscope_figures::health::readers::{judged, readers, windows, Follow, ReadPost};
use chanscope_figures::health::verdict::{State, Verdict};
use chanscope_figures::health::{Cause, Confidence, Doubt, Finding, Kind, Movement, Size};
use chrono::{NaiveDate, NaiveDateTime};

fn at(day: u32, hour: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 3, day)
        .unwrap()
        .and_hms_opt(hour, 0, 0)
        .unwrap()
}

/// A rise from 20,000 to 30,000 between 10 March 12:00 and 11 March 12:00.
fn rise() -> Movement {
    Movement {
        start: at(10, 12),
        end: at(11, 12),
        change: 10_000,
        excess: 9_900.0,
        spreads: 400.0,
        before: 20_000,
        cause: None,
        stayed: None,
        shape: None,
        explains: None,
        unlike_answer: false,
        readers: None,
        after_jump: None,
    }
}

/// Posts at 12:00 on `days` with `reaches`.
fn posts(days: &[u32], reaches: &[f64]) -> Vec<ReadPost> {
    days.iter()
        .zip(reaches)
        .map(|(&d, &reach)| ReadPost {
            published: at(d, 12),
            reach,
        })
        .collect()
}

fn finding(kind: Kind, confidence: Confidence, doubts: Vec<Doubt>) -> Finding {
    Finding {
        kind,
        date: at(10, 12).date(),
        size: Size::Subscribers(rise()),
        confidence,
        doubts,
    }
}

#[test]
fn the_windows_leave_out_the_day_before_the_rise() {
    let [before, after] = windows(&rise());
    assert_eq!(before, (at(2, 12), at(9, 12)));
    assert_eq!(after, (at(11, 12), at(18, 12)));
}

#[test]
fn bots_leave_the_reach_where_it_was() {
    // Reach 4,000 before (ERR24 20 %), 4,000 after on 30,000 (13.33 %): nobody new reads.
    let before = posts(&[5, 6, 7, 8], &[3_800.0, 4_000.0, 4_200.0, 4_000.0]);
    let after = posts(&[12, 13, 14, 15], &[4_100.0, 3_900.0, 4_000.0, 4_000.0]);
    let all: Vec<ReadPost> = before.into_iter().chain(after).collect();
    let r = readers(&rise(), &all);
    assert_eq!((r.posts_before, r.posts_after), (4, 4));
    assert_eq!(
        (r.reach_before, r.reach_after),
        (Some(4_000.0), Some(4_000.0))
    );
    assert_eq!(r.err_before, Some(20.0));
    assert!((r.err_after.unwrap() - 13.333_333).abs() < 1e-5);
    assert_eq!(r.followed, Some(0.0));
    assert_eq!(r.follow, Follow::NotFollowed);
}

#[test]
fn readers_who_came_raise_the_reach_in_step() {
    // 6,000 after on 30,000: ERR24 stays 20 %, all of the newcomers read.
    let before = posts(&[5, 6, 7, 8], &[3_800.0, 4_000.0, 4_200.0, 4_000.0]);
    let after = posts(&[12, 13, 14, 15], &[6_100.0, 5_900.0, 6_000.0, 6_000.0]);
    let all: Vec<ReadPost> = before.into_iter().chain(after).collect();
    let r = readers(&rise(), &all);
    assert_eq!(r.err_after, Some(20.0));
    assert_eq!(r.followed, Some(1.0));
    assert_eq!(r.follow, Follow::Followed);
}

#[test]
fn posts_too_far_apart_to_tell_or_too_few_are_said_so() {
    // Reaches that vary by half either way: ln 1.5 of spread against a change of ln 1.5.
    let before = posts(&[5, 6, 7, 8], &[2_000.0, 4_000.0, 6_000.0, 4_000.0]);
    let after = posts(&[12, 13, 14, 15], &[3_000.0, 5_000.0, 7_000.0, 5_000.0]);
    let all: Vec<ReadPost> = before.iter().chain(&after).copied().collect();
    let r = readers(&rise(), &all);
    assert_eq!(r.follow, Follow::Unclear);
    assert_eq!(r.followed, Some(0.5));
    // Two posts after it: too few. One published within the day before the rise is not read.
    let few: Vec<ReadPost> = before
        .iter()
        .chain(&after[..2])
        .copied()
        .chain([ReadPost {
            published: at(10, 0),
            reach: 9_000.0,
        }])
        .collect();
    let r = readers(&rise(), &few);
    assert_eq!((r.posts_before, r.posts_after), (4, 2));
    assert_eq!(r.follow, Follow::TooFew);
    assert_eq!(r.followed, None);
    // The latest six before it and the earliest six after it are read.
    let many: Vec<ReadPost> = (1..=9)
        .map(|d| ReadPost {
            published: at(d, 0),
            reach: 4_000.0,
        })
        .chain((12..=20).map(|d| ReadPost {
            published: at(d, 0),
            reach: 4_000.0,
        }))
        .collect();
    let r = readers(&rise(), &many);
    // Before: 3 to 9 March 00:00 is within 2 March 12:00 – 9 March 12:00, the six latest.
    // After: 12 to 18 March 00:00 is within 11 March 12:00 – 18 March 12:00, the six earliest.
    assert_eq!((r.posts_before, r.posts_after), (6, 6));
}

#[test]
fn the_readers_move_a_findings_confidence() {
    let quiet = posts(&[5, 6, 7, 8, 12, 13, 14, 15], &[4_000.0; 8]);
    let followed = posts(
        &[5, 6, 7, 8, 12, 13, 14, 15],
        &[
            4_000.0, 4_000.0, 4_000.0, 4_000.0, 6_000.0, 6_000.0, 6_000.0, 6_000.0,
        ],
    );
    let jump = finding(Kind::Jump, Confidence::Medium, vec![Doubt::NearNormal]);
    let sure = judged(&jump, readers(&rise(), &quiet));
    assert_eq!((sure.kind, sure.confidence), (Kind::Jump, Confidence::High));
    assert_eq!(
        sure.movement().unwrap().readers.as_ref().unwrap().follow,
        Follow::NotFollowed
    );
    let doubted = judged(&jump, readers(&rise(), &followed));
    assert_eq!(doubted.confidence, Confidence::Low);
    assert_eq!(
        doubted.doubts,
        vec![Doubt::NearNormal, Doubt::ReadersFollowed]
    );
    // A rise a mention explains, whose newcomers do not read, is beyond the mention.
    let explained = finding(Kind::MentionRise, Confidence::High, vec![]);
    let masked = judged(&explained, readers(&rise(), &quiet));
    assert_eq!(
        (masked.kind, masked.confidence),
        (Kind::BeyondMention, Confidence::Medium)
    );
    let real = judged(&explained, readers(&rise(), &followed));
    assert_eq!(
        (real.kind, real.confidence),
        (Kind::MentionRise, Confidence::High)
    );
}

#[test]
fn a_clean_verdict_is_sure_only_once_its_explained_rises_readers_followed() {
    let mention = Cause {
        at: at(10, 11),
        source: "@big".to_owned(),
        post: "https://t.me/big/1".to_owned(),
        views: Some(200_000),
        placement: false,
    };
    let mut explained = finding(Kind::MentionRise, Confidence::High, vec![]);
    if let Size::Subscribers(m) = &mut explained.size {
        m.cause = Some(mention);
    }
    let unread = Verdict::of(std::slice::from_ref(&explained), &[]);
    assert_eq!(unread.state, State::Clean);
    assert_eq!(unread.confidence, Confidence::Medium);
    assert_eq!(unread.doubts, vec![Doubt::ReadersUnchecked]);
    let followed = posts(
        &[5, 6, 7, 8, 12, 13, 14, 15],
        &[
            4_000.0, 4_000.0, 4_000.0, 4_000.0, 6_000.0, 6_000.0, 6_000.0, 6_000.0,
        ],
    );
    let read = judged(&explained, readers(&rise(), &followed));
    let sure = Verdict::of(&[read], &[]);
    assert_eq!(
        (sure.state, sure.confidence),
        (State::Clean, Confidence::High)
    );
    // No rise at all: nothing to check.
    assert_eq!(Verdict::of(&[], &[]).confidence, Confidence::High);
}

#[test]
fn the_messages_around_a_rise_are_estimated_from_the_known_posts() {
    // Two posts a day at 00:00 and 12:00: message 100 at 20 March 12:00, 99 at 00:00, ….
    let known: Vec<(u64, NaiveDateTime)> = (0..10)
        .map(|k| {
            (
                100 - k,
                at(20, 12) - chrono::TimeDelta::hours(12 * k as i64),
            )
        })
        .collect();
    let numbers = chanscope_figures::health::readers::messages_to_read(&rise(), &known);
    // Before: 9 March 12:00 is 11 days (22 posts) before 20 March 12:00: message 78; it and
    // the five before, two more on each end: 71 to 80. After: 11 March 12:00 is message 82:
    // 80 to 89. Newest first, once each.
    let want: Vec<u64> = (71..=89).rev().collect();
    assert_eq!(numbers, want);
    assert!(chanscope_figures::health::readers::messages_to_read(&rise(), &known[..1]).is_empty());
}
