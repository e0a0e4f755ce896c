//! The watchlist: saved post searches, keyword-mentions queries and channels, what each check
//! finds new since the one before, and the file a watchlist is exported to and imported from.
//!
//! Times are Unix seconds, as the API writes them. A check goes like this: ask the API as the
//! watch's page would (a post search from [`check_since`] on), show what [`new_posts`],
//! [`new_channels`] or [`subscriber_change`] find against the watch's [`Seen`], then keep
//! [`Watch::after_check`] as the new baseline.

use std::cmp::Reverse;
use std::collections::{HashMap, HashSet};
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::api::model::{MentionsByChannel, Post};
use crate::api::query::encode_component;
use crate::format::{fill, Locale};

/// Most post IDs a watch remembers. A check asks only for posts since the previous check less
/// [`CHECK_OVERLAP_SECS`], so only the newest posts seen can come back; a thousand leaves room
/// for a busy hour while a watch stays a few kilobytes.
pub const SEEN_POSTS_MAX: usize = 1_000;

/// Most channel IDs a keyword-mentions watch remembers. A check reads the whole period of the
/// page (the API pages nothing here), so the baseline has to hold every channel of an answer:
/// a channel left out would be reported as new at the next check.
pub const SEEN_CHANNELS_MAX: usize = 10_000;

/// How far before the previous check a post-search check starts: the service indexes posts
/// late, so a post dated shortly before that check may not have been found by it.
pub const CHECK_OVERLAP_SECS: i64 = 3_600;

/// The `format` of a watchlist file.
pub const WATCHLIST_FORMAT: &str = "chanscope-watchlist";

/// The version of the watchlist file this console writes, and the newest it reads.
pub const WATCHLIST_VERSION: u64 = 1;

/// Most watches a file may bring: more is not a watchlist a person keeps, and reading it would
/// hold the page for long.
pub const MAX_WATCHES: usize = 10_000;

/// A saved query or channel and what its last check saw.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Watch {
    /// Unique in the watchlist; the key of the stored record, and what an import matches on.
    pub id: String,
    pub name: String,
    pub target: WatchTarget,
    pub created_at: i64,
    /// `None` until the first check.
    #[serde(default)]
    pub checked_at: Option<i64>,
    #[serde(default)]
    pub seen: Seen,
    /// What the last check found new, kept until the next check so that the watchlist still
    /// shows it after a reload.
    #[serde(default, skip_serializing_if = "News::is_empty")]
    pub news: News,
}

/// What a check found that the check before it had not seen.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct News {
    /// New posts, newest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub posts: Vec<NewPost>,
    /// Channels newly mentioning the keyword, by the service's ID.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub channels: Vec<i64>,
    /// The channel's participants gained (negative: lost) since the check before.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subscriber_change: Option<i64>,
}

/// A new post as the watchlist lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct NewPost {
    pub id: i64,
    pub date: i64,
    /// Short link without scheme; empty when the answer had none.
    #[serde(default)]
    pub link: String,
}

impl News {
    pub fn is_empty(&self) -> bool {
        *self == News::default()
    }

    /// How many things are new: each post, each channel, and a subscriber change other than 0.
    pub fn count(&self) -> usize {
        self.posts.len()
            + self.channels.len()
            + usize::from(self.subscriber_change.is_some_and(|c| c != 0))
    }
}

/// What a watch follows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum WatchTarget {
    /// The query string of the post-search page (`q=brand&peerType=channel`), exactly as the
    /// page keeps its form in the address.
    PostSearch { query: String },
    /// The query string of the keyword-mentions page, as the page keeps it.
    KeywordMentions { query: String },
    /// A channel as typed: `@name`, a link or the service's numeric ID.
    Channel { channel: String },
}

/// The kinds of watch, named as in the watchlist file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WatchKind {
    PostSearch,
    KeywordMentions,
    Channel,
}

impl WatchKind {
    pub const ALL: [WatchKind; 3] = [
        WatchKind::PostSearch,
        WatchKind::KeywordMentions,
        WatchKind::Channel,
    ];

