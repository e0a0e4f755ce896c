//! What a person pastes into the console's one box, read as where it should go: a channel, a
//! post, several posts, several channels or words to search for; and the list of what was opened
//! lately. Pure, so that every form people paste is tested natively.

use serde::{Deserialize, Serialize};

use crate::api::{ChannelId, PostId};

/// Most channels one comparison holds (`compare-channels`' own limit).
pub const MOST_CHANNELS: usize = 10;
/// How many things opened lately the box remembers.
pub const RECENT_MAX: usize = 10;

/// What a pasted text asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Paste {
    /// One channel: `@name`, `t.me/name`, `https://t.me/name`, `t.me/joinchat/…`, `t.me/+…` or
    /// the service's numeric ID. Held as typed (trimmed), which every page reads.
    Channel(String),
    /// One post: `t.me/name/123` or `t.me/c/123/45`.
    Post(String),
    /// Several post links, by channel in the order first seen: each channel's message numbers
    /// (once each), or a private post on its own.
    Posts(Vec<PostGroup>),
    /// Two to ten channels, to compare.
    Channels(Vec<String>),
    /// Words to search for; `username` when they are one word that could also name a channel.
    Words { text: String, username: bool },
    /// Nothing the box can open.
    Unreadable(Unreadable),
}

/// The posts of one channel in a pasted list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PostGroup {
    /// `@name` and its message numbers, in first-seen order.
    Public { channel: String, messages: Vec<u64> },
    /// A post of a private channel (`t.me/c/…`), whose service ID a link does not carry.
    Private(String),
}

/// Why a pasted text cannot be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unreadable {
    Empty,
    /// Pieces that look like links or names but are none the console reads (at most five).
    Pieces(Vec<String>),
    /// A list mixing links with words or channels with posts.
    Mixed,
    /// More channels than one comparison holds.
    TooManyChannels(usize),
}

/// One piece of a pasted text.
enum Piece {
    Channel(String),
    Post(PostId),
    Word,
    Bad,
}

/// `alone`: the only piece of the text (a number alone is a channel's ID; among words, a word).
fn piece(token: &str, alone: bool) -> Piece {
    let lower = token.to_ascii_lowercase();
    let link_like = token.starts_with('@')
        || lower.contains("t.me/")
        || lower.contains("telegram.me/")
        || lower.starts_with("http://")
        || lower.starts_with("https://");
    if let Ok(post @ (PostId::Link { .. } | PostId::Private { .. })) = token.parse::<PostId>() {
        return Piece::Post(post);
    }
    match token.parse::<ChannelId>() {
        // A bare word is a word: people search far more often than they type a name bare.
        Ok(ChannelId::Username(_)) if !token.starts_with('@') => Piece::Word,
        Ok(ChannelId::Numeric(_)) if !alone => Piece::Word,
        Ok(_) => Piece::Channel(token.to_owned()),
        Err(_) if link_like => Piece::Bad,
        Err(_) => Piece::Word,
    }
}

