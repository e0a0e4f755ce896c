//! The watchlist file: written by Export, read back by Import (every reason a file is refused,
//! with what to do), and merged into the watchlist.

use std::collections::HashSet;
use std::fmt;

use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::Value;

use super::watch::{Watch, WatchKind};
use crate::figures::watch_history::with_reading;
use crate::format::{fill, Locale};

/// The `format` of a watchlist file.
pub const WATCHLIST_FORMAT: &str = "chanscope-watchlist";

/// The version of the watchlist file this console writes, and the newest it reads.
pub const WATCHLIST_VERSION: u64 = 1;

/// Most watches a file may bring: more is not a watchlist a person keeps, and reading it would
/// hold the page for long.
pub const MAX_WATCHES: usize = 10_000;

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

/// A watchlist file as read: each watch kept as its text, so that a watch is read by the same
/// code as the browser's store reads it (one reader of watches in the bundle, not two).
#[derive(Deserialize)]
struct FileIn<'a> {
    #[serde(default)]
    format: Option<Value>,
    #[serde(default)]
    version: Option<Value>,
    #[serde(default, borrow)]
    watches: Option<&'a RawValue>,
}

/// The watches of a watchlist file, checked whole: any problem refuses the file, so an import
/// never adds half of one. Fields this version does not know are ignored.
pub fn import_json(text: &str) -> Result<Vec<Watch>, ImportError> {
    let not_json = |error: serde_json::Error| ImportError::NotJson {
        line: error.line(),
        column: error.column(),
    };
    // Any JSON is read first, so that a file of another shape is told apart from broken text.
    let file: Value = serde_json::from_str(text).map_err(not_json)?;
    let file = match file {
        Value::Object(_) => serde_json::from_str::<FileIn>(text).map_err(not_json)?,
        _ => {
            return Err(ImportError::WrongFormat { found: None });
        }
    };
    let format = file.format.as_ref();
    if format.and_then(Value::as_str) != Some(WATCHLIST_FORMAT) {
        return Err(ImportError::WrongFormat {
            found: format.map(|found| match found {
                Value::String(text) => shown(text),
                other => shown(&other.to_string()),
            }),
        });
    }
    match file.version.as_ref().and_then(Value::as_u64) {
        Some(version) if version > WATCHLIST_VERSION => {
            return Err(ImportError::NewerVersion { version })
        }
        Some(version) if version >= 1 => {}
        _ => return Err(ImportError::Damaged { field: "version" }),
    }
    let entries: Vec<&RawValue> = file
        .watches
        .and_then(|raw| serde_json::from_str(raw.get()).ok())
        .ok_or(ImportError::Damaged { field: "watches" })?;
    if entries.len() > MAX_WATCHES {
        return Err(ImportError::TooManyWatches {
            count: entries.len(),
        });
    }
    let mut ids = HashSet::new();
    let mut watches = Vec::with_capacity(entries.len());
    for (index, entry) in entries.iter().enumerate() {
        let watch = read_watch(entry.get(), index + 1)?;
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

/// A reader's message without its " at line L column C".
fn without_position(message: &str) -> &str {
    message
        .rsplit_once(" at line ")
        .map_or(message, |(what, _)| what)
}

/// The kind a watch's target names, read on its own.
#[derive(Deserialize)]
struct KindOf {
    #[serde(default)]
    target: Option<TargetKind>,
}

#[derive(Deserialize)]
struct TargetKind {
    #[serde(default)]
    kind: Option<Value>,
}

/// Watch `number` of a file, from its text.
fn read_watch(entry: &str, number: usize) -> Result<Watch, ImportError> {
    // The kind is looked at first so that a watch of a later console's kind is named as such
    // rather than as an unreadable one.
    let kind = serde_json::from_str::<KindOf>(entry)
        .ok()
        .and_then(|k| k.target?.kind);
    if let Some(Value::String(kind)) = kind {
        if !WatchKind::ALL.iter().any(|known| known.as_str() == kind) {
            return Err(ImportError::UnknownKind {
                number,
                kind: shown(&kind),
            });
        }
    }
    let watch = serde_json::from_str::<Watch>(entry).map_err(|error| ImportError::BadWatch {
        number,
        // Where in the watch's own text reading stopped would only mislead: the
        // number says which watch it is.
        detail: shown(without_position(&error.to_string())),
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
    // A file's history joins within the cap, as a check's reading would.
    let history = watch.history.iter().cloned().fold(Vec::new(), with_reading);
    Ok(Watch {
        seen: watch.seen.capped(),
        history,
        ..watch
    })
}
