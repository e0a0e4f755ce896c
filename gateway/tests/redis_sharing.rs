//! Two gateways with `--redis` share their answers and their upstream calls: identical calls
//! spread over both cost one upstream call, what one fetched the other serves as a hit, and a
//! lock left by an instance that died holds the others up only until it expires.

mod common;

use std::collections::HashMap;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use sandbox::Faults;

use common::fleet::{channel_calls, Fleet};
use common::*;

#[tokio::test]
async fn forty_identical_calls_over_two_instances_cost_one_upstream_call() {
    // A slow upstream, so that all forty are asking while the one call is under way.
    let slow = upstream_state(Faults {
        latency_ms: 300,
        ..Faults::default()
    });
    let fleet = Fleet::start_on(slow, 2, |_| {}).await;
    let path = format!("/api/channels/get?channelId={}", fleet.upstream.channel_id);
    let asks: Vec<_> = (0..40)
        .map(|n| {
            let url = format!("{}{path}", fleet.gateways[n % 2].origin);
            tokio::spawn(async move { send(axum::http::Method::GET, &url, &[]).await })
        })
        .collect();
    let mut answers = Vec::new();
    for ask in asks {
        answers.push(ask.await.unwrap());
    }
    assert_eq!(fleet.upstream_calls(), 1, "{:?}", fleet.upstream.seen);
    let mut sources: HashMap<String, usize> = HashMap::new();
    for answer in &answers {
        assert_eq!(answer.status, StatusCode::OK);
        assert_eq!(answer.body, answers[0].body);
        let source = answer.header("x-chanscope-cache").unwrap_or("-");
        *sources.entry(source.to_owned()).or_default() += 1;
    }
    assert_eq!(
        answers[0].json()["response"]["id"],
        fleet.upstream.channel_id
    );
    assert_eq!(sources.get("miss"), Some(&1), "{sources:?}");
    assert_eq!(
        sources.get("coalesced").copied().unwrap_or(0),
        39,
        "{sources:?}"
    );
    // One instance called the upstream; the other waited for its answer in Redis.
    let calls: Vec<u64> = fleet
        .gateways
        .iter()
        .map(|g| g.counters().upstream_calls)
        .collect();
    assert_eq!(calls.iter().sum::<u64>(), 1, "{calls:?}");
    for gateway in &fleet.gateways {
        let health = gateway.counters();
        assert_eq!(health.api_requests, 20);
        assert_eq!(health.redis, "up");
    }
}

#[tokio::test]
async fn an_answer_fetched_through_one_instance_is_a_hit_on_the_other() {
    let fleet = Fleet::start(2, |_| {}).await;
    let path = format!("/api/channels/get?channelId={}", fleet.upstream.channel_id);
    let first = fleet.get(0, &path).await;
    assert_eq!(first.header("x-chanscope-cache"), Some("miss"));
    let there = fleet.get(1, &path).await;
    assert_eq!(there.status, StatusCode::OK);
    assert_eq!(there.header("x-chanscope-cache"), Some("hit"));
    assert_eq!(there.body, first.body);
    assert_eq!(fleet.upstream_calls(), 1);
    let b = fleet.gateways[1].counters();
    assert_eq!((b.upstream_calls, b.cache_hits, b.shared_hits), (0, 1, 1));

    // Again on the second: its own in-process layer answers, without asking Redis.
    let again = fleet.get(1, &path).await;
    assert_eq!(again.header("x-chanscope-cache"), Some("hit"));
    let b = fleet.gateways[1].counters();
    assert_eq!((b.cache_hits, b.shared_hits, b.cache_entries), (2, 1, 1));

    // The key is namespaced and versioned; its value is the answer behind 8 bytes of lifetime.
    let keys = fleet.redis_keys("chanscope:gateway:v1:*:answer:*").await;
    assert_eq!(keys.len(), 1, "{keys:?}");
    let call = format!("/channels/get?channelId={}", fleet.upstream.channel_id);
    assert!(keys[0].ends_with(&format!(":answer:{call}")), "{keys:?}");
    let client = redis::Client::open(fleet.redis.url()).unwrap();
    let mut connection = client.get_multiplexed_async_connection().await.unwrap();
    let value: Vec<u8> = redis::cmd("GET")
        .arg(&keys[0])
        .query_async(&mut connection)
        .await
        .unwrap();
    assert_eq!(&value[8..], first.body.as_bytes());
    // Kept for its lifetime (channel info: 1 h) and an hour more to stand in when stale.
    let ttl: i64 = redis::cmd("TTL")
        .arg(&keys[0])
        .query_async(&mut connection)
        .await
        .unwrap();
    assert!((7190..=7200).contains(&ttl), "{ttl}");

    // Errors are not shared (but for "not found", in tests/absent.rs): each instance asks for
    // itself, and Redis keeps nothing of them.
    for n in [0, 1] {
        let unreadable = fleet
            .get(n, "/api/channels/get?channelId=not%20a%20channel")
            .await;
        assert_eq!(unreadable.error(), "param channelId is invalid");
        assert_eq!(unreadable.header("x-chanscope-cache"), Some("miss"));
    }
    assert_eq!(fleet.upstream_calls(), 3);
    assert_eq!(fleet.redis_keys("*not%20a*").await, Vec::<String>::new());
    // No lock is left behind.
    assert_eq!(fleet.redis_keys("*:lock:*").await, Vec::<String>::new());
}

#[tokio::test]
async fn a_lock_whose_holder_died_delays_a_call_only_until_it_expires() {
    let fleet = Fleet::start(2, |_| {}).await;
    let calls = channel_calls(2);
    fleet.get(0, &calls[0]).await;
    let keys = fleet.redis_keys("chanscope:gateway:v1:*:answer:*").await;
    let namespace = keys[0].split(":answer:").next().unwrap().to_owned();
    // An instance took the lock of the second call and died before answering.
    let call = calls[1].trim_start_matches("/api");
    let client = redis::Client::open(fleet.redis.url()).unwrap();
    let mut connection = client.get_multiplexed_async_connection().await.unwrap();
    let _: () = redis::cmd("SET")
        .arg(format!("{namespace}:lock:{call}"))
        .arg("an-instance-that-died")
        .arg("PX")
        .arg(800)
        .query_async(&mut connection)
        .await
        .unwrap();
    let asked = Instant::now();
    let answer = fleet.get(1, &calls[1]).await;
    let waited = asked.elapsed();
    assert_eq!(answer.json()["status"], "ok", "{}", answer.body);
    assert_eq!(answer.header("x-chanscope-cache"), Some("miss"));
    assert!(waited >= Duration::from_millis(700), "{waited:?}");
    assert!(waited < Duration::from_secs(3), "{waited:?}");
    assert_eq!(fleet.upstream_calls(), 2);
    assert_eq!(fleet.redis_keys("*:lock:*").await, Vec::<String>::new());
}
