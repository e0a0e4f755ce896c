//! Posts: their texts and dates per channel, their global order and IDs, reposts, links,
//! deletions and media, and their engagement.

use std::collections::HashMap;

use super::texts::{embolden, script_of, sentence};
use super::words::{Script, TOPICS};
use super::{
    Channel, Dataset, Size, BROAD_FIRST_DAY, BROAD_KEYWORD, DAY, FUTURE_DAYS, HOUR, POST_ID_BASE,
    POST_SPAN_DAYS, RISE_DAYS, RISING_KEYWORD,
};
use crate::rng::{unit_of, Rng};
use crate::search::tokens::each_word;

/// The shapes in which the service sends `media`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Media {
    Absent,
    Null,
    EmptyArray,
    /// `{media_type, mime_type, size}`.
    File,
    /// `{media_type, caption, file_size, file_url, file_thumbnail_url}`.
    Described,
}

pub struct Post {
    pub id: u64,
    pub channel: u32,
    pub message: u32,
    pub date: i64,
    /// Views once the 15-day growth is over; see [`Dataset::views_at`].
    pub final_views: u32,
    pub shares: u32,
    pub comments: u32,
    pub reactions: u32,
    /// The post this one reposts.
    pub forward_of: Option<u32>,
    /// The post this one links to.
    pub mention_of: Option<u32>,
    pub deleted: bool,
    pub media: Media,
    pub text: String,
}

/// A post before the global ordering gives it an ID and a message number.
pub(super) struct Draft {
    channel: u32,
    date: i64,
    text: String,
}

impl Dataset {
    /// Final views and interactions of every post, in the ranges real channels show: ERR (views
    /// over the channel's audience when it was posted) is the channel's usual reach, 8–45% and
    /// the same for all its posts, times the post's own luck, 0.6–1.4; ER (shares, comments and
    /// reactions over views) is 0.4–12%, spread evenly on a log scale (median about 2%), most of
    /// it reactions.
    pub(super) fn count_engagement(&mut self) {
        for i in 0..self.posts.len() {
            let p = &self.posts[i];
            let mut rng = Rng::derive(self.seed ^ 0xe4a9, p.id);
            let channel_id = self.channels[p.channel as usize].id;
            let usual = 0.08 * (0.45f64 / 0.08).powf(unit_of(self.seed ^ 0xe44c, channel_id));
            let reach = usual * (0.6 + 0.8 * rng.unit());
            let audience = self.history_at(p.channel, p.date).unwrap_or(100).max(50) as f64;
            let views = (audience * reach).min(f64::from(u32::MAX / 2)) as u32 + 1;
            engage(&mut self.posts[i], views, &mut rng);
        }
    }
}

/// Gives `post` its final `views` and the shares, comments and reactions that come with them:
/// ER (their sum over views) 0.4–12 %, spread evenly on a log scale, most of it reactions.
pub(super) fn engage(post: &mut Post, views: u32, rng: &mut Rng) {
    let er = 0.004 * 30f64.powf(rng.unit());
    let interactions = f64::from(views) * er;
    let reacted = 0.6 + 0.2 * rng.unit();
    let shared = (1.0 - reacted) * (0.4 + 0.3 * rng.unit());
    post.final_views = views;
    post.reactions = (interactions * reacted).round() as u32;
    post.shares = (interactions * shared).round() as u32;
    post.comments = (interactions * (1.0 - reacted - shared)).round() as u32;
}

pub(super) fn draft_posts(seed: u64, size: Size, now: i64, channels: &[Channel]) -> Vec<Draft> {
    let mean = size.posts() as f64 / channels.len() as f64;
    let ahead = FUTURE_DAYS * DAY;
    let mut drafts = Vec::with_capacity(size.posts() + size.posts() / 4);
    for (ci, c) in channels.iter().enumerate() {
        let mut rng = Rng::derive(seed ^ 0x9057, c.id);
        let u = rng.unit();
        let count = 1 + (u * u * 3.0 * mean) as u64;
        // Never in the hour the channel was created, so its first post comes after it.
        let first = (c.created_at + HOUR).max(now - POST_SPAN_DAYS * DAY);
        let span = (now - 60 - first).max(60) as u64;
        let topic = TOPICS
            .iter()
            .find(|t| t.category == c.category)
            .unwrap_or(&TOPICS[0]);
        let script = script_of(c.language);
        let write = |rng: &mut Rng| {
            let mut text = String::new();
            for s in 0..rng.range(1, 3) {
                if s > 0 {
                    text.push(' ');
                }
                text.push_str(&sentence(rng, topic, script, 6));
            }
            if rng.chance(0.1) {
                text = embolden(rng, &text);
            }
            text
        };
        let start = drafts.len();
        for _ in 0..count {
            let text = write(&mut rng);
            drafts.push(Draft {
                channel: ci as u32,
                date: first + rng.below(span) as i64,
                text,
            });
        }
        // A stream of their own, so that the posts up to now do not depend on these.
        let mut later = Rng::derive(seed ^ 0xf07e, c.id);
        let expected = count as f64 * ahead as f64 / span as f64;
        for _ in 0..(expected + later.unit()) as u64 {
            let text = write(&mut later);
            drafts.push(Draft {
                channel: ci as u32,
                date: now + 1 + later.below(ahead as u64) as i64,
                text,
            });
        }
        // Drawn apart from the texts and dates, which thus stay what they were without it.
        let mut rising = Rng::derive(seed ^ 0x1a5e, c.id);
        for draft in &mut drafts[start..] {
            if rising.chance(rising_share(now, draft.date)) {
                draft.text.push_str(" #");
                draft.text.push_str(RISING_KEYWORD);
            }
        }
    }
    drafts
}

