//! What the sandbox (the local double of the analytics API) and the gateway (the production
//! server in front of the real one) both need, so that neither depends on the other: the
//! service's error envelope and JSON answers, query parameters read with the service's messages
//! and its rules on them, the CORS preflight and the shutdown signal.

pub mod cors;
pub mod envelope;
pub mod query_params;
pub mod rules;
pub mod shutdown;

pub use envelope::ApiError;
pub use query_params::Params;
