//! The production server: serves the built console and forwards the eight API operations to a
//! fixed upstream, adding the API token on the server side so that public pages never carry it.
//! Answers are cached per operation and identical calls in flight share one upstream call; each
//! client address is rate-limited; every request is logged and counted for `/metrics`. With
//! `--redis`, several instances share the answers, the coalescing, the upstream budget, the
//! client limits and, briefly, an upstream's failure.
//!
//! A request under `/api` goes: rate limit → policy (operation, parameters, limits) → fresh cache
//! → one shared upstream call → cache; a stale cached answer stands in when the upstream fails or
//! asks to slow down. Answers of a kilobyte or more leave compressed when the client accepts it.

pub mod access_log;
mod answer;
mod api;
pub mod budget;
pub mod cache;
pub mod coalesce;
pub mod config;
pub mod cors;
pub mod embed_page;
mod frame;
mod host;
pub mod logging;
pub mod mcp;
pub mod mcp_key;
pub mod metrics;
mod outcome;
pub mod painted;
pub mod policy;
mod probes;
pub mod ratelimit;
pub mod scrub;
pub mod server;
pub mod share;
pub mod shared;
mod state;
pub mod statics;
mod turn;
pub mod upstream;

use std::future::Future;
use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;

use axum::extract::{Request, State};
use axum::middleware;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use tokio::net::TcpListener;

pub use api::API_COMPRESS_MIN_BYTES;
use api::{api, api_compression};
pub use frame::CACHE_HEADER;
use frame::{frame, ClientAddress};
pub use policy::{BrowserToken, API_PREFIX};
use probes::{healthz, metrics_page, readyz};
pub use probes::{Counters, Health, Readiness};
pub use state::Gateway;

/// The whole site: the operator's endpoints, `/api/…`, and the console's files. A page of its
/// own is one more `.route` here; the layers below frame it like the rest.
pub fn router(gateway: Arc<Gateway>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics_page))
        .route_service(mcp::http::MCP_PATH, mcp::http::service(&gateway))
        .fallback(dispatch)
        .with_state(Arc::clone(&gateway))
        .layer(api_compression())
        .layer(middleware::from_fn_with_state(gateway, frame))
}

/// Serves until `shutdown` completes, then lets the requests in flight finish within
/// `--drain-timeout`.
pub async fn serve(
    listener: TcpListener,
    gateway: Arc<Gateway>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let limits = server::Limits {
        header_timeout: gateway.config.header_timeout,
        write_timeout: gateway.config.write_timeout,
        max_connections: gateway.config.max_connections,
        drain_timeout: gateway.config.drain_timeout,
    };
    let sweeper = tokio::spawn(sweep(Arc::clone(&gateway)));
    let served = server::run(listener, router(gateway), limits, shutdown).await;
    sweeper.abort();
    served
}

/// Drops the cache's entries as they stop being of use, whether or not anything is put.
async fn sweep(gateway: Arc<Gateway>) {
    let mut every = tokio::time::interval(cache::SWEEP_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        gateway.cache.sweep(std::time::Instant::now());
    }
}

async fn dispatch(State(gw): State<Arc<Gateway>>, request: Request) -> Response {
    // Only the head is needed, and it (unlike the body) may be held across awaits.
    let (head, _) = request.into_parts();
    let path = head.uri.path();
    let client = head
        .extensions
        .get::<ClientAddress>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0);
    match path.strip_prefix(API_PREFIX) {
        Some(op_path) if op_path.is_empty() || op_path.starts_with('/') => {
            api(&gw, client, &head.method, op_path, head.uri.query()).await
        }
        _ if path.starts_with("/embed/") => {
            embed_page::serve(
                &gw,
                client,
                &head.method,
                &path["/embed/".len()..],
                head.uri.query().unwrap_or_default(),
            )
            .await
        }
        _ => {
            let query = head.uri.query().unwrap_or_default();
            if head.method == axum::http::Method::GET && painted::paints(path) {
                if let Some(page) = painted::page(&gw, client, path, query, &head.headers).await {
                    return gw.statics.written_page(page, path, query);
                }
            }
            gw.statics
                .serve(&head.method, path, query, &head.headers)
                .await
        }
    }
}
