//! The upstream budget (`--upstream-rate`) holds for the whole fleet through Redis, and for one
//! instance without it; the per-client limit is shared as well.

mod common;

use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode};

use common::fleet::{channel_calls, Fleet};
use common::*;
use gateway::budget::Rate;

/// The most calls the upstream saw within any one second.
fn busiest_second(times: &[Instant]) -> usize {
    times
        .iter()
        .map(|start| {
            times
                .iter()
                .filter(|t| **t >= *start && **t < *start + Duration::from_secs(1))
                .count()
        })
        .max()
        .unwrap_or(0)
}

#[tokio::test]
async fn three_instances_stay_within_one_upstream_rate_and_every_call_is_answered() {
    const RATE: f64 = 5.0;
    const BURST: f64 = 5.0;
    let fleet = Fleet::start(3, |c| {
        c.upstream_rate = Some(Rate {
            per_second: RATE,
            burst: BURST,
        });
        c.upstream_wait = Duration::from_secs(15);
    })
    .await;
    // 60 distinct calls, ten a second, round-robin over the instances: twice the budget.
    let started = Instant::now();
    let mut asks = Vec::new();
    for (n, path) in channel_calls(60).into_iter().enumerate() {
        let url = format!("{}{path}", fleet.gateways[n % 3].origin);
        asks.push(tokio::spawn(
            async move { send(Method::GET, &url, &[]).await },
        ));
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    for ask in asks {
        let answer = ask.await.unwrap();
        assert_eq!(answer.status, StatusCode::OK, "{}", answer.body);
        assert_eq!(answer.json()["status"], "ok", "{}", answer.body);
        assert_eq!(answer.header("x-chanscope-cache"), Some("miss"));
    }
    let took = started.elapsed();
    let times = fleet.upstream.times.lock().unwrap().clone();
    assert_eq!(times.len(), 60);
    let busiest = busiest_second(&times);
    let span = times[times.len() - 1] - times[0];
    eprintln!(
        "upstream: 60 calls in {:.2} s, at most {busiest} within one second; load took {:.2} s",
        span.as_secs_f64(),
        took.as_secs_f64()
    );
    assert!(
        busiest <= (RATE + BURST) as usize,
        "{busiest} in one second"
    );
    // After the burst, one call every 200 ms: 55 of them take 11 s.
    assert!(span >= Duration::from_millis(10_800), "{span:?}");
    let waited: u64 = fleet
        .gateways
        .iter()
        .map(|g| g.counters().budget_refused)
        .sum();
    assert_eq!(waited, 0);
}

#[tokio::test]
async fn without_redis_the_budget_is_the_instances_own_and_a_stale_answer_stands_in() {
    let rig = Rig::start(healthy(), |c| {
        c.upstream_rate = Some(Rate {
            per_second: 1.0,
            burst: 2.0,
        });
        c.upstream_wait = Duration::ZERO;
        c.ttl.insert("/channels/get", Duration::ZERO);
    })
    .await;
    assert_eq!(rig.counters().redis, "off");
    let calls = channel_calls(3);
    // The burst: two calls go at once (each kept, expired at once: stale from now on).
    for path in &calls[..2] {
        let answer = rig.get(path).await;
        assert_eq!(answer.header("x-chanscope-cache"), Some("miss"));
    }
    // The third finds the budget spent and nothing to stand in: flood control, as the service.
    let refused = rig.get(&calls[2]).await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refused.error(), "flood_control_1");
    assert_eq!(refused.header("retry-after"), Some("1"));
    // The first again: its stale answer comes at once rather than a refusal.
    let stale = rig.get(&calls[0]).await;
    assert_eq!(stale.status, StatusCode::OK);
    assert_eq!(stale.header("x-chanscope-cache"), Some("stale"));
    assert_eq!(rig.upstream_calls(), 2);
    let health = rig.counters();
    assert_eq!((health.budget_refused, health.stale_served), (2, 1));
    // A second later one token is back.
    tokio::time::sleep(Duration::from_millis(1_050)).await;
    let later = rig.get(&calls[2]).await;
    assert_eq!(later.header("x-chanscope-cache"), Some("miss"));
    assert_eq!(rig.upstream_calls(), 3);
}

#[tokio::test]
async fn the_limit_per_client_holds_across_instances() {
    let fleet = Fleet::start(2, |c| {
        c.rate = 0.5;
        c.burst = 3.0;
    })
    .await;
    let path = format!("/api/channels/get?channelId={}", fleet.upstream.channel_id);
    for n in [0, 1, 0] {
        assert_eq!(fleet.get(n, &path).await.status, StatusCode::OK);
    }
    let over = fleet.get(1, &path).await;
    assert_eq!(over.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(over.error(), "flood_control_2");
    assert_eq!(over.header("retry-after"), Some("2"));
    assert_eq!(fleet.gateways[1].counters().rate_limited, 1);
    let buckets = fleet.redis_keys("chanscope:gateway:v1:*:bucket:*").await;
    assert_eq!(buckets.len(), 1, "{buckets:?}");
    assert!(
        buckets[0].ends_with(":bucket:client:127.0.0.1"),
        "{buckets:?}"
    );
}
