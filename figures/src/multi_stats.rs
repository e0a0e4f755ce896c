//! The counters of several posts or stories as one table: the record's counters under one trait,
//! the column totals, and the IDs the service did not return. Used by the posts-stats and
//! stories-stats pages and the multi-post widget, so that all three count alike.

use crate::api::model::{PostStatRecord, StoryStatRecord};
use crate::engagement::PostCounts;

/// The counters of one post or story.
pub trait StatsRecord {
    fn id(&self) -> i64;
    fn views(&self) -> u64;
    fn shares(&self) -> u64;
    /// `None` for stories, which have no comments.
    fn comments(&self) -> Option<u64>;
    fn reactions(&self) -> u64;
}

impl StatsRecord for PostStatRecord {
    fn id(&self) -> i64 {
        self.post_id
    }
    fn views(&self) -> u64 {
        self.views_count
    }
    fn shares(&self) -> u64 {
        self.shares_count
    }
    fn comments(&self) -> Option<u64> {
        Some(self.comments_count)
    }
    fn reactions(&self) -> u64 {
        self.reactions_count
    }
}

impl StatsRecord for StoryStatRecord {
    fn id(&self) -> i64 {
        self.story_id
    }
    fn views(&self) -> u64 {
        self.views_count
    }
    fn shares(&self) -> u64 {
        self.shares_count
    }
    fn comments(&self) -> Option<u64> {
        None
    }
    fn reactions(&self) -> u64 {
        self.reactions_count
    }
}

/// The counters of one post or story, whichever it is: what the table shows of a record.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    pub id: i64,
    pub views: u64,
    pub shares: u64,
    /// `None` for stories, which have no comments.
    pub comments: Option<u64>,
    pub reactions: u64,
}

impl Counters {
    pub fn of<R: StatsRecord>(record: &R) -> Counters {
        Counters {
            id: record.id(),
            views: record.views(),
            shares: record.shares(),
            comments: record.comments(),
            reactions: record.reactions(),
        }
    }
}

impl From<&Counters> for PostCounts {
    /// A story has no comments: they count as none in its ER.
    fn from(row: &Counters) -> Self {
        PostCounts {
            views: row.views,
            shares: row.shares,
            comments: row.comments.unwrap_or(0),
            reactions: row.reactions,
            deleted: false,
        }
    }
}

/// The sums of each counter over a set of records (saturating, never wrapping).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Totals {
    pub views: u64,
    pub shares: u64,
    /// `None` when no record has comments (stories).
    pub comments: Option<u64>,
    pub reactions: u64,
}

pub fn totals(rows: &[Counters]) -> Totals {
    rows.iter().fold(Totals::default(), |sum, r| Totals {
        views: sum.views.saturating_add(r.views),
        shares: sum.shares.saturating_add(r.shares),
        comments: match (sum.comments, r.comments) {
            (None, None) => None,
            (a, b) => Some(a.unwrap_or(0).saturating_add(b.unwrap_or(0))),
        },
        reactions: sum.reactions.saturating_add(r.reactions),
    })
}

/// The IDs asked for that no record answers, in the order asked. A plain scan: at most 1,000
/// IDs against as many records is a million comparisons of integers, and it keeps a hash set's
/// code out of the widgets bundle.
pub fn missing_ids(asked: &[u64], rows: &[Counters]) -> Vec<u64> {
    asked
        .iter()
        .copied()
        .filter(|id| i64::try_from(*id).map_or(true, |id| !rows.iter().any(|r| r.id == id)))
        .collect()
}
