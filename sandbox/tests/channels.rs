//! The channel operations: every identifier of a channel, channel search, subscriber dynamics
//! (periods and their formats) and keyword mentions per channel.

mod common;

use chrono::{TimeZone, Utc};
use common::*;
use serde_json::Value;

const DAY: i64 = 86_400;

#[tokio::test]
async fn every_channel_identifier_resolves_to_the_same_channel() {
    let c = &ds().channels[rich_channel() as usize];
    let main = &c.usernames[0];
    let forms = [
        format!("@{main}"),
        format!("t.me/{main}"),
        format!("https://t.me/{main}"),
        format!("t.me/joinchat/{}", c.invite),
        format!("https://t.me/joinchat/{}", c.invite),
        c.id.to_string(),
        format!("@{}", c.usernames[1]),
    ];
    let expected = raw(&format!("/api/channels/get?token=demo&channelId={}", c.id)).await;
    for form in forms {
        let body = raw(&format!(
            "/api/channels/get?token=demo&channelId={}",
            enc(&form)
        ))
        .await;
        assert_eq!(body, expected, "{form}");
    }
    let info: Value = serde_json::from_slice(&expected).unwrap();
    let info = &info["response"];
    assert_eq!(info["id"], c.id);
    assert_eq!(info["tg_id"], c.tg_id);
    assert_eq!(info["link"], format!("t.me/{main}"));
    assert_eq!(info["username"], format!("@{main}"));
    let names: Vec<String> = c.usernames.iter().map(|n| format!("@{n}")).collect();
    assert_eq!(info["active_usernames"], serde_json::json!(names));
    assert_eq!(info["category"], c.category);
    assert_eq!(info["country"], c.country);
    assert_eq!(info["language"], c.language);
    assert_eq!(
        info["participants_count"],
        ds().participants(rich_channel())
    );
    assert!(["active", "unknown"].contains(&info["rkn_verification"]["status"].as_str().unwrap()));
    assert!(info["service_restrictions"].is_array());
    // No Host header here: the sandbox's default address.
    assert_eq!(
        info["image640"],
        format!("//127.0.0.1:8090/avatars/{}-640.svg", c.id)
    );
    assert_eq!(
        info["image100"],
        format!("//127.0.0.1:8090/avatars/{}-100.svg", c.id)
    );
}

