//! The generated dataset: channels and chats, their posts, stories and participant histories,
//! all derived from one seed and one "now", so the same pair always gives the same bytes.
//!
//! `channels`, `posts` and `stories` generate each kind of record, `growth` the curves of
//! participants and views over time, and `texts` the titles, descriptions and post texts out of
//! the word lists of `words`; `planted` adds the channels whose histories show what the
//! channel page finds (bought jumps, adverts that worked).

mod channels;
mod growth;
mod planted;
pub use planted::{
    Advert, Naming, Planted, Spec, BATTERY, PLANTED_POST_DAYS, PLANTED_POST_ID_BASE,
};
mod posts;
mod stories;
mod texts;
pub mod words;

use std::collections::HashMap;
use std::fmt;
use std::ops::Range;
use std::str::FromStr;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::{SystemTime, UNIX_EPOCH};

use crate::search::index::Index;
use crate::search::tokens::tokens;

pub use channels::{AdvertPost, Channel, Peer, Restriction, LANGUAGES};
pub use growth::{view_share, Arrival, Counters, Shape, AHEAD_DAYS};
pub use posts::{Media, Post};
pub use stories::Story;

use channels::{dedupe_names, make_channel};
use posts::{draft_posts, link_posts, order_posts, spread_broad_keyword};

pub const HOUR: i64 = 3600;
pub const DAY: i64 = 24 * HOUR;
/// Posts are spread over this many days before "now".
pub const POST_SPAN_DAYS: i64 = 400;
/// Posts are also generated for this many days after "now", each channel going on at its own
/// pace; a post stays hidden until the current time reaches its date, so a sandbox whose clock
/// moves on (live, or [`Dataset::advance`]) gets new posts.
pub const FUTURE_DAYS: i64 = 7;
/// A product name that no post mentions until [`RISE_DAYS`] before "now" and more and more posts
/// mention after: one in 30 then (about one post a day at the small size), half of them at "now"
/// (about 15 a day), more in the days after; in channels of every topic and language. Posts end
/// with it as a hashtag (`#Lumora`), found as one word.
pub const RISING_KEYWORD: &str = "Lumora";
/// How long before "now" [`RISING_KEYWORD`] first appears; its share of posts grows fifteenfold
/// over that time, by the same factor every day (about ×1.9 in four weeks).
pub const RISE_DAYS: i64 = 120;
/// A common word of Russian-script texts, in about a quarter of all posts, so that a search for
/// it has more results than the API lets one page through (offset 1000 plus 50); at least
/// [`BROAD_FIRST_DAY`] of the posts of the first day after "now" have it.
pub const BROAD_KEYWORD: &str = "сегодня";
/// How many posts of the first day after "now" have [`BROAD_KEYWORD`] at least, so that a
/// watchlist of it finds new posts when the clock moves a day.
pub const BROAD_FIRST_DAY: usize = 3;
/// Participant history is kept for this many days before "now"; earlier periods have no data.
pub const HISTORY_DAYS: i64 = 420;

/// The service's channel IDs start here, far from messenger IDs, post IDs and story IDs, so a
/// number of one kind never resolves as another.
pub const CHANNEL_ID_BASE: u64 = 10_000;
pub const TG_ID_BASE: u64 = 1_200_000_000;
pub const POST_ID_BASE: u64 = 30_000_000;
pub const STORY_ID_BASE: u64 = 700_000;

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

/// What "now" is while the dataset answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Clock {
    /// Always the instant the dataset was generated for, so that answers depend on the seed and
    /// that instant only (`--now`, tests, benchmarks).
    Fixed,
    /// The system clock as the process runs (never earlier than that instant): views grow,
    /// participant counts move and default periods end at the current time.
    Live,
}

/// The current time in Unix seconds.
pub fn clock_now() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

