//! What the one box and the channel report opened lately, newest first, in localStorage: a short
//! list read in one synchronous call as the start page draws, where IndexedDB would make it wait
//! a task for ten lines.

use web_sys::Storage;

use crate::view::paste::{remember, Opened};

const RECENT_KEY: &str = "chanscope.recent";

fn storage() -> Option<Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The list as stored; empty when there is none or it cannot be read.
pub fn recent() -> Vec<Opened> {
    storage()
        .and_then(|s| s.get_item(RECENT_KEY).ok().flatten())
        .and_then(|json| serde_json::from_str(&json).ok())
        .unwrap_or_default()
}

/// Puts `opened` first in the stored list (see [`remember`]). A browser that refuses storage
/// keeps nothing, and the box still works.
pub fn remember_opened(opened: Opened) {
    let next = remember(&recent(), opened);
    if let (Some(storage), Ok(json)) = (storage(), serde_json::to_string(&next)) {
        let _ = storage.set_item(RECENT_KEY, &json);
    }
}
