//! What every operation of the API is: a path, its documented parameters and rules, and the
//! type of its answer.

use serde::de::DeserializeOwned;

use crate::query::Query;
use crate::validate::Invalid;

/// One operation of the API: where it lives, what it checks, what it sends, what comes back.
pub trait Operation {
    /// The path below the base URL.
    const PATH: &'static str;
    /// Every parameter the API documents for this operation, as it names them, in the order
    /// [`Operation::query`] sends them; `token` is not among them. The gateway forwards these
    /// and nothing else.
    const PARAMS: &'static [&'static str];
    /// The decoded `response` of a successful envelope.
    type Response: DeserializeOwned + 'static;

    /// Checks every documented rule; a request that fails is never sent.
    fn validate(&self) -> Result<(), Invalid>;

    /// The parameters as the API names them, defaults left out, `token` not included.
    fn query(&self) -> Query;
}