    /// The `kind` of a target in the watchlist file.
    pub fn as_str(self) -> &'static str {
        match self {
            WatchKind::PostSearch => "post_search",
            WatchKind::KeywordMentions => "keyword_mentions",
            WatchKind::Channel => "channel",
        }
    }
}

impl WatchTarget {
    pub fn kind(&self) -> WatchKind {
        match self {
            WatchTarget::PostSearch { .. } => WatchKind::PostSearch,
            WatchTarget::KeywordMentions { .. } => WatchKind::KeywordMentions,
            WatchTarget::Channel { .. } => WatchKind::Channel,
        }
    }

    /// The path of the console's page for this target.
    pub fn path(&self) -> &'static str {
        match self {
            WatchTarget::PostSearch { .. } => "/post-search",
            WatchTarget::KeywordMentions { .. } => "/keyword-mentions",
            WatchTarget::Channel { .. } => "/channel-info",
        }
    }

    /// The address of the page showing this target: `/post-search?q=brand`,
    /// `/channel-info?channel=%40name`.
    pub fn href(&self) -> String {
        let path = self.path();
        let query = match self {
            WatchTarget::PostSearch { query } | WatchTarget::KeywordMentions { query } => {
                query.clone()
            }
            WatchTarget::Channel { channel } => {
                let mut query = String::from("channel=");
                encode_component(channel, &mut query);
                query
            }
        };
        if query.is_empty() {
            path.to_owned()
        } else {
            format!("{path}?{query}")
        }
    }
}

/// What the last check of a watch saw: the baseline the next check is compared with.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Seen {
    /// Not checked yet: the first check only sets the baseline.
    #[default]
    NotChecked,
    /// Post search: the IDs of the posts seen, newest first, at most [`SEEN_POSTS_MAX`], and the
    /// date of the newest.
    Posts {
        ids: Vec<i64>,
        newest_date: Option<i64>,
    },
    /// Keyword mentions: the IDs of the channels seen mentioning the keyword, the latest
    /// mentions first, at most [`SEEN_CHANNELS_MAX`].
    Channels { ids: Vec<i64> },
    /// Channel: its participants and when they were counted.
    Subscribers { count: u64, at: i64 },
}

impl Seen {
    /// Whether this is what a check of `kind` records (or nothing yet).
    fn fits(&self, kind: WatchKind) -> bool {
        matches!(
            (self, kind),
            (Seen::NotChecked, _)
                | (Seen::Posts { .. }, WatchKind::PostSearch)
                | (Seen::Channels { .. }, WatchKind::KeywordMentions)
                | (Seen::Subscribers { .. }, WatchKind::Channel)
        )
    }

    /// The same baseline within the caps, so that no file makes a watch large.
    fn capped(self) -> Seen {
        match self {
            Seen::Posts {
                mut ids,
                newest_date,
            } => {
                ids.truncate(SEEN_POSTS_MAX);
                Seen::Posts { ids, newest_date }
            }
            Seen::Channels { mut ids } => {
                ids.truncate(SEEN_CHANNELS_MAX);
                Seen::Channels { ids }
            }
            other => other,
        }
    }
}

