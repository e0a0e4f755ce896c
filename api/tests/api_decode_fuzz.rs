//! No answer can panic the decoder: arbitrary bytes and mutated valid envelopes, through the
//! envelope into every operation's response type, give `Ok` or a typed `Err`.

use chanscope_api::envelope::decode;
use chanscope_api::ops::*;
use chanscope_api::{HttpResponse, Operation};
use proptest::prelude::*;

/// Decodes `body` as the answer of every operation; returns how many decoded successfully.
fn decode_all(status: u16, body: &str) -> usize {
    let answer = HttpResponse::new(status, body);
    fn one<O: Operation>(answer: &HttpResponse) -> usize {
        usize::from(decode::<O::Response>(answer).is_ok())
    }
    one::<KeywordMentions>(&answer)
        + one::<ChannelSearch>(&answer)
        + one::<SubscriberDynamics>(&answer)
        + one::<ChannelInfo>(&answer)
        + one::<MultiPostStats>(&answer)
        + one::<MultiStoryStats>(&answer)
        + one::<PostStats>(&answer)
        + one::<PostSearch>(&answer)
}

const VALID: &[&str] = &[
    r#"{"status":"ok","response":{"items":[{"channel_id":1,"mentions_count":3,"views_count":900,"last_mention_date":1700000000}],"channels":[{"id":1,"link":"t.me/a","username":"@a","title":"A","participants_count":10,"ci_index":1.5,"service_restrictions":[],"created_at":1600000000}]}}"#,
    r#"{"status":"ok","response":{"count":1,"items":[{"id":2,"tg_id":5,"peer_type":"chat","image100":"//static.example/a.jpg","service_restrictions":{"red_label":true}}]}}"#,
    r#"{"status":"ok","response":[{"period":"2024-01","participants_count":"1500"},{"period":"2023-52","participants_count":1490}]}"#,
    r#"{"status":"ok","response":{"id":3,"active_usernames":["@a","@b"],"rkn_verification":{"status":"active","link":"https://x"},"category":"Tech"}}"#,
    r#"{"status":"ok","response":[{"postId":1,"viewsCount":10,"sharesCount":1,"commentsCount":0,"reactionsCount":2}]}"#,
    r#"{"status":"ok","response":[{"storyId":1,"viewsCount":10,"sharesCount":1,"reactionsCount":2}]}"#,
    r#"{"status":"ok","response":{"viewsCount":100,"forwards":[{"postId":"55","postLink":"t.me/b/1","postDate":1700000000,"channelId":9,"peerType":"channel"}],"mentions":[],"views":[{"date":"2024-01-01 10:00","viewsGrowth":"12.5"}]}}"#,
    r#"{"status":"ok","response":{"count":1,"total_count":900,"items":[{"id":4,"date":1700000000,"forwarded_from":12,"is_deleted":0,"snippet":"<mark>nft</mark>","media":{"media_type":"photo","caption":"c","file_size":10}}],"channels":[]}}"#,
    r#"{"status":"error","error":"flood_control_10"}"#,
    r#"{"status":"pending"}"#,
];

fn fits<O: Operation>(body: &str) -> bool {
    let answer = HttpResponse::new(200, body);
    decode::<O::Response>(&answer).is_ok()
}

#[test]
fn the_valid_samples_decode_as_their_own_operation() {
    assert!(fits::<KeywordMentions>(VALID[0]));
    assert!(fits::<ChannelSearch>(VALID[1]));
    assert!(fits::<SubscriberDynamics>(VALID[2]));
    assert!(fits::<ChannelInfo>(VALID[3]));
    assert!(fits::<MultiPostStats>(VALID[4]));
    assert!(fits::<MultiStoryStats>(VALID[5]));
    assert!(fits::<PostStats>(VALID[6]));
    assert!(fits::<PostSearch>(VALID[7]));
    // An array is not an object response, nor an object an array response.
    assert!(!fits::<SubscriberDynamics>(VALID[1]));
    assert!(!fits::<PostSearch>(VALID[2]));
    assert_eq!(decode_all(200, VALID[8]), 0);
    assert_eq!(decode_all(200, VALID[9]), 0);
}

