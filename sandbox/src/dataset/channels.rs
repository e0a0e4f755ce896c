//! Channels and chats: who they are (names, language, country, topic, restrictions) and their
//! participant history.

use std::collections::HashMap;

use super::growth::Arrival;
use super::growth::{make_history, GENERATED_JITTER};
use super::texts::{capitalise, script_of, sentence};
use super::words::{self, Script, Topic, TOPICS};
use super::{CHANNEL_ID_BASE, DAY, HISTORY_DAYS, TG_ID_BASE};
use crate::rng::Rng;

pub const LANGUAGES: &[(&str, u32)] = &[
    ("russian", 55),
    ("english", 20),
    ("ukrainian", 10),
    ("kazakh", 8),
    ("uzbek", 7),
];

/// Countries a channel of each language is placed in, with weights; every value is one of the
/// service's (`chanscope_api::catalog`).
fn countries_of(language: &str) -> &'static [(&'static str, u32)] {
    match language {
        "russian" => &[("ru", 70), ("by", 15), ("kz", 15)],
        "english" => &[("in", 40), ("il", 25), ("ru", 20), ("ua", 15)],
        "ukrainian" => &[("ua", 100)],
        "kazakh" => &[("kz", 100)],
        _ => &[("uz", 100)],
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Peer {
    Channel,
    Chat,
}

impl Peer {
    pub fn as_str(self) -> &'static str {
        match self {
            Peer::Channel => "channel",
            Peer::Chat => "chat",
        }
    }
}

/// Restrictions the service applies; most channels have none.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Restriction {
    None,
    RedLabel,
    Scam,
}

/// An advert for a planted channel as placed: in which post, and what it brings.
#[derive(Clone, Debug, PartialEq)]
pub struct AdvertPost {
    /// The host post's date (Unix seconds), when its readers start to subscribe.
    pub at: i64,
    /// The host post's service ID.
    pub post: u64,
    /// The host post's final views.
    pub views: u32,
    /// Organic subscribers it brings: the advert's conversion × `views`.
    pub subscribers: f64,
    /// Bought subscribers behind it (0 for none).
    pub bots: f64,
    /// Whether a tracked campaign has it as a placement.
    pub tracked: bool,
}

pub struct Channel {
    pub id: u64,
    pub tg_id: u64,
    /// Active usernames without `@`; the first is the main one.
    pub usernames: Vec<String>,
    pub invite: String,
    pub peer: Peer,
    pub title: String,
    pub about: String,
    pub category: &'static str,
    pub country: &'static str,
    pub language: &'static str,
    pub created_at: i64,
    pub ci_index: f64,
    pub restriction: Restriction,
    pub rkn_active: bool,
    /// Participants at the start of each day since
    /// [`Dataset::history_start`](super::Dataset::history_start).
    pub history: Vec<u32>,
    /// Hourly noise on the count, as a share of it.
    pub jitter: f64,
    /// The amplitude of a daily rhythm on the count, as a share of it: gains by day, losses at
    /// night (planted channels only; 0 for none).
    pub rhythm: f64,
    /// Subscribers bought or brought by adverts, on top of `history` (planted channels only).
    pub arrivals: Vec<Arrival>,
    /// The adverts for it in other channels' posts (planted channels only), oldest first.
    pub adverts: Vec<AdvertPost>,
    /// Indices of the channel's posts, oldest first: message number `n` is `posts[n - 1]`.
    pub posts: Vec<u32>,
    /// Indices of the channel's stories.
    pub stories: Vec<u32>,
    /// Words of the title and of `about` as (form, stem), for channel search.
    pub title_words: Vec<(String, String)>,
    pub about_words: Vec<(String, String)>,
}

fn weighted<T: Copy>(rng: &mut Rng, items: &[(T, u32)]) -> T {
    let total: u32 = items.iter().map(|(_, w)| w).sum();
    let mut roll = rng.below(u64::from(total)) as u32;
    for &(item, w) in items {
        if roll < w {
            return item;
        }
        roll -= w;
    }
    items[items.len() - 1].0
}

