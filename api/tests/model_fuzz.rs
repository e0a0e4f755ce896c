//! No payload, however broken, makes decoding panic: arbitrary bytes, arbitrary JSON, and valid
//! payloads damaged byte by byte or value by value are fed to every response type. Whatever
//! decodes must also export and decode again, since the UI exports what it decoded.

use chanscope_api::model::{
    ChannelInfoResponse, ChannelSearchResponse, KeywordMentionsResponse, MultiPostStatsResponse,
    MultiStoryStatsResponse, PostSearchResponse, PostStatsResponse, SubscriberDynamicsResponse,
};
use proptest::prelude::*;
use proptest::sample::Index;
use proptest::test_runner::TestCaseError;
use serde::de::DeserializeOwned;
use serde::Serialize;
use serde_json::{json, Value};

/// One valid payload per operation, written compactly and with some real-world variants
/// already in, so mutations start from every branch of the decoders.
const SAMPLES: [&str; 8] = [
    r#"{"items":[{"channel_id":1,"mentions_count":"2","views_count":30,"last_mention_date":1700000000}],"channels":[{"id":1,"tg_id":100,"link":"t.me/a","peer_type":"channel","username":"@a","title":"A","about":"x","image100":"//i/1","image640":"//i/6","participants_count":"10","ci_index":1.5,"service_restrictions":[],"created_at":1500000000}]}"#,
    r#"{"count":1,"items":[{"id":2,"peer_type":"chat","participants_count":5,"service_restrictions":{"red_label":true},"tgstat_restrictions":[{"black_label":1}]}]}"#,
    r#"[{"period":"2024-01","participants_count":7},{"period":"2024-W05","participants_count":"8"}]"#,
    r#"{"id":3,"active_usernames":["@c"],"category":"Tech","country":"RU","language":"ru","rkn_verification":{"status":"active","link":"https://r/1"},"service_restrictions":[]}"#,
    r#"[{"postId":1,"viewsCount":"2","sharesCount":3,"commentsCount":4,"reactionsCount":5}]"#,
    r#"[{"storyId":"9","viewsCount":1,"sharesCount":0,"reactionsCount":2.0}]"#,
    r#"{"viewsCount":1,"sharesCount":2,"commentsCount":3,"reactionsCount":4,"forwardsCount":1,"mentionsCount":1,"forwards":[{"postId":"5","postLink":"t.me/b/5","postDate":1,"channelId":2,"peerType":"chat"}],"mentions":[{"postId":6},"t.me/c/7"],"views":[{"date":"2024-01-01","viewsGrowth":"12.5"},{"date":"2024-01-02 10:00","viewsGrowth":3}]}"#,
    r#"{"count":2,"total_count":9,"items":[{"id":1,"date":1,"views":2,"link":"t.me/a/1","channel_id":1,"forwarded_from":42,"is_deleted":"0","text":"<b>t</b>","snippet":"<mark>t</mark>","media":{"media_type":"photo","mime_type":"image/jpeg","size":10}},{"id":2,"forwarded_from":null,"media":[],"is_deleted":true},{"id":3,"media":{"media_type":"doc","caption":"c","file_size":"11","file_url":"//f/1","file_thumbnail_url":"//f/t"},"forwarded_from":{"x":1}}],"channels":[{"id":1,"link":"t.me/a","participants_count":3}]}"#,
];

/// Snippets that stress number parsing, nesting and string handling when spliced in.
const TOKENS: [&str; 16] = [
    "null",
    "\"123\"",
    "\" 42 \"",
    "1e400",
    "-1",
    "18446744073709551616",
    "-9223372036854775809",
    "1.5",
    "[[[[[[",
    "]}",
    "{}",
    "[]",
    "\"",
    ",",
    ":",
    "\"\\ud800\"",
];

/// Decoding must not panic; a decoded value must serialize and decode again.
fn check<T: DeserializeOwned + Serialize>(bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(decoded) = serde_json::from_slice::<T>(bytes) {
        let exported = serde_json::to_vec(&decoded)
            .map_err(|e| TestCaseError::fail(format!("export failed: {e}")))?;
        if let Err(e) = serde_json::from_slice::<T>(&exported) {
            return Err(TestCaseError::fail(format!(
                "export does not decode: {e}: {}",
                String::from_utf8_lossy(&exported)
            )));
        }
    }
    Ok(())
}

fn check_every_response(bytes: &[u8]) -> Result<(), TestCaseError> {
    check::<KeywordMentionsResponse>(bytes)?;
    check::<ChannelSearchResponse>(bytes)?;
    check::<SubscriberDynamicsResponse>(bytes)?;
    check::<ChannelInfoResponse>(bytes)?;
    check::<MultiPostStatsResponse>(bytes)?;
    check::<MultiStoryStatsResponse>(bytes)?;
    check::<PostStatsResponse>(bytes)?;
    check::<PostSearchResponse>(bytes)
}

