//! The gateway's liveness answer, which says nothing a visitor can move, and a graceful shutdown.

mod common;

use std::time::Duration;

use axum::http::{Method, StatusCode};

use common::*;
use sandbox::Faults;

#[tokio::test]
async fn health_says_ok_and_nothing_a_visitor_can_move() {
    let rig = Rig::start(healthy(), |_| {}).await;
    let before = rig.get("/healthz").await;
    rig.get(&rig.channel_info()).await;
    rig.get(&rig.channel_info()).await;
    let after = rig.get("/healthz").await;
    assert_eq!(after.status, StatusCode::OK);
    // Before: counters and the cache's size, which a cache hit moved and a miss did not.
    assert_eq!(after.json(), serde_json::json!({"status": "ok"}));
    assert_eq!(after.body, before.body);
    // The counters are for the operator, in /metrics.
    let metrics = rig.get("/metrics").await.body;
    assert!(
        metrics.contains("gateway_cache_total{outcome=\"hit\"} 1\n"),
        "{metrics}"
    );
    assert!(metrics.contains("gateway_cache_entries 1\n"), "{metrics}");
    assert!(!after.everything().contains(SECRET));
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
