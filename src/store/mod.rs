//! What the console keeps in the browser: IndexedDB database `chanscope`, one object store per
//! kind of [`Record`] (the watchlist's watches, the campaigns), each record kept as its JSON text
//! ([`Record::to_json`]) under its id. It survives reloads, holds thousands of records, and leaves
//! the browser only as a file the user exports.
//!
//! `recent.rs` keeps, in localStorage, the short list of what was opened lately.
//!
//! `record.rs` compiles for every target (its merge is tested natively); the rest runs in the
//! browser only.

#[cfg(target_arch = "wasm32")]
mod browser;
#[cfg(target_arch = "wasm32")]
mod error;
#[cfg(target_arch = "wasm32")]
mod idb;
#[cfg(target_arch = "wasm32")]
pub mod recent;
mod record;

pub use record::{merge, MergeReport, Record, STORES};

#[cfg(target_arch = "wasm32")]
pub use browser::{new_id, persist, Kept, Store, StoreAction, StoreError, DATABASE};
