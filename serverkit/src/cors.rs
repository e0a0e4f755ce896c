//! The answer to a CORS preflight. Who may call differs: the sandbox lets any origin in, the
//! gateway only the portals it is told of; each adds `Access-Control-Allow-Origin` itself.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// An answer to a CORS preflight: these methods and request headers, remembered this many
/// seconds. The caller adds `Access-Control-Allow-Origin`.
pub fn preflight(
    methods: &'static str,
    request_headers: &'static str,
    max_age_secs: &'static str,
) -> Response {
    (
        StatusCode::NO_CONTENT,
        [
            (header::ACCESS_CONTROL_ALLOW_METHODS, methods),
            (header::ACCESS_CONTROL_ALLOW_HEADERS, request_headers),
            (header::ACCESS_CONTROL_MAX_AGE, max_age_secs),
        ],
    )
        .into_response()
}
