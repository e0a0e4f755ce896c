//! A local double of the channel analytics API: the eight operations over a deterministic
//! generated dataset, with the real service's error envelope, plans and injectable faults; and
//! the [`gateway`], the production server that serves the console and forwards to the real API
//! on the same HTTP stack.

pub mod auth;
pub mod cli;
pub mod data;
pub mod errors;
pub mod faults;
pub mod gateway;
pub mod index;
pub mod json;
pub mod load;
pub mod ops;
pub mod params;
pub mod query;
pub mod rng;
pub mod search;
pub mod server;
pub mod text;
pub mod words;

pub use auth::{Grant, Plan, Tokens};
pub use data::{Dataset, Size};
pub use faults::Faults;
pub use server::{router, serve, Config, State};
