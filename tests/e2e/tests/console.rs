//! The console end to end: every page against the in-process sandbox in headless Chromium.
//!
//! One browser serves every scenario, one after another; each scenario opens its page afresh
//! with the storage it needs. Run after building the console:
//! `CHANSCOPE_DIST=<root>/dist cargo test -p chanscope-e2e --test console`.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use chanscope::format::{compact, date_label, group_thousands, Locale};
use chanscope_e2e::picks::BATCH_IDS;
use chanscope_e2e::runner::Scenario;
use chanscope_e2e::{
    ensure, query_param, scenarios, strip_tags, text, Harness, HarnessOptions, Res, Session,
    SEARCH_S_TOKEN, SECRET_TOKEN,
};
use chrono::NaiveDate;
use serde_json::Value;

const SCENARIOS: &[(&str, Scenario)] = scenarios![
    keyword_mentions_shows_channels,
    keyword_mentions_requires_q,
    channel_search_shows_channels,
    channel_search_needs_q_or_category,
    subscriber_dynamics_shows_counts,
    subscriber_dynamics_refuses_bad_channel_id,
    channel_info_shows_card,
    channel_info_unknown_channel,
    multi_post_stats_shows_posts,
    multi_post_stats_batches_over_50_ids,
    multi_story_stats_shows_stories,
    multi_story_stats_without_plan,
    post_stats_shows_counters,
    post_stats_unknown_post,
    post_search_shows_posts,
    post_search_refuses_limit_over_50,
    deep_link_shows_results_without_submit,
    back_and_forward_restore_views,
    token_never_in_address_bar,
    missing_token_is_explained,
    russian_interface,
    unknown_route_shows_not_found,
];

fn main() -> ExitCode {
    chanscope_e2e::runner::main(SCENARIOS, HarnessOptions::default())
}

// ---- helpers -------------------------------------------------------------------------------

/// A count as tables and exact figures show it in English: `12,345`.
fn exact(n: &Value) -> String {
    group_thousands(int(n), Locale::En)
}

/// Numbers may come as numeric strings.
fn int(n: &Value) -> i64 {
    n.as_i64()
        .or_else(|| n.as_str().and_then(|s| s.trim().parse().ok()))
        .unwrap_or(i64::MIN)
}

