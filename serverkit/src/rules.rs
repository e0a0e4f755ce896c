//! Rules of the spec on parameters that both servers check before answering: the sandbox as the
//! service does, the gateway so that a request bound to fail spends no quota.

use chanscope_api::limits::CHANNEL_SEARCH_QUERY_MIN_CHARS;

use crate::envelope::ApiError;
use crate::query_params::Params;

/// Channel search's two rules on `q` and `category`, with the spec's exact messages; the search
/// words.
pub fn query_or_category(p: &Params) -> Result<Option<&str>, ApiError> {
    let q = p.text("q");
    if q.is_none() && p.text("category").is_none() {
        return Err(ApiError::new(
            "at least one parameters q or category required",
        ));
    }
    if q.is_some_and(|q| q.chars().count() < CHANNEL_SEARCH_QUERY_MIN_CHARS) {
        return Err(ApiError::new("param q is too short"));
    }
    Ok(q)
}
