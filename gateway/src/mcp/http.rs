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
pub use crate::mcp_key::McpKey;
pub use crate::policy::MCP_PATH;
use crate::state::Gateway;

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
