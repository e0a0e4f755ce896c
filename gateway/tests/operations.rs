//! What an operator sees: `/metrics` counting known requests, `/readyz` following Redis, JSON
//! logs without the token, and `--help` naming every variable.

mod common;

use std::process::{Command, Stdio};

use procgroup::SIGTERM;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::http::StatusCode;

use common::fleet::Fleet;
use common::*;
use gateway::budget::Rate;
use sandbox::Faults;

/// The value of the sample `series` (name and labels exactly as written) in a scrape.
fn sample(scrape: &str, series: &str) -> Option<f64> {
    scrape
        .lines()
        .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
        .map(|v| v.parse().unwrap())
}

#[tokio::test(flavor = "multi_thread")]
async fn metrics_count_known_requests() {
    let slow = upstream_state(Faults {
        latency_ms: 200,
        ..Faults::default()
    });
    let rig = Arc::new(Rig::start(slow, |_| {}).await);
    assert_eq!(
        rig.get(&rig.channel_info())
            .await
            .header("x-chanscope-cache"),
        Some("miss")
    );
    assert_eq!(
        rig.get(&rig.channel_info())
            .await
            .header("x-chanscope-cache"),
        Some("hit")
    );
    let dynamics = format!("/api/channels/subscribers?channelId={}", rig.channel_id);
    let together: Vec<_> = (0..3)
        .map(|_| {
            let (rig, path) = (Arc::clone(&rig), dynamics.clone());
            tokio::spawn(async move { rig.get(&path).await.status })
        })
        .collect();
    for answer in together {
        assert_eq!(answer.await.unwrap(), StatusCode::OK);
    }
    assert_eq!(rig.get("/api/nothing").await.status, StatusCode::NOT_FOUND);
    assert_eq!(rig.get("/healthz").await.status, StatusCode::OK);

    let scrape = rig.get("/metrics").await;
    assert_eq!(scrape.status, StatusCode::OK);
    assert_eq!(
        scrape.header("content-type"),
        Some("text/plain; version=0.0.4; charset=utf-8")
    );
    let text = &scrape.body;
    let count = |series: &str| sample(text, series).unwrap_or_else(|| panic!("{series}: {text}"));
    let requests = |labels: &str| count(&format!("gateway_requests_total{{{labels}}}"));
    assert_eq!(requests(r#"operation="channel-info",status="200""#), 2.0);
    assert_eq!(
        requests(r#"operation="subscriber-dynamics",status="200""#),
        3.0
    );
    assert_eq!(requests(r#"operation="unknown-api",status="404""#), 1.0);
    assert_eq!(requests(r#"operation="healthz",status="200""#), 1.0);
    assert_eq!(count(r#"gateway_cache_total{outcome="miss"}"#), 2.0);
    assert_eq!(count(r#"gateway_cache_total{outcome="hit"}"#), 1.0);
    assert_eq!(count(r#"gateway_cache_total{outcome="coalesced"}"#), 2.0);
    assert_eq!(count("gateway_upstream_seconds_count"), 2.0);
    // Two calls of at least the upstream's 200 ms each.
    let seconds = count("gateway_upstream_seconds_sum");
    assert!((0.4..2.0).contains(&seconds), "{seconds}");
    assert_eq!(count(r#"gateway_upstream_seconds_bucket{le="0.16"}"#), 0.0);
    assert_eq!(count(r#"gateway_upstream_seconds_bucket{le="+Inf"}"#), 2.0);
    assert_eq!(count("gateway_upstream_budget_waits_total"), 0.0);
    assert_eq!(sample(text, "gateway_redis_up"), None, "no Redis, no gauge");
    assert_eq!(rig.upstream_calls(), 2);

    // The scrape itself is counted once answered.
    let again = rig.get("/metrics").await.body;
    assert_eq!(
        sample(
            &again,
            r#"gateway_requests_total{operation="metrics",status="200"}"#
        ),
        Some(1.0)
    );
}

#[tokio::test]
async fn not_ready_without_the_consoles_page() {
    let rig = Rig::start(healthy(), |_| {}).await;
    let ready = rig.get("/readyz").await;
    assert_eq!(ready.status, StatusCode::OK);
    assert_eq!(
        ready.json(),
        serde_json::json!({"ready": true, "files": "loaded", "redis": "off"})
    );
    std::fs::remove_file(rig.files.join("dist/index.html")).unwrap();
    let ready = rig.get("/readyz").await;
    assert_eq!(ready.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(ready.json()["files"], "missing");
    assert_eq!(rig.get("/healthz").await.status, StatusCode::OK);
}

#[tokio::test]
async fn waits_for_the_upstream_budget_are_counted() {
    let budget = Rate {
        per_second: 5.0,
        burst: 1.0,
    };
    let rig = Rig::start(healthy(), move |c| c.upstream_rate = Some(budget)).await;
    for channel in common::fleet::channel_calls(3) {
        assert_eq!(rig.get(&channel).await.status, StatusCode::OK);
    }
    let text = rig.get("/metrics").await.body;
    // The first call takes the burst; the next two wait 200 ms each for the rate.
    assert_eq!(
        sample(&text, "gateway_upstream_budget_waits_total"),
        Some(2.0)
    );
    assert_eq!(
        sample(&text, "gateway_upstream_budget_refusals_total"),
        Some(0.0)
    );
}

#[tokio::test(flavor = "multi_thread")]
async fn readiness_and_the_redis_gauge_follow_redis() {
    let mut fleet = Fleet::start(1, |_| {}).await;
    let ready = fleet.get(0, "/readyz").await;
    assert_eq!(ready.status, StatusCode::OK);
    assert_eq!(
        ready.json(),
        serde_json::json!({"ready": true, "files": "loaded", "redis": "up"})
    );
    let text = fleet.get(0, "/metrics").await.body;
    assert_eq!(sample(&text, "gateway_redis_up"), Some(1.0));

    fleet.redis.stop();
    // A request finds Redis gone; then the instance is not ready, but still answers.
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let calls = common::fleet::channel_calls(1);
        assert_eq!(fleet.get(0, &calls[0]).await.status, StatusCode::OK);
        let ready = fleet.get(0, "/readyz").await;
        if ready.status == StatusCode::SERVICE_UNAVAILABLE {
            assert_eq!(ready.json()["redis"], "down");
            break;
        }
        assert!(Instant::now() < deadline, "still ready with Redis stopped");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let text = fleet.get(0, "/metrics").await.body;
    assert_eq!(sample(&text, "gateway_redis_up"), Some(0.0));
    assert_eq!(fleet.get(0, "/healthz").await.status, StatusCode::OK);
}

#[tokio::test(flavor = "multi_thread")]
async fn json_logs_carry_each_request_and_never_a_token() {
    let upstream = CountingUpstream::start(healthy()).await;
    let files = dist();
    let log_path = files.join("gateway.log");
    let log = std::fs::File::create(&log_path).unwrap();
    let upstream_url = format!("http://{}/api", upstream.address);
    let (mut child, address) = start_binary(
        &files.join("dist"),
        &[
            ("CHANSCOPE_UPSTREAM", &upstream_url),
            ("CHANSCOPE_LOG_FORMAT", "json"),
            // Everything every crate logs, hyper's client included.
            ("CHANSCOPE_LOG", "trace"),
        ],
        Stdio::from(log),
    );
    let origin = format!("http://{address}");
    let call = format!("/api/channels/get?channelId={}", upstream.channel_id);
    let answer = send(axum::http::Method::GET, &format!("{origin}{call}"), &[]).await;
    assert_eq!(answer.status, StatusCode::OK);
    let refused = format!("{origin}{call}&token={BROWSER_TOKEN}");
    let answer = send(axum::http::Method::GET, &refused, &[]).await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert!(child.signal(SIGTERM));
    child.wait().unwrap();

    let text = std::fs::read_to_string(&log_path).unwrap();
    let _ = std::fs::remove_dir_all(&files);
    assert!(!text.contains(SECRET), "the gateway's token is in the log");
    assert!(
        !text.contains(BROWSER_TOKEN),
        "a browser's token is in the log"
    );
    let records: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    let requests: Vec<_> = records
        .iter()
        .filter(|r| r["message"] == "request" && r["path"] == "/api/channels/get")
        .collect();
    assert_eq!(requests.len(), 2, "{text}");
    assert_eq!(requests[0]["status"], 200);
    assert_eq!(requests[0]["cache"], "miss");
    assert_eq!(requests[0]["client"], "127.0.0.1");
    assert_eq!(requests[0]["level"], "INFO");
    assert_eq!(
        requests[0]["query"],
        format!("channelId={}", upstream.channel_id)
    );
    assert_eq!(requests[1]["status"], 400);
    assert_eq!(requests[1]["query"], requests[0]["query"]);
}

#[test]
fn help_names_every_variable_and_hides_the_redis_url() {
    let output = Command::new(env!("CARGO_BIN_EXE_gateway"))
        .arg("--help")
        .env("CHANSCOPE_REDIS_URL", "redis://:pw-55@127.0.0.1:1/0")
        .env("CHANSCOPE_RATE", "7")
        .output()
        .unwrap();
    assert!(output.status.success());
    let help = String::from_utf8(output.stdout).unwrap();
    assert!(!help.contains("pw-55"), "{help}");
    assert!(help.contains("[env: CHANSCOPE_REDIS_URL]"), "{help}");
    // Other variables show their value, so an operator sees what is in effect.
    assert!(help.contains("[env: CHANSCOPE_RATE=7]"), "{help}");
    // Each flag's entry: from its line to the next flag's.
    let mut entries: Vec<String> = Vec::new();
    for line in help.lines() {
        let line = line.trim_start();
        if line.starts_with("--") {
            entries.push(String::new());
        }
        if let Some(entry) = entries.last_mut() {
            entry.push_str(line);
            entry.push('\n');
        }
    }
    for flag in [
        "listen",
        "dist",
        "upstream",
        "token-file",
        "browser-token",
        "allow-origin",
        "ttl",
        "rate",
        "burst",
        "trust-forwarded-for",
        "upstream-timeout",
        "max-response-bytes",
        "cache-max-bytes",
        "redis",
        "upstream-rate",
        "upstream-burst",
        "upstream-wait",
        "header-timeout",
        "max-connections",
        "drain-timeout",
        "log-format",
        "log",
    ] {
        let variable = match flag {
            "redis" => "CHANSCOPE_REDIS_URL".to_owned(),
            _ => format!("CHANSCOPE_{}", flag.to_uppercase().replace('-', "_")),
        };
        let entry = entries
            .iter()
            .find(|e| e.starts_with(&format!("--{flag} ")) || e.starts_with(&format!("--{flag}\n")))
            .unwrap_or_else(|| panic!("--{flag} is not in --help: {help}"));
        assert!(
            entry.contains(&format!("[env: {variable}")),
            "--{flag}: {entry}"
        );
    }
    assert!(help.contains("CHANSCOPE_API_TOKEN"));
}
