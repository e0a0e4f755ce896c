//! Errors as the real service sends them: HTTP 200 and an envelope with the message.

mod common;

use axum::http::{Method, StatusCode};
use common::*;

#[tokio::test]
async fn tokens_plans_and_products() {
    let search = "/api/posts/search?q=law";
    assert_eq!(error(search).await, "empty_token");
    assert_eq!(error(&format!("{search}&token=")).await, "empty_token");
    assert_eq!(
        error(&format!("{search}&token=nope")).await,
        "token_invalid"
    );
    let found = ok(&format!("{search}&token=s-search")).await;
    assert_eq!(found["count"], found["items"].as_array().unwrap().len());
    assert!(found["total_count"].as_u64().unwrap() > 0);
    assert_eq!(
        error(&format!("{search}&token=xl-stat")).await,
        "no_active_subscription"
    );

    let channel = ds().channels[0].id;
    let info = format!("/api/channels/get?channelId={channel}");
    // Channel information is in both products.
    for token in ["s-search", "m-stat", "xl-stat", "both-l", "demo"] {
        assert_eq!(ok(&format!("{info}&token={token}")).await["id"], channel);
    }
    let multi = format!("/api/posts/stat-multi?channelId={channel}&postsIds=1");
    assert_eq!(
        error(&format!("{multi}&token=m-stat")).await,
        "no_active_subscription"
    );
    assert_eq!(
        error(&format!("{multi}&token=both-l")).await,
        "no_active_subscription"
    );
    assert!(ok(&format!("{multi}&token=xl-stat"))
        .await
        .as_array()
        .unwrap()
        .is_empty());
    let stories = format!("/api/stories/stat-multi?channelId={channel}&storiesIds=1");
    assert_eq!(
        error(&format!("{stories}&token=m-stat")).await,
        "no_active_subscription"
    );
    let subscribers = format!("/api/channels/subscribers?channelId={channel}");
    assert_eq!(
        error(&format!("{subscribers}&token=s-search")).await,
        "no_active_subscription"
    );
    assert!(ok(&format!("{subscribers}&token=m-stat")).await.is_array());
    let mentions = "/api/words/mentions-by-channels?q=law";
    assert_eq!(
        error(&format!("{mentions}&token=m-stat")).await,
        "no_active_subscription"
    );
    assert!(ok(&format!("{mentions}&token=s-search")).await["items"].is_array());
    let search_channels = "/api/channels/search?category=news&country=ru";
    assert_eq!(
        error(&format!("{search_channels}&token=s-search")).await,
        "no_active_subscription"
    );
    let post = format!(
        "/api/posts/stat?postId={}",
        ds().posts[newest() as usize].id
    );
    assert_eq!(
        error(&format!("{post}&token=s-search")).await,
        "no_active_subscription"
    );
    assert!(ok(&format!("{post}&token=m-stat")).await["views"].is_array());
}

#[tokio::test]
async fn methods_and_paths() {
    assert_eq!(error("/api/posts/find?token=demo").await, "wrong_method");
    assert_eq!(
        error("/api/posts/search/extra?token=demo&q=law").await,
        "wrong_method"
    );
    let (status, _, body) = send(state(), Method::POST, "/api/posts/search?token=demo&q=law").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, br#"{"status":"error","error":"wrong_method_type"}"#);
    let (status, _, body) = send(state(), Method::DELETE, "/api/nothing").await;
    assert_eq!(
        (status, body.as_slice()),
        (
            StatusCode::OK,
            &br#"{"status":"error","error":"wrong_method_type"}"#[..]
        )
    );
    let (status, _, _) = send(state(), Method::GET, "/elsewhere").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn channel_search_messages_verbatim() {
    let base = "/api/channels/search?token=demo";
    assert_eq!(
        error(&format!("{base}&country=ru")).await,
        "at least one parameters q or category required"
    );
    assert_eq!(
        error(&format!("{base}&country=ru&q=ab")).await,
        "param q is too short"
    );
    // Three characters, counted as characters rather than bytes.
    assert!(ok(&format!("{base}&country=ru&q={}", enc("выб"))).await["items"].is_array());
    assert_eq!(
        error(&format!("{base}&q=law")).await,
        "param country required"
    );
    assert_eq!(
        error(&format!("{base}&category=news")).await,
        "param country required"
    );
    assert_eq!(
        error(&format!("{base}&category=news&country=ru&peer_type=group")).await,
        "param peer_type must be one of channel, chat, all"
    );
    assert_eq!(
        error(&format!(
            "{base}&category=news&country=ru&search_by_description=2"
        ))
        .await,
        "param search_by_description must be 0 or 1"
    );
}

#[tokio::test]
async fn parameter_messages_name_the_parameter() {
    let cases = [
        ("/api/posts/search?token=demo", "param q required"),
        (
            "/api/words/mentions-by-channels?token=demo",
            "param q required",
        ),
        (
            "/api/posts/search?token=demo&q=law&peerType=group",
            "param peerType must be one of channel, chat, all",
        ),
        (
            "/api/posts/search?token=demo&q=law&hideDeleted=yes",
            "param hideDeleted must be 0 or 1",
        ),
        (
            "/api/posts/search?token=demo&q=law&startDate=yesterday",
            "param startDate is invalid",
        ),
        (
            "/api/posts/search?token=demo&q=law&startDate=20&endDate=10",
            "param startDate must not be after endDate",
        ),
        (
            "/api/words/mentions-by-channels?token=demo&q=law&endDate=-5",
            "param endDate is invalid",
        ),
        ("/api/channels/get?token=demo", "param channelId required"),
        (
            "/api/channels/get?token=demo&channelId=%40a",
            "param channelId is invalid",
        ),
        (
            "/api/channels/get?token=demo&channelId=%40nobody_here",
            "channel not found",
        ),
        (
            "/api/channels/get?token=demo&channelId=99",
            "channel not found",
        ),
        (
            "/api/channels/get?token=demo&channelId=t.me/joinchat/nothing",
            "channel not found",
        ),
        ("/api/posts/stat?token=demo", "param postId required"),
        (
            "/api/posts/stat?token=demo&postId=%40name",
            "param postId is invalid",
        ),
        ("/api/posts/stat?token=demo&postId=12", "post not found"),
        (
            "/api/posts/stat?token=demo&postId=t.me/c/5/1",
            "post not found",
        ),
        (
            "/api/channels/subscribers?token=demo&channelId=10000&group=minute",
            "param group must be one of hour, day, week, month",
        ),
        (
            "/api/posts/stat-multi?token=demo&channelId=10000",
            "param postsIds required",
        ),
        (
            "/api/stories/stat-multi?token=demo&channelId=10000&storiesIds=a",
            "param storiesIds is invalid",
        ),
        (
            "/api/posts/search?token=demo&q=law&extendedSyntax=1&strongSearch=1&q=%22law",
            "param q is invalid: unclosed quote",
        ),
    ];
    for (uri, message) in cases {
        assert_eq!(error(uri).await, message, "{uri}");
    }
    let post = ds().posts[newest() as usize].id;
    assert_eq!(
        error(&format!(
            "/api/posts/stat?token=demo&postId={post}&group=week"
        ))
        .await,
        "param group must be one of hour, day"
    );
}
