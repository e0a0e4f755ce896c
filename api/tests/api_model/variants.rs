//! Each real-world variant the service is known to send: numbers as strings, nulls, absent
//! fields, other shapes, unknown fields, both media shapes, and links of other schemes.

use chanscope_api::model::{
    web_url, Channel, Forward, ForwardedFrom, KeywordMentionsResponse, Media, PeerKind, Post,
    PostMention, PostStatRecord, PostStatsResponse, SubscriberCount, SubscriberDynamicsResponse,
};
use serde_json::json;

use super::{assert_round_trip, decode, decode_err, post_sample};

#[test]
fn numbers_sent_as_strings_are_read() {
    let counts: SubscriberDynamicsResponse = decode(json!([
        {"period": "2024-03-02 13:00", "participants_count": "1234"},
        {"period": "2024-10", "participants_count": " 42 "},
        {"period": "2024-11", "participants_count": 77.0}
    ]));
    assert_eq!(counts[0].participants_count, 1234);
    assert_eq!(counts[1].participants_count, 42);
    assert_eq!(counts[2].participants_count, 77);

    let growth: PostStatsResponse = decode(json!({
        "viewsCount": "5120",
        "views": [{"date": "2023-11-14 10:05", "viewsGrowth": "12.5"}, {"date": "2023-11-14 11:05", "viewsGrowth": " 7 "}]
    }));
    assert_eq!(growth.views_count, 5120);
    assert_eq!(growth.views[0].views_growth, 12.5);
    assert_eq!(growth.views[1].views_growth, 7.0);

    let channel: Channel =
        decode(json!({"id": "7041", "participants_count": "1e3", "ci_index": "4.25"}));
    assert_eq!(channel.id, 7041);
    assert_eq!(channel.participants_count, 1000);
    assert_eq!(channel.ci_index, Some(4.25));
}

#[test]
fn forward_post_id_reads_the_same_as_integer_or_string() {
    let as_string: Forward = decode(json!({"postId": "123", "channelId": "9001"}));
    let as_integer: Forward = decode(json!({"postId": 123, "channelId": 9001}));
    assert_eq!(as_string, as_integer);
    assert_eq!(as_integer.post_id, "123");
    assert_eq!(as_integer.channel_id, 9001);
    let as_float: Forward = decode(json!({"postId": 123.0}));
    assert_eq!(as_float.post_id, "123");
}

#[test]
fn nulls_read_as_empty() {
    let channel: Channel = decode(json!({
        "id": 1, "tg_id": null, "link": null, "peer_type": null, "username": null,
        "active_usernames": null, "title": null, "about": null, "category": null,
        "image100": null, "participants_count": null, "ci_index": null,
        "rkn_verification": null, "service_restrictions": null, "created_at": null
    }));
    assert_eq!(
        channel,
        Channel {
            id: 1,
            ..Channel::default()
        }
    );
    assert_eq!(channel.url(), None);
    assert_eq!(channel.image100_url(), None);

    let stats: PostStatsResponse =
        decode(json!({"forwards": null, "mentions": null, "views": null, "viewsCount": null}));
    assert_eq!(stats, PostStatsResponse::default());

    let growth: PostStatsResponse = decode(json!({"views": [{"date": null, "viewsGrowth": null}]}));
    assert_eq!(growth.views[0].date, "");
    assert_eq!(growth.views[0].views_growth, 0.0);
}

#[test]
fn absent_fields_take_defaults() {
    let post: Post = decode(json!({"id": 5}));
    assert_eq!(
        post,
        Post {
            id: 5,
            ..Post::default()
        }
    );
    assert_eq!(post.media, None);
    assert!(!post.is_repost());

    let empty: KeywordMentionsResponse = decode(json!({}));
    assert!(empty.items.is_empty() && empty.channels.is_empty());
    let record: PostStatRecord = decode(json!({"postId": 9}));
    assert_eq!(record.post_id, 9);
    assert_eq!(record.views_count, 0);
}