/// The share of posts dated `t` that mention [`RISING_KEYWORD`]: none until [`RISE_DAYS`]
/// before `now`, then one in 30, growing at a steady rate to one in 2 at `now` and on past it.
fn rising_share(now: i64, t: i64) -> f64 {
    if t < now - RISE_DAYS * DAY {
        return 0.0;
    }
    0.5 * 15f64.powf((t - now) as f64 / (RISE_DAYS * DAY) as f64)
}

/// Newest first; equal dates keep the channel order so the result never depends on sorting
/// stability.
pub(super) fn order_posts(mut drafts: Vec<Draft>) -> Vec<Post> {
    drafts.sort_by(|a, b| b.date.cmp(&a.date).then(a.channel.cmp(&b.channel)));
    let n = drafts.len() as u64;
    drafts
        .into_iter()
        .enumerate()
        .map(|(i, d)| Post::new(POST_ID_BASE + (n - 1 - i as u64), d.channel, d.date, d.text))
        .collect()
}

impl Post {
    /// A post of `channel` at `date` saying `text`, before its message number, engagement,
    /// links and media are decided.
    pub(super) fn new(id: u64, channel: u32, date: i64, text: String) -> Post {
        Post {
            id,
            channel,
            message: 0,
            date,
            final_views: 0,
            shares: 0,
            comments: 0,
            reactions: 0,
            forward_of: None,
            mention_of: None,
            deleted: false,
            media: Media::Absent,
            text,
        }
    }
}

pub(super) type Links = HashMap<u32, Vec<u32>>;

/// Reposts, links between posts, deletions and media, decided once message numbers are known.
pub(super) fn link_posts(seed: u64, posts: &mut [Post], channels: &[Channel]) -> (Links, Links) {
    let mut forwards: Links = HashMap::new();
    let mut mentions: Links = HashMap::new();
    let n = posts.len();
    // Oldest first, so a source's text is final before it is copied or linked.
    for i in (0..n).rev() {
        let mut rng = Rng::derive(seed ^ 0x11ac, posts[i].id);
        let older = n - i - 1;
        posts[i].deleted = rng.chance(0.03);
        posts[i].media = match rng.below(100) {
            0..=34 => Media::Absent,
            35..=44 => Media::Null,
            45..=49 => Media::EmptyArray,
            50..=79 => Media::File,
            _ => Media::Described,
        };
        if older == 0 {
            continue;
        }
        let source = i + 1 + rng.below(older.min(5_000) as u64) as usize;
        if posts[source].channel == posts[i].channel || posts[source].forward_of.is_some() {
            continue;
        }
        let roll = rng.below(100);
        if roll < 8 {
            posts[i].forward_of = Some(source as u32);
            posts[i].text = posts[source].text.clone();
            forwards.entry(source as u32).or_default().push(i as u32);
        } else if roll < 11 {
            let target = &posts[source];
            let channel = &channels[target.channel as usize];
            let lead = if posts[i].text.is_ascii() {
                "More"
            } else {
                "Подробнее"
            };
            let link = format!(
                " {lead}: {}/{}/{}",
                chanscope_api::ids::LINK_HOST,
                channel.usernames[0],
                target.message
            );
            posts[i].text.push_str(&link);
            posts[i].mention_of = Some(source as u32);
            mentions.entry(source as u32).or_default().push(i as u32);
        }
    }
    for list in forwards.values_mut().chain(mentions.values_mut()) {
        list.reverse();
    }
    (forwards, mentions)
}

/// Makes sure [`BROAD_FIRST_DAY`] posts of the first day after `now` have [`BROAD_KEYWORD`]: when
/// chance left fewer, the earliest others of Russian-script channels get the word at the end of
/// their first sentence, and their reposts copy the text again. Posts that are reposts are left
/// as their source has them.
pub(super) fn spread_broad_keyword(
    now: i64,
    posts: &mut [Post],
    forwards: &Links,
    channels: &[Channel],
) {
    let has_it = |text: &str| {
        let mut found = false;
        each_word(text, |form, _, _| found |= form == BROAD_KEYWORD);
        found
    };
    let first_day =
        posts.partition_point(|p| p.date > now + DAY)..posts.partition_point(|p| p.date > now);
    let mut missing = BROAD_FIRST_DAY.saturating_sub(
        first_day
            .clone()
            .filter(|&i| has_it(&posts[i].text))
            .count(),
    );
    for i in first_day.rev() {
        if missing == 0 {
            break;
        }
        let p = &posts[i];
        let russian = script_of(channels[p.channel as usize].language) == Script::Russian;
        if !russian || p.forward_of.is_some() || has_it(&p.text) {
            continue;
        }
        let Some(dot) = p.text.find('.') else {
            continue;
        };
        posts[i].text.insert_str(dot, &format!(" {BROAD_KEYWORD}"));
        for &r in forwards.get(&(i as u32)).into_iter().flatten() {
            posts[r as usize].text = posts[i].text.clone();
        }
        missing -= 1;
    }
}