/// The first `n` words of `text`: a fragment long enough to be specific and short enough not to
/// cross a line the page may have cut.
fn words(text: &str, n: usize) -> String {
    text.split_whitespace()
        .take(n)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Asserts the page sent nothing to `op` since `mark`, after giving it time to.
async fn assert_nothing_sent(h: &Harness, mark: usize, op: &str) -> Res<()> {
    tokio::time::sleep(Duration::from_millis(700)).await;
    let sent = h.sent(mark, op);
    ensure(sent.is_empty(), || {
        format!("an invalid form was sent anyway: {sent:?}")
    })
}

/// Opens `path` with the demo token, fills `fields` and submits.
async fn submit_form(h: &Harness, path: &str, fields: &[(&str, &str)]) -> Res<usize> {
    h.browser.open(path, &Session::DEMO).await?;
    let mark = h.site.log.mark();
    for (key, value) in fields {
        h.browser.fill(key, value).await?;
    }
    h.browser.submit().await?;
    Ok(mark)
}

// ---- keyword mentions ----------------------------------------------------------------------

async fn keyword_mentions_shows_channels(h: Arc<Harness>) -> Res<()> {
    let keyword = h.picks.keyword.clone();
    let mark = submit_form(&h, "/keyword-mentions", &[("(q)", &keyword)]).await?;
    let sent = h.wait_sent(mark, "/words/mentions-by-channels").await?;
    ensure(
        query_param(&sent, "q").as_deref() == Some(keyword.as_str()),
        || format!("the page asked {sent} for {keyword:?}"),
    )?;
    let response = h.replay(&sent).await?;
    let items = response["items"].as_array().cloned().unwrap_or_default();
    ensure(!items.is_empty(), || {
        format!("the sandbox found no mentions of {keyword:?}")
    })?;
    let first = &items[0];
    let channel = response["channels"]
        .as_array()
        .and_then(|cs| cs.iter().find(|c| c["id"] == first["channel_id"]))
        .ok_or("the response lacks the first item's channel")?;
    let title = text(&channel["title"]);
    let mentions: i64 = items.iter().map(|i| int(&i["mentions_count"])).sum();
    h.browser
        .wait_text_in(
            "main table",
            &[
                &title,
                &exact(&first["mentions_count"]),
                &exact(&first["views_count"]),
                &group_thousands(mentions, Locale::En),
            ],
        )
        .await?;
    h.browser
        .wait_text(&[&format!("{} channels", items.len())])
        .await?;
    let url = h.browser.url().await?;
    ensure(
        url.contains("/keyword-mentions?") && url.contains("q="),
        || format!("the form is not in the address: {url}"),
    )?;
    h.browser.screenshot("keyword-mentions").await?;
    h.browser.screenshot_at("keyword-mentions-360", 360).await?;
    Ok(())
}

async fn keyword_mentions_requires_q(h: Arc<Harness>) -> Res<()> {
    let mark = submit_form(&h, "/keyword-mentions", &[]).await?;
    h.browser
        .wait_text_in(".field-error", &["q is required"])
        .await?;
    assert_nothing_sent(&h, mark, "/words/mentions-by-channels").await
}

// ---- channel search ------------------------------------------------------------------------

async fn channel_search_shows_channels(h: Arc<Harness>) -> Res<()> {
    let (q, country) = (
        h.picks.channel_query.clone(),
        h.picks.channel_country.clone(),
    );
    let mark = submit_form(
        &h,
        "/channel-search",
        &[("(q)", &q), ("cs-country", &country)],
    )
    .await?;
    let sent = h.wait_sent(mark, "/channels/search").await?;
    let response = h.replay(&sent).await?;
    let items = response["items"].as_array().cloned().unwrap_or_default();
    ensure(!items.is_empty(), || {
        format!("the sandbox found no channel for {sent}")
    })?;
    let mut needles: Vec<String> = items.iter().take(3).map(|c| text(&c["title"])).collect();
    needles.push(compact(int(&items[0]["participants_count"])));
    needles.push(text(&items[0]["username"]));
    needles.push(format!("{} channels found", int(&response["count"])));
    let needles: Vec<&str> = needles.iter().map(String::as_str).collect();
    h.browser.wait_text(&needles).await?;
    ensure(
        h.browser.count(".channel-grid .cs-card").await? == items.len(),
        || format!("the grid should hold {} cards", items.len()),
    )?;
    h.browser.screenshot("channel-search").await?;
    Ok(())
}

async fn channel_search_needs_q_or_category(h: Arc<Harness>) -> Res<()> {
    let mark = submit_form(&h, "/channel-search", &[("cs-country", "ru")]).await?;
    // The spec's rule 1: at least one of q and category.
    h.browser
        .wait_text_in(".field-error", &["at least one is required"])
        .await?;
    assert_nothing_sent(&h, mark, "/channels/search").await?;
    // Rule 2 too: q shorter than 3 characters.
    h.browser.fill("(q)", "ab").await?;
    h.browser.submit().await?;
    h.browser
        .wait_text_in(".field-error", &["at least 3 characters"])
        .await?;
    assert_nothing_sent(&h, mark, "/channels/search").await
}

// ---- subscriber dynamics -------------------------------------------------------------------

async fn subscriber_dynamics_shows_counts(h: Arc<Harness>) -> Res<()> {
    let channel = h.picks.channel.clone();
    let mark = submit_form(&h, "/subscriber-dynamics", &[("(channelId)", &channel)]).await?;
    let sent = h.wait_sent(mark, "/channels/subscribers").await?;
    let response = h.replay(&sent).await?;
    let records = response.as_array().cloned().unwrap_or_default();
    ensure(records.len() >= 2, || format!("{sent} gave {response}"))?;
    // Newest first: the latest count and the earliest one of the period.
    let newest = &records[0];
    let oldest = &records[records.len() - 1];
    // Day periods (`Y-m-d`) are labelled as dates, e.g. `22 Nov 2026`.
    let label = |record: &Value| -> Res<String> {
        let day = NaiveDate::parse_from_str(&text(&record["period"]), "%Y-%m-%d")?;
        Ok(date_label(day, Locale::En))
    };
    let row = |record: &Value| -> Res<String> {
        Ok(format!(
            "{} {}",
            label(record)?,
            exact(&record["participants_count"])
        ))
    };
    // Each period's row reads its label and its count, newest and oldest alike.
    let (latest, earliest) = (row(newest)?, row(oldest)?);
    h.browser
        .wait_text_in("main table", &[&latest, &earliest])
        .await?;
    let net = int(&newest["participants_count"]) - int(&oldest["participants_count"]);
    let net = format!(
        "{}{}",
        if net > 0 { "+" } else { "" },
        group_thousands(net, Locale::En)
    );
    h.browser.wait_text(&[&net]).await?;
    h.browser.wait_css("main svg").await?;
    h.browser.screenshot("subscriber-dynamics").await?;
    h.browser
        .screenshot_at("subscriber-dynamics-360", 360)
        .await?;
    Ok(())
}

async fn subscriber_dynamics_refuses_bad_channel_id(h: Arc<Harness>) -> Res<()> {
    let mark = submit_form(
        &h,
        "/subscriber-dynamics",
        &[("(channelId)", "not a channel!")],
    )
    .await?;
    h.browser
        .wait_text_in(".field-error", &["channelId"])
        .await?;
    assert_nothing_sent(&h, mark, "/channels/subscribers").await
}

// ---- channel information -------------------------------------------------------------------

async fn channel_info_shows_card(h: Arc<Harness>) -> Res<()> {
    let channel = h.picks.channel.clone();
    let mark = submit_form(&h, "/channel-info", &[("(channelId)", &channel)]).await?;
    let sent = h.wait_sent(mark, "/channels/get").await?;
    let c = h.replay(&sent).await?;
    let needles = [
        text(&c["title"]),
        text(&c["username"]),
        compact(int(&c["participants_count"])),
        int(&c["id"]).to_string(),
        int(&c["tg_id"]).to_string(),
        text(&c["category"]),
    ];
    let needles: Vec<&str> = needles.iter().map(String::as_str).collect();
    h.browser.wait_text_in(".cs-card", &needles).await?;
    // The exact count is the compact figure's tooltip.
    let exact_title = h
        .browser
        .eval(
            "const e = document.querySelector('.cs-card .cs-num[title]'); return e ? e.title : '';",
            vec![],
        )
        .await?;
    let expected = exact(&c["participants_count"]);
    ensure(text(&exact_title) == expected, || {
        format!("the subscribers' tooltip reads {exact_title}, not {expected}")
    })?;
    h.browser.screenshot("channel-info").await?;
    h.browser.screenshot_at("channel-info-360", 360).await?;
    Ok(())
}

async fn channel_info_unknown_channel(h: Arc<Harness>) -> Res<()> {
    let unknown = h.picks.unknown_channel.clone();
    let mark = submit_form(&h, "/channel-info", &[("(channelId)", &unknown)]).await?;
    let sent = h.wait_sent(mark, "/channels/get").await?;
    // What the service says about it, as the page should pass it on.
    let (_, body) = chanscope_e2e::http::get(h.site.host_port(), &sent).await?;
    let message = serde_json::from_str::<Value>(&body)?["error"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    ensure(message.contains("not found"), || {
        format!("the sandbox said {body}")
    })?;
    h.browser
        .wait_text_in(".cs-banner-error", &[&message])
        .await?;
    ensure(h.browser.count(".cs-card").await? == 0, || {
        "a card is shown for an unknown channel".into()
    })
}

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

async fn multi_post_stats_shows_posts(h: Arc<Harness>) -> Res<()> {
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

async fn multi_post_stats_batches_over_50_ids(h: Arc<Harness>) -> Res<()> {
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

async fn multi_story_stats_shows_stories(h: Arc<Harness>) -> Res<()> {
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

async fn multi_story_stats_without_plan(h: Arc<Harness>) -> Res<()> {
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

async fn post_stats_shows_counters(h: Arc<Harness>) -> Res<()> {
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

async fn post_stats_unknown_post(h: Arc<Harness>) -> Res<()> {
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

// ---- post search ---------------------------------------------------------------------------

async fn post_search_shows_posts(h: Arc<Harness>) -> Res<()> {
    let keyword = h.picks.keyword.clone();
    let mark = submit_form(
        &h,
        "/post-search",
        &[("(q)", &keyword), ("(extended)", "true")],
    )
    .await?;
    let sent = h.wait_sent(mark, "/posts/search").await?;
    ensure(
        query_param(&sent, "extended").as_deref() == Some("1"),
        || format!("the extended box did not reach the request: {sent}"),
    )?;
    let r = h.replay(&sent).await?;
    let items = r["items"].as_array().cloned().unwrap_or_default();
    ensure(!items.is_empty(), || format!("{sent} found nothing"))?;
    let first = &items[0];
    let channel = r["channels"]
        .as_array()
        .and_then(|cs| cs.iter().find(|c| c["id"] == first["channel_id"]))
        .ok_or("the extended response lacks the first post's channel")?;
    let fragment = words(&strip_tags(&text(&first["snippet"])), 4);
    let needles = [
        fragment,
        text(&channel["title"]),
        format!("Showing 1–{} of {}", items.len(), exact(&r["total_count"])),
    ];
    let needles: Vec<&str> = needles.iter().map(String::as_str).collect();
    h.browser.wait_text(&needles).await?;
    // Counters are compact, with the exact figure as the tooltip.
    let views = h
        .browser
        .eval(
            "const d = document.querySelector('.post-list > li .post-counter dd');
             return d ? [d.innerText, d.title] : null;",
            vec![],
        )
        .await?;
    let expected = serde_json::json!([compact(int(&first["views"])), exact(&first["views"])]);
    ensure(views == expected, || {
        format!("the first post's views read {views}, not {expected}")
    })?;
    ensure(
        h.browser.count(".post-list > li").await? == items.len(),
        || format!("the list should hold {} posts", items.len()),
    )?;
    // The search word is marked in the snippets, and only allowed markup is there.
    h.browser.wait_css("main .post-snippet mark").await?;
    ensure(
        h.browser.count("main script, main iframe").await? == 0,
        || "untrusted text brought in script or iframe elements".into(),
    )?;
    h.browser.screenshot("post-search").await?;
    h.browser.screenshot_at("post-search-360", 360).await?;
    Ok(())
}

async fn post_search_refuses_limit_over_50(h: Arc<Harness>) -> Res<()> {
    let keyword = h.picks.keyword.clone();
    let mark = submit_form(&h, "/post-search", &[("(q)", &keyword), ("(limit)", "51")]).await?;
    h.browser.wait_text_in(".field-error", &["50"]).await?;
    assert_nothing_sent(&h, mark, "/posts/search").await
}

// ---- across pages --------------------------------------------------------------------------

async fn deep_link_shows_results_without_submit(h: Arc<Harness>) -> Res<()> {
    let channel = h.picks.channel.clone();
    let c = h
        .replay(&format!(
            "/api/channels/get?token=demo&channelId={}",
            channel.replace('@', "%40")
        ))
        .await?;
    let mark = h.site.log.mark();
    h.browser
        .open(
            &format!("/channel-info?channel={}", channel.replace('@', "%40")),
            &Session::DEMO,
        )
        .await?;
    h.browser
        .wait_text_in(
            ".cs-card",
            &[&text(&c["title"]), &compact(int(&c["participants_count"]))],
        )
        .await?;
    h.wait_sent(mark, "/channels/get").await?;
    // The form shows what the link asked for.
    let value = h
        .browser
        .eval(
            "return document.getElementById('ci-channel').value;",
            vec![],
        )
        .await?;
    ensure(text(&value) == channel, || {
        format!("the field shows {value}")
    })?;

    // A keyword-mentions link, with the advanced flag it carries.
    let keyword = h.picks.keyword.clone();
    let mark = h.site.log.mark();
    h.browser
        .open(
            &format!("/keyword-mentions?q={keyword}&hideForwards=true"),
            &Session::DEMO,
        )
        .await?;
    let sent = h.wait_sent(mark, "/words/mentions-by-channels").await?;
    ensure(
        query_param(&sent, "hideForwards").as_deref() == Some("1"),
        || format!("the link's hideForwards was not sent: {sent}"),
    )?;
    let r = h.replay(&sent).await?;
    let first = r["items"].get(0).ok_or("no mentions")?;
    h.browser
        .wait_text_in("main table", &[&exact(&first["mentions_count"])])
        .await
}

async fn back_and_forward_restore_views(h: Arc<Harness>) -> Res<()> {
    let first = h.picks.channel.clone();
    let second = {
        let ds = &h.state.dataset;
        let c = ds
            .channels
            .iter()
            .find(|c| !c.usernames.is_empty() && format!("@{}", c.usernames[0]) != first)
            .ok_or("no second channel")?;
        format!("@{}", c.usernames[0])
    };
    let title_of = |name: &str| {
        let ds = &h.state.dataset;
        ds.channel_by_username(name.trim_start_matches('@'))
            .map(|i| ds.channels[i as usize].title.clone())
            .unwrap_or_default()
    };
    let (a, b) = (title_of(&first), title_of(&second));
    submit_form(&h, "/channel-info", &[("(channelId)", &first)]).await?;
    h.browser.wait_text_in(".cs-card-title", &[&a]).await?;
    h.browser.fill("(channelId)", &second).await?;
    h.browser.submit().await?;
    h.browser.wait_text_in(".cs-card-title", &[&b]).await?;
    h.browser.back().await?;
    h.browser.wait_text_in(".cs-card-title", &[&a]).await?;
    let url = h.browser.url().await?;
    ensure(
        url.contains(&first.replace('@', "%40")) || url.contains(&first),
        || format!("back shows {url}"),
    )?;
    h.browser.forward().await?;
    h.browser.wait_text_in(".cs-card-title", &[&b]).await?;
    // Back to the bare page: no card, the intro again.
    h.browser.back().await?;
    h.browser.back().await?;
    h.browser
        .wait_text(&["Enter a channel or chat to see its card."])
        .await?;
    ensure(h.browser.count(".cs-card").await? == 0, || {
        "the bare page still shows a card".into()
    })
}

async fn token_never_in_address_bar(h: Arc<Harness>) -> Res<()> {
    let session = Session {
        token: Some(SECRET_TOKEN),
        locale: "en",
    };
    let mark = h.site.log.mark();
    let mut seen = Vec::new();
    h.browser.open("/channel-info", &session).await?;
    h.browser.fill("(channelId)", &h.picks.channel).await?;
    h.browser.submit().await?;
    h.browser.wait_css(".cs-card").await?;
    seen.push(h.browser.url().await?);
    h.browser.open("/channel-search", &session).await?;
    h.browser.fill("(q)", &h.picks.channel_query).await?;
    h.browser
        .fill("cs-country", &h.picks.channel_country)
        .await?;
    h.browser.submit().await?;
    h.browser.wait_css(".channel-grid .cs-card").await?;
    seen.push(h.browser.url().await?);
    // A link between pages keeps the token out of the address too.
    h.browser.click(".channel-grid .cs-card-actions a").await?;
    h.browser.wait_css(".cs-card-full").await?;
    seen.push(h.browser.url().await?);
    let requests = h.site.log.since(mark);
    ensure(
        requests
            .iter()
            .any(|r| r.contains(&format!("token={SECRET_TOKEN}"))),
        || format!("the secret token was never sent, so this proves nothing: {requests:?}"),
    )?;
    for url in &seen {
        ensure(
            !url.contains(SECRET_TOKEN) && !url.contains("token="),
            || format!("the token is in the address bar: {url}"),
        )?;
    }
    let shown = h.browser.main_text().await?;
    let title = h.browser.eval("return document.title;", vec![]).await?;
    ensure(
        !shown.contains(SECRET_TOKEN) && !text(&title).contains(SECRET_TOKEN),
        || "the token is shown on the page".into(),
    )
}

async fn missing_token_is_explained(h: Arc<Harness>) -> Res<()> {
    let session = Session {
        token: None,
        locale: "en",
    };
    h.browser.open("/channel-info", &session).await?;
    let mark = h.site.log.mark();
    h.browser.fill("(channelId)", &h.picks.channel).await?;
    h.browser.submit().await?;
    let sent = h.wait_sent(mark, "/channels/get").await?;
    let (_, body) = chanscope_e2e::http::get(h.site.host_port(), &sent).await?;
    ensure(body.contains("empty_token"), || {
        format!("the sandbox said {body}")
    })?;
    h.browser
        .wait_text_in(
            ".cs-banner-error",
            &["The API token is missing or not valid.", "Settings"],
        )
        .await
}

async fn russian_interface(h: Arc<Harness>) -> Res<()> {
    let session = Session {
        token: Some(chanscope_e2e::DEMO_TOKEN),
        locale: "ru",
    };
    h.browser.open("/channel-search", &session).await?;
    let labels = h.browser.texts("main label").await?.join("\n");
    for expected in ["Ключевое слово (q)", "Категория", "Страна"] {
        ensure(labels.contains(expected), || {
            format!("no Russian label {expected:?} among {labels:?}")
        })?;
    }
    let lang = h
        .browser
        .eval("return document.documentElement.lang;", vec![])
        .await?;
    ensure(text(&lang) == "ru", || format!("<html lang> is {lang}"))?;
    h.browser
        .wait_text_in("nav", &["Поиск каналов", "Подписчики"])
        .await?;
    let mark = h.site.log.mark();
    h.browser.fill("(q)", &h.picks.channel_query).await?;
    h.browser
        .fill("cs-country", &h.picks.channel_country)
        .await?;
    h.browser.submit().await?;
    let sent = h.wait_sent(mark, "/channels/search").await?;
    let r = h.replay(&sent).await?;
    h.browser
        .wait_text(&[
            &format!("Найдено каналов: {}", int(&r["count"])),
            "Найти каналы",
        ])
        .await?;
    h.browser.screenshot("channel-search-ru").await?;
    Ok(())
}

async fn unknown_route_shows_not_found(h: Arc<Harness>) -> Res<()> {
    // The site answers any route with the app; the app itself says the page does not exist.
    h.browser.open("/no-such-tool", &Session::DEMO).await?;
    h.browser
        .wait_text(&["Page not found", "Back to the overview"])
        .await?;
    h.browser.click("main .not-found a").await?;
    h.browser.wait_text(&["Channel analytics"]).await?;
    let tools = h.browser.count("main .tools .tool").await?;
    ensure(tools == 8, || {
        format!("the overview lists {tools} tools, not 8")
    })
}
