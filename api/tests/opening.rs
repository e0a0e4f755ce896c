//! The calls a page makes as it opens, read from its address alone: what the gateway preloads
//! with the page, and what channel info asks for itself.

use chanscope_api::opening::{channel_history, opening_calls, CHANNEL_HISTORY_DAYS};
use chanscope_api::ops::SubscriberDynamics;
use chanscope_api::{ChannelId, PeriodGroup};
use chrono::{DateTime, Utc};

/// 2026-11-23 17:44:10 UTC; 30 days before, rounded down to the hour, is 2026-10-24 17:00:00 UTC
/// (1792861200).
const NOW: i64 = 1_795_455_850;

fn at(secs: i64) -> DateTime<Utc> {
    DateTime::from_timestamp(secs, 0).unwrap()
}

fn calls(path: &str, query: &str) -> Vec<String> {
    opening_calls(path, query, at(NOW))
}

#[test]
fn channel_info_asks_for_the_channel_and_its_last_30_days_by_day() {
    assert_eq!(
        calls("/channel-info", "channel=%40deal_live975"),
        [
            "/channels/get?channelId=%40deal_live975",
            "/channels/subscribers?channelId=%40deal_live975&startDate=1792861200",
        ]
    );
}

#[test]
fn the_channel_is_read_as_the_page_reads_it() {
    // A link names the channel by its link, as the page sends it.
    assert_eq!(
        calls("/channel-info", "channel=https%3A%2F%2Ft.me%2Fdeal_live975"),
        [
            "/channels/get?channelId=t.me%2Fdeal_live975",
            "/channels/subscribers?channelId=t.me%2Fdeal_live975&startDate=1792861200",
        ]
    );
    // A bare name is a username; `+` in a query is a space, trimmed as the form trims it.
    assert_eq!(
        calls("/channel-info", "channel=+deal_live975+"),
        [
            "/channels/get?channelId=%40deal_live975",
            "/channels/subscribers?channelId=%40deal_live975&startDate=1792861200",
        ]
    );
    // The service's numeric ID, with a key the page does not read, and a trailing slash.
    assert_eq!(
        calls("/channel-info/", "utm_source=mail&channel=10090"),
        [
            "/channels/get?channelId=10090",
            "/channels/subscribers?channelId=10090&startDate=1792861200",
        ]
    );
}

#[test]
fn nothing_is_asked_where_the_page_asks_nothing() {
    // No query: the page shows its empty form.
    assert_eq!(calls("/channel-info", ""), Vec::<String>::new());
    // A channel the form refuses: the page says why and sends nothing.
    for refused in [
        "channel=",
        "channel=%40",
        "channel=%40a%20b",
        "channel=t.me%2Fname%2F12",
    ] {
        assert_eq!(
            calls("/channel-info", refused),
            Vec::<String>::new(),
            "{refused}"
        );
    }
    // Calls that name days of the visitor's zone, and addresses that are no page.
    for (path, query) in [
        ("/post-search", "q=news&period=7"),
        ("/subscriber-dynamics", "channel=%40deal_live975&period=30"),
        ("/", "channel=%40deal_live975"),
        ("/channel-infos", "channel=%40deal_live975"),
        ("/channel-info.html", "channel=%40deal_live975"),
    ] {
        assert_eq!(calls(path, query), Vec::<String>::new(), "{path}?{query}");
    }
}

#[test]
fn the_history_starts_on_the_hour_so_one_hour_of_visits_asks_the_same() {
    let start = |now: i64| -> Vec<String> {
        opening_calls("/channel-info", "channel=%40a_channel", at(now))
            .into_iter()
            .skip(1)
            .collect()
    };
    let hour = 1_795_453_200; // 2026-11-23 17:00:00 UTC
    let first = start(hour);
    assert_eq!(
        first,
        ["/channels/subscribers?channelId=%40a_channel&startDate=1792861200"]
    );
    assert_eq!(start(hour + 3599), first);
    assert_eq!(
        start(hour + 3600),
        ["/channels/subscribers?channelId=%40a_channel&startDate=1792864800"]
    );
}

#[test]
fn the_pages_history_is_the_one_preloaded() {
    let channel: ChannelId = "@deal_live975".parse().unwrap();
    let history: SubscriberDynamics = channel_history(&channel, at(NOW));
    assert_eq!(CHANNEL_HISTORY_DAYS, 30);
    assert_eq!(history.channel_id, channel);
    assert_eq!(history.group, PeriodGroup::Day);
    assert_eq!(history.start_date, Some(at(1_792_861_200)));
    assert_eq!(history.end_date, None);
}

#[test]
fn post_statistics_asks_for_the_post_by_day_and_by_hour_and_its_channel() {
    assert_eq!(
        calls("/post-stats", "post=t.me%2Fdeal_live975%2F12"),
        [
            "/posts/stat?postId=t.me%2Fdeal_live975%2F12",
            "/posts/stat?postId=t.me%2Fdeal_live975%2F12&group=hour",
            "/channels/get?channelId=%40deal_live975",
        ]
    );
    // Asked by hour, the first call is the hourly one; a numeric ID names no channel.
    assert_eq!(
        calls("/post-stats", "post=30010331&group=hour"),
        ["/posts/stat?postId=30010331&group=hour"]
    );
    // What the form refuses asks nothing.
    for refused in ["post=", "post=t.me%2Fname", "post=abc"] {
        assert_eq!(
            calls("/post-stats", refused),
            Vec::<String>::new(),
            "{refused}"
        );
    }
}

#[test]
fn subscriber_dynamics_asks_for_each_channel_over_the_default_period() {
    assert_eq!(
        calls("/subscriber-dynamics", "channel=%40alpha"),
        ["/channels/subscribers?channelId=%40alpha"]
    );
    // Comma-joined and repeated channels, each once, in order; the grouping as chosen ("day"
    // and anything unknown are the API's default).
    assert_eq!(
        calls(
            "/subscriber-dynamics/",
            "channel=%40alpha%2Ct.me%2Fbeta&channel=42&group=week"
        ),
        [
            "/channels/subscribers?channelId=%40alpha&group=week",
            "/channels/subscribers?channelId=t.me%2Fbeta&group=week",
            "/channels/subscribers?channelId=42&group=week",
        ]
    );
    assert_eq!(
        calls("/subscriber-dynamics", "channel=%40alpha&group=day"),
        ["/channels/subscribers?channelId=%40alpha"]
    );
    assert_eq!(
        calls("/subscriber-dynamics", "channel=%40alpha&group=hour"),
        ["/channels/subscribers?channelId=%40alpha&group=hour"]
    );
}

#[test]
fn subscriber_dynamics_of_a_day_or_a_refused_form_is_not_preloaded() {
    // A period is days in the visitor's zone; the rest the page refuses, and asks nothing.
    for unknown in [
        "channel=%40alpha&period=30",
        "channel=%40alpha&period=custom&startDate=2026-11-01",
        "channel=%40alpha&endDate=2026-11-01",
        "channel=",
        "channel=abc%20def",
        "channel=%40alpha%2C%40alpha",
        "channel=%40a1111%2C%40a2222%2C%40a3333%2C%40a4444%2C%40a5555%2C%40a6666",
    ] {
        assert_eq!(
            calls("/subscriber-dynamics", unknown),
            Vec::<String>::new(),
            "{unknown}"
        );
    }
    // Five channels are one chart's worth.
    assert_eq!(
        calls(
            "/subscriber-dynamics",
            "channel=%40a1111%2C%40a2222%2C%40a3333%2C%40a4444%2C%40a5555"
        )
        .len(),
        5
    );
}
