//! The gateway over real sockets, with the in-process sandbox as its upstream: the sandbox
//! requires a token (no anonymous one) and sits behind a counter of the requests that reach it.

use std::net::SocketAddr;
use std::path::PathBuf;
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

/// A temporary directory with `dist/` (a page, a hashed module, an unhashed script) and a file
/// beside it, outside, that must never be served.
fn dist() -> PathBuf {
    static N: AtomicUsize = AtomicUsize::new(0);
    let root = std::env::temp_dir().join(format!(
        "chanscope-gateway-test-{}-{}",
        std::process::id(),
        N.fetch_add(1, Ordering::Relaxed)
    ));
    let dist = root.join("dist");
    std::fs::create_dir_all(dist.join("assets")).unwrap();
    std::fs::write(
        dist.join("index.html"),
        "<!doctype html><title>console</title>",
    )
    .unwrap();
    std::fs::write(dist.join("app-0123456789abcdef_bg.wasm"), b"\0asm").unwrap();
    std::fs::write(dist.join("boot.js"), "boot()").unwrap();
    std::fs::write(root.join("secret.txt"), "outside").unwrap();
    root
}

struct Answer {
    status: StatusCode,
    headers: HeaderMap,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
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
    let body = response.into_body().collect().await.unwrap().to_bytes();
    Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&body).into_owned(),
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
        assert_eq!(page.body, "<!doctype html><title>console</title>");
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
