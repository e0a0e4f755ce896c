//! Engagement figures as the service defines them, over the API's counters. Every figure is a
//! [`Figure`]: a value, or the reason it cannot be computed (never 0 or NaN in its place).
//!
//! - ER of a post = (shares + comments + reactions) / views × 100 %.
//! - ERR of a post = views / the channel's subscribers × 100 %; a channel's ERR over a set of
//!   posts = their average views / subscribers × 100 %.
//! - Average and median reach of a set of posts = the mean and the median of their views.
//!
//! Deleted posts are left out of every figure over a set.

use crate::api::model::{Channel, Post, PostSearchResponse, PostStatsResponse};

/// Why a figure has no value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Missing {
    /// The post has no views (or none are known): a ratio over views has no base.
    NoViews,
    /// The channel's subscriber count is not known, or is 0.
    NoSubscribers,
    /// No post of the set counts (none given, or all deleted).
    NoPosts,
    /// The post's hourly view growth does not reach this many hours yet.
    NotYet { hours: u32 },
    /// The answer has no hourly view growth to read reach from.
    NoGrowth,
    /// No price was typed.
    NoPrice,
    /// The subscriber history does not reach this many days back.
    NoHistory { days: u32 },
    /// The hourly subscriber counts do not cover a window this many hours long (or have no two
    /// counts that far apart to read the normal change from).
    NoCounts { hours: u32 },
    /// The promoted channel gained no subscribers beyond its normal growth: a cost per
    /// subscriber has no base.
    NoGain,
    /// The prices are in different currencies, which no sum can add.
    MixedCurrencies,
    /// A placement has no date: none typed, and its post's statistics (which would give one)
    /// could not be read.
    NoDate,
    /// The counts have no window of this many hours outside other adverts' effect to read a
    /// normal change from.
    NoNormal { hours: u32 },
    /// The gain is within 2 spreads of the channel's normal change: it may be noise, so no cost
    /// per subscriber is put on it.
    WithinNormal,
    /// A total whose part is missing for this placement (counted from 1): a sum without it
    /// would understate the campaign.
    OfPlacement { placement: usize },
}

/// A computed figure, or why there is none.
pub type Figure = Result<f64, Missing>;

/// What one post contributes to the figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PostCounts {
    pub views: u64,
    pub shares: u64,
    pub comments: u64,
    pub reactions: u64,
    pub deleted: bool,
}

impl PostCounts {
    /// Shares, comments and reactions together (saturating).
    pub fn interactions(&self) -> u64 {
        self.shares
            .saturating_add(self.comments)
            .saturating_add(self.reactions)
    }
}

impl From<&Post> for PostCounts {
    fn from(post: &Post) -> Self {
        PostCounts {
            views: post.views,
            shares: post.shares_count,
            comments: post.comments_count,
            reactions: post.reactions_count,
            deleted: post.is_deleted,
        }
    }
}

/// A channel's subscriber count as the base of ERR: `None` when it counts none (0 is how the
/// service leaves it unknown, and no ratio has a base of 0).
pub fn subscribers(channel: &Channel) -> Option<u64> {
    Some(channel.participants_count).filter(|n| *n > 0)
}

impl From<&PostStatsResponse> for PostCounts {
    fn from(stats: &PostStatsResponse) -> Self {
        PostCounts {
            views: stats.views_count,
            shares: stats.shares_count,
            comments: stats.comments_count,
            reactions: stats.reactions_count,
            deleted: false,
        }
    }
}

/// The subscriber count of a post's channel, when the answer carries the channel (post search
/// with `extended`) and counts any.
pub fn subscribers_of(answer: &PostSearchResponse, post: &Post) -> Option<u64> {
    answer.channel_of(post).and_then(subscribers)
}

/// ER of a post: (shares + comments + reactions) / views × 100.
pub fn er(post: &PostCounts) -> Figure {
    if post.views == 0 {
        return Err(Missing::NoViews);
    }
    Ok(post.interactions() as f64 / post.views as f64 * 100.0)
}

/// ERR of a post or of a reach: `views` / `subscribers` × 100.
pub fn err(views: u64, subscribers: Option<u64>) -> Figure {
    match subscribers {
        Some(subscribers) if subscribers > 0 => Ok(views as f64 / subscribers as f64 * 100.0),
        _ => Err(Missing::NoSubscribers),
    }
}

/// The posts a figure over a set counts: every one not deleted.
fn counted(posts: &[PostCounts]) -> impl Iterator<Item = &PostCounts> {
    posts.iter().filter(|p| !p.deleted)
}

/// Average reach: the mean of the views of the posts not deleted.
pub fn average_reach(posts: &[PostCounts]) -> Figure {
    let (sum, n) = counted(posts).fold((0.0, 0usize), |(sum, n), p| (sum + p.views as f64, n + 1));
    if n == 0 {
        return Err(Missing::NoPosts);
    }
    Ok(sum / n as f64)
}

/// Median reach: the middle of the views of the posts not deleted (the mean of the two middle
/// ones for an even count).
pub fn median_reach(posts: &[PostCounts]) -> Figure {
    let views: Vec<f64> = counted(posts).map(|p| p.views as f64).collect();
    super::robust::median(&views).ok_or(Missing::NoPosts)
}

/// A channel's ERR over a set of posts: average reach / subscribers × 100.
pub fn channel_err(posts: &[PostCounts], subscribers: Option<u64>) -> Figure {
    let reach = average_reach(posts)?;
    match subscribers {
        Some(subscribers) if subscribers > 0 => Ok(reach / subscribers as f64 * 100.0),
        _ => Err(Missing::NoSubscribers),
    }
}

/// The average ER of the posts not deleted that have views; `NoPosts` when none has.
pub fn average_er(posts: &[PostCounts]) -> Figure {
    let ers: Vec<f64> = counted(posts).filter_map(|p| er(p).ok()).collect();
    if ers.is_empty() {
        return Err(Missing::NoPosts);
    }
    Ok(ers.iter().sum::<f64>() / ers.len() as f64)
}

/// The index of the post (not deleted) with the highest and the lowest `key`; of equal ones the
/// first. `None` when no post has a value.
pub fn best_and_worst(
    posts: &[PostCounts],
    key: impl Fn(&PostCounts) -> Figure,
) -> Option<(usize, usize)> {
    let mut best: Option<(usize, f64)> = None;
    let mut worst: Option<(usize, f64)> = None;
    for (index, post) in posts.iter().enumerate().filter(|(_, p)| !p.deleted) {
        let Ok(value) = key(post) else {
            continue;
        };
        if best.is_none_or(|(_, b)| value > b) {
            best = Some((index, value));
        }
        if worst.is_none_or(|(_, w)| value < w) {
            worst = Some((index, value));
        }
    }
    Some((best?.0, worst?.0))
}
