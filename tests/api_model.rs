//! Decoding of every operation's `response` payload: spec-shaped samples field by field, then
//! each real-world variant the service is known to send.

use chanscope::api::model::{
    web_url, Channel, ChannelInfoResponse, ChannelSearchResponse, Forward, ForwardedFrom,
    KeywordMentionsResponse, Media, MentionsByChannel, MultiPostStatsResponse,
    MultiStoryStatsResponse, PeerKind, Post, PostMention, PostSearchResponse, PostStatRecord,
    PostStatsResponse, SubscriberCount, SubscriberDynamicsResponse,
};
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

#[test]
fn keyword_mentions_decodes_spec_sample() {
    let response: KeywordMentionsResponse = decode(json!({
        "items": [
            {"channel_id": 11, "mentions_count": 3, "views_count": 9400, "last_mention_date": 1_700_000_100},
            {"channel_id": 12, "mentions_count": 1, "views_count": 250, "last_mention_date": 1_699_990_000}
        ],
        "channels": [search_channel(12, "@second", 900), search_channel(11, "@first", 45_000)]
    }));
    assert_eq!(
        response.items[0],
        MentionsByChannel {
            channel_id: 11,
            mentions_count: 3,
            views_count: 9400,
            last_mention_date: 1_700_000_100,
        }
    );
    assert_eq!(response.items[1].channel_id, 12);
    assert_eq!(response.items[1].views_count, 250);

    let first = &response.channels[1];
    assert_eq!(first.id, 11);
    assert_eq!(first.tg_id, Some(1_000_000_011));
    assert_eq!(first.link, "t.me/first");
    assert_eq!(first.peer_type, Some(PeerKind::Chat));
    assert_eq!(first.username, "@first");
    assert_eq!(first.title, "Title of @first");
    assert_eq!(first.about, "about");
    assert_eq!(first.image100, "//static.tgstat.ru/a100.jpg");
    assert_eq!(first.image640, "//static.tgstat.ru/a640.jpg");
    assert_eq!(first.participants_count, 45_000);
    assert_eq!(first.ci_index, Some(3.5));
    assert!(first.service_restrictions.is_empty());
    assert_eq!(first.created_at, Some(1_600_000_000));
    // Fields of channel information only stay empty here.
    assert_eq!(first.category, None);
    assert_eq!(first.rkn_verification, None);
    assert!(first.active_usernames.is_empty());

    let joined: Vec<(i64, Option<&str>)> = response
        .joined()
        .into_iter()
        .map(|(item, channel)| (item.channel_id, channel.map(|c| c.username.as_str())))
        .collect();
    assert_eq!(joined, vec![(11, Some("@first")), (12, Some("@second"))]);
    assert_eq!(response.channel(99), None);
    assert_round_trip(&response);
}

#[test]
fn keyword_mentions_join_leaves_unmatched_items_without_channel() {
    let response: KeywordMentionsResponse = decode(json!({
        "items": [{"channel_id": 5, "mentions_count": 1, "views_count": 1, "last_mention_date": 1}],
        "channels": []
    }));
    assert_eq!(response.joined().len(), 1);
    assert_eq!(response.joined()[0].1, None);
}

#[test]
fn channel_search_decodes_spec_sample() {
    let response: ChannelSearchResponse = decode(json!({
        "count": 2,
        "items": [search_channel(301, "@alpha", 1200), search_channel(302, "@beta", 800)]
    }));
    assert_eq!(response.count, 2);
    assert_eq!(response.items.len(), 2);
    assert_eq!(response.items[0].id, 301);
    assert_eq!(response.items[0].username, "@alpha");
    assert_eq!(response.items[0].participants_count, 1200);
    assert_eq!(response.items[1].id, 302);
    assert_eq!(response.items[1].link, "t.me/beta");
    assert_eq!(response.items[1].tg_id, Some(1_000_000_302));
    assert_round_trip(&response);
}

#[test]
fn subscriber_dynamics_decodes_spec_sample() {
    let response: SubscriberDynamicsResponse = decode(json!([
        {"period": "2024-03-02", "participants_count": 15_230},
        {"period": "2024-03-01", "participants_count": 15_101},
        {"period": "2024-09", "participants_count": 14_000}
    ]));
    assert_eq!(
        response,
        vec![
            SubscriberCount {
                period: "2024-03-02".into(),
                participants_count: 15_230
            },
            SubscriberCount {
                period: "2024-03-01".into(),
                participants_count: 15_101
            },
            SubscriberCount {
                period: "2024-09".into(),
                participants_count: 14_000
            },
        ]
    );
    assert_round_trip(&response);
}

