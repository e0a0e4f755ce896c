//! Channel and post identifiers in every form the API accepts, parsed from what people paste.

use std::fmt;
use std::str::FromStr;

/// The host of short links. Links are sent without a scheme, as the API documents them.
pub const LINK_HOST: &str = "t.me";
/// Hosts people paste that mean the same as [`LINK_HOST`].
const LINK_HOSTS: &[&str] = &["t.me", "telegram.me", "telegram.dog"];
/// First path segments of short links that are not usernames.
const RESERVED_PATHS: &[&str] = &["joinchat", "addstickers", "share", "proxy", "socks"];
/// The longest input quoted back in an error message.
const QUOTE_MAX_CHARS: usize = 60;

/// `channelId`: a channel or chat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChannelId {
    /// `@name`; stored without the `@`.
    Username(String),
    /// `t.me/name`; stored as the name.
    Link(String),
    /// `t.me/joinchat/CODE` (also pasted as `t.me/+CODE`); stored as the code.
    Invite(String),
    /// The service's own numeric channel ID.
    Numeric(u64),
}

/// `postId`: one post.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum PostId {
    /// `t.me/name/123`.
    Link { username: String, message: u64 },
    /// `t.me/c/123456/789`: a post of a private channel.
    Private { channel: u64, message: u64 },
    /// The service's own numeric post ID.
    Numeric(u64),
}

/// Why a text is not an identifier; the message lists the accepted forms.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IdError {
    /// Nothing was entered.
    Empty { what: IdKind },
    /// A post link where a channel is expected, or the other way round.
    WrongKind { expected: IdKind, input: String },
    /// Text in none of the accepted forms.
    Unrecognised { expected: IdKind, input: String },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IdKind {
    Channel,
    Post,
}

impl IdKind {
    fn noun(self) -> &'static str {
        match self {
            IdKind::Channel => "a channel",
            IdKind::Post => "a post",
        }
    }

    /// The accepted forms, as people type them.
    pub fn forms(self) -> &'static str {
        match self {
            IdKind::Channel => {
                "@username, t.me/username, t.me/joinchat/CODE or a numeric channel ID"
            }
            IdKind::Post => "t.me/username/123, t.me/c/1234567/89 or a numeric post ID",
        }
    }
}

impl fmt::Display for IdError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IdError::Empty { what } => {
                write!(f, "enter {}: {}", what.noun(), what.forms())
            }
            IdError::WrongKind { expected, input } => {
                let other = match expected {
                    IdKind::Channel => IdKind::Post,
                    IdKind::Post => IdKind::Channel,
                };
                write!(
                    f,
                    "\"{}\" is {}, not {}; use {}",
                    quote(input),
                    other.noun(),
                    expected.noun(),
                    expected.forms()
                )
            }
            IdError::Unrecognised { expected, input } => write!(
                f,
                "\"{}\" is not {}; use {}",
                quote(input),
                expected.noun(),
                expected.forms()
            ),
        }
    }
}

impl std::error::Error for IdError {}

impl IdError {
    fn unrecognised(expected: IdKind, input: &str) -> IdError {
        IdError::Unrecognised {
            expected,
            input: input.to_owned(),
        }
    }
}

/// The input without surrounding white space; blank input is an error of its own.
fn entered(input: &str, what: IdKind) -> Result<&str, IdError> {
    let text = input.trim();
    if text.is_empty() {
        Err(IdError::Empty { what })
    } else {
        Ok(text)
    }
}

fn quote(input: &str) -> String {
    if input.chars().count() <= QUOTE_MAX_CHARS {
        input.to_owned()
    } else {
        let mut short: String = input.chars().take(QUOTE_MAX_CHARS).collect();
        short.push('…');
        short
    }
}

/// The messenger's username rules: a letter first, then letters, digits and underscores; 4 to 32
/// characters (short names exist beside the usual minimum of 5).
fn is_username(name: &str) -> bool {
    let mut chars = name.chars();
    let first_is_letter = chars.next().is_some_and(|c| c.is_ascii_alphabetic());
    first_is_letter
        && (4..=32).contains(&name.len())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

fn is_invite_code(code: &str) -> bool {
    !code.is_empty()
        && code.len() <= 64
        && code
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
}

/// A positive decimal number with no sign or spaces.
fn positive_number(text: &str) -> Option<u64> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok().filter(|n| *n > 0)
}

/// The path segments of a short link (`t.me/a/b`, with or without scheme, query or fragment), or
/// `None` when the text is not a link to a known host.
fn link_segments(text: &str) -> Option<Vec<&str>> {
    let lower = text.to_ascii_lowercase();
    let skip = ["https://", "http://"]
        .iter()
        .find(|scheme| lower.starts_with(*scheme))
        .map_or(0, |scheme| scheme.len());
    let rest = text.get(skip..)?;
    let rest = rest.split(['?', '#']).next().unwrap_or(rest);
    let (host, path) = rest.split_once('/')?;
    let host = host.to_ascii_lowercase();
    let host = host.strip_prefix("www.").unwrap_or(&host);
    if !LINK_HOSTS.contains(&host) {
        return None;
    }
    Some(path.split('/').filter(|s| !s.is_empty()).collect())
}

