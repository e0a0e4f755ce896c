//! The gateway over real sockets, with the in-process sandbox as its upstream: the sandbox
//! requires a token (no anonymous one) and sits behind a counter of the requests that reach it.

use std::io::{Read, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use axum::extract::Request;
use axum::http::{HeaderMap, Method, StatusCode};
use axum::middleware::{self, Next};
use bytes::Bytes;
use http_body_util::{BodyExt, Empty};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde_json::Value;
use tokio::net::TcpListener;
use tokio::sync::oneshot;

use sandbox::faults::Fault;
use sandbox::gateway::access_log::AccessLog;
use sandbox::gateway::config::{BrowserToken, Config};
use sandbox::gateway::statics::CONTENT_SECURITY_POLICY;
use sandbox::gateway::{Gateway, Health};
use sandbox::{Dataset, Faults, Size, State};

/// 2026-01-01 00:00 UTC.
const NOW: i64 = 1_767_225_600;
/// The gateway's token: the only one the upstream accepts.
const SECRET: &str = "gw-s3cret-71c2";
/// A token a misconfigured page might send.
const BROWSER_TOKEN: &str = "browser-t0ken-9a4e";

fn upstream_state(faults: Faults) -> Arc<State> {
    let mut config = sandbox::Config::default();
    config
        .tokens
        .add(&format!("{SECRET}=search+stat:XL"))
        .unwrap();
    config.faults = faults;
    Arc::new(State::new(Dataset::generate(1, Size::Small, NOW), config))
}

/// The fault-free upstream, generated once per test binary.
fn healthy() -> Arc<State> {
    static STATE: OnceLock<Arc<State>> = OnceLock::new();
    Arc::clone(STATE.get_or_init(|| upstream_state(Faults::default())))
}

/// A fault seed whose first decisions are `pattern` (the sandbox decides faults by request
/// number), so a test knows which upstream call fails.
fn faults_in_order(mut faults: Faults, pattern: &[Option<Fault>]) -> Faults {
    faults.seed = (0..10_000)
        .find(|&seed| {
            let f = Faults {
                seed,
                ..faults.clone()
            };
            pattern
                .iter()
                .enumerate()
                .all(|(n, want)| f.decide(n as u64) == *want)
        })
        .expect("some seed gives the pattern");
    faults
}

struct Rig {
    origin: String,
    gateway: Arc<Gateway>,
    /// Path and query of every request that reached the upstream.
    upstream_seen: Arc<Mutex<Vec<String>>>,
    log: Arc<Mutex<Vec<String>>>,
    channel_id: u64,
    stop: Option<oneshot::Sender<()>>,
    served: tokio::task::JoinHandle<std::io::Result<()>>,
    /// The temporary directory holding `dist`, removed with the rig.
    files: PathBuf,
}

impl Drop for Rig {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.files);
    }
}

impl Rig {
    async fn start(state: Arc<State>, tweak: impl FnOnce(&mut Config)) -> Rig {
        let channel_id = state.dataset.channels[0].id;
        let upstream_seen = Arc::new(Mutex::new(Vec::new()));
        let counted = {
            let seen = Arc::clone(&upstream_seen);
            sandbox::router(state).layer(middleware::from_fn(
                move |request: Request, next: Next| {
                    let seen = Arc::clone(&seen);
                    async move {
                        let uri = request.uri();
                        if uri.path().starts_with("/api/") {
                            seen.lock().unwrap().push(uri.to_string());
                        }
                        next.run(request).await
                    }
                },
            ))
        };
        let upstream = listen().await;
        let upstream_address = upstream.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(upstream, counted).await });

        let mut config = Config::new(
            &format!("http://{upstream_address}/api"),
            chanscope::api::Token::new(SECRET).unwrap(),
        )
        .unwrap();
        let files = dist();
        config.dist = files.join("dist");
        config.rate = 1_000.0;
        config.burst = 1_000.0;
        tweak(&mut config);
        let log = Arc::new(Mutex::new(Vec::new()));
        let sink = {
            let log = Arc::clone(&log);
            AccessLog::to(move |line| log.lock().unwrap().push(line.to_owned()))
        };
        let gateway = Arc::new(Gateway::new(config, sink).unwrap());
        let listener = listen().await;
        let origin = format!("http://{}", listener.local_addr().unwrap());
        let (stop, stopped) = oneshot::channel::<()>();
        let served = tokio::spawn(sandbox::gateway::serve(
            listener,
            Arc::clone(&gateway),
            async {
                let _ = stopped.await;
            },
        ));
        Rig {
            origin,
            gateway,
            upstream_seen,
            log,
            channel_id,
            stop: Some(stop),
            served,
            files,
        }
    }

    fn upstream_calls(&self) -> usize {
        self.upstream_seen.lock().unwrap().len()
    }

    fn log(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }

    fn health(&self) -> Health {
        self.gateway.health()
    }

    async fn get(&self, path: &str) -> Answer {
        self.send(Method::GET, path, &[]).await
    }

    async fn send(&self, method: Method, path: &str, headers: &[(&str, &str)]) -> Answer {
        send(method, &format!("{}{path}", self.origin), headers).await
    }

    fn channel_info(&self) -> String {
        format!("/api/channels/get?channelId={}", self.channel_id)
    }
}

