//! What a watch is (a saved post search, keyword-mentions query or channel) and what each check
//! finds new since the one before.
//!
//! Times are Unix seconds, as the API writes them. A check goes like this: ask the API as the
//! watch's page would (a post search from [`check_since`] on), show what [`new_posts`],
//! [`new_channels`] or [`subscriber_change`] find against the watch's [`Seen`], then keep
//! [`Watch::after_check`] as the new baseline.

use std::cmp::Reverse;

use serde::{Deserialize, Serialize};

use crate::api::model::{KeywordMentionsResponse, Post};
use crate::api::query::encode_component;
use crate::figures::alerts::{crossed, Alert, Thresholds};
use crate::figures::watch_history::{with_reading, Reading};
use crate::store::Record;
use crate::view::labels::channel_name;

use super::seen::{
    channels_seen, new_channels, new_posts, posts_seen, subscriber_change, Seen, CHECK_OVERLAP_SECS,
};

/// A saved query or channel and what its last check saw.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Watch {
    /// Unique in the watchlist; the key of the stored record, and what an import matches on.
    pub id: String,
    pub name: String,
    pub target: WatchTarget,
    pub created_at: i64,
    /// `None` until the first check.
    #[serde(default)]
    pub checked_at: Option<i64>,
    #[serde(default)]
    pub seen: Seen,
    /// What the last check found new, kept until the next check so that the watchlist still
    /// shows it after a reload.
    #[serde(default, skip_serializing_if = "News::is_empty")]
    pub news: News,
    /// A reading per check, oldest first (see [`with_reading`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<Reading>,
    #[serde(default, skip_serializing_if = "Thresholds::is_empty")]
    pub thresholds: Thresholds,
    /// The thresholds the last check crossed, kept until the next check like `news`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alerts: Vec<Alert>,
}

impl Record for Watch {
    const STORE: &'static str = "watches";

    fn id(&self) -> &str {
        &self.id
    }
}

/// What a check found that the check before it had not seen.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct News {
    /// New posts, newest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub posts: Vec<NewPost>,
    /// Channels newly mentioning the keyword, by the service's ID.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub channels: Vec<i64>,
    /// The names of `channels`, in the same order, as the answer described them (see
    /// [`channel_name`]); empty for a channel it did not describe, and no list at all when it
    /// described none (as in watches saved before). Read them with [`News::channel_name`].
    /// A list beside the IDs rather than a map by ID: 0.5 KiB of the console's wasm after brotli
    /// instead of 3.3.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub channel_names: Vec<String>,
    /// The channel's participants gained (negative: lost) since the check before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subscriber_change: Option<i64>,
}

/// A new post as the watchlist lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewPost {
    pub id: i64,
    pub date: i64,
    /// Short link without scheme; empty when the answer had none.
    #[serde(default)]
    pub link: String,
}

impl News {
    /// The name of the `index`-th of [`News::channels`], if the answer described it.
    pub fn channel_name(&self, index: usize) -> Option<&str> {
        self.channel_names
            .get(index)
            .map(String::as_str)
            .filter(|name| !name.is_empty())
    }

    pub fn is_empty(&self) -> bool {
        *self == News::default()
    }

    /// How many things are new: each post, each channel, and a subscriber change other than 0.
    pub fn count(&self) -> usize {
        self.posts.len()
            + self.channels.len()
            + usize::from(self.subscriber_change.is_some_and(|c| c != 0))
    }
}

/// What a watch follows, written and read as an object tagged by its `kind`
/// (`{"kind": "channel", "channel": "@name"}`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WatchTarget {
    /// The query string of the post-search page (`q=brand&peerType=channel`), exactly as the
    /// page keeps its form in the address.
    PostSearch { query: String },
    /// The query string of the keyword-mentions page, as the page keeps it.
    KeywordMentions { query: String },
    /// A channel as typed: `@name`, a link or the service's numeric ID.
    Channel { channel: String },
}

/// The kinds of watch, named as in the watchlist file ([`WatchKind::as_str`], and so read).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WatchKind {
    PostSearch,
    KeywordMentions,
    Channel,
}

impl WatchKind {
    pub const ALL: [WatchKind; 3] = [
        WatchKind::PostSearch,
        WatchKind::KeywordMentions,
        WatchKind::Channel,
    ];

    /// The `kind` of a target in the watchlist file.
    pub fn as_str(self) -> &'static str {
        match self {
            WatchKind::PostSearch => "post_search",
            WatchKind::KeywordMentions => "keyword_mentions",
            WatchKind::Channel => "channel",
        }
    }
}

impl WatchTarget {
    pub fn kind(&self) -> WatchKind {
        match self {
            WatchTarget::PostSearch { .. } => WatchKind::PostSearch,
            WatchTarget::KeywordMentions { .. } => WatchKind::KeywordMentions,
            WatchTarget::Channel { .. } => WatchKind::Channel,
        }
    }

    /// The path of the console's page for this target.
    pub fn path(&self) -> &'static str {
        match self {
            WatchTarget::PostSearch { .. } => "/post-search",
            WatchTarget::KeywordMentions { .. } => "/keyword-mentions",
            WatchTarget::Channel { .. } => "/channel-info",
        }
    }

    /// The address of the page showing this target: `/post-search?q=brand`,
    /// `/channel-info?channel=%40name`.
    pub fn href(&self) -> String {
        let path = self.path();
        let query = match self {
            WatchTarget::PostSearch { query } | WatchTarget::KeywordMentions { query } => {
                query.clone()
            }
            WatchTarget::Channel { channel } => {
                let mut query = String::from("channel=");
                encode_component(channel, &mut query);
                query
            }
        };
        if query.is_empty() {
            path.to_owned()
        } else {
            format!("{path}?{query}")
        }
    }
}