pub struct Dataset {
    pub seed: u64,
    pub size: Size,
    /// The instant the data was generated for, on a whole hour: every story is older, and so is
    /// every post but those of the [`FUTURE_DAYS`] after it. What the answers take as now is
    /// [`Dataset::current`].
    pub now: i64,
    pub clock: Clock,
    /// Seconds the clock was moved forward by [`Dataset::advance`].
    shift: AtomicI64,
    pub channels: Vec<Channel>,
    /// Newest first: a lower index is never older. Those dated after [`Dataset::current`] do
    /// not exist yet for the answers; [`Dataset::visible`] is the rest.
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
    /// The generated channel whose audience does not read (see `planted::thin_reach`).
    pub thin_reach: Option<u32>,
    /// Where each post is by its service ID.
    post_ids: planted::PostIds,
}

impl Dataset {
    /// Generates the dataset of `seed` at `size` as of the clock's hour, answering as the clock
    /// moves on.
    pub fn live(seed: u64, size: Size) -> Dataset {
        let mut ds = Dataset::generate(seed, size, clock_now());
        ds.clock = Clock::Live;
        ds
    }

    /// Now, as the answers see it: [`Dataset::now`] with a fixed clock, the system clock with a
    /// live one, plus whatever [`Dataset::advance`] added.
    pub fn current(&self) -> i64 {
        let base = match self.clock {
            Clock::Fixed => self.now,
            Clock::Live => clock_now().max(self.now),
        };
        base + self.shift.load(Ordering::Relaxed)
    }

    /// Moves the clock `seconds` forward, for whoever shares the dataset; returns the new
    /// [`Dataset::current`].
    pub fn advance(&self, seconds: u32) -> i64 {
        self.shift.fetch_add(i64::from(seconds), Ordering::Relaxed);
        self.current()
    }

    /// The indices of the posts that exist at the current time: all but the newest few.
    pub fn visible(&self) -> Range<usize> {
        let now = self.current();
        self.posts.partition_point(|p| p.date > now)..self.posts.len()
    }

    /// Whether a post exists at the current time.
    pub fn is_visible(&self, post: u32) -> bool {
        self.posts[post as usize].date <= self.current()
    }

    /// Generates the dataset of `seed` at `size` as of `now` (Unix seconds, rounded down to the
    /// hour), with a fixed clock.
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
        spread_broad_keyword(now, &mut posts, &forwards, &channels);
        let mut ds = Dataset {
            seed,
            size,
            now,
            clock: Clock::Fixed,
            shift: AtomicI64::new(0),
            stories: Vec::new(),
            index: Index::default(),
            by_username: HashMap::new(),
            by_invite: HashMap::new(),
            by_tg_id: HashMap::new(),
            forwards,
            mentions,
            channels,
            posts,
            thin_reach: None,
            post_ids: planted::PostIds::default(),
        };
        ds.count_engagement();
        ds.make_stories();
        // Last, so that every generated record is what it is without them.
        ds.thin_reach = planted::thin_reach(&mut ds);
        let adverts = planted::place_adverts(&mut ds.posts, &ds.forwards, &ds.channels, now);
        let first = ds.channels.len();
        ds.channels
            .extend(planted::planted_channels(first, now, adverts));
        let planted = planted::planted_posts(&ds, first);
        ds.post_ids = planted::merge_posts(&mut ds, planted);
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

    /// First instant with participant data (it does not move with a live clock).
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

    /// The post with service ID `id`, if it exists at the current time.
    pub fn post_by_id(&self, id: u64) -> Option<u32> {
        let (list, n) = match id.checked_sub(PLANTED_POST_ID_BASE) {
            Some(n) => (&self.post_ids.planted, n),
            None => (&self.post_ids.generated, id.checked_sub(POST_ID_BASE)?),
        };
        let i = *list.get(usize::try_from(n).ok()?)?;
        self.is_visible(i).then_some(i)
    }

    pub fn story_by_id(&self, id: u64) -> Option<u32> {
        let i = id.checked_sub(STORY_ID_BASE)?;
        (i < self.stories.len() as u64).then_some(i as u32)
    }
}