async fn listen() -> TcpListener {
    TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0)))
        .await
        .unwrap()
}

/// The console's page in the test build: large enough that its copies gain, as in a real one.
fn index_html() -> String {
    let routes: String = [
        "post-search",
        "channel-info",
        "subscriber-dynamics",
        "post-stats",
    ]
    .iter()
    .map(|r| format!("<link rel=\"prefetch\" href=\"/{r}\" data-route=\"{r}\">\n"))
    .collect();
    format!(
        "<!doctype html><title>console</title>\n{}",
        routes.repeat(8)
    )
}

/// A hashed module of the test build, with brotli and gzip copies.
const MODULE: &str = "/app-0123456789abcdef.js";

fn module_js() -> String {
    (0..300)
        .map(|i| format!("export function widget{i}(element) {{ return mount(element, {i}); }}\n"))
        .collect()
}

/// Writes `content` to `path` and, for each of `suffixes` (`br`, `gz`), its compressed copy
/// beside it, as `cargo xtask build` does.
fn write_with_copies(path: &Path, content: &[u8], suffixes: &[&str]) {
    std::fs::write(path, content).unwrap();
    for suffix in suffixes {
        let packed = match *suffix {
            "br" => {
                let mut out = Vec::new();
                let mut encoder = brotli::CompressorWriter::new(&mut out, 4096, 11, 22);
                encoder.write_all(content).unwrap();
                drop(encoder);
                out
            }
            "gz" => {
                let mut encoder =
                    flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
                encoder.write_all(content).unwrap();
                encoder.finish().unwrap()
            }
            other => panic!("no encoder for .{other}"),
        };
        assert!(packed.len() < content.len(), "{}.{suffix}", path.display());
        let mut name = path.as_os_str().to_owned();
        name.push(format!(".{suffix}"));
        std::fs::write(name, packed).unwrap();
    }
}

/// A temporary directory with `dist/` (a page and a hashed module with compressed copies, a
/// stylesheet with a gzip copy only, a hashed wasm file and an unhashed script without copies)
/// and a file beside it, outside, that must never be served.
fn dist() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let root = std::env::temp_dir().join(format!(
        "chanscope-gateway-test-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let dist = root.join("dist");
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    write_with_copies(
        &dist.join("index.html"),
        index_html().as_bytes(),
        &["br", "gz"],
    );
    write_with_copies(
        &dist.join(&MODULE[1..]),
        module_js().as_bytes(),
        &["br", "gz"],
    );
    write_with_copies(
        &dist.join("gzip-only.css"),
        "body { margin: 0 }\n".repeat(40).as_bytes(),
        &["gz"],
    );
    std::fs::write(dist.join("app-0123456789abcdef_bg.wasm"), b"\0asm").unwrap();
    std::fs::write(dist.join("boot.js"), "boot()").unwrap();
    std::fs::write(root.join("secret.txt"), "outside").unwrap();
    root
}

struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    /// The body as received (compressed when `Content-Encoding` says so).
    bytes: Bytes,
    /// The body as received, as text.
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// Every `Vary` entry, lower case, whether in one header line or several.
    fn vary(&self) -> Vec<String> {
        self.headers
            .get_all("vary")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(|v| v.trim().to_ascii_lowercase())
            .collect()
    }

    /// The body decoded as its `Content-Encoding` says.
    fn decoded(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self.header("content-encoding") {
            None => out.extend_from_slice(&self.bytes),
            Some("br") => {
                brotli::Decompressor::new(&self.bytes[..], 4096)
                    .read_to_end(&mut out)
                    .unwrap();
            }
            Some("gzip") => {
                flate2::read::GzDecoder::new(&self.bytes[..])
                    .read_to_end(&mut out)
                    .unwrap();
            }
            Some(other) => panic!("unexpected Content-Encoding {other}"),
        };
        out
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    /// The `error` of an error envelope.
    fn error(&self) -> String {
        let v = self.json();
        assert_eq!(v["status"], "error", "{v}");
        v["error"].as_str().unwrap().to_owned()
    }

    /// Everything the browser receives, as text.
    fn everything(&self) -> String {
        let headers: Vec<String> = self
            .headers
            .iter()
            .map(|(k, v)| format!("{k}: {}", v.to_str().unwrap_or_default()))
            .collect();
        format!("{}\n{}", headers.join("\n"), self.body)
    }
}

async fn send(method: Method, url: &str, headers: &[(&str, &str)]) -> Answer {
    // A client per call: each test has its own runtime, and a pool must not outlive one.
    let client: Client<HttpConnector, Empty<Bytes>> =
        Client::builder(TokioExecutor::new()).build_http();
    let mut request = axum::http::Request::builder().method(method).uri(url);
    for (k, v) in headers {
        request = request.header(*k, *v);
    }
    let response = client
        .request(request.body(Empty::new()).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
        bytes,
    }
}

#[tokio::test]
async fn the_token_is_added_upstream_and_never_reaches_the_browser() {
    let rig = Rig::start(healthy(), |_| {}).await;
    let answer = rig.get(&rig.channel_info()).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.json()["status"], "ok", "{}", answer.body);
    assert_eq!(
        answer.json()["response"]["id"].as_u64(),
        Some(rig.channel_id)
    );
    assert_eq!(
        *rig.upstream_seen.lock().unwrap(),
        [format!(
            "/api/channels/get?channelId={}&token={SECRET}",
            rig.channel_id
        )]
    );
    assert!(!answer.everything().contains(SECRET));

    // Refused: the page's token is answered with an error and never forwarded.
    let with_token = format!("{}&token={BROWSER_TOKEN}", rig.channel_info());
    let refused = rig.get(&with_token).await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        refused.error(),
        "param token is not accepted: the gateway adds its own"
    );
    assert_eq!(rig.upstream_calls(), 1);
    assert!(!refused.everything().contains(SECRET));
    assert!(!refused.everything().contains(BROWSER_TOKEN));

    // Dropped: removed without a word; the upstream sees the gateway's token only.
    let drop = Rig::start(healthy(), |c| c.browser_token = BrowserToken::Drop).await;
    let answer = drop
        .get(&format!(
            "/api/posts/search?q=law&token={BROWSER_TOKEN}&limit=3"
        ))
        .await;
    assert_eq!(answer.json()["status"], "ok", "{}", answer.body);
    assert_eq!(
        *drop.upstream_seen.lock().unwrap(),
        [format!("/api/posts/search?q=law&limit=3&token={SECRET}")]
    );
    assert!(!answer.everything().contains(SECRET));
    assert!(!answer.everything().contains(BROWSER_TOKEN));

    // The access log has a line for each request and neither token in any.
    for log in [rig.log(), drop.log()] {
        assert!(!log.is_empty());
        for line in &log {
            assert!(!line.contains(SECRET), "{line}");
            assert!(!line.contains(BROWSER_TOKEN), "{line}");
        }
    }
    let log = rig.log();
    assert_eq!(log.len(), 2);
    let first: Vec<&str> = log[0].split(' ').collect();
    assert_eq!(
        first[1..7],
        [
            "127.0.0.1",
            "GET",
            "/api/channels/get",
            &format!("channelId={}", rig.channel_id),
            "200",
            "miss"
        ]
    );
    assert!(first[7].ends_with("ms"), "{}", log[0]);
    assert!(log[1].contains(" 400 - "), "{}", log[1]);
    assert_eq!(drop.log()[0].split(' ').nth(4), Some("q=law&limit=3"));
}

