//! The watchlist: saved post searches, keyword-mentions queries and channels, checked for what is
//! new since the check before, kept in this browser and exported to a file.
//!
//! - `watch.rs`: what a watch is and its check; `seen.rs`: what a check finds new against the
//!   check before it; `file.rs`: the watchlist file, exported and imported. Pure functions over
//!   the API's records that compile for every target, so plain `cargo test` checks them;
//!   `button.rs`, the Watch button's markup until the watchlist is ready, which the gateway
//!   writes too.
//! - In the browser only (the watches are kept in the console's database, `crate::store`):
//!   `provider.rs`, the watchlist shared with the console through context, checked as one job
//!   (`check.rs`: each watch's request and what its answer changes);
//!   `save.rs`, the Watch button of pages; `page.rs`, the Watchlist page, with each watch's
//!   history (`history.rs`) and alert (`alert_form.rs`: its thresholds and its note);
//!   `notify.rs`, the browser notification a check's alerts raise.

mod button;
mod file;
mod seen;
mod watch;

#[cfg(target_arch = "wasm32")]
mod alert_form;
#[cfg(target_arch = "wasm32")]
mod check;
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

pub use button::{watch_label, write_waiting_watch_button};
pub use file::{
    export_json, import_json, ImportError, MAX_WATCHES, WATCHLIST_FORMAT, WATCHLIST_VERSION,
};
pub use seen::{
    new_channels, new_posts, subscriber_change, Seen, CHECK_OVERLAP_SECS, SEEN_CHANNELS_MAX,
    SEEN_POSTS_MAX,
};
pub use watch::{check_since, CheckAnswer, NewPost, News, Watch, WatchKind, WatchTarget};

#[cfg(target_arch = "wasm32")]
pub use check::{WatchAnswer, WatchedPages};
#[cfg(target_arch = "wasm32")]
pub use notify::alert_text;
#[cfg(target_arch = "wasm32")]
pub use page::{AlertMark, WatchlistPage};
#[cfg(target_arch = "wasm32")]
pub use provider::{use_watchlist, WatchStore, Watchlist, WatchlistProvider};
#[cfg(target_arch = "wasm32")]
pub use save::WatchButton;