/// What a check of a watch got from the API.
#[derive(Clone, Copy, Debug)]
pub enum CheckAnswer<'a> {
    /// The posts a post search found (every page asked for), newest first.
    Posts(&'a [Post]),
    /// The items of keyword mentions by channel.
    Mentions(&'a [MentionsByChannel]),
    /// The channel's `participants_count` from channel information.
    Channel { participants: u64 },
}

impl Watch {
    /// A watch made `now`, not checked yet.
    pub fn new(id: String, name: String, target: WatchTarget, now: i64) -> Watch {
        Watch {
            id,
            name,
            target,
            created_at: now,
            checked_at: None,
            seen: Seen::NotChecked,
            news: News::default(),
        }
    }

    /// The watch after a check at `now` got `answer`: what is new against the last check
    /// becomes its [`News`], and the answer becomes what is seen ([`Watch::after_check`]).
    pub fn checked(self, answer: CheckAnswer<'_>, now: i64) -> Watch {
        let news = match answer {
            CheckAnswer::Posts(posts) => {
                let mut posts: Vec<NewPost> = new_posts(&self.seen, posts)
                    .into_iter()
                    .map(|p| NewPost {
                        id: p.id,
                        date: p.date,
                        link: p.link.clone(),
                    })
                    .collect();
                posts.sort_by_key(|p| (Reverse(p.date), Reverse(p.id)));
                News {
                    posts,
                    ..News::default()
                }
            }
            CheckAnswer::Mentions(items) => News {
                channels: new_channels(&self.seen, items),
                ..News::default()
            },
            CheckAnswer::Channel { participants } => News {
                subscriber_change: subscriber_change(&self.seen, participants),
                ..News::default()
            },
        };
        let kind = self.target.kind();
        let fits = matches!(
            (kind, answer),
            (WatchKind::PostSearch, CheckAnswer::Posts(_))
                | (WatchKind::KeywordMentions, CheckAnswer::Mentions(_))
                | (WatchKind::Channel, CheckAnswer::Channel { .. })
        );
        if !fits {
            return self;
        }
        Watch {
            news,
            ..self.after_check(answer, now)
        }
    }

    /// The watch as one JSON object, as the watchlist file and the browser's store keep it.
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("a watch has only string keys, so it serializes")
    }

    /// The watch after a check at `now` got `answer`: what the answer holds is now seen, and
    /// `checked_at` is `now`. An answer of another kind than the target's is not a check of
    /// this watch and leaves it as it was.
    pub fn after_check(self, answer: CheckAnswer<'_>, now: i64) -> Watch {
        let seen = match (self.target.kind(), answer) {
            (WatchKind::PostSearch, CheckAnswer::Posts(posts)) => posts_seen(&self.seen, posts),
            (WatchKind::KeywordMentions, CheckAnswer::Mentions(items)) => {
                channels_seen(&self.seen, items)
            }
            (WatchKind::Channel, CheckAnswer::Channel { participants }) => Seen::Subscribers {
                count: participants,
                at: now,
            },
            _ => return self,
        };
        Watch {
            checked_at: Some(now),
            seen,
            ..self
        }
    }
}

/// The posts of an answer not seen before, in the answer's order, each once. Nothing is new on a
/// first check: it only sets the baseline.
pub fn new_posts<'a>(seen: &Seen, answer_posts: &'a [Post]) -> Vec<&'a Post> {
    let Seen::Posts { ids, .. } = seen else {
        return Vec::new();
    };
    let known: HashSet<i64> = ids.iter().copied().collect();
    let mut listed = HashSet::new();
    answer_posts
        .iter()
        .filter(|post| !known.contains(&post.id) && listed.insert(post.id))
        .collect()
}

/// The channels of a keyword-mentions answer not seen before, in the answer's order, each once.
/// Nothing is new on a first check.
pub fn new_channels(seen: &Seen, items: &[MentionsByChannel]) -> Vec<i64> {
    let Seen::Channels { ids } = seen else {
        return Vec::new();
    };
    let known: HashSet<i64> = ids.iter().copied().collect();
    let mut listed = HashSet::new();
    items
        .iter()
        .map(|item| item.channel_id)
        .filter(|id| !known.contains(id) && listed.insert(*id))
        .collect()
}

/// How many participants a channel gained (negative: lost) since the last check; `None` before
/// a first count.
pub fn subscriber_change(seen: &Seen, count_now: u64) -> Option<i64> {
    let Seen::Subscribers { count, .. } = seen else {
        return None;
    };
    let signed = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
    Some(signed(count_now).saturating_sub(signed(*count)))
}

