//! Chanscope: a typed client for the channel analytics API, the formatting of its period and date
//! strings, and (in the browser) the console built on top of them.
//!
//! `api` and `format` compile for every target, so their tests run natively with `cargo test`;
//! the user interface is compiled for `wasm32` only.

pub mod api;
pub mod format;

#[cfg(target_arch = "wasm32")]
pub mod app;