/// A small edit of a valid body: cut, insert, replace bytes, or swap a value for another kind.
fn mutate(body: &str, edit: u8, at: usize, with: &str) -> String {
    let bytes = body.as_bytes();
    let at = at % (bytes.len() + 1);
    let mut out = Vec::with_capacity(bytes.len() + with.len());
    match edit % 5 {
        0 => out.extend_from_slice(&bytes[..at]),
        1 => {
            out.extend_from_slice(&bytes[..at]);
            out.extend_from_slice(with.as_bytes());
            out.extend_from_slice(&bytes[at..]);
        }
        2 => {
            out.extend_from_slice(&bytes[..at]);
            out.extend_from_slice(with.as_bytes());
            out.extend_from_slice(bytes.get(at + with.len()..).unwrap_or_default());
        }
        3 => {
            return body.replacen('1', with, 1 + at % 3);
        }
        _ => {
            return body
                .replace(":[", &format!(":{with}["))
                .replace(":{", &format!(":{with}{{"));
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn replacement() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("null".to_string()),
        Just("[]".to_string()),
        Just("{}".to_string()),
        Just("\"x\"".to_string()),
        Just("1e400".to_string()),
        Just("-1".to_string()),
        Just("18446744073709551616".to_string()),
        Just("[[[[[[[[[[".to_string()),
        Just("\"\\ud800\"".to_string()),
        "[ -~]{0,12}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn arbitrary_bytes_never_panic(status in 100u16..600, bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        decode_all(status, &String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn mutated_envelopes_never_panic(
        sample in 0..VALID.len(),
        edit in any::<u8>(),
        at in any::<usize>(),
        with in replacement(),
        status in prop_oneof![Just(200u16), Just(500), Just(503)],
    ) {
        decode_all(status, &mutate(VALID[sample], edit, at, &with));
    }
}

#[test]
fn deep_nesting_is_refused_not_overflowed() {
    let deep = format!(
        "{{\"status\":\"ok\",\"response\":{}{}}}",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    let answer = HttpResponse::new(200, deep);
    // A list response is a list of one record nested too deep to read: left out and counted.
    let dynamics = decode::<<SubscriberDynamics as Operation>::Response>(&answer).unwrap();
    assert_eq!((dynamics.len(), dynamics.unreadable()), (0, 1));
    let stories = decode::<<MultiStoryStats as Operation>::Response>(&answer).unwrap();
    assert_eq!((stories.len(), stories.unreadable()), (0, 1));
    // Object responses fail as a whole, except keyword mentions: serde reads a struct from an
    // array as its fields in order, so its `items` is that one unreadable record.
    let mentions = decode::<<KeywordMentions as Operation>::Response>(&answer).unwrap();
    assert_eq!((mentions.items.len(), mentions.items.unreadable()), (0, 1));
    assert_eq!(decode_all(200, &answer.body), 4);
}

/// A post-search answer of 50 posts, split around post `record`: (before, the post, after).
fn fifty_posts_around(record: usize) -> (String, String, String) {
    let post = |id: usize| {
        format!(
            r#"{{"id":{id},"date":1700000000,"views":"{id}0","channel_id":1,"forwarded_from":null,"is_deleted":0,"text":"<b>t</b> {id}","media":{{"media_type":"photo","size":10}}}}"#
        )
    };
    let join = |ids: std::ops::Range<usize>| ids.map(post).collect::<Vec<_>>().join(",");
    let before = format!(
        r#"{{"status":"ok","response":{{"count":50,"total_count":50,"items":[{}{}"#,
        join(1..record + 1),
        if record > 0 { "," } else { "" }
    );
    let after = format!(
        r#"{}{}],"channels":[]}}}}"#,
        if record < 49 { "," } else { "" },
        join(record + 2..51)
    );
    (before, post(record + 1), after)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Damage inside one post of 50: while the post is still one JSON value the answer reads
    /// with the other 49 (the post read or counted as unreadable); when the damage breaks the
    /// JSON of the answer, the answer fails as a whole.
    #[test]
    fn a_damaged_post_among_50_leaves_the_others(
        record in 0..50usize,
        edit in any::<u8>(),
        at in any::<usize>(),
        with in replacement(),
    ) {
        let (before, post, after) = fifty_posts_around(record);
        let damaged = mutate(&post, edit % 4, at, &with);
        let body = format!("{before}{damaged}{after}");
        let decoded = decode::<<PostSearch as Operation>::Response>(&HttpResponse::new(200, &body));
        let one_value = serde_json::from_str::<serde::de::IgnoredAny>(&damaged).is_ok();
        let json = serde_json::from_str::<serde::de::IgnoredAny>(&body).is_ok();
        if one_value {
            let found = decoded.map_err(|e| TestCaseError::fail(format!("{e}: {damaged}")))?;
            prop_assert_eq!(found.items.sent(), 50);
            prop_assert!(found.items.len() >= 49);
            // The posts around the damaged one are all there, in order.
            let damaged_read = usize::from(found.items.len() == 50);
            let ids = |posts: &[chanscope_api::model::Post]| posts.iter().map(|p| p.id).collect::<Vec<_>>();
            prop_assert_eq!(ids(&found.items[..record]), (1..=record as i64).collect::<Vec<_>>());
            prop_assert_eq!(
                ids(&found.items[record + damaged_read..]),
                (record as i64 + 2..=50).collect::<Vec<_>>()
            );
        } else if !json {
            prop_assert!(decoded.is_err());
        }
    }
}

#[test]
fn how_often_a_damaged_post_costs_the_whole_answer() {
    use proptest::strategy::ValueTree;
    use proptest::test_runner::TestRunner;
    let mut runner = TestRunner::deterministic();
    let strategy = (0..50usize, any::<u8>(), any::<usize>(), replacement());
    // Of the damaged answers that are still JSON: kept at least 49 posts (of which the damaged
    // post was left out, which used to fail the whole answer), failed whole.
    let (mut kept, mut left_out, mut lost, mut broken) = (0, 0, 0, 0);
    for _ in 0..2000 {
        let (record, edit, at, with) = strategy.new_tree(&mut runner).unwrap().current();
        let (before, post, after) = fifty_posts_around(record);
        let body = format!("{before}{}{after}", mutate(&post, edit % 4, at, &with));
        let decoded = decode::<<PostSearch as Operation>::Response>(&HttpResponse::new(200, &body));
        if serde_json::from_str::<serde::de::IgnoredAny>(&body).is_err() {
            // Not JSON any more: nothing can be read, and nothing is.
            assert!(decoded.is_err());
            broken += 1;
        } else if let Some(found) = decoded.ok().filter(|found| found.items.len() >= 49) {
            kept += 1;
            left_out += found.items.unreadable();
        } else {
            lost += 1;
        }
    }
    println!(
        "still JSON: {kept} kept at least 49 of 50 posts ({left_out} with the damaged one left \
         out), {lost} did not; not JSON: {broken}"
    );
    assert_eq!(lost, 0);
    assert!(kept > 400 && left_out > 100, "{kept} {left_out}");
}
