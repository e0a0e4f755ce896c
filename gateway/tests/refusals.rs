//! Calls that do not pass or do not get an answer: refused methods, paths and parameters never
//! reach the upstream; the upstream's failures become typed envelopes, and a stale answer stands
//! in for them when there is one.

mod common;

use std::time::Duration;

use axum::http::{Method, StatusCode};

use common::*;
use sandbox::faults::Fault;
use sandbox::Faults;

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
    assert_eq!(rig.counters().refused, cases.len() as u64 + 3);
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
    assert_eq!(rig.counters().upstream_failures, 1);

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
        assert_eq!(rig.counters().stale_served, 1);
    }
}

/// An upstream that answers the first `ok_first` requests with an `ok` envelope, then every
/// request with HTTP 429, `retry_after` (if any) and `body`.
async fn slowing_upstream(
    ok_first: usize,
    retry_after: Option<&'static str>,
    body: &'static str,
) -> CountingUpstream {
    use axum::response::IntoResponse;
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;
    let served = Arc::new(AtomicUsize::new(0));
    let answer = move || {
        let served = Arc::clone(&served);
        async move {
            if served.fetch_add(1, Ordering::Relaxed) < ok_first {
                return r#"{"status":"ok","response":{"id":5}}"#.into_response();
            }
            let mut response = (StatusCode::TOO_MANY_REQUESTS, body).into_response();
            if let Some(wait) = retry_after {
                response
                    .headers_mut()
                    .insert("retry-after", wait.parse().unwrap());
            }
            response
        }
    };
    CountingUpstream::own(axum::Router::new().fallback(answer)).await
}

#[tokio::test]
async fn an_upstream_429_is_flood_control_with_its_wait() {
    for (retry_after, body, wait) in [
        (
            Some("7"),
            r#"{"status":"error","error":"too many requests"}"#,
            "7",
        ),
        (None, "<html>429 Too Many Requests</html>", "10"),
    ] {
        let upstream = slowing_upstream(0, retry_after, body).await;
        let rig = Rig::on(&upstream, |_| {}).await;
        let answer = rig.get("/api/channels/get?channelId=5").await;
        eprintln!(
            "upstream 429 (Retry-After {retry_after:?}) → {} Retry-After {:?}: {}",
            answer.status,
            answer.header("retry-after"),
            answer.body
        );
        assert_eq!(answer.status, StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(answer.header("retry-after"), Some(wait));
        assert_eq!(answer.error(), format!("flood_control_{wait}"));
    }
    // A kept answer stands in, as for the service's own flood control.
    let upstream = slowing_upstream(1, Some("7"), "slow down").await;
    let rig = Rig::on(&upstream, |c| {
        c.ttl.insert("/channels/get", Duration::ZERO);
    })
    .await;
    let fresh = rig.get("/api/channels/get?channelId=5").await;
    let stale = rig.get("/api/channels/get?channelId=5").await;
    assert_eq!(stale.status, StatusCode::OK);
    assert_eq!(stale.header("x-chanscope-cache"), Some("stale"));
    assert_eq!(stale.body, fresh.body);
}
