//! Counters over time: subscriber dynamics, statistics of posts and stories, and the forwards,
//! mentions and view growth of one post.

use super::{web_url, Channel, PeerKind, Records};
use crate::de::{self, Lenient};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// Participants of a channel at the end of one period (subscriber dynamics).
#[derive(Clone, Debug, PartialEq, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct SubscriberCount {
    /// As sent (`Y-m-d H:00`, `Y-m-d`, `Y-W` or `Y-m`); parsing it belongs to `format`.
    #[serde(deserialize_with = "de::lenient")]
    pub period: String,
    #[serde(deserialize_with = "de::lenient")]
    pub participants_count: u64,
}

/// Response of subscriber dynamics (`/channels/subscribers`), newest first.
pub type SubscriberDynamicsResponse = Records<SubscriberCount>;

/// Counters of one post (statistics of several posts).
#[derive(Clone, Debug, PartialEq, Default, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct PostStatRecord {
    #[serde(deserialize_with = "de::lenient")]
    pub post_id: i64,
    #[serde(deserialize_with = "de::lenient")]
    pub views_count: u64,
    /// Including shares to private messages.
    #[serde(deserialize_with = "de::lenient")]
    pub shares_count: u64,
    #[serde(deserialize_with = "de::lenient")]
    pub comments_count: u64,
    #[serde(deserialize_with = "de::lenient")]
    pub reactions_count: u64,
}

/// Response of statistics of several posts (`/posts/stat-multi`).
pub type MultiPostStatsResponse = Records<PostStatRecord>;

/// Counters of one story (statistics of several stories).
#[derive(Clone, Debug, PartialEq, Default, Deserialize, Serialize)]
#[serde(from = "StoryStatWire", rename_all = "camelCase")]
pub struct StoryStatRecord {
    pub story_id: i64,
    pub views_count: u64,
    /// `sharesCount` as the spec names it, or `forwardsCount` as the real service sends it.
    pub shares_count: u64,
    pub reactions_count: u64,
}

/// A story's counters as sent: the shares under either name.
#[derive(Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct StoryStatWire {
    #[serde(deserialize_with = "de::lenient")]
    story_id: i64,
    #[serde(deserialize_with = "de::lenient")]
    views_count: u64,
    #[serde(deserialize_with = "de::lenient_opt")]
    shares_count: Option<u64>,
    #[serde(deserialize_with = "de::lenient_opt")]
    forwards_count: Option<u64>,
    #[serde(deserialize_with = "de::lenient")]
    reactions_count: u64,
}

impl From<StoryStatWire> for StoryStatRecord {
    fn from(wire: StoryStatWire) -> Self {
        StoryStatRecord {
            story_id: wire.story_id,
            views_count: wire.views_count,
            // The spec's name wins when both are sent.
            shares_count: wire.shares_count.or(wire.forwards_count).unwrap_or(0),
            reactions_count: wire.reactions_count,
        }
    }
}

/// Response of statistics of several stories (`/stories/stat-multi`).
pub type MultiStoryStatsResponse = Records<StoryStatRecord>;

/// A repost of a post into another channel.
#[derive(Clone, Debug, PartialEq, Default, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct Forward {
    /// Documented as a string of digits; an integer reads the same.
    #[serde(deserialize_with = "de::lenient")]
    pub post_id: String,
    /// Short link without scheme; see [`Forward::url`].
    #[serde(deserialize_with = "de::lenient")]
    pub post_link: String,
    /// Unix seconds.
    #[serde(deserialize_with = "de::lenient")]
    pub post_date: i64,
    #[serde(deserialize_with = "de::lenient")]
    pub channel_id: i64,
    #[serde(deserialize_with = "de::lenient_opt")]
    pub peer_type: Option<PeerKind>,
}

impl Forward {
    /// The reposting post's page.
    pub fn url(&self) -> Option<String> {
        web_url(&self.post_link)
    }
}

/// A mention of a post in another channel.
///
/// The spec does not show the element's shape, so any JSON value is accepted and kept whole in
/// `raw` (which is also what serializes). The fields of a forward record are picked out of an
/// object when present and readable, under camelCase or snake_case names; each is `None`
/// otherwise.
#[derive(Clone, Debug, PartialEq, Default, Deserialize, Serialize)]
#[serde(from = "Value", into = "Value")]
pub struct PostMention {
    pub post_id: Option<String>,
    pub post_link: Option<String>,
    pub post_date: Option<i64>,
    pub channel_id: Option<i64>,
    pub peer_type: Option<PeerKind>,
    pub raw: Value,
}

impl PostMention {
    /// The mentioning post's page.
    pub fn url(&self) -> Option<String> {
        self.post_link.as_deref().and_then(web_url)
    }
}

/// A field of an unspecified object, read leniently; unreadable reads as absent.
fn loose_field<T: Lenient>(fields: &Map<String, Value>, names: [&str; 2]) -> Option<T> {
    names
        .iter()
        .find_map(|name| fields.get(*name))
        .and_then(|value| de::lenient_opt(value).ok().flatten())
}

impl From<Value> for PostMention {
    fn from(raw: Value) -> Self {
        let Some(fields) = raw.as_object() else {
            return PostMention {
                raw,
                ..PostMention::default()
            };
        };
        PostMention {
            post_id: loose_field(fields, ["postId", "post_id"]),
            post_link: loose_field(fields, ["postLink", "post_link"]),
            post_date: loose_field(fields, ["postDate", "post_date"]),
            channel_id: loose_field(fields, ["channelId", "channel_id"]),
            peer_type: loose_field(fields, ["peerType", "peer_type"]),
            raw,
        }
    }
}

impl From<PostMention> for Value {
    fn from(mention: PostMention) -> Self {
        mention.raw
    }
}

/// Growth of a post's views in one hour or day after publication.
#[derive(Clone, Debug, PartialEq, Default, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct ViewGrowthPoint {
    /// As sent (`Y-m-d H:i` or `Y-m-d`); parsing it belongs to `format`.
    #[serde(deserialize_with = "de::lenient")]
    pub date: String,
    /// A number, sometimes sent as a numeric string.
    #[serde(deserialize_with = "de::lenient")]
    pub views_growth: f64,
}

/// Response of statistics of one post (`/posts/stat`).
#[derive(Clone, Debug, PartialEq, Default, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct PostStatsResponse {
    #[serde(deserialize_with = "de::lenient")]
    pub views_count: u64,
    #[serde(deserialize_with = "de::lenient")]
    pub shares_count: u64,
    #[serde(deserialize_with = "de::lenient")]
    pub comments_count: u64,
    #[serde(deserialize_with = "de::lenient")]
    pub reactions_count: u64,
    #[serde(deserialize_with = "de::lenient")]
    pub forwards_count: u64,
    #[serde(deserialize_with = "de::lenient")]
    pub mentions_count: u64,
    #[serde(deserialize_with = "de::null_as_default")]
    pub forwards: Records<Forward>,
    #[serde(deserialize_with = "de::null_as_default")]
    pub mentions: Records<PostMention>,
    /// Over the first 15 days after publication.
    #[serde(deserialize_with = "de::null_as_default")]
    pub views: Records<ViewGrowthPoint>,
    /// Channels of the forwards and mentions, when the service sends them (the real service
    /// does; the spec does not show them), found with [`Records::by_id`]. Empty otherwise.
    #[serde(deserialize_with = "de::null_as_default")]
    pub channels: Records<Channel>,
}
