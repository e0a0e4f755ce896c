//! The typed layer over the eight read-only operations of the analytics API, and the API's period
//! and date strings ([`format`](mod@format)).
//!
//! A request type per operation ([`ops`]) knows its path, its documented parameters and rules;
//! [`Client`] validates it, sends it over a [`Transport`], retries what is worth retrying and
//! decodes the envelope into the response types of [`model`] or a typed [`Error`]. Beside them:
//! the limits, the identifiers, and the calls the console's pages make as they open
//! ([`opening`]).
//!
//! It compiles natively and for wasm32 (where `browser` adds the `fetch` transport). The
//! console, its widgets, the sandbox, the gateway and the tests all speak through it; the servers
//! depend on it alone, never on the console or on yew.

pub mod batch;
pub mod catalog;
pub mod client;
pub mod de;
pub mod envelope;
pub mod error;
pub mod format;
pub mod ids;
pub mod limits;
pub mod model;
pub mod opening;
pub mod operation;
pub mod ops;
pub mod params;
pub mod query;
pub mod transport;
pub mod validate;

#[cfg(target_arch = "wasm32")]
pub mod browser;

pub use client::{decoder, Client, ClientConfig, Decoder, Prepared, RetryPolicy, Token};
pub use error::{ApiError, ApiErrorKind, Error};
pub use ids::{ChannelId, PostId};
pub use operation::Operation;
pub use params::{PeerType, PeriodGroup, ViewGrowthGroup};
pub use query::Query;
pub use transport::{HttpResponse, MemoryTransport, Transport, TransportError};
pub use validate::{Invalid, Problem, Rule};