pub(super) fn make_channel(seed: u64, i: usize, now: i64) -> Channel {
    let mut rng = Rng::derive(seed, i as u64);
    let topic_index = rng.below(TOPICS.len() as u64) as usize;
    let topic = &TOPICS[topic_index];
    let language = weighted(&mut rng, LANGUAGES);
    let country = weighted(&mut rng, countries_of(language));
    let script = script_of(language);
    let peer = if rng.chance(0.2) {
        Peer::Chat
    } else {
        Peer::Channel
    };
    let mut usernames = vec![format!(
        "{}_{}{}",
        rng.pick(topic.latin),
        rng.pick(words::USERNAME_TAIL),
        rng.below(1000)
    )];
    if rng.chance(0.1) {
        for _ in 0..rng.range(1, 2) {
            usernames.push(format!("{}{}_{}", rng.pick(topic.latin), rng.below(100), i));
        }
    }
    let invite: String = (0..16)
        .map(|_| {
            *rng.pick(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-") as char
        })
        .collect();
    let title = make_title(&mut rng, topic, script, peer);
    let about = make_about(&mut rng, topic, script, &usernames[0]);
    let created_at = if rng.chance(0.15) {
        now - rng.range(30, HISTORY_DAYS as u64 - 1) as i64 * DAY - rng.below(DAY as u64) as i64
    } else {
        now - rng.range(HISTORY_DAYS as u64 + 1, 9 * 365) as i64 * DAY
    };
    let history = make_history(&mut rng, now, created_at);
    let restriction = match rng.below(100) {
        0 | 1 => Restriction::RedLabel,
        2 | 3 => Restriction::Scam,
        _ => Restriction::None,
    };
    let big = history.last().copied().unwrap_or(0) >= 10_000;
    Channel {
        id: CHANNEL_ID_BASE + i as u64,
        tg_id: TG_ID_BASE + i as u64 * 1000 + rng.below(1000),
        usernames,
        invite,
        peer,
        title,
        about,
        category: topic.category,
        country,
        language,
        created_at,
        ci_index: (rng.unit() * 1000.0).round() / 100.0,
        restriction,
        rkn_active: language == "russian" && big && rng.chance(0.6),
        history,
        jitter: GENERATED_JITTER,
        rhythm: 0.0,
        arrivals: Vec::new(),
        adverts: Vec::new(),
        posts: Vec::new(),
        stories: Vec::new(),
        title_words: Vec::new(),
        about_words: Vec::new(),
    }
}

fn make_title(rng: &mut Rng, topic: &Topic, script: Script, peer: Peer) -> String {
    let (families, tails) = match script {
        Script::Russian => (topic.russian, words::RUSSIAN_TITLE_TAIL),
        Script::English => (topic.english, words::ENGLISH_TITLE_TAIL),
    };
    let head = capitalise(rng.pick(families)[0]);
    let title = format!("{head} {}", rng.pick(tails));
    match (peer, script) {
        (Peer::Chat, Script::Russian) => format!("Чат: {title}"),
        (Peer::Chat, Script::English) => format!("{title} Chat"),
        _ => title,
    }
}

fn make_about(rng: &mut Rng, topic: &Topic, script: Script, username: &str) -> String {
    let first = sentence(rng, topic, script, 6);
    let contact = match script {
        Script::Russian => "Связь",
        Script::English => "Contact",
    };
    if rng.chance(0.5) {
        format!("{first}\n{contact}: @{username}")
    } else {
        first
    }
}

/// Usernames must resolve to one channel each; a clash takes the channel's index as suffix.
pub(super) fn dedupe_names(channels: &mut [Channel]) {
    let mut seen = HashMap::new();
    let mut invites = HashMap::new();
    for (i, c) in channels.iter_mut().enumerate() {
        for name in &mut c.usernames {
            if seen.insert(name.to_ascii_lowercase(), i).is_some() {
                name.push_str(&format!("_{i}"));
                seen.insert(name.to_ascii_lowercase(), i);
            }
        }
        if invites.insert(c.invite.clone(), i).is_some() {
            c.invite.push_str(&format!("{i}"));
        }
    }
}
