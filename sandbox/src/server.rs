//! The HTTP side: the router with CORS open to any origin, the `/api` dispatcher with auth and
//! faults, the channel avatars under `/avatars/`, the clock that `/sandbox/clock` moves, and a
//! `serve` that stops when told to.

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Path, Query, Request, State as Extract};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use axum::Router;
use tokio::net::TcpListener;

use serverkit::cors::preflight;
use serverkit::envelope::{
    error_body, json_response, ApiError, FLOOD_CONTROL_10, WRONG_METHOD, WRONG_METHOD_TYPE,
};
use serverkit::Params;

use crate::auth::Tokens;
use crate::avatars;
use crate::dataset::{Dataset, DAY};
use crate::faults::{error_page, Fault, Faults};
use crate::ops;
use crate::site::Site;

/// Who may call, what goes wrong on purpose, and where the sandbox is reached.
#[derive(Clone, Debug, Default)]
pub struct Config {
    pub tokens: Tokens,
    pub faults: Faults,
    /// `host:port` that avatar URLs name (the binary sets the address it listens on, so that a
    /// console served elsewhere, behind a proxy, loads them from here); when `None`, the
    /// request's `Host`, for a sandbox served together with the console on one origin.
    pub public_host: Option<String>,
}

/// The most `/sandbox/clock` moves the clock in one call, a month: past every post still to come,
/// while a mistyped number cannot throw the clock years ahead.
pub const CLOCK_STEP_MAX: u32 = 30 * DAY as u32;

pub struct State {
    pub dataset: Dataset,
    pub config: Config,
    /// Requests under /api so far: the sequence number that fault decisions hang on.
    served: AtomicU64,
    /// Milliseconds every `/api` answer waits on top of `config.faults.latency_ms`: the config
    /// is fixed once serving, and an in-process test slows the answers down for a while only.
    extra_latency_ms: AtomicU64,
}

impl State {
    pub fn new(dataset: Dataset, config: Config) -> State {
        State {
            dataset,
            config,
            served: AtomicU64::new(0),
            extra_latency_ms: AtomicU64::new(0),
        }
    }

    /// Makes every `/api` request arriving from now on wait `ms` more than the configured
    /// latency before it is answered; 0 takes the addition away.
    pub fn set_latency_ms(&self, ms: u64) {
        self.extra_latency_ms.store(ms, Ordering::Relaxed);
    }

    /// How long an `/api` answer waits now: the configured latency and the addition.
    pub fn latency_ms(&self) -> u64 {
        self.config
            .faults
            .latency_ms
            .saturating_add(self.extra_latency_ms.load(Ordering::Relaxed))
    }
}

pub fn router(state: Arc<State>) -> Router {
    Router::new()
        .route("/healthz", get(|| async { "ok" }))
        .route("/api/{*path}", any(api))
        .route("/avatars/{file}", get(avatar))
        .route("/sandbox/clock", post(advance_clock))
        .fallback(|| async { (StatusCode::NOT_FOUND, "not found\n") })
        .with_state(state)
        .layer(middleware::from_fn(cors))
}

/// Serves until `shutdown` completes, then finishes the requests in flight.
pub async fn serve(
    listener: TcpListener,
    state: Arc<State>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    axum::serve(listener, router(state))
        .with_graceful_shutdown(shutdown)
        .await
}

/// Any origin may call (the sandbox holds no secrets); preflights are answered here.
async fn cors(request: Request, next: Next) -> Response {
    let mut response = if request.method() == Method::OPTIONS {
        preflight("GET, OPTIONS", "*", "86400")
    } else {
        next.run(request).await
    };
    response.headers_mut().insert(
        header::ACCESS_CONTROL_ALLOW_ORIGIN,
        HeaderValue::from_static("*"),
    );
    response
}

/// A channel's avatar; 404 for a file that names no channel or size of ours.
async fn avatar(Extract(state): Extract<Arc<State>>, Path(file): Path<String>) -> Response {
    let image = avatars::parse(&file).and_then(|(id, size)| avatars::svg(&state.dataset, id, size));
    match image {
        Some(svg) => (
            [
                (header::CONTENT_TYPE, "image/svg+xml"),
                (header::CACHE_CONTROL, "public, max-age=86400"),
            ],
            svg,
        )
            .into_response(),
        None => (StatusCode::NOT_FOUND, "not found\n").into_response(),
    }
}

/// `POST /sandbox/clock?advance=SECS`: moves the dataset's clock forward, so that posts dated
/// up to then appear and counters grow; answers the new current time as `{"now": SECS}`.
async fn advance_clock(
    Extract(state): Extract<Arc<State>>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Response {
    let seconds = query
        .ok()
        .and_then(|q| q.0.get("advance")?.parse::<u32>().ok())
        .filter(|s| (1..=CLOCK_STEP_MAX).contains(s));
    match seconds {
        Some(s) => {
            let now = state.dataset.advance(s);
            json_response(serde_json::json!({ "now": now }).to_string().into_bytes())
        }
        None => (
            StatusCode::BAD_REQUEST,
            format!("advance must be a whole number of seconds from 1 to {CLOCK_STEP_MAX}\n"),
        )
            .into_response(),
    }
}

async fn api(
    Extract(state): Extract<Arc<State>>,
    method: Method,
    headers: HeaderMap,
    Path(path): Path<String>,
    query: Result<Query<HashMap<String, String>>, QueryRejection>,
) -> Response {
    let faults = &state.config.faults;
    let latency = state.latency_ms();
    if latency > 0 {
        tokio::time::sleep(Duration::from_millis(latency)).await;
    }
    let fault = faults.decide(state.served.fetch_add(1, Ordering::Relaxed));
    match fault {
        Some(Fault::Http(code)) => {
            let status = StatusCode::from_u16(code).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            return (
                status,
                [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
                error_page(code),
            )
                .into_response();
        }
        Some(Fault::Flood) => return ApiError::new(FLOOD_CONTROL_10).into_response(),
        _ => {}
    }
    let site = match &state.config.public_host {
        Some(host) => Site::new(host),
        None => headers
            .get(header::HOST)
            .and_then(|h| h.to_str().ok())
            .map(Site::new)
            .unwrap_or_default(),
    };
    let mut body = answer(&state, &method, &path, query.ok().map(|q| q.0), &site);
    if fault == Some(Fault::Truncate) {
        body.truncate(body.len() / 2);
    }
    json_response(body)
}

/// The envelope for one request under /api.
fn answer(
    state: &State,
    method: &Method,
    path: &str,
    query: Option<HashMap<String, String>>,
    site: &Site,
) -> Vec<u8> {
    let result = (|| {
        if method != Method::GET {
            return Err(ApiError::new(WRONG_METHOD_TYPE));
        }
        let op = ops::find(&format!("/{path}")).ok_or_else(|| ApiError::new(WRONG_METHOD))?;
        let params = Params(query.ok_or_else(|| ApiError::new("malformed query string"))?);
        state.config.tokens.check(params.text("token"), op.access)?;
        (op.run)(&state.dataset, &params, site)
    })();
    result.unwrap_or_else(|e| error_body(&e.0))
}
