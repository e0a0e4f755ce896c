//! A console page names, in `Link`, the API calls it makes as it opens, so that the browser starts
//! them with the page; revalidated, it names them again.

mod common;

use axum::http::{Method, StatusCode};
use chrono::Utc;

use common::*;

/// The `Link` of channel info for `channel` (as the API's `channelId`) when opened at `now`:
/// the channel, and its subscribers from 30 days before, rounded down to the hour.
fn channel_info_links(channel: &str, now: i64) -> String {
    let start = now - 30 * 86_400;
    let start = start - start.rem_euclid(3_600);
    format!(
        "</api/channels/get?channelId={channel}>; rel=preload; as=fetch; crossorigin, \
         </api/channels/subscribers?channelId={channel}&startDate={start}>; rel=preload; \
         as=fetch; crossorigin"
    )
}

#[tokio::test]
async fn channel_info_names_its_two_calls_and_they_are_answered() {
    let rig = Rig::start(healthy(), |_| {}).await;
    let id = rig.channel_id.to_string();
    let before = channel_info_links(&id, Utc::now().timestamp());
    let page = rig.get(&format!("/channel-info?channel={id}")).await;
    let after = channel_info_links(&id, Utc::now().timestamp());
    assert_eq!(page.status, StatusCode::OK);
    let links = page.header("link").expect("a Link header").to_owned();
    // The hour may turn between the two readings of the clock.
    assert!(links == before || links == after, "{links}");

    // What the page preloads is what the API answers.
    for call in links.split(", ") {
        let url = call.trim_start_matches('<').split('>').next().unwrap();
        let answer = rig.get(url).await;
        assert_eq!(answer.status, StatusCode::OK, "{url}");
        assert_eq!(answer.json()["status"], "ok", "{url}");
    }
    assert_eq!(rig.upstream_calls(), 2);

    // A page revalidated from the browser's cache names them again: a 304 replaces the stored
    // headers, so an hour-old `Link` would otherwise be preloaded in vain.
    let etag = page.header("etag").unwrap().to_owned();
    let again = rig
        .send(
            Method::GET,
            &format!("/channel-info/?channel={id}"),
            &[("if-none-match", &etag)],
        )
        .await;
    assert_eq!(again.status, StatusCode::NOT_MODIFIED);
    let links = again.header("link").expect("a Link header on 304");
    let now = Utc::now().timestamp();
    assert!(
        links == channel_info_links(&id, now) || links == after,
        "{links}"
    );
}

#[tokio::test]
async fn other_pages_and_files_name_no_calls() {
    let rig = Rig::start(healthy(), |_| {}).await;
    for path in [
        // The empty form, and a channel the form refuses: the page asks nothing.
        "/channel-info",
        "/channel-info?channel=",
        "/channel-info?channel=%40",
        // Pages whose calls name days of the visitor's zone, which the server does not know.
        "/post-search?q=news&period=7",
        "/subscriber-dynamics?channel=%40name&period=30",
        "/?channel=%40name",
        // Files.
        "/boot.js?channel=%40name",
        "/index.html?channel=%40name",
    ] {
        let answer = rig.get(path).await;
        assert_eq!(answer.status, StatusCode::OK, "{path}");
        assert_eq!(answer.header("link"), None, "{path}");
    }
    assert_eq!(rig.upstream_calls(), 0);
}
