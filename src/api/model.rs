//! Resources and response records of the API: what each operation puts in the envelope's
//! `response`.
//!
//! Every record tolerates absent fields (`#[serde(default)]`), ignores unknown ones, and reads
//! the real-world variants handled in [`super::de`]. Serialization uses the API's own field
//! names, so exported JSON reads like the service's.

use super::de::{self, Lenient, Scalar};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

/// One restriction of a channel. The spec does not show its keys (the real service sends e.g.
/// `{"red_label": true}`), so it stays a plain JSON object.
pub type Restriction = Map<String, Value>;

/// Kind of a chat as the service reports it (`peer_type`, `peerType`).
///
/// An enum so the UI matches on names rather than spellings; `Other` keeps any value the spec
/// does not list, so one new kind on the service cannot make a whole response fail to decode.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Deserialize, Serialize)]
#[serde(from = "String", into = "String")]
pub enum PeerKind {
    Channel,
    Chat,
    /// A value the spec does not list, as sent.
    Other(String),
}

impl PeerKind {
    /// The value as the API spells it.
    pub fn as_str(&self) -> &str {
        match self {
            PeerKind::Channel => "channel",
            PeerKind::Chat => "chat",
            PeerKind::Other(text) => text,
        }
    }
}

impl From<String> for PeerKind {
    fn from(text: String) -> Self {
        match text.trim() {
            "channel" => PeerKind::Channel,
            "chat" => PeerKind::Chat,
            _ => PeerKind::Other(text),
        }
    }
}

impl From<PeerKind> for String {
    fn from(kind: PeerKind) -> Self {
        match kind {
            PeerKind::Other(text) => text,
            known => known.as_str().to_owned(),
        }
    }
}

impl Lenient for PeerKind {
    fn from_scalar(value: Scalar<'_>) -> Result<Option<Self>, String> {
        String::from_scalar(value).map(|text| text.map(PeerKind::from))
    }
}

/// An `http(s)` URL for a link or image address the service sent, or `None` when it cannot be
/// one.
///
/// Links come without a scheme (`t.me/name`) and avatars protocol-relative (`//host/path`);
/// both become `https://`. Anything naming another scheme (`javascript:`, `data:`, ...), or
/// containing whitespace or control characters, is refused, so the result is always safe to
/// put in an `href` or `src`.
pub fn web_url(raw: &str) -> Option<String> {
    let raw = raw.trim();
    if raw.is_empty() || raw.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return None;
    }
    let url = if let Some(rest) = raw.strip_prefix("//") {
        format!("https://{rest}")
    } else if let Some(scheme) = scheme_of(raw) {
        if !scheme.eq_ignore_ascii_case("http") && !scheme.eq_ignore_ascii_case("https") {
            return None;
        }
        raw.to_owned()
    } else if raw.starts_with(['/', '\\']) {
        // A path on some unknown host: there is no host to point at.
        return None;
    } else {
        format!("https://{raw}")
    };
    let (_, host_and_rest) = url.split_once("://")?;
    if host_and_rest.is_empty() || host_and_rest.starts_with(['/', '\\', '?', '#', '@']) {
        return None;
    }
    Some(url)
}

/// The scheme of an absolute URL: the text before the first `:` when no `/` precedes it and
/// what follows is not a port number (`t.me:443/name` has no scheme).
fn scheme_of(raw: &str) -> Option<&str> {
    let (head, tail) = raw.split_once(':')?;
    if head.contains('/') {
        return None;
    }
    let port = tail.split(['/', '?', '#']).next().unwrap_or_default();
    let is_port = !head.is_empty() && !port.is_empty() && port.bytes().all(|b| b.is_ascii_digit());
    (!is_port).then_some(head)
}

/// Registry verification of a channel (channel information only).
#[derive(Clone, Debug, PartialEq, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct RknVerification {
    /// `active` or `unknown`.
    #[serde(deserialize_with = "de::lenient")]
    pub status: String,
    #[serde(deserialize_with = "de::lenient")]
    pub link: String,
}

