//! Posts: the items of post search, their media and repost source.

use super::channel::channel_by_id;
use super::{web_url, Channel, Records};
use crate::de;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// Media attached to a post.
///
/// The service sends one of three shapes: `{media_type, mime_type, size}`,
/// `{media_type, caption, file_size, file_url, file_thumbnail_url}`, or a link preview
/// `{url, site_name, title, description}`; each field of the shapes not sent is `None`.
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
    /// The linked page of a link preview; see [`Media::url_href`].
    #[serde(deserialize_with = "de::lenient_opt")]
    pub url: Option<String>,
    /// Untrusted, like the rest of a link preview.
    #[serde(deserialize_with = "de::lenient_opt")]
    pub site_name: Option<String>,
    #[serde(deserialize_with = "de::lenient_opt")]
    pub title: Option<String>,
    #[serde(deserialize_with = "de::lenient_opt")]
    pub description: Option<String>,
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

    /// The page of a link preview as a safe web URL.
    pub fn url_href(&self) -> Option<String> {
        self.url.as_deref().and_then(web_url)
    }

    /// Whether this is a link preview: it names a page, a site or a title rather than a file.
    pub fn is_link_preview(&self) -> bool {
        [&self.url, &self.site_name, &self.title]
            .iter()
            .any(|field| field.as_deref().is_some_and(|text| !text.trim().is_empty()))
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
    /// The album this post belongs to: posts sent together share it (the real service sends
    /// it; the spec does not). See [`Post::album`].
    #[serde(deserialize_with = "de::lenient_opt")]
    pub group_id: Option<i64>,
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

    /// The album of the post, if it is one item of several sent together (`0` reads as none).
    pub fn album(&self) -> Option<i64> {
        self.group_id.filter(|&id| id != 0)
    }

    /// The service's ID of the channel this post was reposted from, when the service said so.
    pub fn forwarded_from_channel(&self) -> Option<i64> {
        match self.forwarded_from {
            Some(ForwardedFrom::Channel(id)) => Some(id),
            _ => None,
        }
    }
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
    pub items: Records<Post>,
    /// Sent only with `extended=1`; empty otherwise.
    #[serde(deserialize_with = "de::null_as_default")]
    pub channels: Records<Channel>,
}

impl PostSearchResponse {
    /// The channel a post was published in, when the response carries it (`extended=1`).
    pub fn channel_of(&self, post: &Post) -> Option<&Channel> {
        channel_by_id(&self.channels, post.channel_id)
    }
}