#[test]
fn channel_information_decodes_spec_sample() {
    let channel: ChannelInfoResponse = decode(channel_info_sample());
    assert_eq!(channel.id, 7041);
    assert_eq!(channel.tg_id, Some(1_002_003_004));
    assert_eq!(channel.link, "t.me/rustnews");
    assert_eq!(channel.peer_type, Some(PeerKind::Channel));
    assert_eq!(channel.username, "@rustnews");
    assert_eq!(channel.active_usernames, ["@rustnews", "@rust_news_ru"]);
    assert_eq!(channel.title, "Rust News");
    assert_eq!(channel.about, "Weekly digest.\nNo ads.");
    assert_eq!(channel.category.as_deref(), Some("Technology"));
    assert_eq!(channel.country.as_deref(), Some("Russia"));
    assert_eq!(channel.language.as_deref(), Some("Russian"));
    assert_eq!(channel.participants_count, 15_230);
    assert_eq!(channel.ci_index, Some(42.75));
    let rkn = channel.rkn_verification.as_ref().expect("verification");
    assert_eq!(rkn.status, "active");
    assert!(rkn.is_active());
    assert_eq!(rkn.url().as_deref(), Some("https://gosuslugi.ru/snet/abc"));
    assert!(channel.service_restrictions.is_empty());
    assert!(channel.active_restrictions().is_empty());
    assert_eq!(channel.created_at, Some(1_546_300_800));
    assert_eq!(channel.url().as_deref(), Some("https://t.me/rustnews"));
    assert_eq!(
        channel.image100_url().as_deref(),
        Some("https://static.tgstat.ru/channels/_100/ab/abc.jpg")
    );
    assert_eq!(
        channel.image640_url().as_deref(),
        Some("https://static.tgstat.ru/channels/_0/ab/abc.jpg")
    );
    assert_round_trip(&channel);
}

#[test]
fn posts_stat_multi_decodes_spec_sample() {
    let response: MultiPostStatsResponse = decode(json!([
        {"postId": 993_311_220, "viewsCount": 5120, "sharesCount": 12, "commentsCount": 4, "reactionsCount": 88},
        {"postId": 993_311_221, "viewsCount": 70, "sharesCount": 0, "commentsCount": 0, "reactionsCount": 1}
    ]));
    assert_eq!(
        response[0],
        PostStatRecord {
            post_id: 993_311_220,
            views_count: 5120,
            shares_count: 12,
            comments_count: 4,
            reactions_count: 88,
        }
    );
    assert_eq!(response[1].post_id, 993_311_221);
    assert_eq!(response[1].reactions_count, 1);
    let exported = serde_json::to_value(&response[0]).unwrap();
    assert_eq!(exported["postId"], 993_311_220);
    assert_eq!(exported["viewsCount"], 5120);
    assert_round_trip(&response);
}

#[test]
fn stories_stat_multi_decodes_spec_sample() {
    let response: MultiStoryStatsResponse = decode(json!([
        {"storyId": 55, "viewsCount": 3100, "sharesCount": 7, "reactionsCount": 19}
    ]));
    assert_eq!(response.len(), 1);
    assert_eq!(response[0].story_id, 55);
    assert_eq!(response[0].views_count, 3100);
    assert_eq!(response[0].shares_count, 7);
    assert_eq!(response[0].reactions_count, 19);
    assert_eq!(serde_json::to_value(&response[0]).unwrap()["storyId"], 55);
    assert_round_trip(&response);
}

