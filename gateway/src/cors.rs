//! Cross-origin access for the portals named by `--allow-origin` only: they load the console's
//! module and wasm and call `/api` from their own pages. Other origins get no CORS headers, so
//! browsers keep their pages from reading anything.
//!
//! Hand-written rather than tower-http's `CorsLayer`, whose behaviour differs where portals and
//! tests rely on this one: it answers a preflight 200 (here 204), a preflight from another
//! origin 200 without `Access-Control-Allow-Origin` (here 403 `origin not allowed`), takes every
//! `OPTIONS` even without `Access-Control-Request-Method`, and writes
//! `GET,HEAD,OPTIONS` and `vary: origin` differently from what `tests/headers.rs` pins.

use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};

use serverkit::cors::preflight;

pub struct Cors {
    allowed: Vec<HeaderValue>,
}

impl Cors {
    pub fn new(origins: &[String]) -> Cors {
        Cors {
            allowed: origins
                .iter()
                .filter_map(|o| HeaderValue::from_str(o).ok())
                .collect(),
        }
    }

    /// The request's `Origin` when it is on the list.
    pub fn allowed_origin(&self, headers: &HeaderMap) -> Option<HeaderValue> {
        let origin = headers.get(header::ORIGIN)?;
        self.allowed.iter().find(|a| *a == origin).cloned()
    }

    /// The answer to a preflight (`OPTIONS` with `Access-Control-Request-Method`); `None` for
    /// any other request.
    pub fn preflight(&self, method: &Method, headers: &HeaderMap) -> Option<Response> {
        if method != Method::OPTIONS || !headers.contains_key(header::ACCESS_CONTROL_REQUEST_METHOD)
        {
            return None;
        }
        let Some(origin) = self.allowed_origin(headers) else {
            return Some((StatusCode::FORBIDDEN, "origin not allowed\n").into_response());
        };
        // The console sends no custom headers; only what a fetch of a module may carry.
        let mut response = preflight("GET, HEAD, OPTIONS", "content-type", "600");
        allow(response.headers_mut(), origin);
        Some(response)
    }

    /// Adds the CORS headers to a response for an allowed origin.
    pub fn decorate(&self, origin: Option<HeaderValue>, response: &mut Response) {
        let headers = response.headers_mut();
        // Answers differ by Origin, so a shared cache must keep them apart.
        headers.append(header::VARY, HeaderValue::from_static("Origin"));
        if let Some(origin) = origin {
            allow(headers, origin);
        }
    }
}

fn allow(headers: &mut HeaderMap, origin: HeaderValue) {
    headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
}