#[test]
fn empty_array_where_an_object_belongs_means_none() {
    let channel: Channel = decode(json!({"id": 3, "rkn_verification": []}));
    assert_eq!(channel.rkn_verification, None);
    let channel: Channel = decode(json!({"id": 3, "rkn_verification": {}}));
    assert_eq!(channel.rkn_verification, None);

    for empty in [json!(null), json!([]), json!({})] {
        let post: Post = decode(json!({"id": 1, "media": empty}));
        assert_eq!(post.media, None, "media {empty}");
    }
    let absent: Post = decode(json!({"id": 1}));
    assert_eq!(absent.media, None);
}

#[test]
fn an_object_field_of_another_shape_reads_as_none_and_the_rest_still_decodes() {
    for other in [
        json!("photo"),
        json!(7),
        json!(true),
        json!(["mediaPhoto", "image/jpeg"]),
    ] {
        let post: Post = decode(json!({"id": 1, "views": 12, "media": other, "text": "t"}));
        assert_eq!(post.media, None, "media {other}");
        assert_eq!((post.id, post.views, post.text.as_str()), (1, 12, "t"));
    }
    let channel: Channel = decode(json!({"id": 3, "rkn_verification": "active", "title": "T"}));
    assert_eq!(channel.rkn_verification, None);
    assert_eq!(channel.title, "T");
    // A repost's source is kept whatever its shape.
    let post: Post = decode(json!({"id": 1, "forwarded_from": ["x"]}));
    assert_eq!(
        post.forwarded_from,
        Some(ForwardedFrom::Other(json!(["x"])))
    );
}

#[test]
fn unknown_fields_are_ignored() {
    let mut sample = post_sample();
    sample["is_pinned"] = json!(true);
    sample["extra"] = json!({"nested": [1, 2, 3]});
    let post: Post = decode(sample);
    assert_eq!(post.id, 993_311_220);
    assert_eq!(post.views, 5120);

    let record: SubscriberCount =
        decode(json!({"period": "2024-W01", "participants_count": 3, "source": "cache"}));
    assert_eq!(record.participants_count, 3);
}

#[test]
fn both_media_shapes_are_read() {
    let first: Media =
        decode(json!({"media_type": "mediaPhoto", "mime_type": "image/jpeg", "size": 2048}));
    assert_eq!(first.media_type, "mediaPhoto");
    assert_eq!(first.mime_type.as_deref(), Some("image/jpeg"));
    assert_eq!(first.size_bytes(), Some(2048));
    assert_eq!(first.file_url, None);

    let second: Media = decode(json!({
        "media_type": "mediaDocument",
        "caption": "Slides",
        "file_size": "4096",
        "file_url": "//files.example/slides.pdf",
        "file_thumbnail_url": "javascript:alert(1)"
    }));
    assert_eq!(second.caption.as_deref(), Some("Slides"));
    assert_eq!(second.file_size, Some(4096));
    assert_eq!(second.size, None);
    assert_eq!(second.size_bytes(), Some(4096));
    assert_eq!(
        second.file_url_href().as_deref(),
        Some("https://files.example/slides.pdf")
    );
    assert_eq!(second.thumbnail_url_href(), None);
    assert_round_trip(&second);

    let mut sample = post_sample();
    sample["media"] = serde_json::to_value(&second).unwrap();
    let post: Post = decode(sample);
    assert_eq!(post.media, Some(second));
}

