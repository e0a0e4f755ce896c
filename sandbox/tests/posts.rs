//! The post operations: every identifier of a post, the statistics of one post (counters, growth,
//! reposts) and of several posts and stories.

mod common;

use chrono::{TimeZone, Utc};
use common::*;
use serde_json::Value;

const DAY: i64 = 86_400;

#[tokio::test]
async fn every_post_identifier_resolves_to_the_same_post() {
    let c = &ds().channels[rich_channel() as usize];
    let post = c.posts[2];
    let p = &ds().posts[post as usize];
    assert_eq!(p.message, 3);
    let expected = raw(&format!("/api/posts/stat?token=demo&postId={}", p.id)).await;
    for form in [
        format!("t.me/{}/3", c.usernames[0]),
        format!("https://t.me/{}/3", c.usernames[0]),
        format!("t.me/{}/3", c.usernames[1]),
        format!("t.me/c/{}/3", c.tg_id),
        format!("t.me/c/{}/3", c.id),
    ] {
        let body = raw(&format!("/api/posts/stat?token=demo&postId={}", enc(&form))).await;
        assert_eq!(body, expected, "{form}");
    }
    assert_eq!(
        error(&format!(
            "/api/posts/stat?token=demo&postId=t.me/{}/99999",
            c.usernames[0]
        ))
        .await,
        "post not found"
    );
}

/// The posts of a list of reposts or mentions that exist now.
fn existing(posts: &[u32]) -> Vec<u32> {
    posts
        .iter()
        .copied()
        .filter(|&i| ds().is_visible(i))
        .collect()
}

#[tokio::test]
async fn post_stats_counters_growth_and_reposts() {
    // An old post with reposts and mentions (reposts that exist now).
    let (source, reposts) = ds()
        .forwards
        .iter()
        .filter(|(s, _)| ds().posts[**s as usize].date < NOW - 20 * DAY)
        .map(|(&s, reposts)| (s, existing(reposts)))
        .filter(|(_, reposts)| !reposts.is_empty())
        .min_by_key(|(s, _)| *s)
        .unwrap();
    let p = &ds().posts[source as usize];
    let stats = ok(&format!("/api/posts/stat?token=demo&postId={}", p.id)).await;
    assert_eq!(stats["viewsCount"], ds().views(source));
    assert_eq!(stats["sharesCount"], p.shares);
    assert_eq!(stats["forwardsCount"], reposts.len());
    let first = &stats["forwards"][0];
    let repost = &ds().posts[reposts[0] as usize];
    assert_eq!(first["postId"], repost.id.to_string());
    assert_eq!(first["postDate"], repost.date);
    assert_eq!(
        first["channelId"],
        ds().channels[repost.channel as usize].id
    );
    assert!(first["postLink"].as_str().unwrap().starts_with("t.me/"));

    let number = |v: &Value| match v {
        Value::String(s) => s.parse::<u64>().unwrap(),
        other => other.as_u64().unwrap(),
    };
    let days = stats["views"].as_array().unwrap();
    assert_eq!(days.len(), 16, "publication day plus 15 more");
    let day = Utc
        .timestamp_opt(p.date, 0)
        .unwrap()
        .format("%Y-%m-%d")
        .to_string();
    assert_eq!(days[0]["date"], day);
    let summed: u64 = days.iter().map(|d| number(&d["viewsGrowth"])).sum();
    assert_eq!(summed, ds().views(source));

    let hourly = ok(&format!(
        "/api/posts/stat?token=demo&postId={}&group=hour",
        p.id
    ))
    .await;
    let hours = hourly["views"].as_array().unwrap();
    assert_eq!(hours.len(), 15 * 24 + 1);
    let hour = Utc
        .timestamp_opt(p.date, 0)
        .unwrap()
        .format("%Y-%m-%d %H:00")
        .to_string();
    assert_eq!(hours[0]["date"], hour);
    assert_eq!(
        hours.iter().map(|h| number(&h["viewsGrowth"])).sum::<u64>(),
        ds().views(source)
    );

    // A post linked from another one lists that mention.
    let (linked, by) = ds()
        .mentions
        .iter()
        .map(|(&s, by)| (s, existing(by)))
        .filter(|(_, by)| !by.is_empty())
        .min_by_key(|(s, _)| *s)
        .unwrap();
    let stats = ok(&format!(
        "/api/posts/stat?token=demo&postId={}",
        ds().posts[linked as usize].id
    ))
    .await;
    assert_eq!(stats["mentionsCount"], by.len());
    assert_eq!(
        stats["mentions"][0]["postId"],
        ds().posts[by[0] as usize].id.to_string()
    );
    // The numeric-string variant of viewsGrowth exists.
    let stringy = ds().posts[ds().visible()]
        .iter()
        .find(|p| p.id % 5 == 0)
        .unwrap();
    let stats = ok(&format!("/api/posts/stat?token=demo&postId={}", stringy.id)).await;
    assert!(stats["views"][0]["viewsGrowth"].is_string());
}

#[tokio::test]
async fn multi_stats_for_posts_and_stories() {
    let ch = (0..ds().channels.len())
        .find(|&i| ds().channels[i].posts.len() > 60)
        .unwrap();
    let c = &ds().channels[ch];
    let post_ids: Vec<u64> = c
        .posts
        .iter()
        .take(50)
        .map(|&p| ds().posts[p as usize].id)
        .collect();
    let list = |ids: &[u64]| ids.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
    let base = format!("/api/posts/stat-multi?token=demo&channelId={}", c.id);
    let stats = ok(&format!("{base}&postsIds={}", list(&post_ids))).await;
    let records = stats.as_array().unwrap();
    assert_eq!(records.len(), 50);
    for (record, &p) in records.iter().zip(&c.posts) {
        let post = &ds().posts[p as usize];
        assert_eq!(record["postId"], post.id);
        assert_eq!(record["viewsCount"], ds().views(p));
        assert_eq!(record["commentsCount"], post.comments);
        assert_eq!(record["reactionsCount"], post.reactions);
        assert_eq!(record["sharesCount"], post.shares);
    }
    let mut too_many = post_ids.clone();
    too_many.push(ds().posts[c.posts[50] as usize].id);
    assert_eq!(
        error(&format!("{base}&postsIds={}", list(&too_many))).await,
        "param postsIds must list at most 50 ids"
    );
    // A post of another channel is left out.
    let foreign = ds()
        .posts
        .iter()
        .find(|p| p.channel as usize != ch)
        .unwrap()
        .id;
    let mixed = ok(&format!("{base}&postsIds={},{foreign}", post_ids[0])).await;
    assert_eq!(mixed.as_array().unwrap().len(), 1);
    assert_eq!(
        error(&format!("{base}&postsIds=1,x")).await,
        "param postsIds is invalid"
    );

    let story = &ds().stories[0];
    let owner = ds().channels[story.channel as usize].id;
    let stories = ok(&format!(
        "/api/stories/stat-multi?token=demo&channelId={owner}&storiesIds={}",
        story.id
    ))
    .await;
    assert_eq!(stories[0]["storyId"], story.id);
    assert_eq!(stories[0]["viewsCount"], story.views);
    assert_eq!(stories[0]["sharesCount"], story.shares);
    assert_eq!(stories[0]["reactionsCount"], story.reactions);
    let many: Vec<u64> = (0..51).map(|i| story.id + i).collect();
    assert_eq!(
        error(&format!(
            "/api/stories/stat-multi?token=demo&channelId={owner}&storiesIds={}",
            list(&many)
        ))
        .await,
        "param storiesIds must list at most 50 ids"
    );
}
