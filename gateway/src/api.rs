//! A request under `/api`: rate limit → policy → fresh cache → one shared upstream call, and the
//! answer as the envelope's JSON, compressed on the fly from [`API_COMPRESS_MIN_BYTES`] on.

use std::net::IpAddr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use axum::http::{header, Extensions, HeaderMap, HeaderValue, Method, StatusCode, Version};
use axum::response::{IntoResponse, Response};
use bytes::Bytes;
use tower_http::compression::predicate::{Predicate, SizeAbove};
use tower_http::compression::{CompressionLayer, CompressionLevel};

use serverkit::envelope::error_body;

use crate::coalesce::Role;
use crate::outcome::{self, failed, Source};
use crate::policy;
use crate::state::Gateway;
use crate::upstream::Failure;

/// API answers from this size on are compressed for clients that accept it. A smaller one,
/// with its ~300 bytes of headers, fits one TCP segment (1,448 bytes) anyway: compressing it
/// could save no packet, only spend CPU. Errors and flood control stay far below it.
pub const API_COMPRESS_MIN_BYTES: u16 = 1024;

/// Marks a response as an API answer, the only kind compressed on the fly: the console's files
/// have their copies compressed at build time, and `/healthz` is small.
#[derive(Clone, Copy)]
pub(crate) struct ApiAnswer;

/// Where an API answer came from, for the log and the metrics (and [`CACHE_HEADER`]).
#[derive(Clone, Copy)]
pub(crate) struct CacheSource(pub(crate) &'static str);

pub(crate) async fn api(
    gw: &Arc<Gateway>,
    client: IpAddr,
    method: &Method,
    op_path: &str,
    query: Option<&str>,
) -> Response {
    let answer = answer(gw, client, method, op_path, query).await;
    let mut response = envelope(answer.status, answer.body, answer.source);
    if let Some(wait) = answer.retry_after {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(wait));
    }
    response
}

/// An API answer before it becomes HTTP: what `/api` sends and what the MCP tools read.
pub(crate) struct Answer {
    pub(crate) status: StatusCode,
    pub(crate) body: Bytes,
    /// `hit`, `miss`, `stale` or `coalesced`; none when refused before the cache.
    pub(crate) source: Option<&'static str>,
    /// Seconds to wait, when the answer is a refusal for the rate.
    pub(crate) retry_after: Option<u64>,
}

/// The whole `/api` pipeline for one call of `client`: its rate limit, the policy, the cache,
/// one shared upstream call within the budget and the visitor's share. `/mcp`'s tools call it
/// too, so that both ways in spend the same limits.
pub(crate) async fn answer(
    gw: &Arc<Gateway>,
    client: IpAddr,
    method: &Method,
    op_path: &str,
    query: Option<&str>,
) -> Answer {
    let plain = |status, body: Bytes, source| Answer {
        status,
        body,
        source,
        retry_after: None,
    };
    gw.stats.api_requests.fetch_add(1, Ordering::Relaxed);
    if let Err(wait) = gw.admit_client(client, Instant::now()).await {
        gw.stats.rate_limited.fetch_add(1, Ordering::Relaxed);
        return Answer {
            retry_after: Some(wait),
            ..plain(
                StatusCode::TOO_MANY_REQUESTS,
                error_body(&format!("flood_control_{wait}")).into(),
                None,
            )
        };
    }
    let call = match policy::admit(method, op_path, query, gw.config.browser_token) {
        Ok(call) => call,
        Err(refusal) => {
            gw.stats.refused.fetch_add(1, Ordering::Relaxed);
            return plain(refusal.status(), error_body(refusal.message()).into(), None);
        }
    };
    let key = call.key();
    if let Some(body) = gw.cache.fresh(&key) {
        gw.stats.cache_hits.fetch_add(1, Ordering::Relaxed);
        gw.metrics.cache("hit");
        if outcome::is_absent(&body) {
            gw.metrics.absent("hit");
        }
        return plain(StatusCode::OK, body, Some("hit"));
    }
    let worker = Arc::clone(gw);
    let (outcome, role) = gw
        .flights
        .run(key.clone(), async move {
            worker.obtain(call, client, key).await
        })
        .await;
    let outcome = outcome.unwrap_or_else(|| failed(Failure::Unavailable));
    let source = match (outcome.source, role) {
        (Source::Stale, _) => "stale",
        (_, Role::Follower) | (Source::Waited, _) => "coalesced",
        (Source::Shared, Role::Leader) => "hit",
        (Source::Upstream, Role::Leader) => "miss",
    };
    let count = |counter: &AtomicU64| counter.fetch_add(1, Ordering::Relaxed);
    if outcome.source == Source::Stale {
        count(&gw.stats.stale_served);
    }
    if role == Role::Follower || outcome.source == Source::Waited {
        count(&gw.stats.coalesced);
    }
    if (outcome.source, role) == (Source::Shared, Role::Leader) {
        count(&gw.stats.cache_hits);
    }
    gw.metrics.cache(source);
    Answer {
        status: outcome.status,
        body: outcome.body,
        source: Some(source),
        retry_after: outcome.retry_after,
    }
}

/// An API answer: the envelope's bytes as JSON, never stored by browsers or proxies.
fn envelope(status: StatusCode, body: Bytes, source: Option<&'static str>) -> Response {
    let mut response = (
        status,
        [
            (header::CONTENT_TYPE, "application/json; charset=utf-8"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        body,
    )
        .into_response();
    if let Some(source) = source {
        response.extensions_mut().insert(CacheSource(source));
    }
    response.extensions_mut().insert(ApiAnswer);
    response
}

/// tower-http's compression, for API answers of [`API_COMPRESS_MIN_BYTES`] or more (and the
/// pages written for a request, `painted` and the iframe pages): br or gzip
/// as `Accept-Encoding` prefers, with `Vary: Accept-Encoding` on every answer it could have
/// compressed. Its default levels (brotli 4, as nginx; gzip 6) shrink JSON about as well as
/// the highest ones at a fraction of their CPU, which matters since a cached answer is
/// compressed again on each call.
pub(crate) fn api_compression() -> CompressionLayer<impl Predicate> {
    let is_api_answer = |_: StatusCode, _: Version, _: &HeaderMap, extensions: &Extensions| {
        extensions.get::<ApiAnswer>().is_some()
            || extensions.get::<crate::statics::WrittenPage>().is_some()
    };
    CompressionLayer::new()
        .quality(CompressionLevel::Default)
        .compress_when(SizeAbove::new(API_COMPRESS_MIN_BYTES).and(is_api_answer))
}
