//! The gateway's health counters without secrets, and a graceful shutdown.

mod common;

use std::time::Duration;

use axum::http::{Method, StatusCode};
use serde_json::Value;

use common::*;
use sandbox::Faults;

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