impl FromStr for ChannelId {
    type Err = IdError;

    fn from_str(input: &str) -> Result<Self, Self::Err> {
        let text = entered(input, IdKind::Channel)?;
        let unrecognised = || IdError::unrecognised(IdKind::Channel, text);
        if let Some(name) = text.strip_prefix('@') {
            return if is_username(name) {
                Ok(ChannelId::Username(name.to_owned()))
            } else {
                Err(unrecognised())
            };
        }
        if let Some(n) = positive_number(text) {
            return Ok(ChannelId::Numeric(n));
        }
        if let Some(segments) = link_segments(text) {
            return match segments.as_slice() {
                ["joinchat", code] if is_invite_code(code) => {
                    Ok(ChannelId::Invite((*code).to_owned()))
                }
                [plus] if plus.starts_with('+') && is_invite_code(&plus[1..]) => {
                    Ok(ChannelId::Invite(plus[1..].to_owned()))
                }
                // `t.me/s/name` is the web preview of a channel.
                [name] | ["s", name] if is_username(name) && !RESERVED_PATHS.contains(name) => {
                    Ok(ChannelId::Link((*name).to_owned()))
                }
                [_, message] | ["c", _, message] if positive_number(message).is_some() => {
                    Err(IdError::WrongKind {
                        expected: IdKind::Channel,
                        input: text.to_owned(),
                    })
                }
                _ => Err(unrecognised()),
            };
        }
        // A bare name is what people most often type for a channel.
        if is_username(text) {
            return Ok(ChannelId::Username(text.to_owned()));
        }
        Err(unrecognised())
    }
}

impl fmt::Display for ChannelId {
    /// The form sent as `channelId`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ChannelId::Username(name) => write!(f, "@{name}"),
            ChannelId::Link(name) => write!(f, "{LINK_HOST}/{name}"),
            ChannelId::Invite(code) => write!(f, "{LINK_HOST}/joinchat/{code}"),
            ChannelId::Numeric(n) => write!(f, "{n}"),
        }
    }
}

impl FromStr for PostId {
    type Err = IdError;

    fn from_str(input: &str) -> Result<Self, Self::Err> {
        let text = entered(input, IdKind::Post)?;
        let unrecognised = || IdError::unrecognised(IdKind::Post, text);
        if let Some(n) = positive_number(text) {
            return Ok(PostId::Numeric(n));
        }
        let Some(segments) = link_segments(text) else {
            return Err(if text.starts_with('@') {
                IdError::WrongKind {
                    expected: IdKind::Post,
                    input: text.to_owned(),
                }
            } else {
                unrecognised()
            });
        };
        match segments.as_slice() {
            ["c", channel, message] => match (positive_number(channel), positive_number(message)) {
                (Some(channel), Some(message)) => Ok(PostId::Private { channel, message }),
                _ => Err(unrecognised()),
            },
            [name, message] | ["s", name, message] if is_username(name) => {
                match positive_number(message) {
                    Some(message) => Ok(PostId::Link {
                        username: (*name).to_owned(),
                        message,
                    }),
                    None => Err(unrecognised()),
                }
            }
            [name] | ["joinchat", name] if !name.is_empty() => Err(IdError::WrongKind {
                expected: IdKind::Post,
                input: text.to_owned(),
            }),
            _ => Err(unrecognised()),
        }
    }
}

impl fmt::Display for PostId {
    /// The form sent as `postId`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PostId::Link { username, message } => write!(f, "{LINK_HOST}/{username}/{message}"),
            PostId::Private { channel, message } => write!(f, "{LINK_HOST}/c/{channel}/{message}"),
            PostId::Numeric(n) => write!(f, "{n}"),
        }
    }
}

/// Why a pasted list of numeric IDs was refused: the entries that are not IDs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IdListError {
    pub bad: Vec<String>,
}

impl fmt::Display for IdListError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let shown: Vec<String> = self.bad.iter().take(5).map(|s| quote(s)).collect();
        write!(
            f,
            "not numeric IDs: {}{}",
            shown.join(", "),
            if self.bad.len() > 5 { ", …" } else { "" }
        )
    }
}

impl std::error::Error for IdListError {}

/// Numeric IDs pasted as a list separated by commas, spaces or new lines; repeated IDs are kept
/// once, in first-seen order, so that a batch never spends quota twice on one ID.
pub fn parse_id_list(text: &str) -> Result<Vec<u64>, IdListError> {
    let mut ids = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut bad = Vec::new();
    for token in text
        .split(|c: char| c == ',' || c == ';' || c.is_whitespace())
        .filter(|t| !t.is_empty())
    {
        match positive_number(token) {
            Some(id) if seen.insert(id) => ids.push(id),
            Some(_) => {}
            None => bad.push(token.to_owned()),
        }
    }
    if bad.is_empty() {
        Ok(ids)
    } else {
        Err(IdListError { bad })
    }
}
