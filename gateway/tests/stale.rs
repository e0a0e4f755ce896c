//! What may stand in, marked stale, when the upstream fails: only a real (`ok`) answer, and only
//! for `--stale-max` past its lifetime. An answer that a channel does not exist is gone when
//! `--absent-ttl` is over, here and in Redis, so that a channel that appears is found.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::Router;

use common::fleet::Fleet;
use common::*;
use sandbox::redis_server::RedisServer;

const ABSENT: &str = r#"{"status":"error","error":"channel not found"}"#;
const FOUND: &str = r#"{"status":"ok","response":{"id":5,"title":"New"}}"#;
const CHANNEL: &str = "/api/channels/get?channelId=5";
const LIFETIME: Duration = Duration::from_millis(300);

/// How the upstream fails once it has answered its first request.
#[derive(Clone, Copy, Debug)]
enum Then {
    Http500,
    SlowDown,
    Hang,
}

/// An upstream whose first answer is `first`, and which then fails as `then` says.
async fn upstream(first: &'static str, then: Then) -> CountingUpstream {
    let asked = Arc::new(AtomicUsize::new(0));
    let answer = move || {
        let asked = Arc::clone(&asked);
        async move {
            if asked.fetch_add(1, Ordering::SeqCst) == 0 {
                return ([("content-type", "application/json")], first).into_response();
            }
            match then {
                Then::Http500 => StatusCode::INTERNAL_SERVER_ERROR.into_response(),
                Then::SlowDown => {
                    (StatusCode::TOO_MANY_REQUESTS, [("retry-after", "7")]).into_response()
                }
                Then::Hang => {
                    tokio::time::sleep(Duration::from_secs(30)).await;
                    ([("content-type", "application/json")], FOUND).into_response()
                }
            }
        }
    };
    CountingUpstream::own(Router::new().fallback(answer)).await
}

fn expected(then: Then) -> (StatusCode, &'static str) {
    match then {
        Then::Http500 => (StatusCode::BAD_GATEWAY, "upstream_unavailable"),
        Then::SlowDown => (StatusCode::TOO_MANY_REQUESTS, "flood_control_7"),
        Then::Hang => (StatusCode::GATEWAY_TIMEOUT, "upstream_timeout"),
    }
}

fn short_lived(c: &mut gateway::config::Config) {
    c.absent_ttl = LIFETIME;
    c.upstream_timeout = Duration::from_millis(500);
}

#[tokio::test]
async fn not_found_does_not_stand_in_for_a_failure_once_its_lifetime_is_over() {
    for then in [Then::Http500, Then::SlowDown, Then::Hang] {
        let rig = Rig::on(&upstream(ABSENT, then).await, short_lived).await;
        assert_eq!(rig.get(CHANNEL).await.error(), "channel not found");
        tokio::time::sleep(LIFETIME + Duration::from_millis(100)).await;
        let after = rig.get(CHANNEL).await;
        // Before: 200 {"status":"error","error":"channel not found"}, marked stale.
        assert_eq!(
            (after.status, after.error().as_str()),
            expected(then),
            "{then:?}"
        );
        assert_ne!(after.header("x-chanscope-cache"), Some("stale"), "{then:?}");
    }
}

#[tokio::test]
async fn through_redis_not_found_expires_with_its_lifetime() {
    let redis = RedisServer::start().unwrap_or_else(|e| panic!("{e}"));
    let upstream = upstream(ABSENT, Then::Http500).await;
    let mut gateways = Vec::new();
    for _ in 0..2 {
        let url = redis.url();
        gateways.push(
            Rig::on(&upstream, |c| {
                c.redis = Some(url);
                short_lived(c);
            })
            .await,
        );
    }
    let fleet = Fleet {
        redis,
        upstream,
        gateways,
    };
    fleet.wait_for_redis("up").await;
    assert_eq!(fleet.get(0, CHANNEL).await.error(), "channel not found");
    // Redis lets it go with its lifetime (before: its lifetime and an hour).
    let keys = fleet.redis_keys("chanscope:gateway:*:answer:*").await;
    assert_eq!(keys.len(), 1, "{keys:?}");
    let left = pttl(&fleet, &keys[0]).await;
    assert!((0..=300).contains(&left), "{left} ms");
    tokio::time::sleep(LIFETIME + Duration::from_millis(100)).await;
    // An instance that never asked finds nothing to stand in.
    let other = fleet.get(1, CHANNEL).await;
    assert_eq!(
        (other.status, other.error().as_str()),
        (StatusCode::BAD_GATEWAY, "upstream_unavailable")
    );
}

#[tokio::test]
async fn an_ok_answer_stands_in_for_stale_max_and_no_longer() {
    let rig = Rig::on(&upstream(FOUND, Then::Http500).await, |c| {
        c.ttl.insert("/channels/get", Duration::ZERO);
        c.stale_max = Duration::from_millis(300);
    })
    .await;
    assert_eq!(rig.get(CHANNEL).await.json()["status"], "ok");
    let stale = rig.get(CHANNEL).await;
    assert_eq!(
        (stale.status, stale.header("x-chanscope-cache")),
        (StatusCode::OK, Some("stale"))
    );
    assert_eq!(stale.body, FOUND);
    tokio::time::sleep(Duration::from_millis(400)).await;
    let late = rig.get(CHANNEL).await;
    assert_eq!(
        (late.status, late.error().as_str()),
        (StatusCode::BAD_GATEWAY, "upstream_unavailable")
    );
}

async fn pttl(fleet: &Fleet, key: &str) -> i64 {
    let client = redis::Client::open(fleet.redis.url()).unwrap();
    let mut connection = client.get_multiplexed_async_connection().await.unwrap();
    redis::cmd("PTTL")
        .arg(key)
        .query_async(&mut connection)
        .await
        .unwrap()
}