#[tokio::test]
async fn a_cached_answer_saves_the_upstream_call_until_its_ttl_ends() {
    let rig = Rig::start(healthy(), |c| {
        c.ttl.insert("/posts/search", Duration::from_secs(1));
    })
    .await;
    let first = rig.get(&rig.channel_info()).await;
    assert_eq!(first.header("x-chanscope-cache"), Some("miss"));
    assert_eq!(first.header("cache-control"), Some("no-store"));
    assert_eq!(first.header("x-content-type-options"), Some("nosniff"));
    let again = rig.get(&rig.channel_info()).await;
    assert_eq!(again.header("x-chanscope-cache"), Some("hit"));
    assert_eq!(again.body, first.body);
    assert_eq!(rig.upstream_calls(), 1);

    // The same parameters in another order and spelling are the same call.
    let search = rig.get("/api/posts/search?limit=5&q=law").await;
    let same = rig.get("/api/posts/search?q=%6Caw&limit=5&offset=").await;
    assert_eq!(same.header("x-chanscope-cache"), Some("hit"));
    assert_eq!(same.body, search.body);
    assert_eq!(rig.upstream_calls(), 2);

    // Errors are not cached: each is asked again.
    for _ in 0..2 {
        let unknown = rig.get("/api/channels/get?channelId=@nobody_here").await;
        assert_eq!(unknown.json()["status"], "error");
    }
    assert_eq!(rig.upstream_calls(), 4);

    // Past its 1 s lifetime the search is asked again; channel info (1 h) is not.
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let later = rig.get("/api/posts/search?q=law&limit=5").await;
    assert_eq!(later.header("x-chanscope-cache"), Some("miss"));
    let info = rig.get(&rig.channel_info()).await;
    assert_eq!(info.header("x-chanscope-cache"), Some("hit"));
    assert_eq!(rig.upstream_calls(), 5);
    let health = rig.health();
    assert_eq!((health.upstream_calls, health.cache_hits), (5, 3));
}

#[tokio::test]
async fn concurrent_identical_calls_share_one_upstream_call() {
    let slow = upstream_state(Faults {
        latency_ms: 300,
        ..Faults::default()
    });
    let rig = Arc::new(Rig::start(slow, |_| {}).await);
    let calls: Vec<_> = (0..20)
        .map(|_| {
            let rig = Arc::clone(&rig);
            tokio::spawn(async move { rig.get(&rig.channel_info()).await })
        })
        .collect();
    let mut sources = Vec::new();
    let mut bodies = Vec::new();
    for call in calls {
        let answer = call.await.unwrap();
        assert_eq!(answer.status, StatusCode::OK);
        sources.push(answer.header("x-chanscope-cache").unwrap().to_owned());
        bodies.push(answer.body);
    }
    assert_eq!(rig.upstream_calls(), 1);
    assert_eq!(sources.iter().filter(|s| *s == "miss").count(), 1);
    assert_eq!(sources.iter().filter(|s| *s == "coalesced").count(), 19);
    assert!(bodies.iter().all(|b| *b == bodies[0]));
    assert_eq!(rig.health().coalesced, 19);
    assert_eq!(rig.health().in_flight, 0);
}

