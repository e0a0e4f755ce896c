//! The generated dataset: channels and chats, their posts, stories and participant histories,
//! all derived from one seed and one "now", so the same pair always gives the same bytes.

use std::collections::HashMap;
use std::fmt;
use std::str::FromStr;

use crate::index::Index;
use crate::rng::{unit_of, Rng};
use crate::text::tokens;
use crate::words::{self, Script, Topic, TOPICS};

pub const HOUR: i64 = 3600;
pub const DAY: i64 = 24 * HOUR;
/// Posts are spread over this many days before "now".
pub const POST_SPAN_DAYS: i64 = 400;
/// Participant history is kept for this many days before "now"; earlier periods have no data.
pub const HISTORY_DAYS: i64 = 420;

/// The service's channel IDs start here, far from messenger IDs, post IDs and story IDs, so a
/// number of one kind never resolves as another.
pub const CHANNEL_ID_BASE: u64 = 10_000;
pub const TG_ID_BASE: u64 = 1_200_000_000;
pub const POST_ID_BASE: u64 = 30_000_000;
pub const STORY_ID_BASE: u64 = 700_000;

pub const LANGUAGES: &[(&str, u32)] = &[
    ("russian", 55),
    ("english", 20),
    ("ukrainian", 10),
    ("kazakh", 8),
    ("uzbek", 7),
];

/// Countries a channel of each language is placed in, with weights.
fn countries_of(language: &str) -> &'static [(&'static str, u32)] {
    match language {
        "russian" => &[("ru", 70), ("by", 15), ("kz", 15)],
        "english" => &[("us", 50), ("gb", 35), ("ru", 15)],
        "ukrainian" => &[("ua", 100)],
        "kazakh" => &[("kz", 100)],
        _ => &[("uz", 100)],
    }
}

/// How big a dataset to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// For tests: generated in well under a second even in a debug build.
    Small,
    /// For preview.
    Default,
    /// For benchmarks.
    Large,
}

