//! What can go wrong with the console's store, worded for what it keeps so that the user knows
//! what to do.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::DomException;

use crate::format::Locale;

/// What the store was doing when it failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoreAction {
    Open,
    Read,
    Save,
    Delete,
    Clear,
}

/// What a store keeps, as its errors name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kept {
    Watchlist,
    Campaigns,
}

/// A failure of the console's store.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreError {
    /// The browser gives this page no IndexedDB: site data is blocked in its settings, the page
    /// runs in a private window of a browser that keeps nothing there, or the browser lacks it.
    /// The browser's words, if any.
    Unavailable { detail: String },
    /// The browser's storage for this site is full.
    QuotaExceeded,
    /// The database was saved by a newer version of the console than this page runs.
    NewerDatabase,
    /// Anything else; the browser's words.
    Failed { action: StoreAction, detail: String },
}

impl StoreError {
    /// The error `error` (a `DomException` or anything thrown) of `action`.
    pub(super) fn of(action: StoreAction, error: &JsValue) -> StoreError {
        let Some(exception) = error.dyn_ref::<DomException>() else {
            let detail = match error.dyn_ref::<js_sys::Error>() {
                Some(error) => String::from(error.message()),
                None if error.is_null() || error.is_undefined() => String::new(),
                None => format!("{error:?}"),
            };
            return StoreError::Failed { action, detail };
        };
        let detail = format!("{}: {}", exception.name(), exception.message());
        match (exception.name().as_str(), action) {
            ("QuotaExceededError", _) => StoreError::QuotaExceeded,
            ("VersionError", StoreAction::Open) => StoreError::NewerDatabase,
            // SecurityError: site data blocked; InvalidStateError: private windows of browsers
            // that refuse IndexedDB there.
            ("SecurityError" | "InvalidStateError", StoreAction::Open) => {
                StoreError::Unavailable { detail }
            }
            _ => StoreError::Failed { action, detail },
        }
    }

    /// What went wrong with the store of `kept` and what to do about it, in `locale`.
    pub fn message(&self, locale: Locale, kept: Kept) -> String {
        // Each text as [English, Russian]: one for the watchlist, one for the campaigns.
        let t = |watchlist: [&'static str; 2], campaigns: [&'static str; 2]| {
            let words = match kept {
                Kept::Watchlist => watchlist,
                Kept::Campaigns => campaigns,
            };
            match locale {
                Locale::En => words[0],
                Locale::Ru => words[1],
            }
        };
        let both = |words: [&'static str; 2]| t(words, words);
        // The browser's words go in brackets after what failed: they name the cause but are not
        // translated.
        let sentence = |what: &str, detail: &str| {
            if detail.is_empty() {
                format!("{what}.")
            } else {
                format!("{what} ({detail}).")
            }
        };
        match self {
            StoreError::Unavailable { detail } => format!(
                "{} {}",
                sentence(
                    t(
                        ["This browser does not let the console keep a watchlist", "Браузер не позволяет консоли хранить список наблюдения"],
                        ["This browser does not let the console keep campaigns", "Браузер не позволяет консоли хранить кампании"],
                    ),
                    detail
                ),
                both([
                    "Allow site data for this site, or open the console outside a private window.",
                    "Разрешите данные сайтов для этого сайта или откройте консоль не в приватном окне.",
                ]),
            ),
            StoreError::QuotaExceeded => t(
                ["The browser's storage for this site is full. Delete watches you no longer need, or free disk space, and try again.",
                 "Хранилище браузера для этого сайта заполнено. Удалите ненужные наблюдения или освободите место на диске и повторите."],
                ["The browser's storage for this site is full. Delete campaigns you no longer need, or free disk space, and try again.",
                 "Хранилище браузера для этого сайта заполнено. Удалите ненужные кампании или освободите место на диске и повторите."],
            )
            .to_owned(),
            StoreError::NewerDatabase => t(
                ["The watchlist was saved by a newer version of the console. Reload the page to get it.",
                 "Список наблюдения сохранён более новой версией консоли. Обновите страницу, чтобы получить её."],
                ["The campaigns were saved by a newer version of the console. Reload the page to get it.",
                 "Кампании сохранены более новой версией консоли. Обновите страницу, чтобы получить её."],
            )
            .to_owned(),
            StoreError::Failed { action, detail } => {
                let what = match action {
                    StoreAction::Open => t(
                        ["The watchlist could not be opened", "Не удалось открыть список наблюдения"],
                        ["The campaigns could not be opened", "Не удалось открыть кампании"],
                    ),
                    StoreAction::Read => t(
                        ["The watchlist could not be read", "Не удалось прочитать список наблюдения"],
                        ["The campaigns could not be read", "Не удалось прочитать кампании"],
                    ),
                    // A failed transaction keeps none of its writes.
                    StoreAction::Save => t(
                        ["Nothing could be saved to the watchlist", "Не удалось ничего сохранить в список наблюдения"],
                        ["No campaign could be saved", "Не удалось сохранить кампании"],
                    ),
                    StoreAction::Delete => t(
                        ["The watch could not be deleted", "Не удалось удалить наблюдение"],
                        ["The campaign could not be deleted", "Не удалось удалить кампанию"],
                    ),
                    StoreAction::Clear => t(
                        ["The watchlist could not be cleared", "Не удалось очистить список наблюдения"],
                        ["The campaigns could not be cleared", "Не удалось удалить кампании"],
                    ),
                };
                format!(
                    "{} {}",
                    sentence(what, detail),
                    both(["Reload the page and try again.", "Обновите страницу и повторите."])
                )
            }
        }
    }
}