#[test]
fn post_stat_decodes_spec_sample() {
    let response: PostStatsResponse = decode(json!({
        "viewsCount": 5120,
        "sharesCount": 12,
        "commentsCount": 4,
        "reactionsCount": 88,
        "forwardsCount": 2,
        "mentionsCount": 0,
        "forwards": [
            {"postId": "1000200", "postLink": "t.me/other/77", "postDate": 1_700_000_500, "channelId": 9001, "peerType": "channel"},
            {"postId": "1000201", "postLink": "t.me/chatty/5", "postDate": 1_700_000_900, "channelId": 9002, "peerType": "chat"}
        ],
        "mentions": [],
        "views": [
            {"date": "2023-11-14", "viewsGrowth": 4000},
            {"date": "2023-11-15", "viewsGrowth": 1120.5}
        ]
    }));
    let counts = (
        response.views_count,
        response.shares_count,
        response.comments_count,
        response.reactions_count,
        response.forwards_count,
        response.mentions_count,
    );
    assert_eq!(
        counts,
        (5120, 12, 4, 88, 2, 0),
        "views, shares, comments, reactions, forwards, mentions"
    );
    assert_eq!(
        response.forwards[0],
        Forward {
            post_id: "1000200".into(),
            post_link: "t.me/other/77".into(),
            post_date: 1_700_000_500,
            channel_id: 9001,
            peer_type: Some(PeerKind::Channel),
        }
    );
    assert_eq!(response.forwards[1].peer_type, Some(PeerKind::Chat));
    assert_eq!(
        response.forwards[0].url().as_deref(),
        Some("https://t.me/other/77")
    );
    assert!(response.mentions.is_empty());
    assert_eq!(response.views.len(), 2);
    assert_eq!(response.views[0].date, "2023-11-14");
    assert_eq!(response.views[0].views_growth, 4000.0);
    assert_eq!(response.views[1].views_growth, 1120.5);
    assert_round_trip(&response);
}

#[test]
fn post_search_decodes_spec_sample() {
    let response: PostSearchResponse = decode(json!({
        "count": 1,
        "total_count": 340,
        "items": [post_sample()],
        "channels": [{
            "id": 7041, "link": "t.me/rustnews", "username": "@rustnews", "title": "Rust News",
            "about": "digest", "image100": "//s.example/100.jpg", "image640": "//s.example/640.jpg",
            "participants_count": 15_230
        }]
    }));
    assert_eq!(response.count, 1);
    assert_eq!(response.total_count, 340);
    let post = &response.items[0];
    assert_eq!(post.id, 993_311_220);
    assert_eq!(post.date, 1_700_000_000);
    let counts = (
        post.views,
        post.shares_count,
        post.comments_count,
        post.reactions_count,
    );
    assert_eq!(
        counts,
        (5120, 12, 4, 88),
        "views, shares, comments, reactions"
    );
    assert_eq!(post.link, "t.me/rustnews/1450");
    assert_eq!(post.channel_id, 7041);
    assert_eq!(post.forwarded_from, None);
    assert!(!post.is_repost());
    assert!(!post.is_deleted);
    assert_eq!(post.text, "Rust <b>1.80</b> is out");
    assert_eq!(post.snippet, "<mark>Rust</mark> 1.80 is out");
    let media = post.media.as_ref().expect("media");
    assert_eq!(media.media_type, "mediaDocument");
    assert_eq!(media.mime_type.as_deref(), Some("video/mp4"));
    assert_eq!(media.size, Some(1_048_576));
    assert_eq!(media.size_bytes(), Some(1_048_576));
    assert_eq!(post.url().as_deref(), Some("https://t.me/rustnews/1450"));

    let channel = response.channel_of(post).expect("extended channel");
    assert_eq!(channel.username, "@rustnews");
    assert_eq!(channel.participants_count, 15_230);
    // Post search channels carry no citation index or creation date: not zero, absent.
    assert_eq!(channel.ci_index, None);
    assert_eq!(channel.created_at, None);
    assert_eq!(channel.tg_id, None);
    assert_eq!(channel.peer_type, None);
    assert_round_trip(&response);
}

#[test]
fn post_search_without_extended_has_no_channels() {
    let response: PostSearchResponse =
        decode(json!({"count": 1, "total_count": 1, "items": [post_sample()]}));
    assert!(response.channels.is_empty());
    assert_eq!(response.items[0].id, 993_311_220);
    assert_eq!(response.channel_of(&response.items[0]), None);

    let null_channels: PostSearchResponse =
        decode(json!({"count": 0, "total_count": 0, "items": null, "channels": null}));
    assert!(null_channels.items.is_empty());
    assert!(null_channels.channels.is_empty());
}

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
