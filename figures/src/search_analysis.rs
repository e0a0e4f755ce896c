//! The whole result of a post search, collected page by page, and what it shows: the top posts,
//! the channels that carry the posts, the mix of media, the figures of the whole set and every
//! post as a file.
//!
//! - A channel's share = its posts / all posts collected × 100 %; its reach = the views of its
//!   publications not deleted, an album counted once (see [`super::albums`]).
//! - A kind of media's share = its posts / all posts collected × 100 %.
//! - Average and median reach, and average ER, as on a page of post search
//!   ([`super::named::PageTotals`]).

use std::cmp::Reverse;
use std::collections::{BTreeMap, BTreeSet};

use crate::api::limits::{POST_SEARCH_LIMIT_MAX, POST_SEARCH_OFFSET_MAX};
use crate::api::model::{Channel, Post, PostSearchResponse};

use super::albums::publications;
use super::engagement::{er, err, subscribers, PostCounts};
use super::media::MediaKind;
use super::named::{Named, PageTotals, Value};

/// Posts asked for per page: the most the API returns at once.
pub const PAGE: u32 = POST_SEARCH_LIMIT_MAX;

/// The offsets to request for a search that finds `total_count` posts: one page per
/// [`PAGE`] posts, the first always (it is what tells the total), none past the API's
/// `offset` maximum. So at most 21 pages, 1,050 posts.
pub fn pages_for(total_count: u64) -> Vec<u32> {
    let needed = total_count.div_ceil(u64::from(PAGE)).max(1);
    (0..needed)
        .map_while(|page| u32::try_from(page * u64::from(PAGE)).ok())
        .take_while(|offset| *offset <= POST_SEARCH_OFFSET_MAX)
        .collect()
}

/// The posts and channels of the pages of one search, each post once.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Collected {
    posts: Vec<Post>,
    seen: BTreeSet<i64>,
    channels: BTreeMap<i64, Channel>,
    total_count: u64,
    pages: u32,
}

impl Collected {
    /// Adds a page's posts not collected yet, in its order, and its channels (a channel sent
    /// again replaces the earlier record: it is the newer count). New posts keep shifting the
    /// offsets while the pages are fetched, so a page can repeat a post of the one before.
    /// Returns how many posts were new.
    pub fn add_page(&mut self, page: &PostSearchResponse) -> usize {
        let before = self.posts.len();
        for post in page.items.iter() {
            if self.seen.insert(post.id) {
                self.posts.push(post.clone());
            }
        }
        for channel in page.channels.iter() {
            self.channels.insert(channel.id, channel.clone());
        }
        self.total_count = page.total_count;
        self.pages = self.pages.saturating_add(1);
        self.posts.len() - before
    }

    /// The posts collected, in the order added.
    pub fn posts(&self) -> &[Post] {
        &self.posts
    }

    pub fn channel(&self, id: i64) -> Option<&Channel> {
        self.channels.get(&id)
    }

    /// The subscriber count of a channel as the base of ERR.
    pub fn subscribers(&self, channel_id: i64) -> Option<u64> {
        self.channel(channel_id).and_then(subscribers)
    }

    /// The posts the search finds, as the last page added said (it grows while pages are
    /// fetched).
    pub fn total_count(&self) -> u64 {
        self.total_count
    }

    /// How many pages were added.
    pub fn pages(&self) -> u32 {
        self.pages
    }
}

/// Ranks `scored` by score, then the newer date, then the higher ID, so that equal scores
/// always come in the same order; keeps the first `n`.
fn top(mut scored: Vec<(&Post, f64)>, n: usize) -> Vec<(&Post, f64)> {
    scored.sort_by(|(a, x), (b, y)| {
        y.total_cmp(x)
            .then(b.date.cmp(&a.date))
            .then(b.id.cmp(&a.id))
    });
    scored.truncate(n);
    scored
}

/// The publications not deleted, each as the post that stands for it: the items of an album
/// each report the album's views, so ranking them by views would list one album several times.
fn published(posts: &[Post]) -> impl Iterator<Item = &Post> {
    publications(posts.iter())
        .into_iter()
        .map(|p| p.post)
        .filter(|p| !p.is_deleted)
}

/// The `n` publications with the most views (an album once, through its most-viewed post).
pub fn top_by_views(posts: &[Post], n: usize) -> Vec<&Post> {
    let scored = published(posts).map(|p| (p, p.views as f64)).collect();
    top(scored, n).into_iter().map(|(post, _)| post).collect()
}

/// The `n` posts not deleted with the highest ER. Each item of an album counts on its own: its
/// shares, comments and reactions are its own.
pub fn top_by_er(posts: &[Post], n: usize) -> Vec<(&Post, f64)> {
    let scored = posts
        .iter()
        .filter(|p| !p.is_deleted)
        .filter_map(|p| Some((p, er(&PostCounts::from(p)).ok()?)))
        .collect();
    top(scored, n)
}

