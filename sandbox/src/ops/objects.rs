//! Channels and posts as the operations write them: each operation shows its own subset of a
//! channel's fields, and media comes in several shapes.

use serde::ser::{SerializeMap, Serializer};
use serde::Serialize;
use serde_json::{json, Value};

use chanscope_api::ids::LINK_HOST;

use crate::dataset::{Dataset, Media, Restriction};
use crate::site::Site;

/// Where media files would be: a host that does not exist, as the sandbox serves no media (no
/// page loads these; they are links).
const STATIC_HOST: &str = "//static.sandbox.local";

/// Which fields of a channel an operation shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Channel information: every field.
    Full,
    /// Keyword mentions and channel search.
    Listed,
    /// The `channels` of post search.
    Brief,
}

pub struct ChannelJson<'a> {
    pub ds: &'a Dataset,
    pub site: &'a Site,
    pub channel: u32,
    pub shape: Shape,
}

impl Serialize for ChannelJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let c = &self.ds.channels[self.channel as usize];
        let full = self.shape == Shape::Full;
        let brief = self.shape == Shape::Brief;
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("id", &c.id)?;
        if !brief {
            map.serialize_entry("tg_id", &c.tg_id)?;
        }
        map.serialize_entry("link", &format!("{LINK_HOST}/{}", c.usernames[0]))?;
        if !brief {
            map.serialize_entry("peer_type", c.peer.as_str())?;
        }
        map.serialize_entry("username", &format!("@{}", c.usernames[0]))?;
        if full {
            let names: Vec<String> = c.usernames.iter().map(|n| format!("@{n}")).collect();
            map.serialize_entry("active_usernames", &names)?;
        }
        map.serialize_entry("title", &c.title)?;
        map.serialize_entry("about", &c.about)?;
        if full {
            map.serialize_entry("category", c.category)?;
            map.serialize_entry("country", c.country)?;
            map.serialize_entry("language", c.language)?;
        }
        map.serialize_entry("image100", &self.site.avatar(c.id, 100))?;
        map.serialize_entry("image640", &self.site.avatar(c.id, 640))?;
        map.serialize_entry("participants_count", &self.ds.participants(self.channel))?;
        if brief {
            return map.end();
        }
        map.serialize_entry("ci_index", &c.ci_index)?;
        if full {
            let rkn = if c.rkn_active {
                json!({"status": "active", "link": format!("https://knd.gov.ru/license?id={}", c.tg_id)})
            } else {
                json!({"status": "unknown", "link": ""})
            };
            map.serialize_entry("rkn_verification", &rkn)?;
        }
        let restrictions = match c.restriction {
            Restriction::None => json!([]),
            Restriction::RedLabel => json!([{"red_label": true}]),
            Restriction::Scam => json!([{"type": "scam", "reason": "complaints of fraud"}]),
        };
        map.serialize_entry("service_restrictions", &restrictions)?;
        map.serialize_entry("created_at", &c.created_at)?;
        map.end()
    }
}

/// A post as post search lists it.
pub struct PostJson<'a> {
    pub ds: &'a Dataset,
    pub post: u32,
    pub snippet: String,
}

/// The short link of a post.
pub fn post_link(ds: &Dataset, post: u32) -> String {
    let p = &ds.posts[post as usize];
    let channel = &ds.channels[p.channel as usize];
    format!("{LINK_HOST}/{}/{}", channel.usernames[0], p.message)
}

impl Serialize for PostJson<'_> {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let ds = self.ds;
        let p = &ds.posts[self.post as usize];
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("id", &p.id)?;
        map.serialize_entry("date", &p.date)?;
        let counters = ds.counters(self.post);
        map.serialize_entry("views", &counters.views)?;
        map.serialize_entry("shares_count", &counters.shares)?;
        map.serialize_entry("comments_count", &counters.comments)?;
        map.serialize_entry("reactions_count", &counters.reactions)?;
        map.serialize_entry("link", &post_link(ds, self.post))?;
        map.serialize_entry("channel_id", &ds.channels[p.channel as usize].id)?;
        let source = p
            .forward_of
            .map(|s| ds.channels[ds.posts[s as usize].channel as usize].id);
        map.serialize_entry("forwarded_from", &source)?;
        map.serialize_entry("is_deleted", &u8::from(p.deleted))?;
        map.serialize_entry("text", &p.text)?;
        map.serialize_entry("snippet", &self.snippet)?;
        if let Some(media) = media_json(p.media, p.id) {
            map.serialize_entry("media", &media)?;
        }
        map.end()
    }
}

/// `media` in the shape the post uses; `None` when the field is left out.
fn media_json(media: Media, id: u64) -> Option<Value> {
    let size = 20_000 + (crate::rng::mix(id) % 5_000_000);
    let value = match media {
        Media::Absent => return None,
        Media::Null => Value::Null,
        Media::EmptyArray => json!([]),
        Media::File => {
            let (kind, mime) = match id % 3 {
                0 => ("mediaPhoto", "image/jpeg"),
                1 => ("mediaVideo", "video/mp4"),
                _ => ("mediaDocument", "application/pdf"),
            };
            json!({"media_type": kind, "mime_type": mime, "size": size})
        }
        Media::Described => json!({
            "media_type": if id % 2 == 0 { "mediaVideo" } else { "mediaDocument" },
            "caption": crate::dataset::words::CAPTIONS[(id % crate::dataset::words::CAPTIONS.len() as u64) as usize],
            "file_size": size,
            "file_url": format!("{STATIC_HOST}/media/{id}.bin"),
            "file_thumbnail_url": format!("{STATIC_HOST}/media/{id}_thumb.jpg"),
        }),
    };
    Some(value)
}