/// The `startDate` a check of a post-search watch asks with: the previous check less
/// [`CHECK_OVERLAP_SECS`], so that posts indexed after that check but dated just before it are
/// still found (the seen IDs keep them from counting twice). `None` on a first check, which asks
/// as the page does, and for the other kinds: a keyword-mentions check reads its page's whole
/// period, which holds one record per channel, and a channel check reads a count.
///
/// When the watch's page sets a start of its own, the later of the two applies.
pub fn check_since(watch: &Watch) -> Option<i64> {
    match watch.target {
        WatchTarget::PostSearch { .. } => watch
            .checked_at
            .map(|at| at.saturating_sub(CHECK_OVERLAP_SECS)),
        WatchTarget::KeywordMentions { .. } | WatchTarget::Channel { .. } => None,
    }
}

fn posts_seen(before: &Seen, posts: &[Post]) -> Seen {
    let (earlier, newest_before) = match before {
        Seen::Posts { ids, newest_date } => (ids.as_slice(), *newest_date),
        _ => (&[][..], None),
    };
    let mut answer: Vec<&Post> = posts.iter().collect();
    answer.sort_by_key(|post| Reverse(post.date));
    Seen::Posts {
        ids: remember(answer.iter().map(|post| post.id), earlier, SEEN_POSTS_MAX),
        newest_date: posts
            .iter()
            .map(|post| post.date)
            .chain(newest_before)
            .max(),
    }
}

fn channels_seen(before: &Seen, items: &[MentionsByChannel]) -> Seen {
    let earlier = match before {
        Seen::Channels { ids } => ids.as_slice(),
        _ => &[],
    };
    let mut answer: Vec<&MentionsByChannel> = items.iter().collect();
    answer.sort_by_key(|item| Reverse(item.last_mention_date));
    Seen::Channels {
        ids: remember(
            answer.iter().map(|item| item.channel_id),
            earlier,
            SEEN_CHANNELS_MAX,
        ),
    }
}

/// `latest` then `earlier`, each ID once, cut to `max`: what falls off is what was seen longest
/// ago.
fn remember(latest: impl Iterator<Item = i64>, earlier: &[i64], max: usize) -> Vec<i64> {
    let mut kept = HashSet::new();
    latest
        .chain(earlier.iter().copied())
        .filter(|id| kept.insert(*id))
        .take(max)
        .collect()
}

/// The watchlist file as written.
#[derive(Serialize)]
struct WatchlistFile<'a> {
    format: &'static str,
    version: u64,
    exported_at: i64,
    watches: &'a [Watch],
}

/// The watchlist file of `watches`, exported `now`.
pub fn export_json(watches: &[Watch], now: i64) -> String {
    let file = WatchlistFile {
        format: WATCHLIST_FORMAT,
        version: WATCHLIST_VERSION,
        exported_at: now,
        watches,
    };
    serde_json::to_string(&file).expect("a watchlist has only string keys, so it serializes")
}

/// Why a file could not be imported. Watches are counted from 1 in the file's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// The text is not JSON (or is cut short); where reading stopped.
    NotJson {
        line: usize,
        column: usize,
    },
    /// JSON, but its `format` is not [`WATCHLIST_FORMAT`]; the one it has, if any.
    WrongFormat {
        found: Option<String>,
    },
    /// Written by a later version of the console.
    NewerVersion {
        version: u64,
    },
    /// `version` or `watches` is missing or of the wrong type.
    Damaged {
        field: &'static str,
    },
    /// More than [`MAX_WATCHES`].
    TooManyWatches {
        count: usize,
    },
    EmptyName {
        number: usize,
    },
    EmptyId {
        number: usize,
    },
    UnknownKind {
        number: usize,
        kind: String,
    },
    /// A watch whose last check saw something of another kind than it follows.
    SeenOfOtherKind {
        number: usize,
    },
    /// A watch that cannot be read otherwise (a field missing or of the wrong type).
    BadWatch {
        number: usize,
        detail: String,
    },
    /// Two watches share an id, so one would silently replace the other.
    DuplicateId {
        id: String,
    },
}

