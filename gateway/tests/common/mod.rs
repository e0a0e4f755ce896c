//! The gateway over real sockets, with the in-process sandbox as its upstream: the sandbox
//! requires a token (no anonymous one) and sits behind a counter of the requests that reach it.

#![allow(dead_code)] // Each test binary uses its own part of these helpers.

pub mod dist;
pub mod fleet;
pub mod mcp;
pub mod upstream;

pub use dist::*;
pub use upstream::*;

use std::io::Read;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use procgroup::Group;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::{HeaderMap, Method, StatusCode};
use bytes::Bytes;
use http_body_util::{BodyExt, Empty};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde_json::Value;
use tokio::net::TcpListener;
use tokio::sync::oneshot;

use gateway::access_log::AccessLog;
use gateway::config::Config;
use gateway::{Counters, Gateway};
use sandbox::State;

/// 2026-01-01 00:00 UTC.
pub const NOW: i64 = 1_767_225_600;
/// The gateway's token: the only one the upstream accepts.
pub const SECRET: &str = "gw-s3cret-71c2";
/// A token a misconfigured page might send.
pub const BROWSER_TOKEN: &str = "browser-t0ken-9a4e";

pub struct Rig {
    pub origin: String,
    pub gateway: Arc<Gateway>,
    /// Path and query of every request that reached the upstream.
    pub upstream_seen: Arc<Mutex<Vec<String>>>,
    pub log: Arc<Mutex<Vec<String>>>,
    pub channel_id: u64,
    pub stop: Option<oneshot::Sender<()>>,
    pub served: tokio::task::JoinHandle<std::io::Result<()>>,
    /// The temporary directory holding `dist`, removed with the rig.
    pub files: PathBuf,
}

impl Drop for Rig {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.files);
    }
}

impl Rig {
    pub async fn start(state: Arc<State>, tweak: impl FnOnce(&mut Config)) -> Rig {
        Rig::on(&CountingUpstream::start(state).await, tweak).await
    }

    /// A gateway in front of `upstream`, which other rigs may share.
    pub async fn on(upstream: &CountingUpstream, tweak: impl FnOnce(&mut Config)) -> Rig {
        let mut config = Config::new(
            &format!("http://{}/api", upstream.address),
            chanscope_api::Token::new(SECRET).unwrap(),
        )
        .unwrap();
        let files = dist();
        config.dist = files.join("dist");
        config.rate = 1_000.0;
        config.burst = 1_000.0;
        // The tests read where each answer came from.
        config.debug_headers = true;
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
        let served = tokio::spawn(gateway::serve(listener, Arc::clone(&gateway), async {
            let _ = stopped.await;
        }));
        Rig {
            origin,
            gateway,
            upstream_seen: Arc::clone(&upstream.seen),
            log,
            channel_id: upstream.channel_id,
            stop: Some(stop),
            served,
            files,
        }
    }

    pub fn upstream_calls(&self) -> usize {
        self.upstream_seen.lock().unwrap().len()
    }

    pub fn log(&self) -> Vec<String> {
        self.log.lock().unwrap().clone()
    }

    pub fn counters(&self) -> Counters {
        self.gateway.counters()
    }

    /// What `/readyz` says of Redis now (`up`, `down`, `off`).
    pub async fn redis_state(&self) -> String {
        let readiness = self.get("/readyz").await.json();
        readiness["redis"].as_str().unwrap_or_default().to_owned()
    }

