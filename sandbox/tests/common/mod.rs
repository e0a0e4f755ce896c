//! A small dataset built once per test binary, and calls into the router without a socket.

#![allow(dead_code)] // Each test binary uses its own part of these helpers.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use axum::body::Body;
use axum::http::{Method, Request, StatusCode};
use serde_json::Value;
use tower::ServiceExt;

use sandbox::search::tokens::tokens;
use sandbox::{router, Config, Dataset, Size, State};

/// 2026-01-01 00:00 UTC: pinned so every run sees the same data.
pub const NOW: i64 = 1_767_225_600;

pub fn config() -> Config {
    let mut config = Config::default();
    for entry in [
        "s-search=search:S",
        "m-stat=stat:M",
        "xl-stat=stat:XL",
        "both-l=search+stat:L",
    ] {
        config.tokens.add(entry).unwrap();
    }
    config
}

pub fn state() -> &'static Arc<State> {
    static STATE: OnceLock<Arc<State>> = OnceLock::new();
    STATE.get_or_init(|| Arc::new(State::new(Dataset::generate(1, Size::Small, NOW), config())))
}

pub fn ds() -> &'static Dataset {
    &state().dataset
}

/// Percent-encodes a query value.
pub fn enc(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'*' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

pub async fn send(
    state: &Arc<State>,
    method: Method,
    uri: &str,
) -> (StatusCode, Vec<(String, String)>, Vec<u8>) {
    let response = router(Arc::clone(state))
        .oneshot(
            Request::builder()
                .method(method)
                .uri(uri)
                .body(Body::empty())
                .unwrap(),
        )
        .await
        .unwrap();
    let status = response.status();
    let headers = response
        .headers()
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_str().unwrap_or_default().to_owned()))
        .collect();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    (status, headers, body.to_vec())
}

pub async fn raw(uri: &str) -> Vec<u8> {
    let (status, _, body) = send(state(), Method::GET, uri).await;
    assert_eq!(status, StatusCode::OK);
    body
}

/// The whole envelope.
pub async fn envelope(uri: &str) -> Value {
    serde_json::from_slice(&raw(uri).await).unwrap()
}

/// The `response` of a successful call; panics with the error otherwise.
pub async fn ok(uri: &str) -> Value {
    let v = envelope(uri).await;
    assert_eq!(v["status"], "ok", "{uri}: {v}");
    v["response"].clone()
}

/// The `error` of a failed call.
pub async fn error(uri: &str) -> String {
    let v = envelope(uri).await;
    assert_eq!(v["status"], "error", "{uri}: {v}");
    v["error"].as_str().unwrap().to_owned()
}

/// The normalised words of every post, tokenised once per test binary.
fn all_words() -> &'static Vec<Vec<String>> {
    static WORDS: OnceLock<Vec<Vec<String>>> = OnceLock::new();
    WORDS.get_or_init(|| {
        ds().posts
            .iter()
            .map(|p| tokens(&p.text).into_iter().map(|t| t.form).collect())
            .collect()
    })
}

/// The normalised words of a post.
pub fn words(post: u32) -> Vec<String> {
    all_words()[post as usize].clone()
}

/// Posts that exist now (indices, newest first) satisfying `f` on their words.
pub fn posts_where(f: impl Fn(&[String]) -> bool) -> Vec<u32> {
    let words = all_words();
    ds().visible()
        .map(|i| i as u32)
        .filter(|&i| f(&words[i as usize]))
        .collect()
}

/// The newest post that exists now; the ones before it in the list are still to come.
pub fn newest() -> u32 {
    ds().visible().start as u32
}

/// Stems straight from the stemmer (not the index), remembered since debug builds stem slowly.
pub fn stem(word: &str) -> String {
    static STEMS: OnceLock<Mutex<HashMap<String, String>>> = OnceLock::new();
    let mut stems = STEMS.get_or_init(Mutex::default).lock().unwrap();
    stems
        .entry(word.to_owned())
        .or_insert_with(|| ds().index.stemmers().stem(word))
        .clone()
}

/// Whether a text word matches a query word with morphology and partial words.
pub fn loose(text_word: &str, query: &str) -> bool {
    text_word.starts_with(query) || stem(text_word) == stem(query)
}

pub fn ids(items: &Value) -> Vec<u64> {
    items
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_u64().unwrap())
        .collect()
}

pub fn index_of_post(id: u64) -> u32 {
    ds().post_by_id(id).unwrap()
}

pub fn channel_of_id(id: u64) -> &'static sandbox::dataset::Channel {
    &ds().channels[ds().channel_by_id(id).unwrap() as usize]
}

/// A channel with several active usernames and participant data over the whole history.
pub fn rich_channel() -> u32 {
    (0..ds().channels.len() as u32)
        .find(|&i| {
            let c = &ds().channels[i as usize];
            c.usernames.len() > 1 && c.created_at < ds().history_start() && c.posts.len() > 3
        })
        .unwrap()
}
