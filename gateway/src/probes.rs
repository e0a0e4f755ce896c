//! What operators and their probes read: `/healthz` (counters and the cache), `/readyz` (files
//! and Redis, asked), `/metrics` (Prometheus text).

use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use serverkit::envelope::json_response;

use crate::{metrics, Gateway};

/// A snapshot of the counters and the cache, as `/healthz` shows it.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Health {
    pub status: &'static str,
    pub api_requests: u64,
    pub upstream_calls: u64,
    pub upstream_failures: u64,
    pub cache_hits: u64,
    pub coalesced: u64,
    pub stale_served: u64,
    pub refused: u64,
    pub rate_limited: u64,
    pub cache_entries: usize,
    pub cache_bytes: usize,
    pub in_flight: usize,
    pub clients: usize,
    /// Answers this instance found in Redis, kept there by another.
    pub shared_hits: u64,
    /// Upstream calls refused by the upstream budget (answered stale or `flood_control_N`).
    pub budget_refused: u64,
    /// `up` or `down` with `--redis`; `off` without.
    pub redis: &'static str,
}

/// What `/readyz` says; 200 when `ready`, else 503.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Readiness {
    pub ready: bool,
    /// `loaded`, or `missing` when `index.html` is not in `--dist`.
    pub files: &'static str,
    /// `up` or `down` with `--redis`; `off` without.
    pub redis: &'static str,
}

pub(crate) async fn healthz(State(gw): State<Arc<Gateway>>) -> Response {
    json_response(serde_json::to_vec(&gw.health()).unwrap_or_default())
}

pub(crate) async fn readyz(State(gw): State<Arc<Gateway>>) -> Response {
    let readiness = gw.readiness().await;
    let mut response = json_response(serde_json::to_vec(&readiness).unwrap_or_default());
    if !readiness.ready {
        *response.status_mut() = StatusCode::SERVICE_UNAVAILABLE;
    }
    response
}

pub(crate) async fn metrics_page(State(gw): State<Arc<Gateway>>) -> Response {
    (
        [
            (header::CONTENT_TYPE, metrics::CONTENT_TYPE),
            (header::CACHE_CONTROL, "no-store"),
        ],
        gw.metrics_text().await,
    )
        .into_response()
}
