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
pub mod budget;
pub mod cache;
pub mod coalesce;
pub mod config;
pub mod cors;
pub mod embed_page;
pub mod logging;
pub mod metrics;
pub mod policy;
mod probes;
pub mod ratelimit;
pub mod scrub;
pub mod server;
pub mod shared;
pub mod statics;
pub mod upstream;

use std::future::Future;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Instant;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{
    header, Extensions, HeaderMap, HeaderName, HeaderValue, Method, StatusCode, Version,
};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use bytes::Bytes;
use tokio::net::TcpListener;
use tower_http::compression::predicate::{Predicate, SizeAbove};
use tower_http::compression::{CompressionLayer, CompressionLevel};

use serverkit::envelope::error_body;

use access_log::{AccessLog, Entry};
use answer::{failed, Outcome, Source};
use budget::Bucket;
use cache::Cache;
use coalesce::{Flights, Role};
use config::Config;
use cors::Cors;
use metrics::Metrics;
use ratelimit::{RateLimiter, MAX_CLIENTS};
use shared::Redis;
use statics::Statics;
use upstream::{Failure, Upstream};

pub use policy::{BrowserToken, API_PREFIX};
use probes::{healthz, metrics_page, readyz};
pub use probes::{Health, Readiness};

/// Says where an API answer came from: `hit`, `miss`, `stale` or `coalesced`; sent only with
/// `--debug-headers`, since it tells anyone whether somebody else asked the same lately.
pub const CACHE_HEADER: HeaderName = HeaderName::from_static("x-chanscope-cache");

/// API answers from this size on are compressed for clients that accept it. A smaller one,
/// with its ~300 bytes of headers, fits one TCP segment (1,448 bytes) anyway: compressing it
/// could save no packet, only spend CPU. Errors and flood control stay far below it.
pub const API_COMPRESS_MIN_BYTES: u16 = 1024;

/// Marks a response as an API answer, the only kind compressed on the fly: the console's files
/// have their copies compressed at build time, and `/healthz` is small.
#[derive(Clone, Copy)]
struct ApiAnswer;

