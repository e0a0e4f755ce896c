//! Keyword mentions by channel.

use super::channel::channel_by_id;
use super::{Channel, Records};
use crate::de;
use serde::{Deserialize, Serialize};

/// Keyword mentions: one record per channel where the keyword occurred.
#[derive(Clone, Debug, PartialEq, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct MentionsByChannel {
    #[serde(deserialize_with = "de::lenient")]
    pub channel_id: i64,
    #[serde(deserialize_with = "de::lenient")]
    pub mentions_count: u64,
    /// Reach of the mentions.
    #[serde(deserialize_with = "de::lenient")]
    pub views_count: u64,
    /// Unix seconds.
    #[serde(deserialize_with = "de::lenient")]
    pub last_mention_date: i64,
}

/// Response of keyword mentions by channel (`/words/mentions-by-channels`).
#[derive(Clone, Debug, PartialEq, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct KeywordMentionsResponse {
    #[serde(deserialize_with = "de::null_as_default")]
    pub items: Records<MentionsByChannel>,
    #[serde(deserialize_with = "de::null_as_default")]
    pub channels: Records<Channel>,
}

impl KeywordMentionsResponse {
    /// The channel an item refers to.
    pub fn channel(&self, channel_id: i64) -> Option<&Channel> {
        channel_by_id(&self.channels, channel_id)
    }

    /// Each item with its channel, in the order of `items`; `None` where the service sent no
    /// matching channel.
    pub fn joined(&self) -> Vec<(&MentionsByChannel, Option<&Channel>)> {
        self.items
            .iter()
            .map(|item| (item, self.channel(item.channel_id)))
            .collect()
    }
}