#[derive(Clone, Debug)]
enum ByteEdit {
    Delete(Index, usize),
    Insert(Index, Vec<u8>),
    Replace(Index, u8),
}

fn byte_edit() -> impl Strategy<Value = ByteEdit> {
    prop_oneof![
        (any::<Index>(), 1..12usize).prop_map(|(at, len)| ByteEdit::Delete(at, len)),
        (any::<Index>(), proptest::collection::vec(any::<u8>(), 1..6))
            .prop_map(|(at, bytes)| ByteEdit::Insert(at, bytes)),
        (any::<Index>(), proptest::sample::select(TOKENS.to_vec()))
            .prop_map(|(at, token)| ByteEdit::Insert(at, token.as_bytes().to_vec())),
        (any::<Index>(), any::<u8>()).prop_map(|(at, byte)| ByteEdit::Replace(at, byte)),
    ]
}

fn apply(bytes: &mut Vec<u8>, edit: &ByteEdit) {
    // Positions are taken over len + 1 so that edits at the very end happen too.
    let position = |at: &Index, len: usize| at.index(len + 1).min(len);
    match edit {
        ByteEdit::Delete(at, count) => {
            let start = position(at, bytes.len());
            let end = (start + count).min(bytes.len());
            bytes.drain(start..end);
        }
        ByteEdit::Insert(at, inserted) => {
            let start = position(at, bytes.len());
            bytes.splice(start..start, inserted.iter().copied());
        }
        ByteEdit::Replace(at, byte) => {
            if !bytes.is_empty() {
                let index = at.index(bytes.len());
                bytes[index] = *byte;
            }
        }
    }
}

/// Values swapped into a payload in place of one of its nodes.
fn replacement() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        Just(json!([])),
        Just(json!({})),
        any::<bool>().prop_map(Value::from),
        any::<String>().prop_map(Value::from),
        proptest::sample::select(vec![
            "", " ", "0", "1", "123", " 42 ", "12.5", "-3", "1e3", "NaN"
        ])
        .prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        proptest::sample::select(vec![
            1e300,
            -1e300,
            0.5,
            -0.0,
            1e-310,
            9.007_199_254_740_993e15
        ])
        .prop_map(Value::from),
        (1..160usize).prop_map(|depth| (0..depth).fold(json!([]), |inner, _| json!([inner]))),
    ]
}

fn count_nodes(value: &Value) -> usize {
    1 + match value {
        Value::Array(items) => items.iter().map(count_nodes).sum(),
        Value::Object(fields) => fields.values().map(count_nodes).sum(),
        _ => 0,
    }
}

/// Replaces the node at pre-order position `n`; returns whether it was found.
fn replace_nth(value: &mut Value, n: &mut usize, with: &Value) -> bool {
    if *n == 0 {
        *value = with.clone();
        return true;
    }
    *n -= 1;
    match value {
        Value::Array(items) => items.iter_mut().any(|item| replace_nth(item, n, with)),
        Value::Object(fields) => fields.values_mut().any(|field| replace_nth(field, n, with)),
        _ => false,
    }
}

fn arbitrary_json() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        any::<f64>().prop_map(Value::from),
        any::<String>().prop_map(Value::from),
    ];
    leaf.prop_recursive(4, 48, 6, |inner| {
        let keys = proptest::sample::select(vec![
            "id",
            "items",
            "channels",
            "media",
            "forwarded_from",
            "participants_count",
            "viewsGrowth",
            "views",
            "mentions",
            "service_restrictions",
            "rkn_verification",
            "postId",
        ]);
        prop_oneof![
            proptest::collection::vec(inner.clone(), 0..6).prop_map(Value::from),
            proptest::collection::btree_map(keys, inner, 0..6).prop_map(|fields| {
                Value::Object(fields.into_iter().map(|(k, v)| (k.to_owned(), v)).collect())
            }),
        ]
    })
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        // Failures are reported in the test output; no regression files land in the tree.
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