impl ImportError {
    /// What went wrong, for the person importing, in `locale`.
    pub fn message(&self, locale: Locale) -> String {
        let t = |en: &'static str, ru: &'static str| match locale {
            Locale::En => en,
            Locale::Ru => ru,
        };
        match self {
            ImportError::NotJson { line, column } => fill(
                t(
                    "This file is not a watchlist: it is not JSON (reading stopped at line {line}, column {column}).",
                    "Это не файл списка наблюдения: он не в формате JSON (чтение остановилось в строке {line}, позиции {column}).",
                ),
                &[("line", line.to_string()), ("column", column.to_string())],
            ),
            ImportError::WrongFormat { found: None } => t(
                "This file is not a Chanscope watchlist.",
                "Это не файл списка наблюдения Chanscope.",
            )
            .to_owned(),
            ImportError::WrongFormat { found: Some(found) } => fill(
                t(
                    "This file is not a Chanscope watchlist (its format is “{found}”).",
                    "Это не файл списка наблюдения Chanscope (его формат — «{found}»).",
                ),
                &[("found", found.clone())],
            ),
            ImportError::NewerVersion { version } => fill(
                t(
                    "This watchlist was saved by a newer version of the console (file version {version}); reload the page to get the newest console, then import again.",
                    "Этот список сохранён более новой версией консоли (версия файла {version}); обновите страницу, чтобы получить новую консоль, и импортируйте снова.",
                ),
                &[("version", version.to_string())],
            ),
            ImportError::Damaged { field } => fill(
                t(
                    "The watchlist file is damaged: its “{field}” is missing or wrong. Export the watchlist again.",
                    "Файл списка повреждён: поле «{field}» отсутствует или неверно. Экспортируйте список заново.",
                ),
                &[("field", (*field).to_owned())],
            ),
            ImportError::TooManyWatches { count } => fill(
                t(
                    "The file holds {count} watches; at most {max} can be imported.",
                    "В файле {count} наблюдений; импортировать можно не больше {max}.",
                ),
                &[("count", count.to_string()), ("max", MAX_WATCHES.to_string())],
            ),
            ImportError::EmptyName { number } => fill(
                t(
                    "Watch {n} of the file has no name; give it one in the file and import again.",
                    "У наблюдения {n} в файле нет названия; задайте его в файле и импортируйте снова.",
                ),
                &[("n", number.to_string())],
            ),
            ImportError::EmptyId { number } => fill(
                t(
                    "Watch {n} of the file has no id; export the watchlist again.",
                    "У наблюдения {n} в файле нет идентификатора; экспортируйте список заново.",
                ),
                &[("n", number.to_string())],
            ),
            ImportError::UnknownKind { number, kind } => fill(
                t(
                    "Watch {n} of the file is of a kind this console does not know (“{kind}”); reload the page to get the newest console.",
                    "Наблюдение {n} в файле неизвестного этой консоли вида («{kind}»); обновите страницу, чтобы получить новую консоль.",
                ),
                &[("n", number.to_string()), ("kind", kind.clone())],
            ),
            ImportError::SeenOfOtherKind { number } => fill(
                t(
                    "Watch {n} of the file is damaged: its last check does not match what it watches. Export the watchlist again.",
                    "Наблюдение {n} в файле повреждено: его последняя проверка не соответствует предмету наблюдения. Экспортируйте список заново.",
                ),
                &[("n", number.to_string())],
            ),
            ImportError::BadWatch { number, detail } => fill(
                t(
                    "Watch {n} of the file cannot be read ({detail}). Export the watchlist again.",
                    "Наблюдение {n} в файле не читается ({detail}). Экспортируйте список заново.",
                ),
                &[("n", number.to_string()), ("detail", detail.clone())],
            ),
            ImportError::DuplicateId { id } => fill(
                t(
                    "The file holds two watches with the id “{id}”; keep one of them and import again.",
                    "В файле два наблюдения с идентификатором «{id}»; оставьте одно и импортируйте снова.",
                ),
                &[("id", id.clone())],
            ),
        }
    }
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message(Locale::En))
    }
}

impl std::error::Error for ImportError {}

