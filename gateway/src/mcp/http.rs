//! `/mcp`: the MCP server over Streamable HTTP, off unless `--mcp-key-file` names a key, and then
//! only for requests that carry it (`Authorization: Bearer KEY`).
//!
//! Stateless (no `Mcp-Session-Id`) and answered as plain JSON: every call stands alone, so that
//! instances behind a load balancer serve any request without sticky sessions, and nothing is
//! held open between calls.

use std::convert::Infallible;
use std::sync::Arc;

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use tower::{Service, ServiceExt};

use super::Chanscope;
use crate::state::Gateway;

/// Where the server answers.
pub const MCP_PATH: &str = "/mcp";

/// The answer to a request without the key. It names no key and no token.
pub const REFUSED: &str = "{\"error\":\"unauthorized: /mcp needs Authorization: Bearer <key>\"}";
/// The answer while `/mcp` is off.
pub const OFF: &str = "{\"error\":\"/mcp is off: the gateway was started without --mcp-key-file\"}";

/// The service at [`MCP_PATH`].
pub fn service(
    gw: &Arc<Gateway>,
) -> impl Service<Request, Response = Response, Error = Infallible, Future: Send>
       + Clone
       + Send
       + Sync
       + 'static {
    let served = gw.config.mcp_key.clone().map(|key| {
        let gw = Arc::clone(gw);
        let config = StreamableHttpServerConfig::default()
            .with_legacy_session_mode(false)
            .with_json_response(true)
            .with_sse_keep_alive(None)
            // The gateway checks `Host` itself (`host.rs`); a DNS-rebinding page cannot send the
            // key, which is what the SDK's loopback-only default guards against.
            .disable_allowed_hosts();
        let mcp = StreamableHttpService::new(
            move || Ok(Chanscope::new(Arc::clone(&gw))),
            Arc::new(NeverSessionManager::default()),
            config,
        );
        (key, mcp)
    });
    tower::service_fn(move |request: Request| {
        let served = served.clone();
        async move {
            let Some((key, mcp)) = served else {
                return Ok(json(StatusCode::NOT_FOUND, OFF));
            };
            if !key.admits(request.headers().get(header::AUTHORIZATION)) {
                let mut refused = json(StatusCode::UNAUTHORIZED, REFUSED);
                refused
                    .headers_mut()
                    .insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
                return Ok(refused);
            }
            let response = mcp.oneshot(request).await?;
            Ok(response.map(Body::new))
        }
    })
}

fn json(status: StatusCode, body: &'static str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
        body,
    )
        .into_response()
}

/// The shortest `--mcp-key-file` key: 16 characters of a random key are beyond guessing at any
/// rate the gateway answers.
pub const MCP_KEY_MIN_CHARS: usize = 16;

/// The key `/mcp` asks for. Its `Debug` never shows it.
#[derive(Clone)]
pub struct McpKey(String);

impl McpKey {
    /// The key from its file's content; an error that never quotes it.
    pub fn new(text: &str) -> Result<McpKey, String> {
        let key = text.trim();
        if key.chars().count() < MCP_KEY_MIN_CHARS || key.chars().any(char::is_whitespace) {
            return Err(format!(
                "the key in --mcp-key-file must be {MCP_KEY_MIN_CHARS} characters or more, \
                 without spaces"
            ));
        }
        Ok(McpKey(key.to_owned()))
    }

    /// Whether `authorization` is `Bearer <the key>`, compared in time independent of where
    /// they differ, so that the key cannot be guessed byte by byte from answer times.
    pub fn admits(&self, authorization: Option<&HeaderValue>) -> bool {
        let Some(given) = authorization
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
        else {
            return false;
        };
        let (given, key) = (given.trim().as_bytes(), self.expose().as_bytes());
        given.len() == key.len() && given.iter().zip(key).fold(0, |d, (a, b)| d | (a ^ b)) == 0
    }

    fn expose(&self) -> &str {
        &self.0
    }
}

impl std::fmt::Debug for McpKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("McpKey(***)")
    }
}
