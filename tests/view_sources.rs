//! The channels a post-search answer names but does not describe, each once, in order.

use chanscope::api::model::{Channel, PostSearchResponse};
use chanscope::view::sources::{channel, unknown_channels};

fn answer() -> PostSearchResponse {
    serde_json::from_str(
        r#"{"count": 5, "total_count": 5, "items": [
            {"id": 1, "channel_id": 10, "forwarded_from": 10072},
            {"id": 2, "channel_id": 10, "forwarded_from": null},
            {"id": 3, "channel_id": 11, "forwarded_from": 11},
            {"id": 4, "channel_id": 11, "forwarded_from": 10072},
            {"id": 5, "channel_id": 10, "forwarded_from": 10090}
        ], "channels": [
            {"id": 10, "title": "Ten"}, {"id": 11, "title": "Eleven"}
        ]}"#,
    )
    .unwrap()
}

#[test]
fn unknown_channels_are_listed_once_in_order() {
    // 10 and 11 are among the answer's channels; 10072 is reposted twice.
    assert_eq!(unknown_channels(&answer()), vec![10072, 10090]);
    // Without `extended` the posts' own channels are unknown too.
    let mut bare = answer();
    bare.channels = Default::default();
    assert_eq!(unknown_channels(&bare), vec![10, 10072, 11, 10090]);
}

#[test]
fn a_channel_is_found_among_the_answer_and_those_looked_up() {
    let answer = answer();
    let looked_up = [Channel {
        id: 10072,
        title: "Seventy-two".into(),
        ..Channel::default()
    }];
    assert_eq!(channel(&answer, &looked_up, 11).unwrap().title, "Eleven");
    assert_eq!(
        channel(&answer, &looked_up, 10072).unwrap().title,
        "Seventy-two"
    );
    assert_eq!(channel(&answer, &looked_up, 10090), None);
}
