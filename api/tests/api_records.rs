//! One bad record does not lose the others: every list of every response is read record by
//! record, an unreadable record is left out and counted, and an envelope or a top-level shape
//! that cannot be read still fails as a whole.

mod common;

use chanscope_api::batch::fetch_in_batches;
use chanscope_api::envelope::decode;
use chanscope_api::model::{PostSearchResponse, Records};
use chanscope_api::ops::*;
use chanscope_api::{
    ChannelId, Client, ClientConfig, Error, HttpResponse, MemoryTransport, Operation,
};
use common::run;
use serde_json::{json, Value};

fn post(id: i64) -> Value {
    json!({
        "id": id, "date": 1_700_000_000 + id, "views": 1000 + id, "shares_count": 3,
        "comments_count": 1, "reactions_count": 9, "link": format!("t.me/a/{id}"),
        "channel_id": 1, "forwarded_from": null, "is_deleted": 0,
        "text": "Сегодня <b>новости</b>", "snippet": "<mark>новости</mark>",
        "media": {"media_type": "photo", "mime_type": "image/jpeg", "size": 10}
    })
}

/// A post search answer of 50 posts whose posts at `broken` carry `bad` in place of `field`.
fn search_answer(broken: &[usize], field: &str, bad: Value) -> String {
    let items: Vec<Value> = (0..50)
        .map(|i| {
            let mut post = post(i as i64 + 1);
            if broken.contains(&i) {
                post[field] = bad.clone();
            }
            post
        })
        .collect();
    json!({"status": "ok", "response": {
        "count": 50, "total_count": 900, "items": items,
        "channels": [{"id": 1, "title": "A"}, {"id": 2, "participants_count": true}]
    }})
    .to_string()
}

fn ok(body: String) -> HttpResponse {
    HttpResponse::new(200, body)
}

#[test]
fn one_bad_field_in_one_of_50_posts_leaves_49() {
    let answer = ok(search_answer(&[17], "views", json!(true)));
    let found = decode::<PostSearchResponse>(&answer).unwrap();
    assert_eq!(found.items.len(), 49);
    assert_eq!(found.items.unreadable(), 1);
    assert_eq!(found.items.sent(), 50);
    // The post with ID 18 (index 17) is the one left out; order is kept around it.
    let ids: Vec<i64> = found.items.iter().map(|p| p.id).collect();
    assert_eq!(&ids[15..18], &[16, 17, 19]);
    assert_eq!(found.total_count, 900);
    // A channel whose subscriber count is a boolean is left out of the channels the same way.
    assert_eq!((found.channels.len(), found.channels.unreadable()), (1, 1));
    assert_eq!(found.channels[0].title, "A");
}

#[test]
fn every_kind_of_unreadable_record_is_counted() {
    let cases = [
        ("views", json!(-5)),
        ("id", json!("twelve")),
        ("is_deleted", json!(2)),
        ("date", json!(1e300)),
        ("text", json!(false)),
    ];
    for (field, bad) in cases {
        let found =
            decode::<PostSearchResponse>(&ok(search_answer(&[0, 49, 7], field, bad))).unwrap();
        assert_eq!(
            (found.items.len(), found.items.unreadable()),
            (47, 3),
            "{field}"
        );
    }
    // Elements that are not records at all.
    let body = r#"{"status":"ok","response":{"items":[{"id":1},7,"x",null,true,{"id":2}]}}"#;
    let found = decode::<PostSearchResponse>(&ok(body.into())).unwrap();
    let ids: Vec<i64> = found.items.iter().map(|p| p.id).collect();
    assert_eq!((ids, found.items.unreadable()), (vec![1, 2], 4));
}

#[test]
fn a_readable_answer_reads_the_same_strictly_and_record_by_record() {
    let body = search_answer(&[], "views", Value::Null);
    let via_envelope = decode::<PostSearchResponse>(&ok(body.clone())).unwrap();
    let response = serde_json::from_str::<Value>(&body).unwrap()["response"].to_string();
    let direct: PostSearchResponse = serde_json::from_str(&response).unwrap();
    assert_eq!(via_envelope, direct);
    assert_eq!(via_envelope.items.len(), 50);
    assert_eq!(via_envelope.items.unreadable(), 0);
}

#[test]
fn exports_hold_the_readable_records() {
    let found = decode::<PostSearchResponse>(&ok(search_answer(&[3], "views", json!({})))).unwrap();
    let exported: Value = serde_json::to_value(&found).unwrap();
    assert_eq!(exported["items"].as_array().unwrap().len(), 49);
    // Read back, nothing is unreadable any more.
    let again: PostSearchResponse = serde_json::from_value(exported).unwrap();
    assert_eq!((again.items.len(), again.items.unreadable()), (49, 0));
}

#[test]
fn a_broken_envelope_or_top_level_shape_still_fails_whole() {
    let whole = search_answer(&[], "views", Value::Null);
    let cut = String::from_utf8_lossy(&whole.as_bytes()[..whole.len() / 2]).into_owned();
    assert_eq!(
        decode::<PostSearchResponse>(&ok(cut)),
        Err(Error::Incomplete)
    );
    let not_a_list = r#"{"status":"ok","response":{"items":{"id":1}}}"#;
    assert!(matches!(
        decode::<PostSearchResponse>(&ok(not_a_list.into())),
        Err(Error::Decode(m)) if m.starts_with("unexpected shape of the response")
    ));
    let bad_total = r#"{"status":"ok","response":{"total_count":true,"items":[{"id":1}]}}"#;
    assert!(matches!(
        decode::<PostSearchResponse>(&ok(bad_total.into())),
        Err(Error::Decode(_))
    ));
    let object_for_list = r#"{"status":"ok","response":{"period":"2024-01"}}"#;
    assert!(
        decode::<<SubscriberDynamics as Operation>::Response>(&ok(object_for_list.into())).is_err()
    );
}