impl RknVerification {
    /// Whether the registry lists the channel as verified; any other status reads as not.
    pub fn is_active(&self) -> bool {
        self.status.trim().eq_ignore_ascii_case("active")
    }

    /// The registry page, if the link is a safe web URL.
    pub fn url(&self) -> Option<String> {
        web_url(&self.link)
    }
}

/// A channel or chat.
///
/// Operations return different subsets of the fields: channel information all of them, keyword
/// mentions and channel search all but `active_usernames`, `category`, `country`, `language` and
/// `rkn_verification`, post search only the identity, texts, avatars and participant count.
/// Fields missing from some subset are `Option` where a default would read as a real value (a
/// citation index of 0, a creation date in 1970).
#[derive(Clone, Debug, PartialEq, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct Channel {
    #[serde(deserialize_with = "de::lenient")]
    pub id: i64,
    #[serde(deserialize_with = "de::lenient_opt")]
    pub tg_id: Option<i64>,
    /// Short link without scheme; see [`Channel::url`].
    #[serde(deserialize_with = "de::lenient")]
    pub link: String,
    #[serde(deserialize_with = "de::lenient_opt")]
    pub peer_type: Option<PeerKind>,
    /// With the leading `@`.
    #[serde(deserialize_with = "de::lenient")]
    pub username: String,
    #[serde(deserialize_with = "de::null_as_default")]
    pub active_usernames: Vec<String>,
    #[serde(deserialize_with = "de::lenient")]
    pub title: String,
    /// Untrusted text from the channel's author; may contain line breaks.
    #[serde(deserialize_with = "de::lenient")]
    pub about: String,
    #[serde(deserialize_with = "de::lenient_opt")]
    pub category: Option<String>,
    #[serde(deserialize_with = "de::lenient_opt")]
    pub country: Option<String>,
    #[serde(deserialize_with = "de::lenient_opt")]
    pub language: Option<String>,
    /// Protocol-relative; see [`Channel::image100_url`].
    #[serde(deserialize_with = "de::lenient")]
    pub image100: String,
    /// Protocol-relative; see [`Channel::image640_url`].
    #[serde(deserialize_with = "de::lenient")]
    pub image640: String,
    #[serde(deserialize_with = "de::lenient")]
    pub participants_count: u64,
    #[serde(deserialize_with = "de::lenient_opt")]
    pub ci_index: Option<f64>,
    #[serde(deserialize_with = "de::none_if_empty")]
    pub rkn_verification: Option<RknVerification>,
    #[serde(deserialize_with = "de::restrictions")]
    pub service_restrictions: Vec<Restriction>,
    /// Sent by the real service in place of or beside `service_restrictions`.
    #[serde(deserialize_with = "de::restrictions")]
    pub tgstat_restrictions: Vec<Restriction>,
    /// Unix seconds.
    #[serde(deserialize_with = "de::lenient_opt")]
    pub created_at: Option<i64>,
}

impl Channel {
    /// The channel's page (`https://t.me/name`).
    pub fn url(&self) -> Option<String> {
        web_url(&self.link)
    }

    /// The 100-pixel avatar as an `https` URL.
    pub fn image100_url(&self) -> Option<String> {
        web_url(&self.image100)
    }

    /// The 640-pixel avatar as an `https` URL.
    pub fn image640_url(&self) -> Option<String> {
        web_url(&self.image640)
    }

    /// Names of the restrictions in force, from both restriction fields, for badges.
    ///
    /// A key counts when its value is not `false`, `0`, `null` or empty, because the real
    /// service flags restrictions as `{"red_label": true}`.
    pub fn active_restrictions(&self) -> Vec<&str> {
        self.service_restrictions
            .iter()
            .chain(&self.tgstat_restrictions)
            .flat_map(|fields| fields.iter())
            .filter(|(_, value)| is_truthy(value))
            .map(|(key, _)| key.as_str())
            .collect()
    }
}