/// Where an API answer came from, for the log and the metrics (and [`CACHE_HEADER`]).
#[derive(Clone, Copy)]
struct CacheSource(&'static str);

/// The gateway's parts, shared by every request.
pub struct Gateway {
    config: Config,
    upstream: Upstream,
    cache: Cache,
    flights: Arc<Flights<Outcome>>,
    limiter: RateLimiter,
    /// This instance's upstream budget: the fleet's while Redis is down, or the only one.
    budget: Option<Bucket>,
    redis: Option<Redis>,
    statics: Statics,
    cors: Cors,
    log: AccessLog,
    stats: Stats,
    metrics: Metrics,
}

/// Counters for `/healthz`: no secrets, no client data.
#[derive(Default)]
struct Stats {
    api_requests: AtomicU64,
    upstream_calls: AtomicU64,
    upstream_failures: AtomicU64,
    cache_hits: AtomicU64,
    coalesced: AtomicU64,
    stale_served: AtomicU64,
    refused: AtomicU64,
    rate_limited: AtomicU64,
    shared_hits: AtomicU64,
    budget_refused: AtomicU64,
}

/// The client's address, as decided once per request (see `--trust-forwarded-for`).
#[derive(Clone, Copy)]
struct Client(IpAddr);

impl Gateway {
    /// Fails when `--dist` is not a readable directory or `--redis` not a Redis URL (an
    /// unreachable Redis is only down). With `--redis`, call it within a Tokio runtime: it starts
    /// connecting at once.
    pub fn new(config: Config, log: AccessLog) -> Result<Gateway, String> {
        let redis = match &config.redis {
            Some(url) => Some(Redis::open(url, &config.upstream, log.clone())?),
            None => None,
        };
        Ok(Gateway {
            upstream: Upstream::new(&config),
            cache: Cache::new(config.cache_max_bytes),
            flights: Arc::default(),
            limiter: RateLimiter::new(config.rate, config.burst, MAX_CLIENTS),
            budget: config.upstream_rate.map(Bucket::new),
            redis,
            statics: Statics::new(&config.dist, &config.upstream)
                .map_err(|e| format!("--dist {}: {e}", config.dist.display()))?,
            cors: Cors::new(&config.allow_origins),
            log,
            stats: Stats::default(),
            metrics: Metrics::new(config.redis.is_some()),
            config,
        })
    }

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
        self.metrics.render(redis_up)
    }

    pub fn health(&self) -> Health {
        let n = |c: &AtomicU64| c.load(Ordering::Relaxed);
        let s = &self.stats;
        let (cache_entries, cache_bytes) = self.cache.usage();
        Health {
            status: "ok",
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

/// The whole site: the operator's endpoints, `/api/…`, and the console's files. A page of its
/// own is one more `.route` here; the layers below frame it like the rest.
pub fn router(gateway: Arc<Gateway>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/readyz", get(readyz))
        .route("/metrics", get(metrics_page))
        .fallback(dispatch)
        .with_state(Arc::clone(&gateway))
        .layer(api_compression())
        .layer(middleware::from_fn_with_state(gateway, frame))
}

/// tower-http's compression, for API answers of [`API_COMPRESS_MIN_BYTES`] or more: br or gzip
/// as `Accept-Encoding` prefers, with `Vary: Accept-Encoding` on every answer it could have
/// compressed. Its default levels (brotli 4, as nginx; gzip 6) shrink JSON about as well as
/// the highest ones at a fraction of their CPU, which matters since a cached answer is
/// compressed again on each call.
fn api_compression() -> CompressionLayer<impl Predicate> {
    let is_api_answer = |_: StatusCode, _: Version, _: &HeaderMap, extensions: &Extensions| {
        extensions.get::<ApiAnswer>().is_some()
    };
    CompressionLayer::new()
        .quality(CompressionLevel::Default)
        .compress_when(SizeAbove::new(API_COMPRESS_MIN_BYTES).and(is_api_answer))
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
    server::run(listener, router(gateway), limits, shutdown).await
}

/// Around every request: who the client is, CORS, the common headers, and the log line.
async fn frame(State(gw): State<Arc<Gateway>>, mut request: Request, next: Next) -> Response {
    let started = Instant::now();
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip());
    let client = client_address(peer, request.headers(), gw.config.trust_forwarded_for);
    request.extensions_mut().insert(Client(client));
    let method = request.method().clone();
    let uri = request.uri().clone();
    let origin = gw.cors.allowed_origin(request.headers());
    // RFC 9112: a server must answer 400 to an HTTP/1.1 request without Host.
    let hostless =
        request.version() == Version::HTTP_11 && !request.headers().contains_key(header::HOST);
    let mut response = if hostless {
        (
            StatusCode::BAD_REQUEST,
            "an HTTP/1.1 request needs a Host header\n",
        )
            .into_response()
    } else {
        match gw.cors.preflight(&method, request.headers()) {
            Some(preflight) => preflight,
            None => next.run(request).await,
        }
    };
    gw.cors.decorate(origin, &mut response);
    statics::common_headers(response.headers_mut());
    if let Some(source) = response.extensions().get::<CacheSource>().copied() {
        if gw.config.debug_headers {
            response
                .headers_mut()
                .insert(CACHE_HEADER, HeaderValue::from_static(source.0));
        }
    }
    let entry = Entry {
        at: chrono::Utc::now(),
        client,
        method: &method,
        path: uri.path(),
        query: uri.query(),
        status: response.status(),
        cache: response
            .extensions()
            .get::<CacheSource>()
            .map_or("-", |s| s.0),
        took: started.elapsed(),
    };
    gw.log.request(&entry);
    gw.metrics
        .request(metrics::operation(uri.path()), response.status().as_u16());
    response
}

/// The connecting address, or behind a trusted proxy the last `X-Forwarded-For` hop (the one
/// that proxy added; earlier hops are whatever the client claimed).
fn client_address(peer: IpAddr, headers: &HeaderMap, trust_forwarded_for: bool) -> IpAddr {
    if !trust_forwarded_for {
        return peer;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .next_back()
        .and_then(|hop| hop.trim().parse().ok())
        .unwrap_or(peer)
}

async fn dispatch(State(gw): State<Arc<Gateway>>, request: Request) -> Response {
    // Only the head is needed, and it (unlike the body) may be held across awaits.
    let (head, _) = request.into_parts();
    let path = head.uri.path();
    match path.strip_prefix(API_PREFIX) {
        Some(op_path) if op_path.is_empty() || op_path.starts_with('/') => {
            let client = head
                .extensions
                .get::<Client>()
                .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0);
            api(&gw, client, &head.method, op_path, head.uri.query()).await
        }
        _ if path.starts_with("/embed/") => embed_page::serve(
            &head.method,
            &path["/embed/".len()..],
            head.uri.query().unwrap_or_default(),
            &gw.config.upstream,
            &gw.config.allow_origins,
        ),
        _ => {
            let query = head.uri.query().unwrap_or_default();
            gw.statics
                .serve(&head.method, path, query, &head.headers)
                .await
        }
    }
}

async fn api(
    gw: &Arc<Gateway>,
    client: IpAddr,
    method: &Method,
    op_path: &str,
    query: Option<&str>,
) -> Response {
    gw.stats.api_requests.fetch_add(1, Ordering::Relaxed);
    if let Err(wait) = gw.admit_client(client, Instant::now()).await {
        gw.stats.rate_limited.fetch_add(1, Ordering::Relaxed);
        let mut response = envelope(
            StatusCode::TOO_MANY_REQUESTS,
            error_body(&format!("flood_control_{wait}")).into(),
            None,
        );
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(wait));
        return response;
    }
    let call = match policy::admit(method, op_path, query, gw.config.browser_token) {
        Ok(call) => call,
        Err(refusal) => {
            gw.stats.refused.fetch_add(1, Ordering::Relaxed);
            return envelope(refusal.status(), error_body(refusal.message()).into(), None);
        }
    };
    let key = call.key();
    if let Some(body) = gw.cache.fresh(&key) {
        gw.stats.cache_hits.fetch_add(1, Ordering::Relaxed);
        gw.metrics.cache("hit");
        if answer::is_absent(&body) {
            gw.metrics.absent("hit");
        }
        return envelope(StatusCode::OK, body, Some("hit"));
    }
    let worker = Arc::clone(gw);
    let (outcome, role) = gw
        .flights
        .run(key.clone(), async move { worker.obtain(call, key).await })
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
    let mut response = envelope(outcome.status, outcome.body, Some(source));
    if let Some(wait) = outcome.retry_after {
        response
            .headers_mut()
            .insert(header::RETRY_AFTER, HeaderValue::from(wait));
    }
    response
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forwarded_for_only_when_trusted_and_only_the_last_hop() {
        let peer: IpAddr = "10.0.0.1".parse().unwrap();
        let mut headers = HeaderMap::new();
        headers.append("x-forwarded-for", "1.1.1.1, 2.2.2.2".parse().unwrap());
        headers.append("x-forwarded-for", "203.0.113.7".parse().unwrap());
        assert_eq!(client_address(peer, &headers, false), peer);
        assert_eq!(
            client_address(peer, &headers, true),
            "203.0.113.7".parse::<IpAddr>().unwrap()
        );
        headers.insert("x-forwarded-for", "not an address".parse().unwrap());
        assert_eq!(client_address(peer, &headers, true), peer);
        assert_eq!(client_address(peer, &HeaderMap::new(), true), peer);
    }
}
