//! The reach profile of a channel: what an advertising post in it can expect, from its last posts
//! found by probing message numbers with post statistics.
//!
//! Over the publications found (a post on its own, or an album's posts once, through the one
//! with the most views, as in [`super::albums`]):
//! - Average and median reach at 12, 24 and 48 h = the mean and the median of each
//!   publication's reach at that hour ([`reach_at`]: the hourly view growth summed from the hour
//!   of publication up to that hour); a publication whose growth does not reach the hour yet is
//!   left out of that hour's figures.
//! - ERR = the average of the publications' views now / subscribers × 100 %.
//! - ERR24 = the average reach at 24 h / subscribers × 100 %.
//! - ER = the average of the posts' ER ((shares + comments + reactions) / views × 100 %).
//! - Posts per day = the publications / the days from the oldest one's publication to the
//!   newest one's (at least two publications an hour or more apart).
//! - Share of reposts = the publications that are reposts / those whose kind is known × 100 %.
//!
//! Message numbers that answer nothing (deleted or never used) are skipped and counted.

use chrono::NaiveDateTime;

use super::engagement::{average_er, channel_err, Figure, Missing, PostCounts};
use super::growth::Growth;
use super::named::{Named, Value};
use super::reach::{reach_at, REACH_HOURS};
use super::robust::{mean, median};

/// The posts a profile is taken over by default, and at most.
pub const DEFAULT_POSTS: u32 = 20;
/// The posts of a profile the report starts by itself (from a post its mention search names):
/// with the report's other requests as it opens (the card, 30 days of subscribers, 90 days by
/// hour and the mention search) it stays within a gateway's default burst of 20 requests per
/// visitor. A reader asks for more by giving the number.
pub const AUTO_POSTS: u32 = 10;
pub const MAX_POSTS: u32 = 100;

/// One post found at a message number.
#[derive(Clone, Debug, PartialEq)]
pub struct ProfilePost {
    pub message: u64,
    pub counts: PostCounts,
    /// The hourly view growth in time order; its first record is the hour of publication.
    pub growth: Vec<Growth>,
    /// Whether the post is a repost; `None` when the answer does not say.
    pub repost: Option<bool>,
    /// The album the post belongs to, when the answer says.
    pub album: Option<i64>,
}

impl ProfilePost {
    /// The hour of publication: the first growth record's.
    pub fn published(&self) -> Option<NaiveDateTime> {
        self.growth.first().map(|g| g.at)
    }
}

/// What one probed message number gave.
#[derive(Clone, Debug, PartialEq)]
pub enum Probe {
    Found(ProfilePost),
    /// Deleted, or no post has the number.
    Missing,
}

/// The message numbers to probe for `posts` posts, from the newest known one down (never below 1).
pub fn message_numbers(newest: u64, posts: u32) -> Vec<u64> {
    let posts = u64::from(posts.min(MAX_POSTS));
    (newest.saturating_sub(posts.saturating_sub(1)).max(1)..=newest)
        .rev()
        .collect()
}

/// The profile's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    /// Publications counted (an album once).
    pub publications: usize,
    /// Message numbers that answered nothing.
    pub skipped: usize,
    /// Posts counted inside another post's album.
    pub folded: usize,
    /// At [`REACH_HOURS`], in that order.
    pub average_reach: [Figure; 3],
    pub median_reach: [Figure; 3],
    pub err: Figure,
    pub err24: Figure,
    pub er: Figure,
    pub posts_per_day: Figure,
    pub repost_share: Figure,
}

/// Each album's posts as one: the post with the most views stands for it (the first of equals).
fn fold_albums(posts: &[&ProfilePost]) -> Vec<ProfilePost> {
    let mut found: Vec<ProfilePost> = Vec::new();
    for post in posts {
        let seen = post
            .album
            .and_then(|album| found.iter_mut().find(|p| p.album == Some(album)));
        match seen {
            Some(seen) if post.counts.views > seen.counts.views => *seen = (*post).clone(),
            Some(_) => {}
            None => found.push((*post).clone()),
        }
    }
    found
}

impl Profile {
    /// The profile of what the probes found, with `subscribers` as the base of ERR.
    pub fn of(probes: &[Probe], subscribers: Option<u64>) -> Profile {
        let posts: Vec<&ProfilePost> = probes
            .iter()
            .filter_map(|p| match p {
                Probe::Found(post) if !post.counts.deleted => Some(post),
                _ => None,
            })
            .collect();
        let skipped = probes.len() - posts.len();
        let publications = fold_albums(&posts);
        let reach = |hours| -> Vec<f64> {
            publications
                .iter()
                .filter_map(|p| reach_at(&p.growth, hours).ok())
                .collect()
        };
        let reaches = REACH_HOURS.map(reach);
        let average_reach = reaches.clone().map(|r| mean(&r).ok_or(Missing::NoPosts));
        let median_reach = reaches.map(|r| median(&r).ok_or(Missing::NoPosts));
        let counts: Vec<PostCounts> = publications.iter().map(|p| p.counts).collect();
        let all_counts: Vec<PostCounts> = posts.iter().map(|p| p.counts).collect();
        let err24 = match (average_reach[1], subscribers) {
            (Err(missing), _) => Err(missing),
            (Ok(reach), Some(s)) if s > 0 => Ok(reach / s as f64 * 100.0),
            _ => Err(Missing::NoSubscribers),
        };
        Profile {
            publications: publications.len(),
            skipped,
            folded: posts.len() - publications.len(),
            average_reach,
            median_reach,
            err: channel_err(&counts, subscribers),
            err24,
            er: average_er(&all_counts),
            posts_per_day: posts_per_day(&publications),
            repost_share: repost_share(&publications),
        }
    }

    /// The figures under their names (the `data-figure` of the page and the rows of its file).
    pub fn named(&self) -> Vec<Named> {
        let n = |name, figure: Figure| Named {
            name,
            value: Value::Number(figure),
        };
        vec![
            Named {
                name: "posts",
                value: Value::Count(self.publications as u64),
            },
            Named {
                name: "skipped",
                value: Value::Count(self.skipped as u64),
            },
            n("average_reach_12h", self.average_reach[0]),
            n("average_reach_24h", self.average_reach[1]),
            n("average_reach_48h", self.average_reach[2]),
            n("median_reach_12h", self.median_reach[0]),
            n("median_reach_24h", self.median_reach[1]),
            n("median_reach_48h", self.median_reach[2]),
            n("err_percent", self.err),
            n("err24_percent", self.err24),
            n("er_percent", self.er),
            n("posts_per_day", self.posts_per_day),
            n("repost_share_percent", self.repost_share),
        ]
    }
}

/// Publications per day over the span from the oldest publication to the newest.
fn posts_per_day(publications: &[ProfilePost]) -> Figure {
    let dates: Vec<NaiveDateTime> = publications.iter().filter_map(|p| p.published()).collect();
    let (Some(oldest), Some(newest)) = (dates.iter().min(), dates.iter().max()) else {
        return Err(Missing::NoPosts);
    };
    let days = (*newest - *oldest).num_seconds() as f64 / 86_400.0;
    if dates.len() < 2 || days <= 0.0 {
        return Err(Missing::NoPosts);
    }
    Ok(dates.len() as f64 / days)
}

/// Reposts among the publications whose kind is known, in percent.
fn repost_share(publications: &[ProfilePost]) -> Figure {
    let known: Vec<bool> = publications.iter().filter_map(|p| p.repost).collect();
    if known.is_empty() {
        return Err(Missing::NoPosts);
    }
    Ok(known.iter().filter(|r| **r).count() as f64 / known.len() as f64 * 100.0)
}
