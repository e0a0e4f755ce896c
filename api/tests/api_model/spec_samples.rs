//! Spec-shaped samples of every operation's `response`, decoded field by field.

use chanscope_api::model::{
    ChannelInfoResponse, ChannelSearchResponse, Forward, KeywordMentionsResponse,
    MentionsByChannel, MultiPostStatsResponse, MultiStoryStatsResponse, PeerKind,
    PostSearchResponse, PostStatRecord, PostStatsResponse, SubscriberCount,
    SubscriberDynamicsResponse,
};
use serde_json::json;

use super::{assert_round_trip, channel_info_sample, decode, post_sample, search_channel};

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