#[test]
fn samples_are_valid_for_their_operation() {
    let mentions: KeywordMentionsResponse = serde_json::from_str(SAMPLES[0]).unwrap();
    assert_eq!(mentions.items[0].mentions_count, 2);
    assert_eq!(mentions.channels[0].participants_count, 10);
    let search: ChannelSearchResponse = serde_json::from_str(SAMPLES[1]).unwrap();
    assert_eq!(search.items[0].active_restrictions().len(), 2);
    let dynamics: SubscriberDynamicsResponse = serde_json::from_str(SAMPLES[2]).unwrap();
    assert_eq!(dynamics[1].participants_count, 8);
    let info: ChannelInfoResponse = serde_json::from_str(SAMPLES[3]).unwrap();
    assert!(info.rkn_verification.unwrap().is_active());
    let posts: MultiPostStatsResponse = serde_json::from_str(SAMPLES[4]).unwrap();
    assert_eq!(posts[0].views_count, 2);
    let stories: MultiStoryStatsResponse = serde_json::from_str(SAMPLES[5]).unwrap();
    assert_eq!((stories[0].story_id, stories[0].reactions_count), (9, 2));
    let stat: PostStatsResponse = serde_json::from_str(SAMPLES[6]).unwrap();
    assert_eq!(stat.views[0].views_growth, 12.5);
    assert_eq!(stat.mentions.len(), 2);
    let found: PostSearchResponse = serde_json::from_str(SAMPLES[7]).unwrap();
    let reposts: Vec<bool> = found.items.iter().map(|post| post.is_repost()).collect();
    assert_eq!(reposts, [true, false, true]);
    assert_eq!(
        found.items[2].media.as_ref().unwrap().size_bytes(),
        Some(11)
    );
}

proptest! {
    #![proptest_config(config(192))]

    #[test]
    fn arbitrary_bytes_never_panic(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        check_every_response(&bytes)?;
    }

    #[test]
    fn arbitrary_json_never_panics(value in arbitrary_json()) {
        check_every_response(value.to_string().as_bytes())?;
    }

    #[test]
    fn byte_damaged_samples_never_panic(
        sample in 0..SAMPLES.len(),
        edits in proptest::collection::vec(byte_edit(), 1..6),
    ) {
        let mut bytes = SAMPLES[sample].as_bytes().to_vec();
        for edit in &edits {
            apply(&mut bytes, edit);
        }
        check_every_response(&bytes)?;
    }

    #[test]
    fn value_swapped_samples_never_panic(
        sample in 0..SAMPLES.len(),
        swaps in proptest::collection::vec((any::<Index>(), replacement()), 1..4),
    ) {
        let mut value: Value = serde_json::from_str(SAMPLES[sample]).unwrap();
        for (at, with) in &swaps {
            let mut n = at.index(count_nodes(&value));
            prop_assert!(replace_nth(&mut value, &mut n, with));
        }
        check_every_response(value.to_string().as_bytes())?;
    }
}

/// Fifty posts of one post-search payload, each of its own shape.
fn fifty_posts() -> Value {
    let sample: Value = serde_json::from_str(SAMPLES[7]).unwrap();
    let items: Vec<Value> = (0..50)
        .map(|i| {
            let mut post = sample["items"][i % 3].clone();
            post["id"] = json!(i + 1);
            post
        })
        .collect();
    json!({"count": 50, "total_count": 900, "items": items, "channels": sample["channels"]})
}

proptest! {
    #![proptest_config(config(256))]

    /// Any value swapped anywhere inside one record leaves the other 49 readable: the record is
    /// read (the swap was harmless) or left out and counted, never the whole answer lost.
    #[test]
    fn a_damaged_record_among_50_leaves_the_others(
        record in 0..50usize,
        swaps in proptest::collection::vec((any::<Index>(), replacement()), 1..3),
    ) {
        let mut payload = fifty_posts();
        let target = &mut payload["items"][record];
        for (at, with) in &swaps {
            let mut n = at.index(count_nodes(target));
            prop_assert!(replace_nth(target, &mut n, with));
        }
        let found: PostSearchResponse = serde_json::from_str(&payload.to_string())
            .map_err(|e| TestCaseError::fail(format!("the whole answer failed: {e}")))?;
        prop_assert_eq!(found.items.sent(), 50);
        prop_assert!(found.items.len() >= 49);
        // The damaged record, if read, keeps its place; its own ID may be what was damaged.
        let mut ids: Vec<i64> = found.items.iter().map(|p| p.id).collect();
        if ids.len() == 50 {
            ids.remove(record);
        }
        let expected: Vec<i64> = (1..=50).filter(|&id| id != record as i64 + 1).collect();
        prop_assert_eq!(ids, expected);
    }
}

#[test]
fn a_record_that_cannot_be_read_is_counted_not_fatal() {
    for (field, bad) in [
        ("views", json!([1])),
        ("id", json!({"x": 1})),
        ("is_deleted", json!(2)),
    ] {
        let mut payload = fifty_posts();
        payload["items"][20][field] = bad;
        let found: PostSearchResponse = serde_json::from_str(&payload.to_string()).unwrap();
        assert_eq!(
            (found.items.len(), found.items.unreadable()),
            (49, 1),
            "{field}"
        );
        assert!(!found.items.iter().any(|p| p.id == 21));
    }
}