impl Size {
    pub fn as_str(self) -> &'static str {
        match self {
            Size::Small => "small",
            Size::Default => "default",
            Size::Large => "large",
        }
    }

    fn channels(self) -> usize {
        match self {
            Size::Small => 200,
            Size::Default => 3_200,
            Size::Large => 8_000,
        }
    }

    fn posts(self) -> usize {
        match self {
            Size::Small => 10_000,
            Size::Default => 210_000,
            Size::Large => 560_000,
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Size {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "small" => Ok(Size::Small),
            "default" => Ok(Size::Default),
            "large" => Ok(Size::Large),
            _ => Err(format!("size must be small, default or large; got \"{s}\"")),
        }
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
    /// Participants at the start of each day since [`Dataset::history_start`].
    pub history: Vec<u32>,
    /// Indices of the channel's posts, oldest first: message number `n` is `posts[n - 1]`.
    pub posts: Vec<u32>,
    /// Indices of the channel's stories.
    pub stories: Vec<u32>,
    /// Words of the title and of `about` as (form, stem), for channel search.
    pub title_words: Vec<(String, String)>,
    pub about_words: Vec<(String, String)>,
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

pub struct Story {
    pub id: u64,
    pub channel: u32,
    pub date: i64,
    pub views: u32,
    pub shares: u32,
    pub reactions: u32,
}

pub struct Dataset {
    pub seed: u64,
    pub size: Size,
    /// The instant the data describes, on a whole hour; defaults use it rather than the clock so
    /// that responses depend on the seed and this value only.
    pub now: i64,
    pub channels: Vec<Channel>,
    /// Newest first: a lower index is never older.
    pub posts: Vec<Post>,
    pub stories: Vec<Story>,
    pub index: Index,
    by_username: HashMap<String, u32>,
    by_invite: HashMap<String, u32>,
    by_tg_id: HashMap<u64, u32>,
    /// Reposts of each reposted post, newest first.
    pub forwards: HashMap<u32, Vec<u32>>,
    /// Posts linking to each linked post, newest first.
    pub mentions: HashMap<u32, Vec<u32>>,
}

/// A post before the global ordering gives it an ID and a message number.
struct Draft {
    channel: u32,
    date: i64,
    text: String,
}

impl Dataset {
    /// Generates the dataset of `seed` at `size` as of `now` (Unix seconds, rounded down to the
    /// hour).
    pub fn generate(seed: u64, size: Size, now: i64) -> Dataset {
        let now = now - now.rem_euclid(HOUR);
        let mut channels: Vec<Channel> = (0..size.channels())
            .map(|i| make_channel(seed, i, now))
            .collect();
        dedupe_names(&mut channels);

        let drafts = draft_posts(seed, size, now, &channels);
        let mut posts = order_posts(drafts);
        for (i, post) in posts.iter().enumerate().rev() {
            let channel = &mut channels[post.channel as usize];
            channel.posts.push(i as u32);
        }
        for channel in &channels {
            for (n, &p) in channel.posts.iter().enumerate() {
                posts[p as usize].message = n as u32 + 1;
            }
        }
        let (forwards, mentions) = link_posts(seed, &mut posts, &channels);
        let mut ds = Dataset {
            seed,
            size,
            now,
            stories: Vec::new(),
            index: Index::default(),
            by_username: HashMap::new(),
            by_invite: HashMap::new(),
            by_tg_id: HashMap::new(),
            forwards,
            mentions,
            channels,
            posts,
        };
        ds.count_engagement();
        ds.make_stories();
        for (i, c) in ds.channels.iter().enumerate() {
            for name in &c.usernames {
                ds.by_username.insert(name.to_ascii_lowercase(), i as u32);
            }
            ds.by_invite.insert(c.invite.clone(), i as u32);
            ds.by_tg_id.insert(c.tg_id, i as u32);
        }
        ds.index = Index::build(ds.posts.iter().map(|p| p.text.as_str()));
        let stemmers = ds.index.stemmers();
        let words_of = |text: &str| -> Vec<(String, String)> {
            tokens(text)
                .into_iter()
                .map(|t| {
                    let stem = stemmers.stem(&t.form);
                    (t.form, stem)
                })
                .collect()
        };
        let words: Vec<_> = ds
            .channels
            .iter()
            .map(|c| (words_of(&c.title), words_of(&c.about)))
            .collect();
        for (c, (title, about)) in ds.channels.iter_mut().zip(words) {
            c.title_words = title;
            c.about_words = about;
        }
        ds
    }

    /// First instant with participant data.
    pub fn history_start(&self) -> i64 {
        self.now - HISTORY_DAYS * DAY
    }

    pub fn channel_by_username(&self, name: &str) -> Option<u32> {
        self.by_username.get(&name.to_ascii_lowercase()).copied()
    }

    pub fn channel_by_invite(&self, code: &str) -> Option<u32> {
        self.by_invite.get(code).copied()
    }

    pub fn channel_by_tg_id(&self, tg_id: u64) -> Option<u32> {
        self.by_tg_id.get(&tg_id).copied()
    }

    pub fn channel_by_id(&self, id: u64) -> Option<u32> {
        let i = id.checked_sub(CHANNEL_ID_BASE)?;
        (i < self.channels.len() as u64).then_some(i as u32)
    }

    pub fn post_by_id(&self, id: u64) -> Option<u32> {
        let age = id.checked_sub(POST_ID_BASE)?;
        let n = self.posts.len() as u64;
        // IDs grow with age order, and the list is newest first.
        (age < n).then(|| (n - 1 - age) as u32)
    }

    pub fn story_by_id(&self, id: u64) -> Option<u32> {
        let i = id.checked_sub(STORY_ID_BASE)?;
        (i < self.stories.len() as u64).then_some(i as u32)
    }

    /// Participants of a channel at `t`; `None` before the history starts or the channel exists.
    pub fn participants_at(&self, channel: u32, t: i64) -> Option<u64> {
        let c = &self.channels[channel as usize];
        let t = t.min(self.now);
        if t < c.created_at {
            return None;
        }
        let since = t.checked_sub(self.history_start()).filter(|s| *s >= 0)?;
        let day = (since / DAY) as usize;
        let from = f64::from(*c.history.get(day)?);
        let to = f64::from(*c.history.get(day + 1)?);
        let frac = (since % DAY) as f64 / DAY as f64;
        let base = from + (to - from) * frac;
        // A little hourly noise so hourly charts do not look ruled.
        let hour = (t / HOUR) as u64;
        let jitter = (unit_of(c.id, hour) - 0.5) * 0.002 * base;
        Some((base + jitter).round().max(0.0) as u64)
    }

    /// Current participants of a channel.
    pub fn participants(&self, channel: u32) -> u64 {
        self.participants_at(channel, self.now).unwrap_or(0)
    }

    /// Views of a post at `t`: a saturating curve that reaches the final count 15 days after
    /// publication, with a speed of its own per post.
    pub fn views_at(&self, post: u32, t: i64) -> u64 {
        let p = &self.posts[post as usize];
        let window = chanscope::api::limits::VIEW_GROWTH_WINDOW_DAYS * DAY;
        let age = (t.min(self.now) - p.date).clamp(0, window) as f64 / HOUR as f64;
        let tau = 6.0 + 42.0 * unit_of(p.id, 0x7a0);
        let full = 1.0 - (-(window as f64 / HOUR as f64) / tau).exp();
        let share = (1.0 - (-age / tau).exp()) / full;
        (f64::from(p.final_views) * share).round() as u64
    }

    /// Views of a post now.
    pub fn views(&self, post: u32) -> u64 {
        self.views_at(post, self.now)
    }

    fn count_engagement(&mut self) {
        for i in 0..self.posts.len() {
            let p = &self.posts[i];
            let mut rng = Rng::derive(self.seed ^ 0xe4a9, p.id);
            let reach = 0.05 + 0.55 * rng.unit();
            let audience = self
                .participants_at(p.channel, p.date)
                .unwrap_or(100)
                .max(50) as f64;
            let views = (audience * reach * (0.5 + rng.unit())).min(f64::from(u32::MAX / 2));
            let views = views as u32 + 1;
            let post = &mut self.posts[i];
            post.final_views = views;
            post.shares = (f64::from(views) * 0.02 * rng.unit()) as u32;
            post.comments = (f64::from(views) * 0.01 * rng.unit()) as u32;
            post.reactions = (f64::from(views) * 0.05 * rng.unit()) as u32;
        }
    }

    fn make_stories(&mut self) {
        for ci in 0..self.channels.len() {
            let c = &self.channels[ci];
            let mut rng = Rng::derive(self.seed ^ 0x5707, c.id);
            if c.peer == Peer::Chat || !rng.chance(0.4) {
                continue;
            }
            let audience = self.participants(ci as u32) as f64;
            for _ in 0..rng.range(1, 8) {
                let views = (audience * (0.02 + 0.3 * rng.unit())) as u32 + 1;
                let id = STORY_ID_BASE + self.stories.len() as u64;
                self.channels[ci].stories.push(self.stories.len() as u32);
                self.stories.push(Story {
                    id,
                    channel: ci as u32,
                    date: self.now - rng.range(HOUR as u64, 30 * DAY as u64) as i64,
                    views,
                    shares: (f64::from(views) * 0.01 * rng.unit()) as u32,
                    reactions: (f64::from(views) * 0.04 * rng.unit()) as u32,
                });
            }
        }
    }
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

fn script_of(language: &str) -> Script {
    if language == "english" {
        Script::English
    } else {
        Script::Russian
    }
}

fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn make_channel(seed: u64, i: usize, now: i64) -> Channel {
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

/// One sentence of `about`-length or longer: topic words in random forms, common words and
/// fillers.
fn sentence(rng: &mut Rng, topic: &Topic, script: Script, min_words: u64) -> String {
    let (families, common, filler) = match script {
        Script::Russian => (topic.russian, words::RUSSIAN_COMMON, words::RUSSIAN_FILLER),
        Script::English => (topic.english, words::ENGLISH_COMMON, words::ENGLISH_FILLER),
    };
    let n = rng.range(min_words, min_words + 8);
    let mut out = String::new();
    for k in 0..n {
        let roll = rng.below(100);
        let word = if roll < 45 {
            let family = rng_family(rng, families);
            *rng.pick(family)
        } else if roll < 65 {
            let family = rng_family(rng, common);
            *rng.pick(family)
        } else {
            *rng.pick(filler)
        };
        if k == 0 {
            out.push_str(&capitalise(word));
        } else {
            out.push(' ');
            out.push_str(word);
        }
    }
    out.push('.');
    out
}

fn rng_family<'a>(rng: &mut Rng, families: &'a [&'a [&'a str]]) -> &'a [&'a str] {
    families[rng.below(families.len() as u64) as usize]
}

/// Participants at the start of each day: steady growth or decline with noise and a few sharp
/// drops; zero before the channel was created.
fn make_history(rng: &mut Rng, now: i64, created_at: i64) -> Vec<u32> {
    let start = now - HISTORY_DAYS * DAY;
    let u = rng.unit();
    let mut value = 200.0 * (10_000f64).powf(u * u);
    let trend = -0.001 + 0.007 * rng.unit();
    (0..HISTORY_DAYS + 2)
        .map(|day| {
            let t = start + day * DAY;
            if t < created_at {
                return 0;
            }
            if value < 1.0 {
                value = 20.0 + 200.0 * rng.unit();
            }
            value *= 1.0 + trend + 0.004 * (rng.unit() - 0.5);
            if rng.chance(0.01) {
                value *= 1.0 - (0.02 + 0.1 * rng.unit());
            }
            value.round().min(f64::from(u32::MAX)) as u32
        })
        .collect()
}

/// Usernames must resolve to one channel each; a clash takes the channel's index as suffix.
fn dedupe_names(channels: &mut [Channel]) {
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

fn draft_posts(seed: u64, size: Size, now: i64, channels: &[Channel]) -> Vec<Draft> {
    let mean = size.posts() as f64 / channels.len() as f64;
    let mut drafts = Vec::with_capacity(size.posts() + size.posts() / 4);
    for (ci, c) in channels.iter().enumerate() {
        let mut rng = Rng::derive(seed ^ 0x9057, c.id);
        let u = rng.unit();
        let count = 1 + (u * u * 3.0 * mean) as u64;
        let first = c.created_at.max(now - POST_SPAN_DAYS * DAY);
        let span = (now - 60 - first).max(60) as u64;
        let topic = TOPICS
            .iter()
            .find(|t| t.category == c.category)
            .unwrap_or(&TOPICS[0]);
        let script = script_of(c.language);
        for _ in 0..count {
            let mut text = String::new();
            for s in 0..rng.range(1, 3) {
                if s > 0 {
                    text.push(' ');
                }
                text.push_str(&sentence(&mut rng, topic, script, 6));
            }
            if rng.chance(0.1) {
                text = embolden(&mut rng, &text);
            }
            drafts.push(Draft {
                channel: ci as u32,
                date: first + rng.below(span) as i64,
                text,
            });
        }
    }
    drafts
}

/// Wraps one word of the text in `<b>`, as authors do.
fn embolden(rng: &mut Rng, text: &str) -> String {
    let words: Vec<&str> = text.split(' ').collect();
    let k = rng.below(words.len() as u64) as usize;
    let word = words[k].trim_end_matches('.');
    let rest = &words[k][word.len()..];
    let mut out: Vec<String> = words.iter().map(|w| (*w).to_owned()).collect();
    out[k] = format!("<b>{word}</b>{rest}");
    out.join(" ")
}

/// Newest first; equal dates keep the channel order so the result never depends on sorting
/// stability.
fn order_posts(mut drafts: Vec<Draft>) -> Vec<Post> {
    drafts.sort_by(|a, b| b.date.cmp(&a.date).then(a.channel.cmp(&b.channel)));
    let n = drafts.len() as u64;
    drafts
        .into_iter()
        .enumerate()
        .map(|(i, d)| Post {
            id: POST_ID_BASE + (n - 1 - i as u64),
            channel: d.channel,
            message: 0,
            date: d.date,
            final_views: 0,
            shares: 0,
            comments: 0,
            reactions: 0,
            forward_of: None,
            mention_of: None,
            deleted: false,
            media: Media::Absent,
            text: d.text,
        })
        .collect()
}

type Links = HashMap<u32, Vec<u32>>;

/// Reposts, links between posts, deletions and media, decided once message numbers are known.
fn link_posts(seed: u64, posts: &mut [Post], channels: &[Channel]) -> (Links, Links) {
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
                chanscope::api::ids::LINK_HOST,
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