#[tokio::test]
async fn channel_search_filters_and_order() {
    let base = "/api/channels/search?token=demo&country=ru";
    let found = ok(&format!("{base}&category=politics&limit=100")).await;
    let expected = ds()
        .channels
        .iter()
        .filter(|c| {
            c.country == "ru"
                && c.language == "russian"
                && c.category == "politics"
                && c.peer == sandbox::dataset::Peer::Channel
        })
        .count();
    assert!(expected > 0);
    assert_eq!(found["count"], expected);
    let items = found["items"].as_array().unwrap();
    let sizes: Vec<u64> = items
        .iter()
        .map(|c| c["participants_count"].as_u64().unwrap())
        .collect();
    assert!(sizes.windows(2).all(|s| s[0] >= s[1]));
    assert_eq!(items[0].as_object().unwrap().len(), 13);
    assert!(items.iter().all(|c| c["peer_type"] == "channel"));
    assert_eq!(
        ok(&format!("{base}&category=politics&limit=1")).await["count"],
        1
    );

    let chats = ok(&format!("{base}&category=politics&peer_type=chat")).await;
    assert!(chats["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["peer_type"] == "chat"));
    let both = ok(&format!("{base}&category=politics&peer_type=all&limit=100")).await;
    assert_eq!(
        both["count"].as_u64().unwrap(),
        found["count"].as_u64().unwrap() + chats["count"].as_u64().unwrap()
    );

    // By title words with morphology; the description only on request.
    let title = ok(&format!("{base}&q={}&limit=100", enc("выборов"))).await;
    for c in title["items"].as_array().unwrap() {
        let title = c["title"].as_str().unwrap().to_lowercase();
        assert!(title.contains("выбор"), "{title}");
    }
    let described = ok(&format!(
        "{base}&q={}&search_by_description=1&limit=100",
        enc("выборов")
    ))
    .await;
    assert!(described["count"].as_u64().unwrap() > title["count"].as_u64().unwrap());
    let english =
        ok("/api/channels/search?token=demo&country=in&language=english&category=economics").await;
    for c in english["items"].as_array().unwrap() {
        let channel = channel_of_id(c["id"].as_u64().unwrap());
        assert_eq!((channel.country, channel.language), ("in", "english"));
    }
    assert!(english["count"].as_u64().unwrap() > 0);
    assert_eq!(
        error(&format!("{base}&category=politics&limit=101")).await,
        "param limit must be at most 100"
    );
}

#[tokio::test]
async fn subscriber_dynamics_periods() {
    let ch = rich_channel();
    let id = ds().channels[ch as usize].id;
    let base = format!("/api/channels/subscribers?token=demo&channelId={id}");
    let periods = |v: &Value| -> Vec<String> {
        v.as_array()
            .unwrap()
            .iter()
            .map(|r| r["period"].as_str().unwrap().to_owned())
            .collect()
    };
    // Default: last 10 days by day, newest first, the count at the end of each day.
    let days = ok(&base).await;
    let names = periods(&days);
    assert_eq!(names.len(), 11);
    assert_eq!(names[0], "2026-01-01");
    assert_eq!(names[10], "2025-12-22");
    assert_eq!(days[0]["participants_count"], ds().participants(ch));
    let end_of_dec_22 = Utc
        .with_ymd_and_hms(2025, 12, 23, 0, 0, 0)
        .unwrap()
        .timestamp()
        - 1;
    assert_eq!(
        days[10]["participants_count"],
        ds().participants_at(ch, end_of_dec_22).unwrap()
    );

    let hours = ok(&format!("{base}&group=hour")).await;
    let names = periods(&hours);
    assert_eq!(names.len(), 241);
    assert_eq!(names[0], "2026-01-01 00:00");
    assert_eq!(names[1], "2025-12-31 23:00");

    // Year end: 29-31 Dec 2025 belong to ISO week 1 of 2026 and read as "2025-01".
    let (s, e) = (
        Utc.with_ymd_and_hms(2025, 12, 15, 0, 0, 0)
            .unwrap()
            .timestamp(),
        Utc.with_ymd_and_hms(2025, 12, 31, 12, 0, 0)
            .unwrap()
            .timestamp(),
    );
    let weeks = ok(&format!("{base}&group=week&startDate={s}&endDate={e}")).await;
    assert_eq!(periods(&weeks), ["2025-01", "2025-52", "2025-51"]);
    let end_of_week_52 = Utc
        .with_ymd_and_hms(2025, 12, 29, 0, 0, 0)
        .unwrap()
        .timestamp()
        - 1;
    assert_eq!(
        weeks[1]["participants_count"],
        ds().participants_at(ch, end_of_week_52).unwrap()
    );

    let (s, e) = (NOW - 70 * DAY, NOW);
    let months = ok(&format!("{base}&group=month&startDate={s}&endDate={e}")).await;
    assert_eq!(
        periods(&months),
        ["2026-01", "2025-12", "2025-11", "2025-10"]
    );
    assert_eq!(
        error(&format!("{base}&group=year")).await,
        "param group must be one of hour, day, week, month"
    );
}

#[tokio::test]
async fn keyword_mentions_per_channel() {
    let q = enc("закон");
    let base = format!("/api/words/mentions-by-channels?token=demo&q={q}");
    let matching = posts_where(|w| w.iter().any(|f| loose(f, "закон")));
    let check = |v: &Value, from: i64, keep: &dyn Fn(&sandbox::dataset::Post) -> bool| {
        let expected: Vec<&u32> = matching
            .iter()
            .filter(|&&i| ds().posts[i as usize].date >= from && keep(&ds().posts[i as usize]))
            .collect();
        let items = v["items"].as_array().unwrap();
        let total: u64 = items
            .iter()
            .map(|i| i["mentions_count"].as_u64().unwrap())
            .sum();
        assert_eq!(total, expected.len() as u64);
        let views: u64 = expected.iter().map(|&&i| ds().views(i)).sum();
        assert_eq!(
            items
                .iter()
                .map(|i| i["views_count"].as_u64().unwrap())
                .sum::<u64>(),
            views
        );
        let last = expected
            .iter()
            .map(|&&i| ds().posts[i as usize].date)
            .max()
            .unwrap();
        assert_eq!(
            items
                .iter()
                .map(|i| i["last_mention_date"].as_i64().unwrap())
                .max()
                .unwrap(),
            last
        );
        let counts: Vec<u64> = items
            .iter()
            .map(|i| i["mentions_count"].as_u64().unwrap())
            .collect();
        assert!(counts.windows(2).all(|c| c[0] >= c[1]));
        let listed: Vec<u64> = items
            .iter()
            .map(|i| i["channel_id"].as_u64().unwrap())
            .collect();
        assert_eq!(ids(&v["channels"]), listed);
        assert_eq!(v["channels"][0].as_object().unwrap().len(), 13);
    };
    // The default period is the last 10 days.
    check(&ok(&base).await, NOW - 10 * DAY, &|_| true);
    let start = NOW - 60 * DAY;
    check(
        &ok(&format!("{base}&startDate={start}")).await,
        start,
        &|_| true,
    );
    check(
        &ok(&format!("{base}&startDate={start}&hideForwards=1")).await,
        start,
        &|p| p.forward_of.is_none(),
    );
    // With only an end, the 10 days before it.
    let end = NOW - 30 * DAY;
    let earlier = ok(&format!("{base}&endDate={end}")).await;
    let dates: Vec<i64> = earlier["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["last_mention_date"].as_i64().unwrap())
        .collect();
    assert!(!dates.is_empty());
    assert!(dates.iter().all(|d| (end - 10 * DAY..=end).contains(d)));
    let chats = ok(&format!("{base}&startDate={start}&peerType=chat")).await;
    for c in chats["channels"].as_array().unwrap() {
        assert_eq!(c["peer_type"], "chat");
    }
    assert!(!chats["items"].as_array().unwrap().is_empty());
    let strong = ok(&format!("{base}&startDate={start}&strongSearch=1")).await;
    let loose_all = ok(&format!("{base}&startDate={start}")).await;
    let sum = |v: &Value| -> u64 {
        v["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|i| i["mentions_count"].as_u64().unwrap())
            .sum()
    };
    assert!(sum(&strong) < sum(&loose_all));
    let minus = ok(&format!(
        "{base}&startDate={start}&minusWords={}",
        enc("депутат")
    ))
    .await;
    assert!(sum(&minus) < sum(&loose_all));
    let either = ok(&format!(
        "/api/words/mentions-by-channels?token=demo&startDate={start}&extendedSyntax=1&q={}",
        enc("закон | law")
    ))
    .await;
    let english = ok(&format!(
        "/api/words/mentions-by-channels?token=demo&startDate={start}&q=law"
    ))
    .await;
    assert_eq!(sum(&either), sum(&loose_all) + sum(&english));
}