#[test]
fn forwarded_from_marks_reposts() {
    let by_integer: Post = decode(json!({"id": 1, "forwarded_from": 9001}));
    assert_eq!(
        by_integer.forwarded_from,
        Some(ForwardedFrom::Channel(9001))
    );
    assert_eq!(by_integer.forwarded_from_channel(), Some(9001));
    assert!(by_integer.is_repost());

    let by_string: Post = decode(json!({"id": 1, "forwarded_from": "9001"}));
    assert_eq!(by_string.forwarded_from_channel(), Some(9001));

    for none in [json!(null), json!([])] {
        let post: Post = decode(json!({"id": 1, "forwarded_from": none}));
        assert!(!post.is_repost(), "forwarded_from {none}");
    }

    let odd = json!({"title": "Somewhere", "id": "abc"});
    let unexpected: Post = decode(json!({"id": 1, "forwarded_from": odd}));
    assert!(unexpected.is_repost());
    assert_eq!(unexpected.forwarded_from_channel(), None);
    assert_eq!(
        unexpected.forwarded_from,
        Some(ForwardedFrom::Other(odd.clone()))
    );
    // Exported as sent, integer or not.
    assert_eq!(
        serde_json::to_value(&by_integer).unwrap()["forwarded_from"],
        9001
    );
    assert_eq!(
        serde_json::to_value(&unexpected).unwrap()["forwarded_from"],
        odd
    );
    assert_round_trip(&unexpected);
}

#[test]
fn restrictions_read_from_empty_object_or_array() {
    let none: Channel = decode(json!({"service_restrictions": [], "tgstat_restrictions": []}));
    assert!(none.service_restrictions.is_empty() && none.tgstat_restrictions.is_empty());

    let object: Channel =
        decode(json!({"tgstat_restrictions": {"red_label": true, "black_label": false}}));
    assert_eq!(object.tgstat_restrictions.len(), 1);
    assert_eq!(object.tgstat_restrictions[0]["red_label"], json!(true));
    assert_eq!(object.active_restrictions(), ["red_label"]);

    let array: Channel = decode(json!({
        "service_restrictions": [{"type": "scam", "reason": "reports"}, {}],
        "tgstat_restrictions": {"black_label": 1}
    }));
    assert_eq!(array.service_restrictions.len(), 1, "empty objects dropped");
    assert_eq!(array.service_restrictions[0]["type"], json!("scam"));
    let mut active = array.active_restrictions();
    active.sort_unstable();
    assert_eq!(active, ["black_label", "reason", "type"]);
    assert_round_trip(&array);

    let refused = decode_err::<Channel>(json!({"service_restrictions": ["scam"]}));
    assert!(refused.contains("expected a map"), "{refused}");
}

#[test]
fn out_of_range_numbers_are_refused_not_wrapped() {
    assert!(decode_err::<Post>(json!({"views": 1e300})).contains("out of range"));
    assert!(decode_err::<Post>(json!({"views": -1})).contains("out of range"));
    assert!(decode_err::<Post>(json!({"id": u64::MAX})).contains("out of range"));
    assert!(decode_err::<Post>(json!({"views": "99999999999999999999999"})).contains("range"));
    assert!(decode_err::<Post>(json!({"views": 12.5})).contains("not an integer"));
    assert!(decode_err::<Post>(json!({"views": "NaN"})).contains("not a finite number"));
    assert!(decode_err::<Post>(json!({"views": "many"})).contains("not a finite number"));
    assert!(decode_err::<Post>(json!({"views": [1]})).contains("invalid type"));
    assert!(decode_err::<Post>(json!({"views": true})).contains("not a number"));
    let widest: SubscriberCount = decode(json!({"participants_count": u64::MAX}));
    assert_eq!(widest.participants_count, u64::MAX);
    let negative_id: Channel = decode(json!({"tg_id": -1_001_234_567_890_i64}));
    assert_eq!(negative_id.tg_id, Some(-1_001_234_567_890));
}

#[test]
fn flags_read_from_integers_booleans_and_strings() {
    for (sent, expected) in [
        (json!(1), true),
        (json!("1"), true),
        (json!(true), true),
        (json!("true"), true),
        (json!(0), false),
        (json!("0"), false),
        (json!(false), false),
        (json!(null), false),
    ] {
        let post: Post = decode(json!({"is_deleted": sent}));
        assert_eq!(post.is_deleted, expected, "is_deleted {sent}");
    }
    assert!(decode_err::<Post>(json!({"is_deleted": 2})).contains("0 or 1"));
    assert!(decode_err::<Post>(json!({"is_deleted": "yes"})).contains("not a finite number"));
}