#[tokio::test]
async fn a_client_over_its_rate_gets_flood_control_with_retry_after() {
    let rig = Rig::start(healthy(), |c| {
        c.rate = 0.5;
        c.burst = 3.0;
        c.trust_forwarded_for = true;
    })
    .await;
    let path = rig.channel_info();
    for _ in 0..3 {
        assert_eq!(rig.get(&path).await.status, StatusCode::OK);
    }
    let limited = rig.get(&path).await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(limited.header("retry-after"), Some("2"));
    assert_eq!(limited.error(), "flood_control_2");
    assert_eq!(rig.upstream_calls(), 1);
    // Another client behind the same trusted proxy has a bucket of its own; the hop the client
    // wrote itself does not count.
    let other = rig
        .send(
            Method::GET,
            &path,
            &[("x-forwarded-for", "127.0.0.1, 198.51.100.4")],
        )
        .await;
    assert_eq!(other.status, StatusCode::OK);
    assert_eq!(rig.health().rate_limited, 1);
    assert!(rig.log().last().unwrap().contains(" 198.51.100.4 GET "));
}

#[tokio::test]
async fn refused_requests_never_reach_the_upstream() {
    let rig = Rig::start(healthy(), |_| {}).await;
    let ids = |n: usize| (1..=n).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
    let long = "x".repeat(2_001);
    let cases: Vec<(String, StatusCode, String)> = vec![
        (
            "/api/nothing".into(),
            StatusCode::NOT_FOUND,
            "wrong_method".into(),
        ),
        ("/api".into(), StatusCode::NOT_FOUND, "wrong_method".into()),
        (
            "/api/../x".into(),
            StatusCode::NOT_FOUND,
            "wrong_method".into(),
        ),
        (
            "/api/posts/search/extra?q=a".into(),
            StatusCode::NOT_FOUND,
            "wrong_method".into(),
        ),
        (
            "/api/posts%2Fsearch?q=a".into(),
            StatusCode::NOT_FOUND,
            "wrong_method".into(),
        ),
        (
            "/api/posts/search?q=a&url=http://evil.example".into(),
            StatusCode::BAD_REQUEST,
            "param url is not accepted".into(),
        ),
        (
            "/api/posts/search?q=a&q=b".into(),
            StatusCode::BAD_REQUEST,
            "param q is repeated".into(),
        ),
        (
            format!("/api/posts/search?q={long}"),
            StatusCode::BAD_REQUEST,
            "param q is too long (at most 2000 characters)".into(),
        ),
        (
            "/api/posts/search?q=a&limit=51".into(),
            StatusCode::BAD_REQUEST,
            "param limit must be at most 50".into(),
        ),
        (
            "/api/posts/search?q=a&offset=1001".into(),
            StatusCode::BAD_REQUEST,
            "param offset must be at most 1000".into(),
        ),
        (
            "/api/channels/search?country=ru".into(),
            StatusCode::BAD_REQUEST,
            "at least one parameters q or category required".into(),
        ),
        (
            "/api/channels/search?country=ru&q=ab".into(),
            StatusCode::BAD_REQUEST,
            "param q is too short".into(),
        ),
        (
            "/api/channels/search?country=ru&q=abc&limit=101".into(),
            StatusCode::BAD_REQUEST,
            "param limit must be at most 100".into(),
        ),
        (
            format!("/api/posts/stat-multi?channelId=1&postsIds={}", ids(51)),
            StatusCode::BAD_REQUEST,
            "param postsIds must list at most 50 ids".into(),
        ),
    ];
    for (path, status, message) in &cases {
        let answer = rig.get(path).await;
        assert_eq!(
            (answer.status, answer.error()),
            (*status, message.clone()),
            "{path}"
        );
        assert_eq!(
            answer.header("content-type"),
            Some("application/json; charset=utf-8")
        );
    }
    for method in [Method::POST, Method::DELETE, Method::PUT] {
        let answer = rig.send(method, &rig.channel_info(), &[]).await;
        assert_eq!(answer.status, StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(answer.error(), "wrong_method_type");
    }
    assert_eq!(rig.upstream_calls(), 0);
    assert_eq!(rig.health().refused, cases.len() as u64 + 3);
}

#[tokio::test]
async fn upstream_failures_become_typed_envelopes() {
    let failing = upstream_state(Faults {
        fail_502: 1.0,
        ..Faults::default()
    });
    let rig = Rig::start(failing, |_| {}).await;
    let answer = rig.get(&rig.channel_info()).await;
    assert_eq!(answer.status, StatusCode::BAD_GATEWAY);
    assert_eq!(answer.error(), "upstream_unavailable");
    assert_eq!(answer.header("x-chanscope-cache"), Some("miss"));

    let slow = upstream_state(Faults {
        latency_ms: 1_500,
        ..Faults::default()
    });
    let rig = Rig::start(slow, |c| c.upstream_timeout = Duration::from_millis(300)).await;
    let answer = rig.get(&rig.channel_info()).await;
    assert_eq!(answer.status, StatusCode::GATEWAY_TIMEOUT);
    assert_eq!(answer.error(), "upstream_timeout");

    let rig = Rig::start(healthy(), |c| c.max_response_bytes = 300).await;
    let answer = rig.get("/api/posts/search?q=law&limit=50").await;
    assert_eq!(answer.status, StatusCode::BAD_GATEWAY);
    assert_eq!(answer.error(), "upstream_too_large");
    assert_eq!(rig.health().upstream_failures, 1);

    // Nothing listens there.
    let closed = listen().await.local_addr().unwrap();
    let rig = Rig::start(healthy(), |c| c.upstream = format!("http://{closed}/api")).await;
    let answer = rig.get(&rig.channel_info()).await;
    assert_eq!(answer.status, StatusCode::BAD_GATEWAY);
    assert_eq!(answer.error(), "upstream_unavailable");
}

#[tokio::test]
async fn a_stale_answer_stands_in_for_flood_control_and_failures() {
    for fault in [Fault::Flood, Fault::Http(502), Fault::Http(500)] {
        let faults = Faults {
            flood: 0.3,
            fail_502: 0.3,
            fail_500: 0.3,
            ..Faults::default()
        };
        let state = upstream_state(faults_in_order(faults, &[None, Some(fault), Some(fault)]));
        // Expired at once, so only the stale copy can answer.
        let rig = Rig::start(state, |c| {
            c.ttl.insert("/channels/get", Duration::ZERO);
        })
        .await;
        let fresh = rig.get(&rig.channel_info()).await;
        assert_eq!(fresh.json()["status"], "ok");
        let stale = rig.get(&rig.channel_info()).await;
        assert_eq!(
            (stale.status, stale.header("x-chanscope-cache")),
            (StatusCode::OK, Some("stale")),
            "{fault:?}"
        );
        assert_eq!(stale.body, fresh.body);
        // Without a copy the upstream's answer passes (flood control) or is typed (5xx).
        let other = rig.get("/api/channels/get?channelId=@other").await;
        match fault {
            Fault::Flood => {
                assert_eq!(other.status, StatusCode::OK);
                assert_eq!(other.error(), "flood_control_10");
            }
            _ => {
                assert_eq!(other.status, StatusCode::BAD_GATEWAY);
                assert_eq!(other.error(), "upstream_unavailable");
            }
        }
        assert_eq!(rig.upstream_calls(), 3);
        assert_eq!(rig.health().stale_served, 1);
    }
}

#[tokio::test]
async fn cross_origin_access_only_for_allowed_origins() {
    let portal = "https://portal.example";
    let rig = Rig::start(healthy(), |c| c.allow_origins = vec![portal.into()]).await;
    for path in [rig.channel_info(), "/app-0123456789abcdef_bg.wasm".into()] {
        let allowed = rig.send(Method::GET, &path, &[("origin", portal)]).await;
        assert_eq!(allowed.status, StatusCode::OK, "{path}");
        assert_eq!(allowed.header("access-control-allow-origin"), Some(portal));
        assert_eq!(allowed.header("vary"), Some("Origin"));
        let other = rig
            .send(Method::GET, &path, &[("origin", "https://evil.example")])
            .await;
        assert_eq!(other.header("access-control-allow-origin"), None, "{path}");
    }
    let rig = &rig;
    let preflight = |origin: &'static str| async move {
        let headers = [("origin", origin), ("access-control-request-method", "GET")];
        rig.send(Method::OPTIONS, "/api/posts/search", &headers)
            .await
    };
    let ok = preflight(portal).await;
    assert_eq!(ok.status, StatusCode::NO_CONTENT);
    assert_eq!(ok.header("access-control-allow-origin"), Some(portal));
    assert_eq!(
        ok.header("access-control-allow-methods"),
        Some("GET, HEAD, OPTIONS")
    );
    let refused = preflight("https://evil.example").await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(refused.header("access-control-allow-origin"), None);
    assert_eq!(rig.upstream_calls(), 1);
}