/// Reads `text` as the box does.
///
/// One piece: a post link opens the post, a channel (a numeric ID included) its report, any
/// other link or `@…` that is not one is unreadable, anything else is words. Several pieces
/// (split by white space, commas and semicolons): all post links open together, 2 to
/// [`MOST_CHANNELS`] channels compare, words (with or without `@names` or numbers among them)
/// are words, and a list mixing post links with anything else, or holding a link that is
/// neither a post nor a channel, is unreadable.
pub fn read_paste(text: &str) -> Paste {
    let text = text.trim();
    if text.is_empty() {
        return Paste::Unreadable(Unreadable::Empty);
    }
    let tokens: Vec<&str> = text
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .collect();
    let alone = tokens.len() == 1;
    let pieces: Vec<Piece> = tokens.iter().map(|t| piece(t, alone)).collect();
    let bad: Vec<String> = tokens
        .iter()
        .zip(&pieces)
        .filter(|(_, p)| matches!(p, Piece::Bad))
        .map(|(t, _)| (*t).to_owned())
        .take(5)
        .collect();
    if !bad.is_empty() {
        return Paste::Unreadable(Unreadable::Pieces(bad));
    }
    let count = |f: fn(&Piece) -> bool| pieces.iter().filter(|p| f(p)).count();
    let posts = count(|p| matches!(p, Piece::Post(_)));
    let channels = count(|p| matches!(p, Piece::Channel(_)));
    let words = count(|p| matches!(p, Piece::Word));
    match (posts, channels, words) {
        // Words, with or without `@names` among them: what post search is for.
        (0, _, 1..) | (0, 0, _) => Paste::Words {
            text: tokens.join(" "),
            username: alone && text.parse::<ChannelId>().is_ok(),
        },
        (1, 0, 0) => match pieces.into_iter().next() {
            Some(Piece::Post(post)) => Paste::Post(post.to_string()),
            _ => Paste::Unreadable(Unreadable::Mixed),
        },
        (_, 0, 0) => Paste::Posts(groups(pieces)),
        (0, 1, 0) => Paste::Channel(text.to_owned()),
        (0, n, 0) if n > MOST_CHANNELS => Paste::Unreadable(Unreadable::TooManyChannels(n)),
        (0, _, 0) => {
            let mut list: Vec<String> = Vec::new();
            for p in pieces {
                if let Piece::Channel(c) = p {
                    if !list.iter().any(|k| k.eq_ignore_ascii_case(&c)) {
                        list.push(c);
                    }
                }
            }
            if list.len() == 1 {
                Paste::Channel(list.remove(0))
            } else {
                Paste::Channels(list)
            }
        }
        _ => Paste::Unreadable(Unreadable::Mixed),
    }
}

/// Post links by channel, each message number once, channels in the order first seen.
fn groups(pieces: Vec<Piece>) -> Vec<PostGroup> {
    let mut out: Vec<PostGroup> = Vec::new();
    for p in pieces {
        let Piece::Post(post) = p else { continue };
        match post {
            PostId::Link { username, message } => {
                let channel = format!("@{username}");
                let found = out.iter_mut().find_map(|g| match g {
                    PostGroup::Public {
                        channel: c,
                        messages,
                    } if c.eq_ignore_ascii_case(&channel) => Some(messages),
                    _ => None,
                });
                match found {
                    Some(messages) if !messages.contains(&message) => messages.push(message),
                    Some(_) => {}
                    None => out.push(PostGroup::Public {
                        channel,
                        messages: vec![message],
                    }),
                }
            }
            other => {
                let link = other.to_string();
                if !out.contains(&PostGroup::Private(link.clone())) {
                    out.push(PostGroup::Private(link));
                }
            }
        }
    }
    out
}

/// What kind of thing was opened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OpenedKind {
    Channel,
    Post,
    Posts,
    Channels,
    Search,
}

impl Opened {
    pub fn new(kind: OpenedKind, href: String, typed: &str) -> Opened {
        Opened {
            kind,
            href,
            typed: typed.trim().to_owned(),
            label: typed.trim().to_owned(),
        }
    }
}

/// One thing opened lately: what it is, the address that opens it again and how to name it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Opened {
    pub kind: OpenedKind,
    /// The console's address (path and query).
    pub href: String,
    /// What the person typed (or the address named), which the box takes again.
    pub typed: String,
    /// How to name it: the channel's title once known, else what was typed.
    pub label: String,
}

/// `list` with `opened` first: an entry with the same address goes (its label is the newer
/// one's), and at most [`RECENT_MAX`] stay.
pub fn remember(list: &[Opened], opened: Opened) -> Vec<Opened> {
    let older: Vec<Opened> = list
        .iter()
        .filter(|o| o.href != opened.href)
        .take(RECENT_MAX - 1)
        .cloned()
        .collect();
    std::iter::once(opened).chain(older).collect()
}
