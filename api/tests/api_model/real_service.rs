//! What the real service sends beyond the spec: channels beside post statistics, `forwardsCount`
//! for a story's shares, link-preview media, and `group_id` on the posts of an album.

use super::{assert_round_trip, decode};
use chanscope_api::model::{Media, MultiStoryStatsResponse, PostSearchResponse, PostStatsResponse};
use serde_json::json;

#[test]
fn channels_beside_post_stats_name_reposts_and_mentions() {
    let stat: PostStatsResponse = decode(json!({
        "viewsCount": 120, "forwardsCount": 1,
        "forwards": [{"postId": "9", "postLink": "t.me/b/9", "postDate": 1, "channelId": 42}],
        "mentions": [{"channelId": 43}],
        "channels": [
            {"id": 42, "title": "Bee", "username": "@bee", "participants_count": "1500"},
            {"id": 43, "title": "Sea", "link": "t.me/sea"}
        ]
    }));
    assert_eq!(stat.channels.len(), 2);
    let source = stat.channels.by_id(stat.forwards[0].channel_id).unwrap();
    assert_eq!(
        (source.title.as_str(), source.participants_count),
        ("Bee", 1500)
    );
    let mentioner = stat
        .channels
        .by_id(stat.mentions[0].channel_id.unwrap())
        .unwrap();
    assert_eq!(mentioner.url().as_deref(), Some("https://t.me/sea"));
    assert!(stat.channels.by_id(7).is_none());
    assert_round_trip(&stat);
    // Without them, as the spec shows it.
    let plain: PostStatsResponse = decode(json!({"viewsCount": 1}));
    assert!(plain.channels.is_empty());
}

#[test]
fn story_shares_read_from_either_name() {
    let stories: MultiStoryStatsResponse = decode(json!([
        {"storyId": 1, "viewsCount": 10, "sharesCount": 4, "reactionsCount": 1},
        {"storyId": 2, "viewsCount": 10, "forwardsCount": "6", "reactionsCount": 1},
        {"storyId": 3, "viewsCount": 10, "sharesCount": 0, "forwardsCount": 5},
        {"storyId": 4, "viewsCount": 10}
    ]));
    let shares: Vec<u64> = stories.iter().map(|s| s.shares_count).collect();
    // The spec's name wins when both are sent.
    assert_eq!(shares, vec![4, 6, 0, 0]);
    // Exported under the spec's name.
    let exported = serde_json::to_value(&stories).unwrap();
    assert_eq!(exported[1]["sharesCount"], 6);
    assert!(exported[1].get("forwardsCount").is_none());
    assert_round_trip(&stories);
}

#[test]
fn link_previews_are_a_third_media_shape() {
    let found: PostSearchResponse = decode(json!({"items": [
        {"id": 1, "media": {"url": "example.com/a?b=1", "site_name": "Example",
            "title": "A page", "description": "About it"}},
        {"id": 2, "media": {"url": "javascript:alert(1)", "title": "Bad"}},
        {"id": 3, "media": {"media_type": "photo", "mime_type": "image/jpeg", "size": 5}}
    ]}));
    let preview = found.items[0].media.as_ref().unwrap();
    assert!(preview.is_link_preview());
    assert_eq!(
        preview.url_href().as_deref(),
        Some("https://example.com/a?b=1")
    );
    assert_eq!(
        (
            preview.site_name.as_deref(),
            preview.title.as_deref(),
            preview.description.as_deref()
        ),
        (Some("Example"), Some("A page"), Some("About it"))
    );
    let unsafe_link = found.items[1].media.as_ref().unwrap();
    assert!(unsafe_link.is_link_preview());
    assert_eq!(unsafe_link.url_href(), None);
    let photo = found.items[2].media.as_ref().unwrap();
    assert!(!photo.is_link_preview());
    assert_eq!(photo.size_bytes(), Some(5));
    assert!(!Media::default().is_link_preview());
    assert_round_trip(&found);
}

#[test]
fn group_id_marks_the_posts_of_an_album() {
    let found: PostSearchResponse = decode(json!({"items": [
        {"id": 1, "group_id": 13_579_246_810_u64},
        {"id": 2, "group_id": "13579246810"},
        {"id": 3, "group_id": null},
        {"id": 4, "group_id": 0},
        {"id": 5}
    ]}));
    let albums: Vec<Option<i64>> = found.items.iter().map(|p| p.album()).collect();
    assert_eq!(
        albums,
        vec![Some(13_579_246_810), Some(13_579_246_810), None, None, None]
    );
    assert_eq!(found.items[3].group_id, Some(0));
    assert_round_trip(&found);
}
