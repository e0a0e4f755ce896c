//! A local double of the channel analytics API: the eight operations over a deterministic
//! generated dataset, with the real service's error envelope, plans and injectable faults.
//!
//! `search/` splits, indexes and queries texts, `dataset/` generates the data, `ops/` answers each
//! operation, `auth` and `faults` decide who may call and what goes wrong on purpose, `avatars`
//! draws the channels' pictures, `server` puts them behind HTTP, and `site` says where it is
//! reached. The gateway, the production server, is a crate of its own (`gateway/`); what both
//! servers share is in `serverkit/`.

pub mod auth;
pub mod avatars;
pub mod cli;
pub mod dataset;
pub mod faults;
pub mod ops;
pub mod redis_server;
pub mod rng;
pub mod search;
pub mod server;
pub mod site;

pub use auth::{Grant, Plan, Tokens};
pub use dataset::{Dataset, Size};
pub use faults::Faults;
pub use server::{router, serve, Config, State};
