//! What an instance reads from Redis is checked as if it came from the network: whoever can write
//! to Redis must not be able to keep an answer beyond `--ttl`, answer with a status the gateway
//! never stores, serve more than it would have shared, or name an absurd wait.

mod common;

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::http::StatusCode;

use common::fleet::Fleet;
use common::*;

/// A fleet of one whose channel-info answers live `ttl`, with its answer key for the rig's
/// channel once it has asked for it.
async fn asked_once(ttl: Duration) -> (Fleet, String) {
    let fleet = Fleet::start(1, |c| {
        c.ttl.insert("/channels/get", ttl);
    })
    .await;
    let path = fleet.gateways[0].channel_info();
    assert_eq!(fleet.get(0, &path).await.json()["status"], "ok");
    let keys = fleet.redis_keys("chanscope:gateway:*:answer:*").await;
    assert_eq!(keys.len(), 1, "{keys:?}");
    (fleet, keys[0].clone())
}

async fn redis(fleet: &Fleet, args: &[&[u8]]) -> redis::Value {
    let client = redis::Client::open(fleet.redis.url()).unwrap();
    let mut connection = client.get_multiplexed_async_connection().await.unwrap();
    let mut command = redis::cmd(std::str::from_utf8(args[0]).unwrap());
    for arg in &args[1..] {
        command.arg(*arg);
    }
    command.query_async(&mut connection).await.unwrap()
}

fn answer_value(fresh_until_ms: u64, body: &[u8]) -> Vec<u8> {
    let mut value = fresh_until_ms.to_be_bytes().to_vec();
    value.extend_from_slice(body);
    value
}

fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_millis() as u64
}

const POISON: &[u8] = br#"{"status":"ok","response":{"title":"poisoned"}}"#;

#[tokio::test]
async fn a_stored_freshness_beyond_the_ttl_is_held_to_it() {
    let (fleet, key) = asked_once(Duration::from_millis(400)).await;
    let path = fleet.gateways[0].channel_info();
    // A second instance, which has nothing of its own yet, reads a year's freshness.
    let year = 365 * 24 * 3_600_000;
    let value = answer_value(unix_ms() + year, POISON);
    redis(&fleet, &[b"SET", key.as_bytes(), &value]).await;
    let url = fleet.redis.url();
    let second = Rig::on(&fleet.upstream, |c| {
        c.redis = Some(url);
        c.ttl.insert("/channels/get", Duration::from_millis(400));
    })
    .await;
    second.wait_for_redis("up").await;
    let poisoned = second.get(&path).await;
    assert_eq!(poisoned.header("x-chanscope-cache"), Some("hit"));
    assert!(poisoned.body.contains("poisoned"), "{}", poisoned.body);
    redis(&fleet, &[b"FLUSHALL"]).await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    // Before: the poisoned answer, from the instance's own cache, until a restart.
    let after = second.get(&path).await;
    assert!(!after.body.contains("poisoned"), "{}", after.body);
    assert_eq!(after.json()["status"], "ok");
}

#[tokio::test]
async fn a_stored_failure_passes_only_with_a_status_the_gateway_stores() {
    let (fleet, key) = asked_once(Duration::from_secs(60)).await;
    // A channel nobody asked for: no answer of its own to stand in.
    let other = healthy().dataset.channels[1].id;
    let call = format!("/channels/get?channelId={other}");
    let path = format!("/api{call}");
    let failure_key = format!("{}:failure:{call}", &key[..key.find(":answer:").unwrap()]);
    for status in [101u16, 204, 304, 418, 999] {
        let mut value = status.to_be_bytes().to_vec();
        value.extend_from_slice(br#"{"status":"error","error":"upstream_unavailable"}"#);
        redis(&fleet, &[b"SET", failure_key.as_bytes(), &value]).await;
        tokio::time::sleep(Duration::from_millis(5)).await;
        // Before: 101 Switching Protocols (and nothing for the next request), 204, 304...
        let answer = fleet.get(0, &path).await;
        assert_eq!(answer.status, StatusCode::OK, "stored {status}");
        assert_eq!(answer.json()["status"], "ok", "stored {status}");
    }
}

#[tokio::test]
async fn a_stored_answer_beyond_the_shared_size_is_not_read() {
    let (fleet, key) = asked_once(Duration::from_secs(60)).await;
    let path = fleet.gateways[0].channel_info();
    let mut huge = br#"{"status":"ok","response":""#.to_vec();
    huge.resize(2 << 20, b'x');
    huge.extend_from_slice(br#""}"#);
    let value = answer_value(unix_ms() + 60_000, &huge);
    redis(&fleet, &[b"SET", key.as_bytes(), &value]).await;
    let url = fleet.redis.url();
    let second = Rig::on(&fleet.upstream, |c| c.redis = Some(url)).await;
    second.wait_for_redis("up").await;
    let answer = second.get(&path).await;
    // Before: the 2 MiB answer, served whole.
    assert!(answer.bytes.len() < 100_000, "{} bytes", answer.bytes.len());
    assert_eq!(answer.json()["status"], "ok");
}

#[tokio::test]
async fn a_bucket_out_of_bounds_names_no_absurd_wait() {
    let (fleet, key) = asked_once(Duration::from_secs(60)).await;
    let bucket = key[..key.find(":answer:").unwrap()].to_owned() + ":bucket:client:127.0.0.1";
    for tokens in ["-inf", "nan", "-1e300", "inf"] {
        redis(
            &fleet,
            &[b"HSET", bucket.as_bytes(), b"tokens", tokens.as_bytes()],
        )
        .await;
        let answer = fleet.get(0, "/api/channels/get?channelId=@other").await;
        // Before, for -inf: 429 with Retry-After: 9223372036854776.
        let wait: u64 = answer
            .header("retry-after")
            .map_or(0, |v| v.parse().unwrap());
        assert!(wait <= 3_600, "{tokens}: Retry-After {wait}");
        assert_ne!(answer.status, StatusCode::TOO_MANY_REQUESTS, "{tokens}");
    }
}
