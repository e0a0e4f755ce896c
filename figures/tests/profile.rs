//! The reach profile on exact posts: reach at 12, 24 and 48 h, ERR, ERR24, ER, posts per day,
//! the share of reposts, skipped message numbers and albums counted once.

use chanscope_figures::engagement::{Missing, PostCounts};
use chanscope_figures::growth::Growth;
use chanscope_figures::named::Value;
use chanscope_figures::profile::{message_numbers, Probe, Profile, ProfilePost};
use chrono::{NaiveDateTime, TimeDelta};

fn at(s: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
}

/// A post published at `published` gaining `per_hour` views for `hours` hours.
fn post(message: u64, published: &str, per_hour: f64, hours: i64) -> ProfilePost {
    let start = at(published);
    let views = (per_hour * hours as f64) as u64;
    ProfilePost {
        message,
        counts: PostCounts {
            views,
            shares: views / 100,
            comments: 0,
            reactions: views / 100,
            deleted: false,
        },
        growth: (0..hours)
            .map(|h| Growth {
                at: start + TimeDelta::hours(h),
                views: per_hour,
            })
            .collect(),
        repost: None,
        album: None,
    }
}

#[test]
fn message_numbers_run_down_from_the_newest() {
    assert_eq!(message_numbers(105, 3), vec![105, 104, 103]);
    assert_eq!(message_numbers(2, 20), vec![2, 1]);
    assert_eq!(message_numbers(1_000, 500).len(), 100);
}

#[test]
fn the_profile_of_three_posts_a_missing_number_and_an_album() {
    let a = ProfilePost {
        repost: Some(false),
        ..post(10, "2026-03-01 10:00", 10.0, 60)
    };
    let b = ProfilePost {
        repost: Some(true),
        ..post(9, "2026-03-03 10:00", 20.0, 30)
    };
    // An album of two: 8 (600 views) stands for 7 (300 views).
    let album = |message, per_hour| ProfilePost {
        album: Some(55),
        repost: Some(false),
        ..post(message, "2026-03-05 10:00", per_hour, 60)
    };
    let probes = [
        Probe::Found(album(8, 10.0)),
        Probe::Found(a),
        Probe::Missing,
        Probe::Found(b),
        Probe::Found(album(7, 5.0)),
    ];
    let profile = Profile::of(&probes, Some(4_000));
    assert_eq!(profile.publications, 3);
    assert_eq!(profile.skipped, 1);
    assert_eq!(profile.folded, 1);
    // At 12 h: 120 (album), 120 (a), 240 (b).
    assert_eq!(profile.average_reach[0], Ok(160.0));
    assert_eq!(profile.median_reach[0], Ok(120.0));
    // At 24 h: 240, 240, 480.
    assert_eq!(profile.average_reach[1], Ok(320.0));
    assert_eq!(profile.median_reach[1], Ok(240.0));
    // At 48 h b's 30 hours are not enough: 480 and 480.
    assert_eq!(profile.average_reach[2], Ok(480.0));
    assert_eq!(profile.median_reach[2], Ok(480.0));
    // Views now: 600, 600, 600 → 600 / 4,000.
    assert_eq!(profile.err, Ok(15.0));
    assert_eq!(profile.err24, Ok(8.0));
    // Every post's ER (the album's two included) is 2 %.
    assert_eq!(profile.er, Ok(2.0));
    // 3 publications from 03-01 10:00 to 03-05 10:00: 4 days.
    assert_eq!(profile.posts_per_day, Ok(0.75));
    // b of the three.
    assert_eq!(profile.repost_share, Ok(1.0 / 3.0 * 100.0));

    let named = profile.named();
    let value = |name: &str| named.iter().find(|n| n.name == name).unwrap().value.clone();
    assert_eq!(value("posts"), Value::Count(3));
    assert_eq!(value("skipped"), Value::Count(1));
    assert_eq!(value("average_reach_24h"), Value::Number(Ok(320.0)));
    assert_eq!(value("err24_percent"), Value::Number(Ok(8.0)));
}

#[test]
fn nothing_found_has_no_figures() {
    let profile = Profile::of(&[Probe::Missing, Probe::Missing], Some(1_000));
    assert_eq!(profile.skipped, 2);
    assert_eq!(profile.average_reach[1], Err(Missing::NoPosts));
    assert_eq!(profile.err, Err(Missing::NoPosts));
    assert_eq!(profile.posts_per_day, Err(Missing::NoPosts));
    // Post statistics do not tell reposts: no share rather than 0 %.
    let one = Profile::of(&[Probe::Found(post(3, "2026-03-01 10:00", 10.0, 30))], None);
    assert_eq!(one.repost_share, Err(Missing::NoPosts));
    assert_eq!(one.err24, Err(Missing::NoSubscribers));
    assert_eq!(one.posts_per_day, Err(Missing::NoPosts));
}