fn is_truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64() != Some(0.0),
        Value::String(s) => !s.is_empty() && s != "0",
        Value::Array(items) => !items.is_empty(),
        Value::Object(fields) => !fields.is_empty(),
    }
}

/// Media attached to a post.
///
/// The service sends one of two shapes: `{media_type, mime_type, size}` or
/// `{media_type, caption, file_size, file_url, file_thumbnail_url}`; each field of the shape
/// not sent is `None`.
#[derive(Clone, Debug, PartialEq, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct Media {
    #[serde(deserialize_with = "de::lenient")]
    pub media_type: String,
    #[serde(deserialize_with = "de::lenient_opt")]
    pub mime_type: Option<String>,
    #[serde(deserialize_with = "de::lenient_opt")]
    pub size: Option<u64>,
    #[serde(deserialize_with = "de::lenient_opt")]
    pub caption: Option<String>,
    #[serde(deserialize_with = "de::lenient_opt")]
    pub file_size: Option<u64>,
    #[serde(deserialize_with = "de::lenient_opt")]
    pub file_url: Option<String>,
    #[serde(deserialize_with = "de::lenient_opt")]
    pub file_thumbnail_url: Option<String>,
}

impl Media {
    /// Size of the file in bytes, whichever shape carried it.
    pub fn size_bytes(&self) -> Option<u64> {
        self.size.or(self.file_size)
    }

    /// The file as a safe web URL.
    pub fn file_url_href(&self) -> Option<String> {
        self.file_url.as_deref().and_then(web_url)
    }

    /// The thumbnail as a safe web URL.
    pub fn thumbnail_url_href(&self) -> Option<String> {
        self.file_thumbnail_url.as_deref().and_then(web_url)
    }
}

/// Where a repost came from (`forwarded_from`).
///
/// Read from any non-empty JSON value: the spec leaves the type open and the real service sends
/// a channel ID. A value of another shape is kept as sent, so the post still shows as a repost.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[serde(from = "Value", into = "Value")]
pub enum ForwardedFrom {
    /// The service's ID of the source channel (sent as an integer or a numeric string).
    Channel(i64),
    /// Any other non-empty value, as sent.
    Other(Value),
}

impl From<Value> for ForwardedFrom {
    fn from(value: Value) -> Self {
        match de::lenient_opt::<_, i64>(&value) {
            Ok(Some(id)) => ForwardedFrom::Channel(id),
            _ => ForwardedFrom::Other(value),
        }
    }
}

impl From<ForwardedFrom> for Value {
    fn from(source: ForwardedFrom) -> Self {
        match source {
            ForwardedFrom::Channel(id) => Value::from(id),
            ForwardedFrom::Other(value) => value,
        }
    }
}

/// A post (items of post search).
#[derive(Clone, Debug, PartialEq, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct Post {
    #[serde(deserialize_with = "de::lenient")]
    pub id: i64,
    /// Unix seconds.
    #[serde(deserialize_with = "de::lenient")]
    pub date: i64,
    #[serde(deserialize_with = "de::lenient")]
    pub views: u64,
    #[serde(deserialize_with = "de::lenient")]
    pub shares_count: u64,
    #[serde(deserialize_with = "de::lenient")]
    pub comments_count: u64,
    #[serde(deserialize_with = "de::lenient")]
    pub reactions_count: u64,
    /// Short link without scheme; see [`Post::url`].
    #[serde(deserialize_with = "de::lenient")]
    pub link: String,
    #[serde(deserialize_with = "de::lenient")]
    pub channel_id: i64,
    /// `None` when the post is not a repost (`null`, `[]` or absent).
    #[serde(deserialize_with = "de::value_or_none")]
    pub forwarded_from: Option<ForwardedFrom>,
    #[serde(deserialize_with = "de::lenient")]
    pub is_deleted: bool,
    /// Untrusted; may contain HTML such as `<b>`.
    #[serde(deserialize_with = "de::lenient")]
    pub text: String,
    /// Untrusted; matches are wrapped in `<mark>`.
    #[serde(deserialize_with = "de::lenient")]
    pub snippet: String,
    #[serde(deserialize_with = "de::none_if_empty")]
    pub media: Option<Media>,
}