impl Seen {
    /// Whether this is what a check of `kind` records (or nothing yet).
    pub(super) fn fits(&self, kind: WatchKind) -> bool {
        matches!(
            (self, kind),
            (Seen::NotChecked, _)
                | (Seen::Posts { .. }, WatchKind::PostSearch)
                | (Seen::Channels { .. }, WatchKind::KeywordMentions)
                | (Seen::Subscribers { .. }, WatchKind::Channel)
        )
    }
}

/// What a check of a watch got from the API.
#[derive(Clone, Copy, Debug)]
pub enum CheckAnswer<'a> {
    /// The posts a post search found (every page asked for), newest first.
    Posts(&'a [Post]),
    /// An answer of keyword mentions by channel: its items, and the channels it describes.
    Mentions(&'a KeywordMentionsResponse),
    /// The channel's `participants_count` from channel information.
    Channel { participants: u64 },
}

impl Watch {
    /// A watch made `now`, not checked yet.
    pub fn new(id: String, name: String, target: WatchTarget, now: i64) -> Watch {
        Watch {
            id,
            name,
            target,
            created_at: now,
            checked_at: None,
            seen: Seen::NotChecked,
            news: News::default(),
            history: Vec::new(),
            thresholds: Thresholds::default(),
            alerts: Vec::new(),
        }
    }

    /// The watch after a check at `now` got `answer`: what is new against the last check
    /// becomes its [`News`], what it measured joins its history, the thresholds it crosses
    /// become its alerts, and the answer becomes what is seen ([`Watch::after_check`]).
    pub fn checked(self, answer: CheckAnswer<'_>, now: i64) -> Watch {
        let previous = self.history.last();
        let (news, reading) = match answer {
            CheckAnswer::Posts(posts_answer) => {
                let mut posts: Vec<NewPost> = new_posts(&self.seen, posts_answer)
                    .into_iter()
                    .map(|p| NewPost {
                        id: p.id,
                        date: p.date,
                        link: p.link.clone(),
                    })
                    .collect();
                posts.sort_by_key(|p| (Reverse(p.date), Reverse(p.id)));
                let reading = Reading::posts(now, posts_answer, posts.len());
                let news = News {
                    posts,
                    ..News::default()
                };
                (news, reading)
            }
            CheckAnswer::Mentions(answer) => {
                let channels = new_channels(&self.seen, &answer.items);
                let mut channel_names: Vec<String> = channels
                    .iter()
                    .map(|&id| {
                        answer
                            .channel(id)
                            .and_then(channel_name)
                            .unwrap_or_default()
                    })
                    .collect();
                if channel_names.iter().all(String::is_empty) {
                    channel_names.clear();
                }
                let news = News {
                    channels,
                    channel_names,
                    ..News::default()
                };
                (news, Reading::mentions(now, &answer.items, previous))
            }
            CheckAnswer::Channel { participants } => {
                let news = News {
                    subscriber_change: subscriber_change(&self.seen, participants),
                    ..News::default()
                };
                (news, Reading::channel(now, participants))
            }
        };
        let kind = self.target.kind();
        let fits = matches!(
            (kind, answer),
            (WatchKind::PostSearch, CheckAnswer::Posts(_))
                | (WatchKind::KeywordMentions, CheckAnswer::Mentions(_))
                | (WatchKind::Channel, CheckAnswer::Channel { .. })
        );
        if !fits {
            return self;
        }
        let alerts = crossed(&self.thresholds, previous, &reading);
        let checked = self.after_check(answer, now);
        Watch {
            news,
            alerts,
            history: with_reading(checked.history, reading),
            ..checked
        }
    }

    /// The watch after a check at `now` got `answer`: what the answer holds is now seen, and
    /// `checked_at` is `now`. An answer of another kind than the target's is not a check of
    /// this watch and leaves it as it was.
    pub fn after_check(self, answer: CheckAnswer<'_>, now: i64) -> Watch {
        let seen = match (self.target.kind(), answer) {
            (WatchKind::PostSearch, CheckAnswer::Posts(posts)) => posts_seen(&self.seen, posts),
            (WatchKind::KeywordMentions, CheckAnswer::Mentions(answer)) => {
                channels_seen(&self.seen, &answer.items)
            }
            (WatchKind::Channel, CheckAnswer::Channel { participants }) => Seen::Subscribers {
                count: participants,
                at: now,
            },
            _ => return self,
        };
        Watch {
            checked_at: Some(now),
            seen,
            ..self
        }
    }
}

/// The `startDate` a check of a post-search watch asks with: the previous check less
/// [`CHECK_OVERLAP_SECS`], so that posts indexed after that check but dated just before it are
/// still found (the seen IDs keep them from counting twice). `None` on a first check, which asks
/// as the page does, and for the other kinds: a keyword-mentions check reads its page's whole
/// period, which holds one record per channel, and a channel check reads a count.
///
/// When the watch's page sets a start of its own, the later of the two applies.
pub fn check_since(watch: &Watch) -> Option<i64> {
    match watch.target {
        WatchTarget::PostSearch { .. } => watch
            .checked_at
            .map(|at| at.saturating_sub(CHECK_OVERLAP_SECS)),
        WatchTarget::KeywordMentions { .. } | WatchTarget::Channel { .. } => None,
    }
}
