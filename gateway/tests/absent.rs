//! Answers that a channel or post does not exist are kept for a short time like other answers,
//! so that a page retrying an unknown channel does not spend quota on each try; shared through
//! Redis, and counted in the metrics.

mod common;

use std::time::Duration;

use axum::http::StatusCode;

use common::fleet::Fleet;
use common::*;

const UNKNOWN_CHANNEL: &str = "/api/channels/get?channelId=987654321";
const UNKNOWN_POST: &str = "/api/posts/stat?postId=987654321";

#[tokio::test]
async fn an_unknown_channel_or_post_is_asked_once_within_its_lifetime() {
    let rig = Rig::start(healthy(), |_| {}).await;
    for (path, message) in [
        (UNKNOWN_CHANNEL, "channel not found"),
        (UNKNOWN_POST, "post not found"),
    ] {
        let calls = rig.upstream_calls();
        let first = rig.get(path).await;
        let second = rig.get(path).await;
        assert_eq!(first.status, StatusCode::OK, "{}", first.body);
        assert_eq!(first.error(), message);
        assert_eq!(second.body, first.body);
        assert_eq!(
            (
                first.header("x-chanscope-cache"),
                second.header("x-chanscope-cache")
            ),
            (Some("miss"), Some("hit"))
        );
        assert_eq!(rig.upstream_calls(), calls + 1, "{path}");
    }
    let metrics = rig.get("/metrics").await.body;
    assert!(
        metrics.contains("gateway_absent_answers_total{outcome=\"miss\"} 2\n"),
        "{metrics}"
    );
    assert!(
        metrics.contains("gateway_absent_answers_total{outcome=\"hit\"} 2\n"),
        "{metrics}"
    );
}

#[tokio::test]
async fn an_absent_answer_is_kept_only_for_its_short_lifetime() {
    let rig = Rig::start(healthy(), |c| c.absent_ttl = Duration::from_millis(300)).await;
    rig.get(UNKNOWN_CHANNEL).await;
    assert_eq!(
        rig.get(UNKNOWN_CHANNEL).await.header("x-chanscope-cache"),
        Some("hit")
    );
    tokio::time::sleep(Duration::from_millis(400)).await;
    let again = rig.get(UNKNOWN_CHANNEL).await;
    assert_eq!(again.header("x-chanscope-cache"), Some("miss"));
    assert_eq!(rig.upstream_calls(), 2);
}

#[tokio::test]
async fn other_errors_are_still_asked_each_time() {
    // A channel ID the service cannot read: nothing definite about any channel's existence.
    let rig = Rig::start(healthy(), |_| {}).await;
    let path = "/api/channels/get?channelId=not%20a%20channel";
    let first = rig.get(path).await;
    assert_eq!(first.json()["status"], "error", "{}", first.body);
    rig.get(path).await;
    assert_eq!(rig.upstream_calls(), 2);
}

#[tokio::test]
async fn a_fleet_shares_an_absent_answer_through_redis() {
    let fleet = Fleet::start(2, |_| {}).await;
    let first = fleet.get(0, UNKNOWN_CHANNEL).await;
    assert_eq!(first.error(), "channel not found");
    let other = fleet.get(1, UNKNOWN_CHANNEL).await;
    assert_eq!(other.header("x-chanscope-cache"), Some("hit"));
    assert_eq!(other.body, first.body);
    assert_eq!(fleet.upstream_calls(), 1);
    let metrics = fleet.get(1, "/metrics").await.body;
    assert!(
        metrics.contains("gateway_absent_answers_total{outcome=\"hit\"} 1\n"),
        "{metrics}"
    );
}