impl Post {
    /// The post's page (`https://t.me/name/123`).
    pub fn url(&self) -> Option<String> {
        web_url(&self.link)
    }

    /// Whether the post is a repost, whatever shape `forwarded_from` had.
    pub fn is_repost(&self) -> bool {
        self.forwarded_from.is_some()
    }

    /// The service's ID of the channel this post was reposted from, when the service said so.
    pub fn forwarded_from_channel(&self) -> Option<i64> {
        match self.forwarded_from {
            Some(ForwardedFrom::Channel(id)) => Some(id),
            _ => None,
        }
    }
}

/// The channel with the given service ID among those a response carries.
fn channel_by_id(channels: &[Channel], id: i64) -> Option<&Channel> {
    channels.iter().find(|channel| channel.id == id)
}

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
    pub items: Vec<MentionsByChannel>,
    #[serde(deserialize_with = "de::null_as_default")]
    pub channels: Vec<Channel>,
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

/// Response of channel and chat search (`/channels/search`).
#[derive(Clone, Debug, PartialEq, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct ChannelSearchResponse {
    /// Number of records in `items`.
    #[serde(deserialize_with = "de::lenient")]
    pub count: u64,
    #[serde(deserialize_with = "de::null_as_default")]
    pub items: Vec<Channel>,
}

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
pub type SubscriberDynamicsResponse = Vec<SubscriberCount>;

/// Response of channel information (`/channels/get`).
pub type ChannelInfoResponse = Channel;

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
pub type MultiPostStatsResponse = Vec<PostStatRecord>;

/// Counters of one story (statistics of several stories).
#[derive(Clone, Debug, PartialEq, Default, Deserialize, Serialize)]
#[serde(default, rename_all = "camelCase")]
pub struct StoryStatRecord {
    #[serde(deserialize_with = "de::lenient")]
    pub story_id: i64,
    #[serde(deserialize_with = "de::lenient")]
    pub views_count: u64,
    #[serde(deserialize_with = "de::lenient")]
    pub shares_count: u64,
    #[serde(deserialize_with = "de::lenient")]
    pub reactions_count: u64,
}

/// Response of statistics of several stories (`/stories/stat-multi`).
pub type MultiStoryStatsResponse = Vec<StoryStatRecord>;

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
    pub forwards: Vec<Forward>,
    #[serde(deserialize_with = "de::null_as_default")]
    pub mentions: Vec<PostMention>,
    /// Over the first 15 days after publication.
    #[serde(deserialize_with = "de::null_as_default")]
    pub views: Vec<ViewGrowthPoint>,
}

/// Response of post search (`/posts/search`), newest first.
#[derive(Clone, Debug, PartialEq, Default, Deserialize, Serialize)]
#[serde(default)]
pub struct PostSearchResponse {
    /// Number of records in `items`.
    #[serde(deserialize_with = "de::lenient")]
    pub count: u64,
    /// All posts found for the query.
    #[serde(deserialize_with = "de::lenient")]
    pub total_count: u64,
    #[serde(deserialize_with = "de::null_as_default")]
    pub items: Vec<Post>,
    /// Sent only with `extended=1`; empty otherwise.
    #[serde(deserialize_with = "de::null_as_default")]
    pub channels: Vec<Channel>,
}

impl PostSearchResponse {
    /// The channel a post was published in, when the response carries it (`extended=1`).
    pub fn channel_of(&self, post: &Post) -> Option<&Channel> {
        channel_by_id(&self.channels, post.channel_id)
    }
}
