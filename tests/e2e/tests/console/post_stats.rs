//! The statistics pages: several posts, several stories, and one post.

use std::sync::Arc;
use std::time::{Duration, Instant};

use chanscope_api::format::{format_rate, group_decimal, group_thousands, Locale};
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
    // ER and ERR of every row and the set's figures, computed here from the replayed answers:
    // the records and the channel's information (the base of ERR).
    let info = h.wait_sent(mark, "/channels/get").await?;
    let subscribers = int(&h.replay(&info).await?["participants_count"]) as f64;
    ensure(subscribers > 0.0, || {
        format!("{info} counts no subscribers")
    })?;
    let er = |r: &Value| {
        let interactions: i64 = ["sharesCount", "commentsCount", "reactionsCount"]
            .iter()
            .map(|k| int(&r[*k]))
            .sum();
        interactions as f64 / int(&r["viewsCount"]) as f64 * 100.0
    };
    let views: Vec<f64> = records
        .iter()
        .map(|r| int(&r["viewsCount"]) as f64)
        .collect();
    ensure(views.iter().all(|v| *v > 0.0), || {
        format!("a record has no views: {records:?}")
    })?;
    let mut expected_rows = serde_json::Map::new();
    for r in &records {
        let views = int(&r["viewsCount"]) as f64;
        expected_rows.insert(
            int(&r["postId"]).to_string(),
            serde_json::json!([
                format_rate(er(r), Locale::En),
                format_rate(views / subscribers * 100.0, Locale::En)
            ]),
        );
    }
    let shown_rows = h.browser.eval(ROW_RATES, vec![]).await?;
    ensure(shown_rows == Value::Object(expected_rows.clone()), || {
        format!("ER and ERR by post read {shown_rows}, not {expected_rows:?}")
    })?;
    let average = views.iter().sum::<f64>() / views.len() as f64;
    let mut sorted = views.clone();
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    let median = if sorted.len() % 2 == 1 {
        sorted[mid]
    } else {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    };
    let average_er = records.iter().map(er).sum::<f64>() / records.len() as f64;
    let expected = serde_json::json!([
        group_thousands(average.round() as i64, Locale::En),
        group_thousands(median.round() as i64, Locale::En),
        format_rate(average / subscribers * 100.0, Locale::En),
        format_rate(average_er, Locale::En),
    ]);
    let summary = h
        .browser
        .eval(
            "return [...document.querySelectorAll('.stats-summary dd')].slice(0, 4).map(d => d.innerText);",
            vec![],
        )
        .await?;
    ensure(summary == expected, || {
        format!("the set's figures read {summary}, not {expected}")
    })?;
    ensure(
        h.browser.count(".stats-table .cs-export-label").await? == 1,
        || "the set's figures have no export".into(),
    )?;
    h.browser.screenshot("multi-post-stats").await?;
    Ok(())
}

/// The ER and ERR cells of the stats table by row: `{id: [er, err]}`.
const ROW_RATES: &str = "
    const heads = [...document.querySelectorAll('.stats-table thead th')];
    const at = key => heads.findIndex(th => th.dataset.key === key);
    const [id, er, err] = [at('id'), at('er'), at('err')];
    const rows = {};
    for (const tr of document.querySelectorAll('.stats-table tbody tr')) {
        const cells = [...tr.children].map(td => td.innerText.trim());
        rows[cells[id]] = [cells[er], cells[err]];
    }
    return rows;";

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
    // Both batches' answers are on the page. The batches run at once, so the sandbox may see the
    // second first: the first batch is the one carrying the first ID typed.
    let first_typed = h.picks.post_ids[0];
    let carries_first = |uri: &String| {
        query_param(uri, "postsIds").is_some_and(|list| {
            list.split(',')
                .any(|id| id.trim().parse() == Ok(first_typed))
        })
    };
    let first_batch = sent.iter().find(|uri| carries_first(uri));
    let second_batch = sent.iter().find(|uri| !carries_first(uri));
    let (first_batch, second_batch) = first_batch
        .zip(second_batch)
        .ok_or_else(|| format!("no request without ID {first_typed}: {sent:?}"))?;
    let records = replayed_records(&h, second_batch).await?;
    let tail = records.last().ok_or("the second batch found nothing")?;
    let first = replayed_records(&h, first_batch).await?;
    let head = first.first().ok_or("the first batch found nothing")?;
    let (head_id, head_views) = (int(&head["postId"]).to_string(), exact(&head["viewsCount"]));
    let (tail_id, tail_views) = (int(&tail["postId"]).to_string(), exact(&tail["viewsCount"]));
    h.browser.wait_text(&[&head_id, &head_views]).await?;
    // The table draws its first 50 rows; the second batch's are drawn on request.
    h.browser
        .wait_text_in(".cs-table-more", &["Show all"])
        .await?;
    h.browser.click(".cs-table-more").await?;
    h.browser
        .wait_text(&[&head_id, &head_views, &tail_id, &tail_views])
        .await?;
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
    // Stories have no comments: ER counts shares and reactions; ERR is over the channel's
    // subscribers from its information.
    let info = h.wait_sent(mark, "/channels/get").await?;
    let subscribers = int(&h.replay(&info).await?["participants_count"]) as f64;
    let mut expected = serde_json::Map::new();
    for r in &records {
        let views = int(&r["viewsCount"]) as f64;
        let interactions = (int(&r["sharesCount"]) + int(&r["reactionsCount"])) as f64;
        expected.insert(
            int(&r["storyId"]).to_string(),
            serde_json::json!([
                format_rate(interactions / views * 100.0, Locale::En),
                format_rate(views / subscribers * 100.0, Locale::En)
            ]),
        );
    }
    let shown = h.browser.eval(ROW_RATES, vec![]).await?;
    ensure(shown == Value::Object(expected.clone()), || {
        format!("ER and ERR by story read {shown}, not {expected:?}")
    })?;
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
    post_stats_figures(&h, mark, &r).await?;
    // Reposts name their channels, from the channel information the sandbox gives for them.
    if let Some(forward) = r["forwards"].as_array().and_then(|f| f.first()) {
        let id = int(&forward["channelId"]).to_string();
        let asked = h
            .sent(mark, "/channels/get")
            .into_iter()
            .find(|uri| query_param(uri, "channelId").as_deref() == Some(id.as_str()))
            .ok_or_else(|| format!("the page never asked for the repost's channel {id}"))?;
        let channel = h.replay(&asked).await?;
        h.browser
            .wait_text_in("main table", &[&text(&channel["title"])])
            .await?;
    }
    h.browser.screenshot("post-stats").await?;
    Ok(())
}

