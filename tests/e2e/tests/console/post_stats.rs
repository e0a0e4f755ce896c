//! The statistics pages: several posts, several stories, and one post.

use std::sync::Arc;
use std::time::{Duration, Instant};

use chanscope_e2e::picks::BATCH_IDS;
use chanscope_e2e::{ensure, query_param, text, Harness, Res, Session, SEARCH_S_TOKEN};
use serde_json::Value;

use super::{exact, int, submit_form};

// ---- statistics of several posts and stories -----------------------------------------------

fn ids(list: &[u64]) -> String {
    list.iter()
        .map(u64::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Submits the picked channel and the IDs `list`, typed in the field labelled `field`, on a
/// multi-statistics `page`.
async fn submit_ids(h: &Harness, page: &str, field: &str, list: &[u64]) -> Res<usize> {
    let channel = h.picks.channel.clone();
    submit_form(h, page, &[("(channelId)", &channel), (field, &ids(list))]).await
}

/// The records the sandbox answers `uri` with.
async fn replayed_records(h: &Harness, uri: &str) -> Res<Vec<Value>> {
    Ok(h.replay(uri).await?.as_array().cloned().unwrap_or_default())
}

/// Waits until every record's ID (`id`) and views show, and so do the first record's counts
/// named in `first`, all as exact counts.
async fn wait_records(h: &Harness, records: &[Value], id: &str, first: &[&str]) -> Res<()> {
    let needles: Vec<String> = records
        .iter()
        .flat_map(|r| [int(&r[id]).to_string(), exact(&r["viewsCount"])])
        .chain(first.iter().map(|count| exact(&records[0][*count])))
        .collect();
    let needles: Vec<&str> = needles.iter().map(String::as_str).collect();
    h.browser.wait_text(&needles).await
}

pub(super) async fn multi_post_stats_shows_posts(h: Arc<Harness>) -> Res<()> {
    let posts = &h.picks.post_ids[..5];
    let mark = submit_ids(&h, "/multi-post-stats", "(postsIds)", posts).await?;
    let sent = h.wait_sent(mark, "/posts/stat-multi").await?;
    let records = replayed_records(&h, &sent).await?;
    ensure(records.len() == 5, || {
        format!("{sent} gave {} records", records.len())
    })?;
    wait_records(&h, &records, "postId", &["sharesCount", "reactionsCount"]).await?;
    h.browser.screenshot("multi-post-stats").await?;
    Ok(())
}

pub(super) async fn multi_post_stats_batches_over_50_ids(h: Arc<Harness>) -> Res<()> {
    let mark = submit_ids(&h, "/multi-post-stats", "(postsIds)", &h.picks.post_ids).await?;
    // Every ID is asked for once, in requests of at most 50.
    let deadline = Instant::now() + chanscope_e2e::browser::WAIT;
    let mut asked: Vec<u64>;
    let sent = loop {
        let sent = h.sent(mark, "/posts/stat-multi");
        asked = sent
            .iter()
            .filter_map(|uri| query_param(uri, "postsIds"))
            .flat_map(|list| {
                list.split(',')
                    .filter_map(|id| id.trim().parse().ok())
                    .collect::<Vec<u64>>()
            })
            .collect();
        if asked.len() >= BATCH_IDS || Instant::now() > deadline {
            break sent;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    ensure(sent.len() >= 2, || {
        format!(
            "{BATCH_IDS} IDs went out in {} request(s): {sent:?}",
            sent.len()
        )
    })?;
    for uri in &sent {
        let n = query_param(uri, "postsIds").map_or(0, |l| l.split(',').count());
        ensure(n <= 50, || format!("a request carries {n} IDs: {uri}"))?;
    }
    let mut sorted = asked.clone();
    sorted.sort_unstable();
    let mut expected = h.picks.post_ids.clone();
    expected.sort_unstable();
    ensure(sorted == expected, || {
        format!("the IDs asked for differ from the {BATCH_IDS} typed: {asked:?}")
    })?;
    // Both batches' answers are on the page: the last ID typed comes from the second.
    let last = sent.last().ok_or("no request")?;
    let records = replayed_records(&h, last).await?;
    let tail = records.last().ok_or("the second batch found nothing")?;
    let first = replayed_records(&h, &sent[0]).await?;
    let head = first.first().ok_or("the first batch found nothing")?;
    let needles = [
        int(&tail["postId"]).to_string(),
        exact(&tail["viewsCount"]),
        int(&head["postId"]).to_string(),
        exact(&head["viewsCount"]),
    ];
    let needles: Vec<&str> = needles.iter().map(String::as_str).collect();
    h.browser.wait_text(&needles).await?;
    h.browser.screenshot("multi-post-stats-60").await?;
    Ok(())
}

pub(super) async fn multi_story_stats_shows_stories(h: Arc<Harness>) -> Res<()> {
    let stories = &h.picks.story_ids;
    let mark = submit_ids(&h, "/multi-story-stats", "(storiesIds)", stories).await?;
    let sent = h.wait_sent(mark, "/stories/stat-multi").await?;
    let records = replayed_records(&h, &sent).await?;
    ensure(records.len() == stories.len(), || {
        format!("{sent} gave {} records", records.len())
    })?;
    wait_records(&h, &records, "storyId", &["reactionsCount"]).await?;
    h.browser.screenshot("multi-story-stats").await?;
    Ok(())
}

pub(super) async fn multi_story_stats_without_plan(h: Arc<Harness>) -> Res<()> {
    let session = Session {
        token: Some(SEARCH_S_TOKEN),
        locale: "en",
    };
    h.browser.open("/multi-story-stats", &session).await?;
    let mark = h.site.log.mark();
    h.browser.fill("(channelId)", &h.picks.channel).await?;
    h.browser
        .fill("(storiesIds)", &ids(&h.picks.story_ids))
        .await?;
    h.browser.submit().await?;
    let sent = h.wait_sent(mark, "/stories/stat-multi").await?;
    let (_, body) = chanscope_e2e::http::get(h.site.host_port(), &sent).await?;
    ensure(body.contains("no_active_subscription"), || {
        format!("the sandbox said {body}")
    })?;
    h.browser
        .wait_text_in(
            ".cs-banner-error",
            &["Your plan does not include this operation."],
        )
        .await?;
    h.browser.screenshot("multi-story-stats-no-plan").await?;
    Ok(())
}

// ---- statistics of one post ----------------------------------------------------------------

pub(super) async fn post_stats_shows_counters(h: Arc<Harness>) -> Res<()> {
    let link = h.picks.post_link.clone();
    let mark = submit_form(&h, "/post-stats", &[("(postId)", &link)]).await?;
    let sent = h.wait_sent(mark, "/posts/stat").await?;
    let r = h.replay(&sent).await?;
    let mut needles = vec![
        exact(&r["viewsCount"]),
        exact(&r["sharesCount"]),
        exact(&r["forwardsCount"]),
    ];
    if let Some(forward) = r["forwards"].as_array().and_then(|f| f.first()) {
        needles.push(text(&forward["postLink"]));
    }
    let needles: Vec<&str> = needles.iter().map(String::as_str).collect();
    h.browser.wait_text(&needles).await?;
    h.browser.wait_css("main svg").await?;
    h.browser.screenshot("post-stats").await?;
    Ok(())
}

pub(super) async fn post_stats_unknown_post(h: Arc<Harness>) -> Res<()> {
    let name = h.picks.channel.trim_start_matches('@').to_owned();
    let link = format!("t.me/{name}/999999");
    let mark = submit_form(&h, "/post-stats", &[("(postId)", &link)]).await?;
    let sent = h.wait_sent(mark, "/posts/stat").await?;
    let (_, body) = chanscope_e2e::http::get(h.site.host_port(), &sent).await?;
    ensure(body.contains("post not found"), || {
        format!("the sandbox said {body}")
    })?;
    h.browser
        .wait_text_in(".cs-banner-error", &["post not found"])
        .await
}
