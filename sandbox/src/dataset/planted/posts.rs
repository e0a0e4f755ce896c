//! The planted channels' own posts, read by their readers: a steady pace at hours of their own,
//! views from the organic subscribers at publication (bots never read), merged into the
//! dataset's posts without changing any generated post.

use std::collections::HashMap;

use super::super::posts::{engage, Media, Post};
use super::super::texts::{script_of, sentence};
use super::super::words::TOPICS;
use super::super::{Dataset, DAY, FUTURE_DAYS, HOUR};
use super::BATTERY;
use crate::rng::{unit_of, Rng};

/// Planted posts' service IDs start here, in age order: far above every generated post's
/// (from `POST_ID_BASE`, one per post) and below messenger IDs, so none resolves as another.
pub const PLANTED_POST_ID_BASE: u64 = 90_000_000;
/// Planted channels post over this many days before "now" (and the `FUTURE_DAYS` after it):
/// enough for a reach profile around every planted event of the health check's 90 days.
pub const PLANTED_POST_DAYS: i64 = 100;
/// A planted post signs with the channel's `@name` on one day in this many (and the newest
/// post before "now" always), so that one search for the channel's mentions finds a recent
/// message number of its own while leaving room for other channels' mentions.
const SIGNED_EVERY_DAYS: i64 = 7;

/// The posts of planted channels `first..` of `ds` (whose histories are made), newest first,
/// with their IDs, message numbers, texts, views and interactions.
pub(in super::super) fn planted_posts(ds: &Dataset, first: usize) -> Vec<Post> {
    let now = ds.now;
    let today = now - now.rem_euclid(DAY);
    let mut posts = Vec::new();
    for (k, spec) in BATTERY.iter().enumerate() {
        let c = (first + k) as u32;
        let key = ds.channels[c as usize].id;
        let mut dates = Vec::new();
        for day in -PLANTED_POST_DAYS..=FUTURE_DAYS {
            let start = today + day * DAY;
            let daily = (day + PLANTED_POST_DAYS) as u64;
            let n = (spec.posts_per_day * (0.5 + unit_of(key ^ 0x9a11, daily))).round() as u64;
            let mut times: Vec<i64> = (0..n)
                // Between 07:00 and 23:00 UTC, to the minute.
                .map(|j| 7 * HOUR + (unit_of(key ^ 0x9a12, daily * 8 + j) * 960.0) as i64 * 60)
                .collect();
            times.sort_unstable();
            let signed = (day + k as i64).rem_euclid(SIGNED_EVERY_DAYS) == 0;
            dates.extend(
                times
                    .into_iter()
                    .enumerate()
                    .map(|(j, t)| (start + t, signed && j == 0)),
            );
        }
        dates.retain(|&(t, _)| t > today - PLANTED_POST_DAYS * DAY && t <= now + FUTURE_DAYS * DAY);
        if let Some(newest) = dates.iter().rposition(|&(t, _)| t <= now) {
            dates[newest].1 = true;
        }
        let topic = TOPICS
            .iter()
            .find(|t| t.category == spec.category)
            .unwrap_or(&TOPICS[0]);
        let script = script_of(ds.channels[c as usize].language);
        let mut rng = Rng::derive(ds.seed ^ 0x9a13, key);
        for (n, (date, signed)) in dates.into_iter().enumerate() {
            let mut text = sentence(&mut rng, topic, script, 6);
            if signed {
                text.push_str(&format!(" @{}", spec.username));
            }
            posts.push(Post {
                message: n as u32 + 1,
                media: if rng.chance(0.5) {
                    Media::File
                } else {
                    Media::Absent
                },
                ..Post::new(0, c, date, text)
            });
        }
    }
    // Oldest first for the IDs, then newest first as the dataset keeps them.
    posts.sort_by(|a, b| a.date.cmp(&b.date).then(a.channel.cmp(&b.channel)));
    for (n, p) in posts.iter_mut().enumerate() {
        p.id = PLANTED_POST_ID_BASE + n as u64;
        let spec = &BATTERY[p.channel as usize - first];
        let organic = ds.organic_at(p.channel, p.date).unwrap_or(0.0);
        let luck = 0.8 + 0.4 * unit_of(ds.seed ^ 0x9a14, p.id);
        let views = (organic * spec.err * luck) as u32 + 1;
        engage(p, views, &mut Rng::derive(ds.seed ^ 0x9a15, p.id));
    }
    posts.reverse();
    posts
}

/// Where posts are, by service ID: generated ones by age (ID − `POST_ID_BASE`), planted ones
/// by ID − [`PLANTED_POST_ID_BASE`].
#[derive(Default)]
pub struct PostIds {
    pub(in super::super) generated: Vec<u32>,
    pub(in super::super) planted: Vec<u32>,
}

/// Merges `planted` (newest first) into `ds.posts`, which stays newest first (a generated
/// post before a planted one of the same second), and moves every index that names a post:
/// reposts and links, their lists, and each channel's posts.
pub(in super::super) fn merge_posts(ds: &mut Dataset, planted: Vec<Post>) -> PostIds {
    let old = std::mem::take(&mut ds.posts);
    let generated = old.len();
    let mut merged = Vec::with_capacity(generated + planted.len());
    let mut moved = Vec::with_capacity(generated);
    let mut ids = PostIds {
        generated: Vec::with_capacity(generated),
        planted: vec![0; planted.len()],
    };
    let mut old = old.into_iter().peekable();
    let mut planted = planted.into_iter().peekable();
    loop {
        let take_old = match (old.peek(), planted.peek()) {
            (Some(g), Some(p)) => g.date >= p.date,
            (Some(_), None) => true,
            (None, Some(_)) => false,
            (None, None) => break,
        };
        let at = merged.len() as u32;
        if take_old {
            moved.push(at);
            merged.extend(old.next());
        } else if let Some(p) = planted.next() {
            ids.planted[(p.id - PLANTED_POST_ID_BASE) as usize] = at;
            merged.push(p);
        }
    }
    let to = |i: u32| moved[i as usize];
    for p in &mut merged {
        p.forward_of = p.forward_of.map(to);
        p.mention_of = p.mention_of.map(to);
    }
    let relink = |links: &mut HashMap<u32, Vec<u32>>| {
        *links = links
            .drain()
            .map(|(k, v)| (to(k), v.into_iter().map(to).collect()))
            .collect();
    };
    relink(&mut ds.forwards);
    relink(&mut ds.mentions);
    for c in &mut ds.channels {
        c.posts.iter_mut().for_each(|i| *i = to(*i));
    }
    for (i, p) in merged.iter().enumerate().rev() {
        if p.id >= PLANTED_POST_ID_BASE {
            ds.channels[p.channel as usize].posts.push(i as u32);
        }
    }
    ids.generated = moved.into_iter().rev().collect();
    ds.posts = merged;
    ids
}