/// ER, reach at 24 hours, ERR24 and the CPM of a typed price, computed here from the answers
/// the page replays: the post's counters `r`, its growth by hour and its channel's information.
async fn post_stats_figures(h: &Harness, mark: usize, r: &Value) -> Res<()> {
    let deadline = Instant::now() + chanscope_e2e::browser::WAIT;
    let hourly = loop {
        let by_hour = h
            .sent(mark, "/posts/stat")
            .into_iter()
            .find(|uri| query_param(uri, "group").as_deref() == Some("hour"));
        match by_hour {
            Some(uri) => break uri,
            None if Instant::now() > deadline => {
                return Err("the page never asked for the growth by hour".into())
            }
            None => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    };
    let mut growth: Vec<(String, f64)> = h.replay(&hourly).await?["views"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|g| {
            let views = g["viewsGrowth"]
                .as_f64()
                .or_else(|| text(&g["viewsGrowth"]).trim().parse().ok());
            (text(&g["date"]), views.unwrap_or(f64::NAN))
        })
        .collect();
    growth.sort_by(|a, b| a.0.cmp(&b.0));
    ensure(growth.len() >= 48, || {
        format!("{hourly} has {} hours of growth", growth.len())
    })?;
    // The records are consecutive hours from publication: the first 24 are the first day.
    let reach_24h: f64 = growth[..24].iter().map(|g| g.1).sum();
    // The post's own channel (the page also asks for the channels of reposts and mentions).
    let own = h.picks.channel.clone();
    let info = h
        .sent(mark, "/channels/get")
        .into_iter()
        .find(|uri| query_param(uri, "channelId").as_deref() == Some(own.as_str()))
        .ok_or_else(|| format!("the page never asked for {own}"))?;
    let subscribers = int(&h.replay(&info).await?["participants_count"]) as f64;
    let views = int(&r["viewsCount"]) as f64;
    let interactions: i64 = ["sharesCount", "commentsCount", "reactionsCount"]
        .iter()
        .map(|k| int(&r[*k]))
        .sum();
    let er = format_rate(interactions as f64 / views * 100.0, Locale::En);
    let reach = group_thousands(reach_24h.round() as i64, Locale::En);
    let err24 = format_rate(reach_24h.round() / subscribers * 100.0, Locale::En);
    h.browser.fill("ps-price", "1500 RUB").await?;
    let cpm = format!(
        "{} RUB",
        group_decimal(1_500.0 / (reach_24h / 1_000.0), 2, Locale::En)
    );
    let expected = serde_json::json!([er, reach, err24, cpm]);
    let deadline = Instant::now() + chanscope_e2e::browser::WAIT;
    loop {
        let shown = h.browser.eval(POST_FIGURES, vec![]).await?;
        if shown == expected {
            break;
        }
        if Instant::now() > deadline {
            return Err(format!("the post's figures read {shown}, not {expected}").into());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let url = h.browser.url().await?;
    ensure(url.contains("price=1500"), || {
        format!("the price is not in the address: {url}")
    })
}

/// ER, reach at 24 h, ERR24 and CPM at 24 h as the post-stats page shows them.
const POST_FIGURES: &str = "
    const dd = [...document.querySelectorAll('.post-figures dd')].map(d => d.innerText.trim());
    return [dd[0], dd[3], dd[5], dd[6]];";

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
