//! What a post carries, read from its `media`: one kind of media whatever shape and spelling the
//! answer used. The file of posts names it per post; the analysis of a search counts the mix.

use crate::api::model::Media;

/// What a post carries, read from its `media`.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MediaKind {
    Photo,
    Video,
    Document,
    /// Music and voice messages.
    Audio,
    /// GIFs.
    Animation,
    Sticker,
    LinkPreview,
    /// A `media_type` not known here, as sent (empty when the media names no type and nothing
    /// else tells it).
    Other(String),
    /// No media.
    None,
}

impl MediaKind {
    /// The kind of a post's media.
    ///
    /// By `media_type`, in any of the spellings seen (`mediaPhoto`, `photo`, `MEDIA_PHOTO`,
    /// `messageMediaPhoto`); without one, a link preview by its shape, a file by its MIME type.
    pub fn of(media: Option<&Media>) -> MediaKind {
        let Some(media) = media else {
            return MediaKind::None;
        };
        let name = media.media_type.trim();
        if !name.is_empty() {
            return by_name(name);
        }
        if media.is_link_preview() {
            return MediaKind::LinkPreview;
        }
        media
            .mime_type
            .as_deref()
            .and_then(by_mime)
            .unwrap_or(MediaKind::Other(String::new()))
    }

    /// A stable name for files: `photo`, `link_preview`, `none`; another type as sent.
    pub fn key(&self) -> &str {
        match self {
            MediaKind::Photo => "photo",
            MediaKind::Video => "video",
            MediaKind::Document => "document",
            MediaKind::Audio => "audio",
            MediaKind::Animation => "animation",
            MediaKind::Sticker => "sticker",
            MediaKind::LinkPreview => "link_preview",
            MediaKind::Other(name) if name.is_empty() => "other",
            MediaKind::Other(name) => name,
            MediaKind::None => "none",
        }
    }
}

fn by_name(name: &str) -> MediaKind {
    let folded: String = name
        .chars()
        .filter(|c| !matches!(c, '_' | '-' | ' '))
        .flat_map(char::to_lowercase)
        .collect();
    let bare = ["messagemedia", "media"]
        .iter()
        .find_map(|prefix| folded.strip_prefix(prefix))
        .unwrap_or(&folded);
    match bare {
        "photo" | "image" => MediaKind::Photo,
        "video" | "videonote" | "round" => MediaKind::Video,
        "document" | "file" => MediaKind::Document,
        "audio" | "voice" | "voicenote" | "music" => MediaKind::Audio,
        "animation" | "gif" => MediaKind::Animation,
        "sticker" => MediaKind::Sticker,
        "webpage" | "linkpreview" | "link" => MediaKind::LinkPreview,
        _ => MediaKind::Other(name.to_owned()),
    }
}

fn by_mime(mime: &str) -> Option<MediaKind> {
    let (top, _) = mime.trim().split_once('/')?;
    Some(match top.to_ascii_lowercase().as_str() {
        "image" => MediaKind::Photo,
        "video" => MediaKind::Video,
        "audio" => MediaKind::Audio,
        _ => MediaKind::Document,
    })
}