/// The `n` publications with the highest ERR (an album once, as in [`top_by_views`]), each
/// channel's base given by `subscribers`; those whose channel's count is unknown are left out.
pub fn top_by_err(
    posts: &[Post],
    subscribers: impl Fn(i64) -> Option<u64>,
    n: usize,
) -> Vec<(&Post, f64)> {
    let scored = published(posts)
        .filter_map(|p| Some((p, err(p.views, subscribers(p.channel_id)).ok()?)))
        .collect();
    top(scored, n)
}

/// One channel's part of the posts collected.
#[derive(Clone, Debug, PartialEq)]
pub struct ChannelShare {
    pub channel_id: i64,
    /// Posts of the channel, deleted ones included.
    pub posts: u32,
    /// Views of its publications not deleted, an album once.
    pub reach: u64,
    /// Its posts / all posts × 100.
    pub share: f64,
}

/// Every channel of `posts` with its posts, reach and share, in the order of the channels' IDs.
fn channel_shares(posts: &[Post]) -> Vec<ChannelShare> {
    let mut by_id: BTreeMap<i64, ChannelShare> = BTreeMap::new();
    for post in posts {
        let entry = by_id.entry(post.channel_id).or_insert(ChannelShare {
            channel_id: post.channel_id,
            posts: 0,
            reach: 0,
            share: 0.0,
        });
        entry.posts = entry.posts.saturating_add(1);
    }
    for post in published(posts) {
        if let Some(entry) = by_id.get_mut(&post.channel_id) {
            entry.reach = entry.reach.saturating_add(post.views);
        }
    }
    let all = posts.len() as f64;
    by_id
        .into_values()
        .map(|c| ChannelShare {
            share: f64::from(c.posts) * 100.0 / all,
            ..c
        })
        .collect()
}

/// The channels of `posts`, most posts first, then the larger reach, then the lower ID.
pub fn channels_by_posts(posts: &[Post]) -> Vec<ChannelShare> {
    let mut shares = channel_shares(posts);
    shares.sort_by(|a, b| {
        b.posts
            .cmp(&a.posts)
            .then(b.reach.cmp(&a.reach))
            .then(a.channel_id.cmp(&b.channel_id))
    });
    shares
}

/// The channels of `posts`, the larger reach first, then more posts, then the lower ID.
pub fn channels_by_reach(posts: &[Post]) -> Vec<ChannelShare> {
    let mut shares = channel_shares(posts);
    shares.sort_by(|a, b| {
        b.reach
            .cmp(&a.reach)
            .then(b.posts.cmp(&a.posts))
            .then(a.channel_id.cmp(&b.channel_id))
    });
    shares
}

/// One kind of media's part of the posts.
#[derive(Clone, Debug, PartialEq)]
pub struct MediaShare {
    pub kind: MediaKind,
    pub posts: u32,
    /// Its posts / all posts × 100.
    pub percent: f64,
}

/// The kinds of media of `posts` (deleted ones included), most posts first; of equal ones in
/// the order of [`MediaKind`].
pub fn media_mix(posts: &[Post]) -> Vec<MediaShare> {
    let mut by_kind: BTreeMap<MediaKind, u32> = BTreeMap::new();
    for post in posts {
        let count = by_kind
            .entry(MediaKind::of(post.media.as_ref()))
            .or_default();
        *count = count.saturating_add(1);
    }
    let all = posts.len() as f64;
    let mut mix: Vec<MediaShare> = by_kind
        .into_iter()
        .map(|(kind, n)| MediaShare {
            kind,
            posts: n,
            percent: f64::from(n) * 100.0 / all,
        })
        .collect();
    // Stable, so equal counts stay in the map's order of kinds.
    mix.sort_by_key(|share| Reverse(share.posts));
    mix
}

/// The figures of a whole search.
#[derive(Clone, Debug, PartialEq)]
pub struct SearchFigures {
    /// The posts the search finds, as the last page said.
    pub total_count: u64,
    /// The pages collected.
    pub pages: u32,
    /// The posts collected, their views, reach and ER, as a page of post search counts them.
    pub posts: PageTotals,
}

impl SearchFigures {
    pub fn of(collected: &Collected) -> Self {
        SearchFigures {
            total_count: collected.total_count(),
            pages: collected.pages(),
            posts: PageTotals::of(collected.posts()),
        }
    }

    /// The figures by name: posts collected, the total found and pages, then views, reach and
    /// ER as a page of post search names them.
    pub fn named(&self) -> Vec<Named> {
        let figure = |name, value| Named { name, value };
        vec![
            figure("posts", Value::Count(self.posts.posts)),
            figure("total_count", Value::Count(self.total_count)),
            figure("pages", Value::Count(u64::from(self.pages))),
            figure("views", Value::Count(self.posts.views)),
            figure("average_reach", Value::Number(self.posts.average_reach)),
            figure("median_reach", Value::Number(self.posts.median_reach)),
            figure("average_er_percent", Value::Number(self.posts.average_er)),
        ]
    }
}
