//! A watch's history: a reading per check within the cap, the line of its chart, what each kind
//! of check measures, and the history carried through the watchlist file.

use chanscope::api::model::{KeywordMentionsResponse, MentionsByChannel};
use chanscope::figures::points::Point;
use chanscope::figures::watch_history::{
    history_series, with_reading, Figure, Reading, HISTORY_MAX,
};
use chanscope::watchlist::{export_json, import_json, CheckAnswer, Watch, WatchTarget};
use serde_json::json;

mod fixtures;

use fixtures::{post, post_at, search_watch, NOW};

fn channel_watch() -> Watch {
    Watch::new(
        "c".into(),
        "A channel".into(),
        WatchTarget::Channel {
            channel: "@a".into(),
        },
        NOW,
    )
}

fn mentions(counts: &[(i64, u64)]) -> KeywordMentionsResponse {
    KeywordMentionsResponse {
        items: counts
            .iter()
            .map(|&(channel_id, mentions_count)| MentionsByChannel {
                channel_id,
                mentions_count,
                ..MentionsByChannel::default()
            })
            .collect::<Vec<_>>()
            .into(),
        ..KeywordMentionsResponse::default()
    }
}

#[test]
fn the_oldest_reading_goes_past_the_cap() {
    // 365 readings at 0..=364, then two more: 367 in all, so the two oldest (0 and 1) go.
    let mut history = Vec::new();
    for at in 0..=366 {
        history = with_reading(history, Reading::channel(at, 100));
    }
    assert_eq!(HISTORY_MAX, 365);
    assert_eq!(history.len(), 365);
    assert_eq!(history[0].at, 2);
    assert_eq!(history[364].at, 366);
}

#[test]
fn three_checks_of_a_channel_leave_three_readings() {
    let watch = channel_watch()
        .checked(
            CheckAnswer::Channel {
                participants: 1_000,
            },
            NOW + 10,
        )
        .checked(
            CheckAnswer::Channel {
                participants: 1_050,
            },
            NOW + 20,
        )
        .checked(CheckAnswer::Channel { participants: 990 }, NOW + 30);
    assert_eq!(
        watch.history,
        [
            Reading::channel(NOW + 10, 1_000),
            Reading::channel(NOW + 20, 1_050),
            Reading::channel(NOW + 30, 990),
        ]
    );
    // 990 − 1 050 = −60 since the check before.
    assert_eq!(watch.news.subscriber_change, Some(-60));
}

#[test]
fn a_post_search_reading_counts_new_posts_and_the_most_views() {
    let first = [post(1, 5, NOW - 50, 300), post(2, 5, NOW - 40, 700)];
    let second = [
        post(2, 5, NOW - 40, 900),
        post(3, 5, NOW - 5, 20),
        post_at(4, NOW - 1),
    ];
    let watch = search_watch("s")
        .checked(CheckAnswer::Posts(&first), NOW)
        .checked(CheckAnswer::Posts(&second), NOW + 60)
        .checked(CheckAnswer::Posts(&[]), NOW + 120);
    // First check: a baseline, nothing new; its most viewed post has 700.
    // Second: posts 3 and 4 are new; the most views are post 2's 900.
    // Third: no post at all, so no most views.
    let expected = [
        (NOW, Some(0), Some(700)),
        (NOW + 60, Some(2), Some(900)),
        (NOW + 120, Some(0), None),
    ];
    let got: Vec<_> = watch
        .history
        .iter()
        .map(|r| (r.at, r.new_posts, r.top_views))
        .collect();
    assert_eq!(got, expected);
}

#[test]
fn new_mentions_are_the_rise_of_the_total() {
    let watch = Watch::new(
        "k".into(),
        "Brand".into(),
        WatchTarget::KeywordMentions {
            query: "q=brand".into(),
        },
        NOW,
    );
    let watch = watch
        .checked(CheckAnswer::Mentions(&mentions(&[(1, 4), (2, 6)])), NOW)
        .checked(
            CheckAnswer::Mentions(&mentions(&[(1, 9), (2, 6), (3, 2)])),
            NOW + 1,
        )
        .checked(CheckAnswer::Mentions(&mentions(&[(1, 3)])), NOW + 2);
    // Totals 4 + 6 = 10, then 9 + 6 + 2 = 17 (17 − 10 = 7 new), then 3 (fell: 0 new).
    let got: Vec<_> = watch
        .history
        .iter()
        .map(|r| (r.mentions, r.new_mentions))
        .collect();
    assert_eq!(
        got,
        [(Some(10), None), (Some(17), Some(7)), (Some(3), Some(0))]
    );
}

#[test]
fn the_chart_has_a_point_per_reading_of_its_figure() {
    let history = [
        Reading::channel(100, 40),
        Reading::posts(150, &[], 3),
        Reading::channel(200, 45),
    ];
    let series = history_series(&history, Figure::Subscribers, "Subscribers", |at| {
        format!("t{at}")
    });
    assert_eq!(series.name, "Subscribers");
    assert_eq!(
        series.points,
        [
            Point {
                x: 100.0,
                y: 40.0,
                label: "t100".into()
            },
            Point {
                x: 200.0,
                y: 45.0,
                label: "t200".into()
            },
        ]
    );
    let posts = history_series(&history, Figure::NewPosts, "New posts", |at| at.to_string());
    assert_eq!(posts.points.len(), 1);
    assert_eq!((posts.points[0].x, posts.points[0].y), (150.0, 3.0));
    // The posts reading had no post, so no most views: no point at all.
    let views = history_series(&history, Figure::TopViews, "Views", |at| at.to_string());
    assert!(views.points.is_empty());
}

#[test]
fn the_file_carries_the_history() {
    let watch = channel_watch()
        .checked(CheckAnswer::Channel { participants: 10 }, NOW + 1)
        .checked(CheckAnswer::Channel { participants: 12 }, NOW + 2);
    let text = export_json(std::slice::from_ref(&watch), NOW + 3);
    let file: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(
        file["watches"][0]["history"],
        json!([{"at": NOW + 1, "subscribers": 10}, {"at": NOW + 2, "subscribers": 12}])
    );
    assert_eq!(import_json(&text), Ok(vec![watch]));
}

#[test]
fn a_file_history_is_cut_to_the_newest_readings() {
    // 370 readings at 0..370: the newest 365 are at 5..370.
    let readings: Vec<_> = (0..370)
        .map(|at| json!({"at": at, "subscribers": 1}))
        .collect();
    let text = json!({"format": "chanscope-watchlist", "version": 1, "watches": [{
        "id": "c", "name": "n", "target": {"kind": "channel", "channel": "@a"},
        "created_at": 1, "history": readings,
    }]})
    .to_string();
    let watches = import_json(&text).unwrap();
    assert_eq!(watches[0].history.len(), 365);
    assert_eq!(watches[0].history[0].at, 5);
}
