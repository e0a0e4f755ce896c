//! What a check of a watch finds new against what the check before it saw ([`Seen`]), and the
//! baseline it leaves for the next: the posts, channels or subscriber count of an answer, each
//! kept within a cap.

use std::cmp::Reverse;
use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use crate::api::model::{MentionsByChannel, Post};

/// Most post IDs a watch remembers. A check asks only for posts since the previous check less
/// [`CHECK_OVERLAP_SECS`], so only the newest posts seen can come back; a thousand leaves room
/// for a busy hour while a watch stays a few kilobytes.
pub const SEEN_POSTS_MAX: usize = 1_000;

/// Most channel IDs a keyword-mentions watch remembers. A check reads the whole period of the
/// page (the API pages nothing here), so the baseline has to hold every channel of an answer:
/// a channel left out would be reported as new at the next check.
pub const SEEN_CHANNELS_MAX: usize = 10_000;

/// How far before the previous check a post-search check starts: the service indexes posts
/// late, so a post dated shortly before that check may not have been found by it.
pub const CHECK_OVERLAP_SECS: i64 = 3_600;
/// What the last check of a watch saw: the baseline the next check is compared with, written and
/// read as an object tagged by its `kind` (`{"kind": "subscribers", "count": 42, "at": …}`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Seen {
    /// Not checked yet: the first check only sets the baseline.
    #[default]
    NotChecked,
    /// Post search: the IDs of the posts seen, newest first, at most [`SEEN_POSTS_MAX`], and the
    /// date of the newest.
    Posts {
        ids: Vec<i64>,
        newest_date: Option<i64>,
    },
    /// Keyword mentions: the IDs of the channels seen mentioning the keyword, the latest
    /// mentions first, at most [`SEEN_CHANNELS_MAX`].
    Channels { ids: Vec<i64> },
    /// Channel: its participants and when they were counted.
    Subscribers { count: u64, at: i64 },
}

impl Seen {
    /// The same baseline within the caps, so that no file makes a watch large.
    pub(super) fn capped(self) -> Seen {
        match self {
            Seen::Posts {
                mut ids,
                newest_date,
            } => {
                ids.truncate(SEEN_POSTS_MAX);
                Seen::Posts { ids, newest_date }
            }
            Seen::Channels { mut ids } => {
                ids.truncate(SEEN_CHANNELS_MAX);
                Seen::Channels { ids }
            }
            other => other,
        }
    }
}

/// The posts of an answer not seen before, in the answer's order, each once. Nothing is new on a
/// first check: it only sets the baseline.
pub fn new_posts<'a>(seen: &Seen, answer_posts: &'a [Post]) -> Vec<&'a Post> {
    let Seen::Posts { ids, .. } = seen else {
        return Vec::new();
    };
    let known: HashSet<i64> = ids.iter().copied().collect();
    let mut listed = HashSet::new();
    answer_posts
        .iter()
        .filter(|post| !known.contains(&post.id) && listed.insert(post.id))
        .collect()
}

/// The channels of a keyword-mentions answer not seen before, in the answer's order, each once.
/// Nothing is new on a first check.
pub fn new_channels(seen: &Seen, items: &[MentionsByChannel]) -> Vec<i64> {
    let Seen::Channels { ids } = seen else {
        return Vec::new();
    };
    let known: HashSet<i64> = ids.iter().copied().collect();
    let mut listed = HashSet::new();
    items
        .iter()
        .map(|item| item.channel_id)
        .filter(|id| !known.contains(id) && listed.insert(*id))
        .collect()
}

/// How many participants a channel gained (negative: lost) since the last check; `None` before
/// a first count.
pub fn subscriber_change(seen: &Seen, count_now: u64) -> Option<i64> {
    let Seen::Subscribers { count, .. } = seen else {
        return None;
    };
    let signed = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
    Some(signed(count_now).saturating_sub(signed(*count)))
}

pub(super) fn posts_seen(before: &Seen, posts: &[Post]) -> Seen {
    let (earlier, newest_before) = match before {
        Seen::Posts { ids, newest_date } => (ids.as_slice(), *newest_date),
        _ => (&[][..], None),
    };
    let mut answer: Vec<&Post> = posts.iter().collect();
    answer.sort_by_key(|post| Reverse(post.date));
    Seen::Posts {
        ids: remember(answer.iter().map(|post| post.id), earlier, SEEN_POSTS_MAX),
        newest_date: posts
            .iter()
            .map(|post| post.date)
            .chain(newest_before)
            .max(),
    }
}

pub(super) fn channels_seen(before: &Seen, items: &[MentionsByChannel]) -> Seen {
    let earlier = match before {
        Seen::Channels { ids } => ids.as_slice(),
        _ => &[],
    };
    let mut answer: Vec<&MentionsByChannel> = items.iter().collect();
    answer.sort_by_key(|item| Reverse(item.last_mention_date));
    Seen::Channels {
        ids: remember(
            answer.iter().map(|item| item.channel_id),
            earlier,
            SEEN_CHANNELS_MAX,
        ),
    }
}

/// `latest` then `earlier`, each ID once, cut to `max`: what falls off is what was seen longest
/// ago.
fn remember(latest: impl Iterator<Item = i64>, earlier: &[i64], max: usize) -> Vec<i64> {
    let mut kept = HashSet::new();
    latest
        .chain(earlier.iter().copied())
        .filter(|id| kept.insert(*id))
        .take(max)
        .collect()
}
