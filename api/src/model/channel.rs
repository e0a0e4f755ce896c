//! Channels and chats: the record every channel operation returns, its kind, registry
//! verification and restrictions.

use super::{web_url, Records};
use crate::de::{self, Lenient, Scalar};
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

/// Whether a restriction's value flags it: anything but `false`, `0`, `"0"`, `null` or empty.
pub fn is_truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(b) => *b,
        Value::Number(n) => n.as_f64() != Some(0.0),
        Value::String(s) => !s.is_empty() && s != "0",
        Value::Array(items) => !items.is_empty(),
        Value::Object(fields) => !fields.is_empty(),
    }
}

/// The channel with the given service ID among those a response carries.
pub(super) fn channel_by_id(channels: &[Channel], id: i64) -> Option<&Channel> {
    channels.iter().find(|channel| channel.id == id)
}

impl Records<Channel> {
    /// The channel with this service ID among these.
    pub fn by_id(&self, id: i64) -> Option<&Channel> {
        channel_by_id(self, id)
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
    pub items: Records<Channel>,
}

/// Response of channel information (`/channels/get`).
pub type ChannelInfoResponse = Channel;
