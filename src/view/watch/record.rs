//! How a watch's target and baseline are read back, from the browser's store and from watchlist
//! files: as flat records, the kind beside every field of every kind, turned into the enum once
//! read.
//!
//! Both are written as serde writes internally tagged enums (`{"kind": "posts", "ids": […]}`),
//! but not read that way: serde reads such an enum by first copying the whole object into a
//! buffer of its own and then reading the buffer again for the variant the tag names. For these
//! two enums that took 17 KB of the console's wasm; a flat record is read in one pass. What is
//! accepted is the same, with one difference in what is refused: a field of another kind is read
//! with its own type (`{"kind": "channels", "ids": [], "count": "x"}` is refused), where the
//! enum would have ignored it.

use serde::Deserialize;

use super::{Seen, WatchKind, WatchTarget};

/// A [`WatchTarget`] as read.
#[derive(Deserialize)]
pub(super) struct TargetRecord {
    kind: WatchKind,
    #[serde(default)]
    query: Option<String>,
    #[serde(default)]
    channel: Option<String>,
}

impl TryFrom<TargetRecord> for WatchTarget {
    type Error = String;

    fn try_from(record: TargetRecord) -> Result<Self, String> {
        Ok(match record.kind {
            WatchKind::PostSearch => WatchTarget::PostSearch {
                query: required(record.query, "query")?,
            },
            WatchKind::KeywordMentions => WatchTarget::KeywordMentions {
                query: required(record.query, "query")?,
            },
            WatchKind::Channel => WatchTarget::Channel {
                channel: required(record.channel, "channel")?,
            },
        })
    }
}

/// The tag of a [`Seen`].
#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum SeenTag {
    NotChecked,
    Posts,
    Channels,
    Subscribers,
}

/// A [`Seen`] as read.
#[derive(Deserialize)]
pub(super) struct SeenRecord {
    kind: SeenTag,
    #[serde(default)]
    ids: Option<Vec<i64>>,
    #[serde(default)]
    newest_date: Option<i64>,
    #[serde(default)]
    count: Option<u64>,
    #[serde(default)]
    at: Option<i64>,
}

impl TryFrom<SeenRecord> for Seen {
    type Error = String;

    fn try_from(record: SeenRecord) -> Result<Self, String> {
        Ok(match record.kind {
            SeenTag::NotChecked => Seen::NotChecked,
            SeenTag::Posts => Seen::Posts {
                ids: required(record.ids, "ids")?,
                newest_date: record.newest_date,
            },
            SeenTag::Channels => Seen::Channels {
                ids: required(record.ids, "ids")?,
            },
            SeenTag::Subscribers => Seen::Subscribers {
                count: required(record.count, "count")?,
                at: required(record.at, "at")?,
            },
        })
    }
}

/// A field the record's kind needs, refused in serde's words when absent.
fn required<T>(value: Option<T>, name: &str) -> Result<T, String> {
    value.ok_or_else(|| format!("missing field `{name}`"))
}
