//! What operators and their probes read: `/healthz` (alive, and nothing else), `/readyz` (files
//! and Redis, asked), `/metrics` (Prometheus text, counters and the cache's size). `/healthz`
//! shows nothing a visitor's request can move: its cache counters once told anyone whether
//! somebody had asked for a channel lately, and deployments leave it open to the internet.

use std::sync::Arc;

use axum::extract::State;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use serverkit::envelope::json_response;

use std::sync::atomic::{AtomicU64, Ordering};

use crate::metrics;
use crate::shared::Redis;
use crate::state::Gateway;

/// What `/healthz` says: the process is alive.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Health {
    pub status: &'static str,
}

/// A snapshot of this instance's counters and cache, for code in the same process (the tests,
/// the benches); never served.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counters {
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

impl Gateway {
    /// Whether a load balancer should send requests here: the console's page is in `--dist`
    /// and, with `--redis`, Redis answers a PING (asked at most once a second).
    pub async fn readiness(&self) -> Readiness {
        let redis = match &self.redis {
            Some(redis) => redis.checked_state().await,
            None => "off",
        };
        let files = if self.statics.has_page().await {
            "loaded"
        } else {
            "missing"
        };
        Readiness {
            ready: redis != "down" && files == "loaded",
            files,
            redis,
        }
    }

    /// The Prometheus text of this instance's counters; `gateway_redis_up` as Redis answers a
    /// PING (asked at most once a second).
    pub async fn metrics_text(&self) -> String {
        let redis_up = match &self.redis {
            Some(redis) => redis.checked_state().await == "up",
            None => false,
        };
        self.metrics.render(redis_up, self.cache.usage())
    }

    pub fn counters(&self) -> Counters {
        let n = |c: &AtomicU64| c.load(Ordering::Relaxed);
        let s = &self.stats;
        let (cache_entries, cache_bytes) = self.cache.usage();
        Counters {
            api_requests: n(&s.api_requests),
            upstream_calls: n(&s.upstream_calls),
            upstream_failures: n(&s.upstream_failures),
            cache_hits: n(&s.cache_hits),
            coalesced: n(&s.coalesced),
            stale_served: n(&s.stale_served),
            refused: n(&s.refused),
            rate_limited: n(&s.rate_limited),
            cache_entries,
            cache_bytes,
            in_flight: self.flights.len(),
            clients: self.limiter.clients(),
            shared_hits: n(&s.shared_hits),
            budget_refused: n(&s.budget_refused),
            redis: self.redis.as_ref().map_or("off", Redis::state),
        }
    }
}

pub(crate) async fn healthz() -> Response {
    json_response(serde_json::to_vec(&Health { status: "ok" }).unwrap_or_default())
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