#[tokio::test]
async fn static_files_with_security_headers_and_the_console_routes() {
    let rig = Rig::start(healthy(), |_| {}).await;
    for path in ["/", "/post-search", "/channel-info", "/assets"] {
        let page = rig.get(path).await;
        assert_eq!(page.status, StatusCode::OK, "{path}");
        assert_eq!(page.body, index_html());
        assert_eq!(
            page.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        assert_eq!(page.header("cache-control"), Some("no-cache"));
        assert_eq!(
            page.header("content-security-policy"),
            Some(CONTENT_SECURITY_POLICY)
        );
        assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
        assert_eq!(page.header("referrer-policy"), Some("no-referrer"));
    }
    let wasm = rig.get("/app-0123456789abcdef_bg.wasm").await;
    assert_eq!(wasm.header("content-type"), Some("application/wasm"));
    assert_eq!(
        wasm.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    let boot = rig.get("/boot.js").await;
    assert_eq!(
        (boot.body.as_str(), boot.header("cache-control")),
        ("boot()", Some("no-cache"))
    );
    assert_eq!(
        boot.header("content-type"),
        Some("text/javascript; charset=utf-8")
    );
    assert_eq!(
        rig.get("/missing-0123456789abcdef.js").await.status,
        StatusCode::NOT_FOUND
    );
    for probe in [
        "/../secret.txt",
        "/%2e%2e/secret.txt",
        "/assets/..%2F..%2Fsecret.txt",
    ] {
        let answer = rig.get(probe).await;
        assert_eq!(answer.status, StatusCode::BAD_REQUEST, "{probe}");
        assert!(!answer.body.contains("outside"));
    }
    assert_eq!(
        rig.send(Method::POST, "/", &[]).await.status,
        StatusCode::METHOD_NOT_ALLOWED
    );
}

/// The bytes of a file of the test build's `dist/`.
fn dist_file(rig: &Rig, name: &str) -> Vec<u8> {
    std::fs::read(rig.files.join("dist").join(name)).unwrap()
}

#[tokio::test]
async fn files_go_in_the_encoding_the_client_prefers() {
    let rig = Rig::start(healthy(), |_| {}).await;
    let index = index_html().into_bytes();
    let module = module_js().into_bytes();
    let immutable = Some("public, max-age=31536000, immutable");
    // (path, file behind it, original bytes, Content-Type, Cache-Control)
    let files = [
        (
            "/",
            "index.html",
            &index,
            "text/html; charset=utf-8",
            Some("no-cache"),
        ),
        (
            "/post-search",
            "index.html",
            &index,
            "text/html; charset=utf-8",
            Some("no-cache"),
        ),
        (
            MODULE,
            &MODULE[1..],
            &module,
            "text/javascript; charset=utf-8",
            immutable,
        ),
    ];
    // (Accept-Encoding, the encoding expected)
    let choices: [(Option<&str>, Option<&str>); 10] = [
        (Some("br"), Some("br")),
        (Some("gzip"), Some("gzip")),
        (Some("gzip, deflate, br, zstd"), Some("br")),
        (Some("gzip;q=0.8, br;q=0.8"), Some("br")),
        (Some("br;q=0.5, gzip"), Some("gzip")),
        (Some("gzip;q=0.9, br;q=0"), Some("gzip")),
        (Some("br;q=0.5, identity"), None),
        (Some("deflate, zstd"), None),
        (Some("br;q=0, gzip;q=0"), None),
        (None, None),
    ];
    for (path, file, original, content_type, cache) in files {
        let mut tags = Vec::new();
        for (accept, expected) in choices {
            let headers: Vec<(&str, &str)> =
                accept.map(|a| ("accept-encoding", a)).into_iter().collect();
            let answer = rig.send(Method::GET, path, &headers).await;
            let case = format!("{path} with {accept:?}");
            assert_eq!(answer.status, StatusCode::OK, "{case}");
            assert_eq!(answer.header("content-encoding"), expected, "{case}");
            assert_eq!(answer.decoded(), *original, "{case}");
            // The copy is sent as it was written, not compressed again.
            let sent = match expected {
                Some("br") => dist_file(&rig, &format!("{file}.br")),
                Some(_) => dist_file(&rig, &format!("{file}.gz")),
                None => original.clone(),
            };
            assert_eq!(answer.bytes, sent, "{case}");
            assert_eq!(
                answer.header("content-length"),
                Some(sent.len().to_string().as_str()),
                "{case}"
            );
            assert_eq!(answer.header("content-type"), Some(content_type), "{case}");
            assert_eq!(answer.header("cache-control"), cache, "{case}");
            assert_eq!(answer.vary(), ["accept-encoding", "origin"], "{case}");
            assert_eq!(
                answer.header("content-security-policy"),
                Some(CONTENT_SECURITY_POLICY)
            );
            let tag = answer.header("etag").unwrap().to_owned();
            let suffix = match expected {
                Some(encoding) => format!("-{encoding}\""),
                None => "\"".to_owned(),
            };
            assert!(
                tag.starts_with('"') && tag.ends_with(&suffix),
                "{case}: {tag}"
            );
            tags.push(tag);
        }
        // One tag per encoding, the same whenever that encoding is sent.
        tags.sort();
        tags.dedup();
        assert_eq!(tags.len(), 3, "{path}: {tags:?}");
    }

    // A missing copy: the next accepted one, then the file itself.
    let css = dist_file(&rig, "gzip-only.css");
    let both = [("accept-encoding", "br, gzip")];
    let answer = rig.send(Method::GET, "/gzip-only.css", &both).await;
    assert_eq!(answer.header("content-encoding"), Some("gzip"));
    assert_eq!(answer.decoded(), css);
    let answer = rig
        .send(Method::GET, "/gzip-only.css", &[("accept-encoding", "br")])
        .await;
    assert_eq!(answer.header("content-encoding"), None);
    assert_eq!(answer.bytes, css);
    assert_eq!(answer.vary(), ["accept-encoding", "origin"]);
    assert_eq!(
        answer.header("content-type"),
        Some("text/css; charset=utf-8")
    );

    // A file without copies is the same for everyone: no Vary on Accept-Encoding.
    let boot = rig.send(Method::GET, "/boot.js", &both).await;
    assert_eq!(
        (boot.header("content-encoding"), boot.body.as_str()),
        (None, "boot()")
    );
    assert_eq!(boot.vary(), ["origin"]);

    // HEAD: the headers of the copy GET would send, and no body.
    for path in ["/", "/channel-info"] {
        let head = rig.send(Method::HEAD, path, &both).await;
        assert_eq!(head.status, StatusCode::OK);
        assert_eq!(head.header("content-encoding"), Some("br"));
        let br = dist_file(&rig, "index.html.br");
        assert_eq!(
            head.header("content-length"),
            Some(br.len().to_string().as_str())
        );
        assert_eq!(
            head.header("content-type"),
            Some("text/html; charset=utf-8")
        );
        assert!(head.bytes.is_empty());
    }

    // The refusals stay as they were, whatever the client accepts.
    let probe = rig.send(Method::GET, "/%2e%2e/secret.txt", &both).await;
    assert_eq!(probe.status, StatusCode::BAD_REQUEST);
    let missing = rig
        .send(Method::GET, "/missing-0123456789abcdef.js", &both)
        .await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_eq!(missing.header("content-encoding"), None);
}

#[tokio::test]
async fn a_revalidated_file_answers_not_modified() {
    let rig = Rig::start(healthy(), |_| {}).await;
    for path in ["/", "/post-search", MODULE] {
        for accept in ["br", "gzip", "identity"] {
            let case = format!("{path} with {accept}");
            let ask = |extra: Option<(&'static str, String)>| {
                let rig = &rig;
                async move {
                    let mut headers = vec![("accept-encoding", accept.to_owned())];
                    headers.extend(extra);
                    let headers: Vec<(&str, &str)> =
                        headers.iter().map(|(k, v)| (*k, v.as_str())).collect();
                    rig.send(Method::GET, path, &headers).await
                }
            };
            let first = ask(None).await;
            assert_eq!(first.status, StatusCode::OK, "{case}");
            let etag = first.header("etag").unwrap().to_owned();
            let modified = first.header("last-modified").unwrap().to_owned();

            let current = [
                ("if-none-match", etag.clone()),
                ("if-none-match", format!("W/{etag}")),
                ("if-none-match", format!("\"other\", {etag}")),
                ("if-none-match", "*".to_owned()),
                ("if-modified-since", modified.clone()),
                (
                    "if-modified-since",
                    "Fri, 01 Jan 2100 00:00:00 GMT".to_owned(),
                ),
            ];
            for validator in current {
                let again = ask(Some(validator.clone())).await;
                assert_eq!(
                    again.status,
                    StatusCode::NOT_MODIFIED,
                    "{case}, {validator:?}"
                );
                assert!(again.bytes.is_empty());
                assert_eq!(again.header("etag"), Some(etag.as_str()));
                assert_eq!(again.header("cache-control"), first.header("cache-control"));
                assert_eq!(again.vary(), first.vary());
                assert_eq!(again.header("content-encoding"), None);
                assert_eq!(again.header("content-type"), None);
            }

            let outdated = [
                ("if-none-match", "\"1-1\"".to_owned()),
                (
                    "if-modified-since",
                    "Thu, 01 Jan 2015 00:00:00 GMT".to_owned(),
                ),
                ("if-modified-since", "not a date".to_owned()),
            ];
            for validator in outdated {
                let again = ask(Some(validator.clone())).await;
                assert_eq!(again.status, StatusCode::OK, "{case}, {validator:?}");
                assert_eq!(again.bytes, first.bytes, "{case}, {validator:?}");
            }
        }
    }

    // If-None-Match decides when both are sent; another encoding's tag is another file.
    let br = rig
        .send(Method::GET, "/", &[("accept-encoding", "br")])
        .await;
    let br_tag = br.header("etag").unwrap();
    let modified = br.header("last-modified").unwrap();
    let gzip = rig
        .send(
            Method::GET,
            "/",
            &[
                ("accept-encoding", "gzip"),
                ("if-none-match", br_tag),
                ("if-modified-since", modified),
            ],
        )
        .await;
    assert_eq!(gzip.status, StatusCode::OK);
    assert_eq!(gzip.header("content-encoding"), Some("gzip"));
    assert_eq!(gzip.decoded(), index_html().as_bytes());

    let head = rig
        .send(
            Method::HEAD,
            "/channel-info",
            &[("accept-encoding", "br"), ("if-none-match", br_tag)],
        )
        .await;
    assert_eq!(head.status, StatusCode::NOT_MODIFIED);
}

#[tokio::test]
async fn large_api_answers_are_compressed_for_clients_that_accept_it() {
    let rig = Rig::start(healthy(), |_| {}).await;
    let large = "/api/posts/search?q=law&limit=50";
    let plain = rig.get(large).await;
    assert_eq!(plain.status, StatusCode::OK);
    assert_eq!(plain.header("content-encoding"), None);
    assert!(plain.bytes.len() >= 4 * 1024, "{}", plain.bytes.len());
    // Its encoding depends on Accept-Encoding, even when no encoding was asked for.
    assert_eq!(plain.vary(), ["accept-encoding", "origin"]);
    let json: Value = serde_json::from_slice(&plain.bytes).unwrap();
    assert_eq!(json["status"], "ok");

    for (accept, expected) in [
        ("br", Some("br")),
        ("gzip", Some("gzip")),
        ("gzip, deflate, br", Some("br")),
        ("br;q=0.2, gzip;q=0.9", Some("gzip")),
        ("identity", None),
        ("deflate", None),
    ] {
        let answer = rig
            .send(Method::GET, large, &[("accept-encoding", accept)])
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{accept}");
        assert_eq!(answer.header("content-encoding"), expected, "{accept}");
        assert_eq!(answer.header("x-chanscope-cache"), Some("hit"));
        assert_eq!(answer.header("cache-control"), Some("no-store"));
        assert_eq!(
            answer.header("content-type"),
            Some("application/json; charset=utf-8")
        );
        assert_eq!(answer.vary(), ["accept-encoding", "origin"]);
        let decoded = answer.decoded();
        assert_eq!(decoded, plain.bytes, "{accept}");
        assert_eq!(serde_json::from_slice::<Value>(&decoded).unwrap(), json);
        if expected.is_some() {
            assert!(
                answer.bytes.len() * 3 < plain.bytes.len(),
                "{accept}: {} of {}",
                answer.bytes.len(),
                plain.bytes.len()
            );
        }
    }
    assert_eq!(rig.upstream_calls(), 1);

    // Small answers, errors and flood control go as they are, whatever is accepted.
    let small = [
        "/api/posts/search?q=law&limit=1&offset=999",
        "/api/channels/get?channelId=@nobody_here",
        "/api/nothing",
        "/healthz",
    ];
    for path in small {
        let answer = rig
            .send(Method::GET, path, &[("accept-encoding", "br, gzip")])
            .await;
        assert!(answer.bytes.len() < 1024, "{path}: {}", answer.bytes.len());
        assert_eq!(answer.header("content-encoding"), None, "{path}");
        assert_eq!(answer.vary(), ["origin"], "{path}");
        assert_eq!(
            answer.header("content-length"),
            Some(answer.bytes.len().to_string().as_str())
        );
        serde_json::from_slice::<Value>(&answer.bytes).unwrap();
    }
    let limited = Rig::start(healthy(), |c| {
        c.rate = 0.1;
        c.burst = 1.0;
    })
    .await;
    limited.get(large).await;
    let refused = limited
        .send(Method::GET, large, &[("accept-encoding", "br")])
        .await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refused.header("content-encoding"), None);
    assert_eq!(refused.error(), "flood_control_10");
}

#[test]
fn the_policy_is_the_console_s_own_with_same_origin_calls_and_no_framing() {
    let index =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../index.html")).unwrap();
    let meta = index
        .split("http-equiv=\"Content-Security-Policy\"")
        .nth(1)
        .and_then(|rest| rest.split("content=\"").nth(1))
        .and_then(|rest| rest.split('"').next())
        .expect("index.html has a CSP meta tag");
    let expected: Vec<String> = meta
        .split(';')
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(|d| {
            if d.starts_with("connect-src ") {
                "connect-src 'self'".to_owned()
            } else {
                d.to_owned()
            }
        })
        .chain(["frame-ancestors 'none'".to_owned()])
        .collect();
    let ours: Vec<&str> = CONTENT_SECURITY_POLICY.split("; ").collect();
    assert_eq!(ours, expected);
}

#[tokio::test]
async fn health_shows_counters_and_no_secrets() {
    let rig = Rig::start(healthy(), |_| {}).await;
    rig.get(&rig.channel_info()).await;
    rig.get(&rig.channel_info()).await;
    let health = rig.get("/healthz").await;
    assert_eq!(health.status, StatusCode::OK);
    let v = health.json();
    assert_eq!(v["status"], "ok");
    assert_eq!(
        (&v["api_requests"], &v["upstream_calls"], &v["cache_hits"]),
        (&Value::from(2), &Value::from(1), &Value::from(1))
    );
    assert_eq!(v["cache_entries"], 1);
    assert!(!health.everything().contains(SECRET));
}

#[tokio::test]
async fn shutdown_lets_requests_in_flight_finish() {
    let slow = upstream_state(Faults {
        latency_ms: 400,
        ..Faults::default()
    });
    let mut rig = Rig::start(slow, |_| {}).await;
    let url = format!("{}{}", rig.origin, rig.channel_info());
    let in_flight = tokio::spawn(async move { send(Method::GET, &url, &[]).await });
    tokio::time::sleep(Duration::from_millis(100)).await;
    rig.stop.take().unwrap().send(()).unwrap();
    let answer = in_flight.await.unwrap();
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.json()["status"], "ok");
    tokio::time::timeout(Duration::from_secs(5), &mut rig.served)
        .await
        .expect("the server stops once the request is done")
        .unwrap()
        .unwrap();
}