/// The watches of a watchlist file, checked whole: any problem refuses the file, so an import
/// never adds half of one. Fields this version does not know are ignored.
pub fn import_json(text: &str) -> Result<Vec<Watch>, ImportError> {
    let file: Value = serde_json::from_str(text).map_err(|error| ImportError::NotJson {
        line: error.line(),
        column: error.column(),
    })?;
    let format = file.get("format");
    if format.and_then(Value::as_str) != Some(WATCHLIST_FORMAT) {
        return Err(ImportError::WrongFormat {
            found: format.map(|found| match found {
                Value::String(text) => shown(text),
                other => shown(&other.to_string()),
            }),
        });
    }
    match file.get("version").and_then(Value::as_u64) {
        Some(version) if version > WATCHLIST_VERSION => {
            return Err(ImportError::NewerVersion { version })
        }
        Some(version) if version >= 1 => {}
        _ => return Err(ImportError::Damaged { field: "version" }),
    }
    let Some(entries) = file.get("watches").and_then(Value::as_array) else {
        return Err(ImportError::Damaged { field: "watches" });
    };
    if entries.len() > MAX_WATCHES {
        return Err(ImportError::TooManyWatches {
            count: entries.len(),
        });
    }
    let mut ids = HashSet::new();
    let mut watches = Vec::with_capacity(entries.len());
    for (index, entry) in entries.iter().enumerate() {
        let watch = read_watch(entry, index + 1)?;
        if !ids.insert(watch.id.clone()) {
            return Err(ImportError::DuplicateId {
                id: shown(&watch.id),
            });
        }
        watches.push(watch);
    }
    Ok(watches)
}

/// Most characters of the file's own text an error quotes: a file is untrusted, and its values
/// can be of any length.
const QUOTED_MAX_CHARS: usize = 60;

/// `text` as an error quotes it: cut to [`QUOTED_MAX_CHARS`].
fn shown(text: &str) -> String {
    match text.char_indices().nth(QUOTED_MAX_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// Watch `number` of a file.
fn read_watch(entry: &Value, number: usize) -> Result<Watch, ImportError> {
    // The kind is looked at first so that a watch of a later console's kind is named as such
    // rather than as an unreadable one.
    if let Some(kind) = entry.pointer("/target/kind").and_then(Value::as_str) {
        if !WatchKind::ALL.iter().any(|known| known.as_str() == kind) {
            return Err(ImportError::UnknownKind {
                number,
                kind: shown(kind),
            });
        }
    }
    let watch = Watch::deserialize(entry).map_err(|error| ImportError::BadWatch {
        number,
        detail: shown(&error.to_string()),
    })?;
    if watch.id.trim().is_empty() {
        return Err(ImportError::EmptyId { number });
    }
    if watch.name.trim().is_empty() {
        return Err(ImportError::EmptyName { number });
    }
    if !watch.seen.fits(watch.target.kind()) {
        return Err(ImportError::SeenOfOtherKind { number });
    }
    Ok(Watch {
        seen: watch.seen.capped(),
        ..watch
    })
}

/// What an import changed in the watchlist.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MergeReport {
    /// Watches the list did not have.
    pub added: usize,
    /// Watches of the list replaced by an imported one with the same `id`.
    pub replaced: usize,
}

/// The watchlist after importing `imported` into `existing`: an imported watch replaces the one
/// with the same `id` where it stands, any other is added at the end in the file's order.
pub fn merge(existing: Vec<Watch>, imported: Vec<Watch>) -> (Vec<Watch>, MergeReport) {
    let before = existing.len();
    let mut watches = existing;
    let mut place: HashMap<String, usize> = watches
        .iter()
        .enumerate()
        .map(|(index, watch)| (watch.id.clone(), index))
        .collect();
    let mut replaced = HashSet::new();
    for watch in imported {
        match place.get(&watch.id) {
            Some(&index) => {
                if index < before {
                    replaced.insert(index);
                }
                watches[index] = watch;
            }
            None => {
                place.insert(watch.id.clone(), watches.len());
                watches.push(watch);
            }
        }
    }
    let report = MergeReport {
        added: watches.len() - before,
        replaced: replaced.len(),
    };
    (watches, report)
}
