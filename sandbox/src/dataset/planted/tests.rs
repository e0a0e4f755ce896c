//! The planted channels as generated: where their events are and what they bring.

use super::super::{Dataset, Size};
use super::*;

const NOW: i64 = 1_767_225_600;

fn planted(ds: &Dataset, name: &str) -> u32 {
    ds.channel_by_username(name).unwrap()
}

#[test]
fn planted_channels_come_after_every_generated_one() {
    let ds = Dataset::generate(1, Size::Small, NOW);
    assert_eq!(ds.channels.len(), 200 + BATTERY.len());
    assert_eq!(planted(&ds, "bought_jump_news"), 200);
    assert!(ds.channels[..200].iter().all(|c| c.arrivals.is_empty()));
}

#[test]
fn a_bought_jump_arrives_in_one_hour_and_is_partly_lost() {
    let ds = Dataset::generate(1, Size::Small, NOW);
    let c = planted(&ds, "bought_jump_news");
    let at = ds.channels[c as usize].arrivals[0].at;
    assert_eq!(at, NOW - 20 * DAY + 14 * HOUR);
    let before = ds.participants_at(c, at - 1).unwrap() as i64;
    let after = ds.participants_at(c, at).unwrap() as i64;
    assert!(
        (7_950..=8_050).contains(&(after - before)),
        "{}",
        after - before
    );
    // Ten days on, about 40 % × (1 − e^(−10/3)) of it is gone, against 20 days of growth.
    let later = ds.participants_at(c, at + 10 * DAY).unwrap() as i64;
    assert!(later < after - 2_000, "{after} → {later}");
    assert!(
        (29_900..=30_100).contains(&(ds.participants(c) as i64)),
        "{}",
        ds.participants(c)
    );
}

#[test]
fn the_smooth_channel_grows_every_day() {
    let ds = Dataset::generate(1, Size::Small, NOW);
    let c = planted(&ds, "smooth_growth");
    let days: Vec<u64> = (0..90)
        .map(|d| ds.participants_at(c, NOW - d * DAY).unwrap())
        .collect();
    assert!(days.windows(2).all(|w| w[0] > w[1]), "{days:?}");
}

/// The posts of other channels than `c` whose text names `name`, newest first.
fn adverts_of(ds: &Dataset, c: u32, name: &str) -> Vec<usize> {
    ds.visible()
        .filter(|&i| ds.posts[i].channel != c && ds.posts[i].text.contains(name))
        .collect()
}

#[test]
fn adverts_go_into_three_generated_posts_and_bring_subscribers_after_each() {
    let ds = Dataset::generate(1, Size::Small, NOW);
    let c = planted(&ds, "pocket_finance_tips");
    let adverts = adverts_of(&ds, c, "pocket_finance_tips");
    assert_eq!(adverts.len(), 3);
    let channel = &ds.channels[c as usize];
    let spec = &BATTERY[c as usize - 200];
    assert_eq!(channel.adverts.len(), 3);
    // Oldest first: the adverts of 12, 8 and 4 days ago, each within a day of its time, each
    // bringing its conversion of its post's views.
    for ((&i, placed), (advert, (days, hours))) in adverts
        .iter()
        .rev()
        .zip(&channel.adverts)
        .zip(spec.adverts.iter().zip([(12, 10), (8, 3), (4, 15)]))
    {
        let p = &ds.posts[i];
        assert_eq!(ds.post_by_id(placed.post), Some(i as u32));
        assert_eq!((p.date, p.final_views), (placed.at, placed.views));
        assert!((p.date - (NOW - days * DAY - hours * HOUR)).abs() <= 24 * HOUR);
        assert!(p.forward_of.is_none() && p.mention_of.is_none() && !p.deleted);
        assert!((p.channel as usize) < 200, "a generated channel's post");
        assert!(advert.conversion <= 0.1);
        assert_eq!(
            placed.subscribers,
            advert.conversion * f64::from(p.final_views)
        );
        // A visible rise: the first two days bring at least 2 % of the count before.
        let before = ds.participants_at(c, p.date - 1).unwrap() as f64;
        let gain = ds.participants_at(c, p.date + 2 * DAY).unwrap() as f64 - before;
        assert!(gain >= 0.02 * before, "{gain} on {before}");
    }
    assert!(ds.posts[adverts[1]].text.ends_with(" @pocket_finance_tips"));
    assert!(ds.posts[adverts[0]]
        .text
        .ends_with(" t.me/pocket_finance_tips"));
    // Its first day: the advert's subscribers × (1 − e^(−24/10)) (less 10 % of them over 10
    // days, and plus 20 a day of its own growth).
    let first = &channel.adverts[0];
    let day = ds.participants_at(c, first.at + DAY).unwrap() as f64
        - ds.participants_at(c, first.at).unwrap() as f64;
    let planted = first.subscribers * (1.0 - (-2.4f64).exp());
    assert!(
        (day - planted).abs() <= 0.03 * planted + 30.0,
        "{day} of {planted}"
    );
    // No hour near 2 % of 25,000: the first hour brings 1 − e^(−1/10) of it.
    let most = (0..48)
        .map(|h| {
            ds.participants_at(c, first.at + (h + 1) * HOUR).unwrap() as i64
                - ds.participants_at(c, first.at + h * HOUR).unwrap() as i64
        })
        .max()
        .unwrap();
    assert!(most < 250, "{most}");
}

#[test]
fn the_thin_reach_channel_reaches_a_hundredth_of_its_subscribers() {
    let ds = Dataset::generate(1, Size::Small, NOW);
    let c = ds.thin_reach.expect("a thin-reach channel");
    let channel = &ds.channels[c as usize];
    assert!(channel.posts.len() >= 20 && channel.peer == Peer::Channel);
    // Every post: 0.8 to 1.2 % of the subscribers when it was published (plus one view).
    for &p in &channel.posts {
        let post = &ds.posts[p as usize];
        let audience = ds.history_at(c, post.date).unwrap() as f64;
        let share = f64::from(post.final_views - 1) / audience;
        assert!((0.0079..=0.0121).contains(&share), "{share}");
    }
    // The largest channel with 20 posts: none bigger qualifies.
    let size = ds.participants(c);
    assert!(ds.channels[..200]
        .iter()
        .enumerate()
        .all(|(i, o)| o.posts.len() < 20
            || o.peer != Peer::Channel
            || ds.participants(i as u32) <= size));
}
