//! The watchlist: saved post searches, keyword-mentions queries and channels, checked for what is
//! new since the check before, kept in this browser and exported to a file.
//!
//! - `watch.rs`: what a watch is and what a check finds new; `file.rs`: the watchlist file,
//!   exported and imported. Pure functions over the API's records that compile for every target,
//!   so plain `cargo test` checks them.
//! - In the browser only (the watches are kept in the console's database, `crate::store`):
//!   `provider.rs`, the watchlist shared with the console through context and checked as one job;
//!   `save.rs`, the Watch button of pages; `page.rs`, the Watchlist page, with each watch's
//!   history (`history.rs`) and alert (`alerts.rs`: its threshold and its note); `notify.rs`, the
//!   browser notification a check's alerts raise.

mod file;
mod watch;

#[cfg(target_arch = "wasm32")]
mod alerts;
#[cfg(target_arch = "wasm32")]
mod history;
#[cfg(target_arch = "wasm32")]
mod notify;
#[cfg(target_arch = "wasm32")]
mod page;
#[cfg(target_arch = "wasm32")]
mod provider;
#[cfg(target_arch = "wasm32")]
mod save;

pub use file::{
    export_json, import_json, ImportError, MAX_WATCHES, WATCHLIST_FORMAT, WATCHLIST_VERSION,
};
pub use watch::{
    check_since, new_channels, new_posts, subscriber_change, CheckAnswer, NewPost, News, Seen,
    Watch, WatchKind, WatchTarget, CHECK_OVERLAP_SECS, SEEN_CHANNELS_MAX, SEEN_POSTS_MAX,
};

#[cfg(target_arch = "wasm32")]
pub use notify::alert_text;
#[cfg(target_arch = "wasm32")]
pub use page::{AlertMark, WatchlistPage};
#[cfg(target_arch = "wasm32")]
pub use provider::{
    use_watchlist, WatchAnswer, WatchStore, WatchedPages, Watchlist, WatchlistProvider,
};
#[cfg(target_arch = "wasm32")]
pub use save::WatchButton;
