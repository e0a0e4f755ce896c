//! Decoding of every operation's `response` payload: spec-shaped samples field by field, then
//! each real-world variant the service is known to send. This file holds the decoding helpers and
//! the samples both modules start from.

mod real_service;
mod spec_samples;
mod variants;

use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};
use std::fmt::Debug;

/// Decodes from JSON text, the way the client receives a body.
fn decode<T: DeserializeOwned>(value: Value) -> T {
    serde_json::from_str(&value.to_string()).expect("payload decodes")
}

fn decode_err<T: DeserializeOwned + Debug>(value: Value) -> String {
    serde_json::from_str::<T>(&value.to_string())
        .expect_err("payload is refused")
        .to_string()
}

/// Serializing and decoding again gives the same value: what the UI exports reads back.
fn assert_round_trip<T: DeserializeOwned + Serialize + PartialEq + Debug>(decoded: &T) {
    let exported = serde_json::to_string(decoded).expect("serializes");
    let again: T = serde_json::from_str(&exported).expect("exported JSON decodes");
    assert_eq!(&again, decoded);
}

fn channel_info_sample() -> Value {
    json!({
        "id": 7041,
        "tg_id": 1_002_003_004_i64,
        "link": "t.me/rustnews",
        "peer_type": "channel",
        "username": "@rustnews",
        "active_usernames": ["@rustnews", "@rust_news_ru"],
        "title": "Rust News",
        "about": "Weekly digest.\nNo ads.",
        "category": "Technology",
        "country": "Russia",
        "language": "Russian",
        "image100": "//static.tgstat.ru/channels/_100/ab/abc.jpg",
        "image640": "//static.tgstat.ru/channels/_0/ab/abc.jpg",
        "participants_count": 15_230,
        "ci_index": 42.75,
        "rkn_verification": {"status": "active", "link": "https://gosuslugi.ru/snet/abc"},
        "service_restrictions": [],
        "created_at": 1_546_300_800
    })
}

fn search_channel(id: i64, username: &str, participants: u64) -> Value {
    json!({
        "id": id,
        "tg_id": 1_000_000_000_i64 + id,
        "link": format!("t.me/{}", username.trim_start_matches('@')),
        "peer_type": "chat",
        "username": username,
        "title": format!("Title of {username}"),
        "about": "about",
        "image100": "//static.tgstat.ru/a100.jpg",
        "image640": "//static.tgstat.ru/a640.jpg",
        "participants_count": participants,
        "ci_index": 3.5,
        "service_restrictions": [],
        "created_at": 1_600_000_000
    })
}

fn post_sample() -> Value {
    json!({
        "id": 993_311_220,
        "date": 1_700_000_000,
        "views": 5120,
        "shares_count": 12,
        "comments_count": 4,
        "reactions_count": 88,
        "link": "t.me/rustnews/1450",
        "channel_id": 7041,
        "forwarded_from": null,
        "is_deleted": 0,
        "text": "Rust <b>1.80</b> is out",
        "snippet": "<mark>Rust</mark> 1.80 is out",
        "media": {"media_type": "mediaDocument", "mime_type": "video/mp4", "size": 1_048_576}
    })
}
