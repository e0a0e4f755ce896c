//! A watch's history: one reading per check, at most [`HISTORY_MAX`], and the line its chart
//! draws. The watchlist (`crate::watchlist`) takes a reading at each check and keeps it with the
//! watch.

use serde::{Deserialize, Serialize};

use crate::api::model::{MentionsByChannel, Post};
use crate::points::{Point, Series};

/// Most readings a watch keeps: a year of daily checks. The oldest goes first.
pub const HISTORY_MAX: usize = 365;

/// What one check of a watch measured. Each figure is there only for the kinds of watch whose
/// check learns it.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Reading {
    /// When the check was made, Unix seconds.
    pub at: i64,
    /// Channel: its `participants_count`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subscribers: Option<u64>,
    /// Post search: the posts the check found that no earlier check had seen.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_posts: Option<u64>,
    /// Post search: the most views of one post of the check's answer; none when it had no post.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub top_views: Option<u64>,
    /// Keyword mentions: the sum of `mentions_count` over the answer, i.e. the mentions in the
    /// page's period.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mentions: Option<u64>,
    /// Keyword mentions: `mentions` less the previous reading's, 0 when it fell (mentions that
    /// left a sliding period count against new ones); none without a previous count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_mentions: Option<u64>,
}

impl Reading {
    /// A channel check at `at` counting `participants`.
    pub fn channel(at: i64, participants: u64) -> Reading {
        Reading {
            at,
            subscribers: Some(participants),
            ..Reading::default()
        }
    }

    /// A post-search check at `at` that got `posts`, `new_posts` of them not seen before.
    pub fn posts(at: i64, posts: &[Post], new_posts: usize) -> Reading {
        Reading {
            at,
            new_posts: Some(u64::try_from(new_posts).unwrap_or(u64::MAX)),
            top_views: posts.iter().map(|post| post.views).max(),
            ..Reading::default()
        }
    }

    /// A keyword-mentions check at `at` that got `items`, after the reading `previous`.
    pub fn mentions(at: i64, items: &[MentionsByChannel], previous: Option<&Reading>) -> Reading {
        let mentions = items.iter().map(|item| item.mentions_count).sum::<u64>();
        Reading {
            at,
            mentions: Some(mentions),
            new_mentions: previous
                .and_then(|p| p.mentions)
                .map(|before| mentions.saturating_sub(before)),
            ..Reading::default()
        }
    }
}

/// `history` with `reading` added last, cut to the newest [`HISTORY_MAX`].
pub fn with_reading(mut history: Vec<Reading>, reading: Reading) -> Vec<Reading> {
    history.push(reading);
    let over = history.len().saturating_sub(HISTORY_MAX);
    history.drain(..over);
    history
}

/// A figure of the readings: each field of [`Reading`] after its time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Figure {
    Subscribers,
    NewPosts,
    TopViews,
    Mentions,
    NewMentions,
}

impl Figure {
    /// The figure in `reading`, if its check measured it.
    pub fn of(self, reading: &Reading) -> Option<u64> {
        match self {
            Figure::Subscribers => reading.subscribers,
            Figure::NewPosts => reading.new_posts,
            Figure::TopViews => reading.top_views,
            Figure::Mentions => reading.mentions,
            Figure::NewMentions => reading.new_mentions,
        }
    }
}

/// The line of `figure` named `name`: one point per reading that has it, at its time in Unix
/// seconds, labelled by `label` of that time.
pub fn history_series(
    history: &[Reading],
    figure: Figure,
    name: &str,
    label: impl Fn(i64) -> String,
) -> Series {
    Series {
        name: name.to_owned(),
        points: history
            .iter()
            .filter_map(|reading| {
                Some(Point {
                    x: reading.at as f64,
                    y: figure.of(reading)? as f64,
                    label: label(reading.at),
                })
            })
            .collect(),
    }
}
