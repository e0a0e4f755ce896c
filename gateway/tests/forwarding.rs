//! Calls that pass: the token added upstream and never sent back, the cache and its lifetime,
//! identical calls sharing one upstream call, and the rate limit per client.

mod common;

use std::sync::Arc;
use std::time::Duration;

use axum::http::{Method, StatusCode};

use common::*;
use gateway::BrowserToken;
use sandbox::Faults;

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

    // Errors are not cached (but for "not found", in tests/absent.rs): each is asked again.
    for _ in 0..2 {
        let unreadable = rig
            .get("/api/channels/get?channelId=not%20a%20channel")
            .await;
        assert_eq!(unreadable.error(), "param channelId is invalid");
    }
    assert_eq!(rig.upstream_calls(), 4);

    // Past its 1 s lifetime the search is asked again; channel info (1 h) is not.
    tokio::time::sleep(Duration::from_millis(1_100)).await;
    let later = rig.get("/api/posts/search?q=law&limit=5").await;
    assert_eq!(later.header("x-chanscope-cache"), Some("miss"));
    let info = rig.get(&rig.channel_info()).await;
    assert_eq!(info.header("x-chanscope-cache"), Some("hit"));
    assert_eq!(rig.upstream_calls(), 5);
    let health = rig.counters();
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
    assert_eq!(rig.counters().coalesced, 19);
    assert_eq!(rig.counters().in_flight, 0);
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
    assert_eq!(rig.counters().rate_limited, 1);
    assert!(rig.log().last().unwrap().contains(" 198.51.100.4 GET "));
}