#[test]
fn every_list_of_every_response_reads_record_by_record() {
    let bad = r#"{"x":1,"period":true,"participants_count":true,"postId":[1],"storyId":[1],"channel_id":"c","mentions_count":-1,"viewsGrowth":"many","date":[],"postDate":"x","id":"x"}"#;
    let body = |response: String| ok(format!(r#"{{"status":"ok","response":{response}}}"#));

    let dynamics = decode::<<SubscriberDynamics as Operation>::Response>(&body(format!(
        r#"[{{"period":"2024-01","participants_count":5}},{bad}]"#
    )))
    .unwrap();
    assert_eq!(
        (dynamics[0].participants_count, dynamics.unreadable()),
        (5, 1)
    );

    let posts = decode::<<MultiPostStats as Operation>::Response>(&body(format!(
        r#"[{bad},{{"postId":4,"viewsCount":9}}]"#
    )))
    .unwrap();
    assert_eq!((posts[0].post_id, posts.unreadable()), (4, 1));

    let stories = decode::<<MultiStoryStats as Operation>::Response>(&body(format!(
        r#"[{{"storyId":2,"forwardsCount":6}},{bad}]"#
    )))
    .unwrap();
    assert_eq!((stories[0].shares_count, stories.unreadable()), (6, 1));

    let mentions = decode::<<KeywordMentions as Operation>::Response>(&body(format!(
        r#"{{"items":[{bad},{{"channel_id":3,"mentions_count":2}}],"channels":[{bad},{{"id":3}}]}}"#
    )))
    .unwrap();
    assert_eq!(
        (mentions.items.unreadable(), mentions.channels.unreadable()),
        (1, 1)
    );
    assert_eq!(mentions.joined()[0].1.map(|c| c.id), Some(3));

    let channels = decode::<<ChannelSearch as Operation>::Response>(&body(format!(
        r#"{{"count":2,"items":[{bad},{{"id":8}}]}}"#
    )))
    .unwrap();
    assert_eq!((channels.items[0].id, channels.items.unreadable()), (8, 1));

    let stat = decode::<<PostStats as Operation>::Response>(&body(format!(
        r#"{{"viewsCount":10,"forwards":[{bad},{{"postId":"5","channelId":2}}],"mentions":[{bad}],
        "views":[{bad},{{"date":"2024-01-01 10:00","viewsGrowth":"3"}}],"channels":[{bad},{{"id":2}}]}}"#
    )))
    .unwrap();
    assert_eq!(stat.views_count, 10);
    assert_eq!((stat.forwards.len(), stat.forwards.unreadable()), (1, 1));
    // A mention is kept whatever its shape.
    assert_eq!((stat.mentions.len(), stat.mentions.unreadable()), (1, 0));
    assert_eq!(
        (stat.views[0].views_growth, stat.views.unreadable()),
        (3.0, 1)
    );
    assert_eq!((stat.channels.len(), stat.channels.unreadable()), (1, 1));
}

#[test]
fn batches_add_up_their_unreadable_records() {
    let transport = MemoryTransport::new();
    let batch = |ids: std::ops::Range<u64>, broken: u64| {
        let records: Vec<Value> = ids
            .map(|id| {
                let views = if id == broken { json!(true) } else { json!(id) };
                json!({"postId": id, "viewsCount": views})
            })
            .collect();
        Value::from(records).to_string()
    };
    transport.reply_ok(&batch(1..51, 10));
    transport.reply_ok(&batch(51..61, 55));
    let client = Client::new(transport.clone(), ClientConfig::default());
    let ids: Vec<u64> = (1..61).collect();
    let records = run(fetch_in_batches(&ids, 1, |batch| {
        let client = client.clone();
        async move {
            client
                .send(&MultiPostStats::new(ChannelId::Numeric(7), batch))
                .await
        }
    }))
    .unwrap();
    assert_eq!(
        (records.len(), records.unreadable(), records.sent()),
        (58, 2, 60)
    );
    assert!(!records.iter().any(|r| r.post_id == 10 || r.post_id == 55));
}

#[test]
fn records_behave_as_a_list() {
    let mut records = Records::with_unreadable(vec![1, 2], 1);
    assert_eq!(records.sent(), 3);
    records.append(Records::with_unreadable(vec![3], 2));
    assert_eq!((&records[..], records.unreadable()), (&[1, 2, 3][..], 3));
    let doubled = records.clone().map(|n| n * 2);
    assert_eq!(
        (doubled.into_vec(), records.unreadable()),
        (vec![2, 4, 6], 3)
    );
    assert_eq!(Records::from(vec![1]), vec![1]);
    assert_ne!(Records::with_unreadable(vec![1], 1), vec![1]);
    assert_eq!(serde_json::to_string(&records).unwrap(), "[1,2,3]");
}