#[test]
fn unlisted_peer_type_is_kept() {
    let channel: Channel = decode(json!({"peer_type": "supergroup"}));
    assert_eq!(
        channel.peer_type,
        Some(PeerKind::Other("supergroup".into()))
    );
    assert_eq!(
        serde_json::to_value(&channel).unwrap()["peer_type"],
        "supergroup"
    );
    let chat: Forward = decode(json!({"peerType": "chat"}));
    assert_eq!(chat.peer_type.as_ref().map(PeerKind::as_str), Some("chat"));
}

#[test]
fn mentions_of_any_shape_are_kept() {
    let response: PostStatsResponse = decode(json!({
        "mentionsCount": 3,
        "mentions": [
            {"postId": 77, "postLink": "t.me/quoting/77", "postDate": "1700001000", "channelId": 31, "peerType": "channel", "note": "x"},
            {"post_link": "t.me/snake/1", "channel_id": [1]},
            "t.me/bare/2"
        ]
    }));
    assert_eq!(response.mentions_count, 3);
    let first: &PostMention = &response.mentions[0];
    assert_eq!(first.post_id.as_deref(), Some("77"));
    assert_eq!(first.post_date, Some(1_700_001_000));
    assert_eq!(first.channel_id, Some(31));
    assert_eq!(first.peer_type, Some(PeerKind::Channel));
    assert_eq!(first.url().as_deref(), Some("https://t.me/quoting/77"));
    assert_eq!(first.raw["note"], "x");

    let second = &response.mentions[1];
    assert_eq!(second.post_link.as_deref(), Some("t.me/snake/1"));
    assert_eq!(second.channel_id, None, "unreadable field reads as absent");

    let third = &response.mentions[2];
    assert_eq!(third.raw, json!("t.me/bare/2"));
    assert_eq!(third.post_link, None);
    assert_eq!(
        serde_json::to_value(&response).unwrap()["mentions"][2],
        "t.me/bare/2"
    );
    assert_round_trip(&response);
}

#[test]
fn web_url_adds_https_and_refuses_other_schemes() {
    for (accepted, expected) in [
        ("t.me/name", "https://t.me/name"),
        (" //static.example/a.jpg ", "https://static.example/a.jpg"),
        ("http://x.example/p", "http://x.example/p"),
        ("HTTPS://x.example", "HTTPS://x.example"),
        ("t.me:443/name", "https://t.me:443/name"),
        (
            "//127.0.0.1:8090/avatars/10003-100.svg",
            "http://127.0.0.1:8090/avatars/10003-100.svg",
        ),
        ("//localhost/a.svg", "http://localhost/a.svg"),
        ("//[::1]:8090/a.svg", "http://[::1]:8090/a.svg"),
        (
            "//127.0.0.1.example/a.jpg",
            "https://127.0.0.1.example/a.jpg",
        ),
        (
            "//localhost.example:80/a.jpg",
            "https://localhost.example:80/a.jpg",
        ),
    ] {
        assert_eq!(web_url(accepted).as_deref(), Some(expected), "{accepted:?}");
    }
    for refused in [
        "",
        "   ",
        "javascript:alert(1)",
        "JavaScript:alert(1)",
        "java\tscript:alert(1)",
        "data:image/png;base64,iVBORw0KGgo=",
        "vbscript:msgbox",
        "ftp://files.example/x",
        "https:no-slashes",
        "/relative/path",
        "///no-host",
        "https://",
        "t.me/a b",
    ] {
        assert_eq!(web_url(refused), None, "{refused:?}");
    }
}

#[test]
fn avatars_with_other_schemes_are_refused() {
    let channel: Channel = decode(json!({
        "link": "javascript:alert(document.cookie)",
        "image100": "javascript:alert(1)",
        "image640": "data:text/html,<script>alert(1)</script>"
    }));
    assert_eq!(channel.url(), None);
    assert_eq!(channel.image100_url(), None);
    assert_eq!(channel.image640_url(), None);
}
