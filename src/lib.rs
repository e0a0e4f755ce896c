//! Chanscope: the console and the embeddable widgets over the channel analytics API, built on its
//! typed layer and its period and date strings (the `chanscope-api` crate, re-exported here as
//! `api` and `format`) and on the figures computed from its records (the `chanscope-figures`
//! crate, re-exported as `figures`).
//!
//! `sanitize`, `export`, `view` (what pages and widgets compute for display) and the pure parts of
//! `watchlist` and `campaigns` (features of their own, whose pages are wasm32 only) and of `store`
//! (what the console keeps in IndexedDB) compile for every target, so their tests run natively
//! with `cargo test`; the user interface (the console with its routes, and the embeddable
//! widgets of `embed`) is compiled for `wasm32` only.

pub use chanscope_api as api;
pub use chanscope_api::format;
pub use chanscope_figures as figures;

pub mod campaigns;
pub mod export;
pub mod sanitize;
pub mod store;
pub mod view;
pub mod watchlist;

/// The allocator of every wasm build: Talc in place of the standard library's dlmalloc. It is
/// the smaller of the two (the console's wasm 2.5 KiB lighter after brotli, the widgets' 1.5 KiB),
/// and decoding a 50-post answer takes the same time with either.
#[cfg(target_arch = "wasm32")]
#[global_allocator]
static ALLOCATOR: talc::wasm::WasmDynamicTalc = talc::wasm::new_wasm_dynamic_allocator();

#[cfg(target_arch = "wasm32")]
pub mod app;
#[cfg(target_arch = "wasm32")]
pub mod channel_report;
#[cfg(target_arch = "wasm32")]
pub mod components;
#[cfg(all(target_arch = "wasm32", feature = "embed"))]
pub mod embed;
#[cfg(target_arch = "wasm32")]
pub mod pages;
#[cfg(target_arch = "wasm32")]
pub mod request;
#[cfg(target_arch = "wasm32")]
pub mod route;
#[cfg(target_arch = "wasm32")]
pub mod settings;
#[cfg(target_arch = "wasm32")]
pub mod shell;
#[cfg(target_arch = "wasm32")]
pub mod ui;
