//! The known causes of a channel's rises: the one post search for its mentions, the mentions it
//! finds (by channels other than the channel itself), and the dated placements of tracked
//! campaigns that promote it.

use chanscope::api::model::{Channel, PostSearchResponse};
use chanscope::api::Operation;
use chanscope::campaigns::{placement_causes, Campaign, PlacementEntry, CAMPAIGN_VERSION};
use chanscope::figures::health::causes::{mention_search, mentions};
use chanscope::figures::health::Cause;
use chrono::{DateTime, NaiveDateTime};

fn at(s: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
}

#[test]
fn the_search_asks_for_the_link_or_the_username_over_the_days_before_now() {
    let now = DateTime::parse_from_rfc3339("2026-11-28T04:37:12Z")
        .unwrap()
        .to_utc();
    let search = mention_search("@pocket_finance_tips", 90, now).unwrap();
    let query = search.query();
    assert_eq!(
        query.get("q"),
        Some("t.me/pocket_finance_tips | @pocket_finance_tips")
    );
    assert_eq!(query.get("limit"), Some("50"));
    assert_eq!(query.get("extended"), Some("1"));
    assert_eq!(query.get("extendedSyntax"), Some("1"));
    // 90 days before, from the start of that hour: 2026-08-30 04:00 UTC.
    assert_eq!(query.get("startDate"), Some("1788062400"));
    assert!(search.validate().is_ok());
    assert_eq!(mention_search("  ", 90, now), None);
}

#[test]
fn mentions_are_other_channels_posts_with_their_names_and_views() {
    let answer: PostSearchResponse = serde_json::from_str(
        r#"{"count": 3, "total_count": 3,
            "items": [
              {"id": 1, "date": 1767225600, "views": 52000, "link": "t.me/bignews/77",
               "channel_id": 9, "text": "t.me/promo"},
              {"id": 2, "date": 1767229200, "views": 10, "link": "t.me/promo/5",
               "channel_id": 5, "text": "t.me/promo"},
              {"id": 3, "date": 1767232800, "views": 300, "link": "t.me/c/123/4",
               "channel_id": 11, "text": "@promo"}],
            "channels": [
              {"id": 9, "username": "@bignews", "title": "Big News"},
              {"id": 11, "username": "", "title": "A Private Club"}]}"#,
    )
    .unwrap();
    let found = mentions(&answer, 5);
    assert_eq!(
        found,
        vec![
            Cause {
                at: at("2026-01-01 00:00"),
                source: "@bignews".to_owned(),
                post: "https://t.me/bignews/77".to_owned(),
                views: Some(52_000),
                placement: false,
            },
            Cause {
                at: at("2026-01-01 02:00"),
                source: "A Private Club".to_owned(),
                post: "https://t.me/c/123/4".to_owned(),
                views: Some(300),
                placement: false,
            },
        ]
    );
}

fn placement(post: &str, date: &str) -> PlacementEntry {
    PlacementEntry {
        post: post.to_owned(),
        price: "1 500 ₽".to_owned(),
        date: date.to_owned(),
    }
}

#[test]
fn dated_placements_of_campaigns_for_the_channel_are_causes() {
    let channel: Channel =
        serde_json::from_str(r#"{"id": 5, "username": "@Promo", "title": "Promo"}"#).unwrap();
    let campaign = |id: &str, promoted: &str, placements| Campaign {
        version: CAMPAIGN_VERSION,
        id: id.to_owned(),
        name: format!("Campaign {id}"),
        promoted: promoted.to_owned(),
        placements,
    };
    let kept = [
        // By link, in another case: this channel. The undated placement cannot be placed.
        campaign(
            "a",
            "t.me/promo",
            vec![
                placement("t.me/bignews/77", "2026-11-20 14:00"),
                placement("t.me/othernews/3", ""),
            ],
        ),
        // By the service's ID: this channel too.
        campaign("b", "5", vec![placement("t.me/thirdnews/9", "2026-11-22")]),
        // Another channel.
        campaign(
            "c",
            "@someone_else",
            vec![placement("t.me/bignews/78", "2026-11-21 10:00")],
        ),
        // One that does not pass its check (no price) is left out whole.
        campaign(
            "d",
            "@promo",
            vec![PlacementEntry {
                price: String::new(),
                ..placement("t.me/bignews/79", "2026-11-23 10:00")
            }],
        ),
    ];
    let causes = placement_causes(&kept, &channel);
    let summary: Vec<(NaiveDateTime, &str, &str, bool)> = causes
        .iter()
        .map(|c| (c.at, c.source.as_str(), c.post.as_str(), c.placement))
        .collect();
    assert_eq!(
        summary,
        vec![
            (
                at("2026-11-20 14:00"),
                "Campaign a",
                "https://t.me/bignews/77",
                true
            ),
            (
                at("2026-11-22 00:00"),
                "Campaign b",
                "https://t.me/thirdnews/9",
                true
            ),
        ]
    );
}
