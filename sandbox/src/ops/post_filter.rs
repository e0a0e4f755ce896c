//! Which posts a search looks at: a date range of the newest-first list, and conditions on a
//! post and its channel.

use std::ops::Range;

use chanscope_api::PeerType;

use crate::dataset::{Dataset, Peer};

/// The indices of posts published in `start..=end` (posts are newest first), never past the
/// current time: later posts do not exist yet.
pub fn date_range(ds: &Dataset, start: Option<i64>, end: Option<i64>) -> Range<usize> {
    let now = ds.current();
    let end = end.map_or(now, |e| e.min(now));
    let lo = ds.posts.partition_point(|p| p.date > end);
    let hi = start.map_or(ds.posts.len(), |s| {
        ds.posts.partition_point(|p| p.date >= s)
    });
    lo..hi.max(lo)
}

/// Conditions on a post and its channel.
#[derive(Default)]
pub struct PostFilter {
    pub peer: Option<Peer>,
    pub country: Option<String>,
    pub language: Option<String>,
    pub category: Option<String>,
    pub hide_forwards: bool,
    pub hide_deleted: bool,
}

impl PostFilter {
    pub fn peer_of(peer: PeerType) -> Option<Peer> {
        match peer {
            PeerType::Channel => Some(Peer::Channel),
            PeerType::Chat => Some(Peer::Chat),
            PeerType::All => None,
        }
    }

    fn needs_channel(&self) -> bool {
        self.peer.is_some()
            || self.country.is_some()
            || self.language.is_some()
            || self.category.is_some()
    }

    pub fn accepts(&self, ds: &Dataset, post: u32) -> bool {
        let p = &ds.posts[post as usize];
        if (self.hide_deleted && p.deleted) || (self.hide_forwards && p.forward_of.is_some()) {
            return false;
        }
        if !self.needs_channel() {
            return true;
        }
        let c = &ds.channels[p.channel as usize];
        self.peer.is_none_or(|peer| c.peer == peer)
            && self.country.as_deref().is_none_or(|v| c.country == v)
            && self.language.as_deref().is_none_or(|v| c.language == v)
            && self.category.as_deref().is_none_or(|v| c.category == v)
    }

    /// Whether every post passes, so counting needs no visit of each post.
    pub fn is_empty(&self) -> bool {
        !self.needs_channel() && !self.hide_deleted && !self.hide_forwards
    }
}