    /// Waits (5 s at most) until `/readyz` says `"redis": state`.
    pub async fn wait_for_redis(&self, state: &str) {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            let seen = self.redis_state().await;
            if seen == state {
                return;
            }
            assert!(Instant::now() < deadline, "redis is not {state} but {seen}");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub async fn get(&self, path: &str) -> Answer {
        self.send(Method::GET, path, &[]).await
    }

    pub async fn send(&self, method: Method, path: &str, headers: &[(&str, &str)]) -> Answer {
        send(method, &format!("{}{path}", self.origin), headers).await
    }

    pub fn channel_info(&self) -> String {
        format!("/api/channels/get?channelId={}", self.channel_id)
    }

    /// `path` asked by a visitor whose console keeps Asia/Kolkata (+05:30 all year) in its zone
    /// cookie, with the date there while the page was written: asked again should Kolkata's
    /// midnight pass meanwhile, so that a period counted back from that date is the page's.
    pub async fn get_in_kolkata(&self, path: &str) -> (Answer, chrono::NaiveDate) {
        let kolkata = chrono::FixedOffset::east_opt(KOLKATA_SECS).unwrap();
        let today = || chrono::Utc::now().with_timezone(&kolkata).date_naive();
        loop {
            let before = today();
            let page = self
                .send(
                    Method::GET,
                    path,
                    &[("cookie", "chanscope-zone=Asia/Kolkata")],
                )
                .await;
            if today() == before {
                return (page, before);
            }
        }
    }
}

/// Asia/Kolkata's offset from UTC, in seconds.
pub const KOLKATA_SECS: i32 = 5 * 3600 + 30 * 60;

/// The first and last second of the 30 days up to `today` in Kolkata, as a period of the
/// console's forms counts them: `startDate` and `endDate`.
pub fn last_30_days_in_kolkata(today: chrono::NaiveDate) -> (i64, i64) {
    let first = today - chrono::Days::new(29);
    let start = first.and_hms_opt(0, 0, 0).unwrap().and_utc().timestamp();
    let end = today.and_hms_opt(23, 59, 59).unwrap().and_utc().timestamp();
    let offset = i64::from(KOLKATA_SECS);
    (start - offset, end - offset)
}

pub async fn listen() -> TcpListener {
    TcpListener::bind(SocketAddr::from(([127, 0, 0, 1], 0)))
        .await
        .unwrap()
}

pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    /// The body as received (compressed when `Content-Encoding` says so).
    pub bytes: Bytes,
    /// The body as received, as text.
    pub body: String,
}

impl Answer {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }

    /// Every `Vary` entry, lower case, whether in one header line or several.
    pub fn vary(&self) -> Vec<String> {
        self.headers
            .get_all("vary")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(|v| v.trim().to_ascii_lowercase())
            .collect()
    }

    /// The body decoded as its `Content-Encoding` says.
    pub fn decoded(&self) -> Vec<u8> {
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

    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|e| panic!("{e}: {}", self.body))
    }

    /// The `error` of an error envelope.
    pub fn error(&self) -> String {
        let v = self.json();
        assert_eq!(v["status"], "error", "{v}");
        v["error"].as_str().unwrap().to_owned()
    }

    /// Everything the browser receives, as text.
    pub fn everything(&self) -> String {
        let headers: Vec<String> = self
            .headers
            .iter()
            .map(|(k, v)| format!("{k}: {}", v.to_str().unwrap_or_default()))
            .collect();
        format!("{}\n{}", headers.join("\n"), self.body)
    }
}

pub async fn send(method: Method, url: &str, headers: &[(&str, &str)]) -> Answer {
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

/// The gateway binary, configured through the environment alone (`env` is applied last), in
/// front of a closed port unless `env` names an upstream, in a process group of its own (stopped
/// when dropped); returns once it listens.
pub fn start_binary(dist: &Path, env: &[(&str, &str)], stderr: Stdio) -> (Group, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let address = format!("127.0.0.1:{port}");
    let mut command = Command::new(env!("CARGO_BIN_EXE_gateway"));
    command
        .env("CHANSCOPE_LISTEN", &address)
        .env("CHANSCOPE_DIST", dist)
        .env("CHANSCOPE_UPSTREAM", "http://127.0.0.1:9/api")
        .env("CHANSCOPE_API_TOKEN", SECRET)
        .stdout(Stdio::null())
        .stderr(stderr);
    for (k, v) in env {
        command.env(k, v);
    }
    let child = Group::spawn(&mut command).unwrap();
    let deadline = Instant::now() + Duration::from_secs(10);
    while std::net::TcpStream::connect(&address).is_err() {
        assert!(Instant::now() < deadline, "the gateway never listened");
        std::thread::sleep(Duration::from_millis(20));
    }
    (child, address)
}
