//! The search pages: keyword mentions, channel search and post search (with every repost's
//! source by name).

use std::sync::Arc;

use chanscope_api::format::{compact, format_rate, group_thousands, Locale};
use chanscope_e2e::{ensure, query_param, strip_tags, text, Harness, Res};
use serde_json::Value;

use super::{assert_nothing_sent, exact, int, submit_form};

/// The first `n` words of `text`: a fragment long enough to be specific and short enough not to
/// cross a line the page may have cut.
fn words(text: &str, n: usize) -> String {
    text.split_whitespace()
        .take(n)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Submits keyword mentions of the picked keyword; returns the request sent and the answer.
pub(super) async fn search_keyword_mentions(h: &Harness) -> Res<(String, Value)> {
    let mark = submit_form(h, "/keyword-mentions", &[("(q)", &h.picks.keyword)]).await?;
    let sent = h.wait_sent(mark, "/words/mentions-by-channels").await?;
    let answer = h.replay(&sent).await?;
    Ok((sent, answer))
}

/// Submits channel search for the picked query and country; returns the request sent and the
/// answer.
pub(super) async fn search_channels(h: &Harness) -> Res<(String, Value)> {
    let fields = [
        ("(q)", h.picks.channel_query.as_str()),
        ("cs-country", h.picks.channel_country.as_str()),
    ];
    let mark = submit_form(h, "/channel-search", &fields).await?;
    let sent = h.wait_sent(mark, "/channels/search").await?;
    let answer = h.replay(&sent).await?;
    Ok((sent, answer))
}

// ---- keyword mentions ----------------------------------------------------------------------

pub(super) async fn keyword_mentions_shows_channels(h: Arc<Harness>) -> Res<()> {
    let keyword = h.picks.keyword.clone();
    let (sent, response) = search_keyword_mentions(&h).await?;
    ensure(
        query_param(&sent, "q").as_deref() == Some(keyword.as_str()),
        || format!("the page asked {sent} for {keyword:?}"),
    )?;
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
    // The first channel's share and reach per mention, and the reach per mention of all,
    // computed here from the answer.
    let reach: i64 = items.iter().map(|i| int(&i["views_count"])).sum();
    let per_mention = |views: i64, mentions: i64| {
        group_thousands((views as f64 / mentions as f64).round() as i64, Locale::En)
    };
    let expected = serde_json::json!([
        format_rate(
            int(&first["mentions_count"]) as f64 / mentions as f64 * 100.0,
            Locale::En
        ),
        per_mention(int(&first["views_count"]), int(&first["mentions_count"])),
        per_mention(reach, mentions),
    ]);
    let shown = h
        .browser
        .eval(
            "const heads = [...document.querySelectorAll('.mentions-table thead th')];
             const at = key => heads.findIndex(th => th.dataset.key === key);
             const cell = (tr, key) => tr.children[at(key)].innerText.trim();
             const first = document.querySelector('.mentions-table tbody tr');
             const totals = document.querySelector('.mentions-table tfoot tr');
             return [cell(first, 'share'), cell(first, 'reach-per-mention'),
                     cell(totals, 'reach-per-mention')];",
            vec![],
        )
        .await?;
    ensure(shown == expected, || {
        format!("share and reach per mention read {shown}, not {expected}")
    })?;
    let url = h.browser.url().await?;
    ensure(
        url.contains("/keyword-mentions?") && url.contains("q="),
        || format!("the form is not in the address: {url}"),
    )?;
    h.browser.screenshot("keyword-mentions").await?;
    h.browser.screenshot_at("keyword-mentions-360", 360).await?;
    Ok(())
}

pub(super) async fn keyword_mentions_requires_q(h: Arc<Harness>) -> Res<()> {
    let mark = submit_form(&h, "/keyword-mentions", &[]).await?;
    h.browser
        .wait_text_in(".field-error", &["q is required"])
        .await?;
    assert_nothing_sent(&h, mark, "/words/mentions-by-channels").await
}

// ---- channel search ------------------------------------------------------------------------

pub(super) async fn channel_search_shows_channels(h: Arc<Harness>) -> Res<()> {
    let (sent, response) = search_channels(&h).await?;
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

pub(super) async fn channel_search_needs_q_or_category(h: Arc<Harness>) -> Res<()> {
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

// ---- post search ---------------------------------------------------------------------------

pub(super) async fn post_search_shows_posts(h: Arc<Harness>) -> Res<()> {
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
    // ER and ERR of the first post and the page's figures, computed here from the answer.
    let views = int(&first["views"]) as f64;
    let subscribers = int(&channel["participants_count"]) as f64;
    ensure(views > 0.0 && subscribers > 0.0, || {
        format!("the first post has {views} views, its channel {subscribers} subscribers")
    })?;
    let interactions = ["shares_count", "comments_count", "reactions_count"]
        .iter()
        .map(|k| int(&first[*k]) as f64)
        .sum::<f64>();
    let expected = serde_json::json!([
        format_rate(interactions / views * 100.0, Locale::En),
        format_rate(views / subscribers * 100.0, Locale::En),
    ]);
    let figures = h
        .browser
        .eval(
            "const li = document.querySelector('.post-list > li');
             return li ? [...li.querySelectorAll('.post-figure dd')].map(d => d.innerText) : null;",
            vec![],
        )
        .await?;
    ensure(figures == expected, || {
        format!("the first post's ER and ERR read {figures}, not {expected}")
    })?;
    let kept: Vec<f64> = items
        .iter()
        .filter(|p| p["is_deleted"] != serde_json::json!(true) && p["is_deleted"] != 1)
        .map(|p| int(&p["views"]) as f64)
        .collect();
    let average = kept.iter().sum::<f64>() / kept.len() as f64;
    let totals = h
        .browser
        .eval(
            "return [...document.querySelectorAll('.post-totals dd')].map(d => d.innerText);",
            vec![],
        )
        .await?;
    let shown = |i: usize| totals[i].as_str().unwrap_or_default().to_owned();
    ensure(
        shown(0) == items.len().to_string()
            && shown(2) == group_thousands(average.round() as i64, Locale::En),
        || {
            format!(
                "the page's totals read {totals}; {} posts, average reach {average}",
                items.len()
            )
        },
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

pub(super) async fn post_search_refuses_limit_over_50(h: Arc<Harness>) -> Res<()> {
    let keyword = h.picks.keyword.clone();
    let mark = submit_form(&h, "/post-search", &[("(q)", &keyword), ("(limit)", "51")]).await?;
    h.browser.wait_text_in(".field-error", &["50"]).await?;
    assert_nothing_sent(&h, mark, "/posts/search").await
}

pub(super) async fn post_search_names_every_repost_source(h: Arc<Harness>) -> Res<()> {
    let keyword = h.picks.broad_keyword.clone();
    // Without `extended`, the answer describes no channel: every post's channel and every
    // repost's source is looked up.
    let mark = submit_form(
        &h,
        "/post-search",
        &[("(q)", &keyword), ("(extended)", "false")],
    )
    .await?;
    let sent = h.wait_sent(mark, "/posts/search").await?;
    let r = h.replay(&sent).await?;
    let known: Vec<i64> = r["channels"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|c| int(&c["id"]))
        .collect();
    let mut outside: Vec<i64> = r["items"]
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .flat_map(|p| [p["channel_id"].clone(), p["forwarded_from"].clone()])
        .filter(Value::is_number)
        .map(|id| int(&id))
        .filter(|id| !known.contains(id))
        .collect();
    outside.sort_unstable();
    outside.dedup();
    ensure(!outside.is_empty(), || {
        format!("{sent}: no channel outside the answer")
    })?;
    h.browser.wait_css(".post-list").await?;
    h.browser
        .wait_script(
            "return ![...document.querySelectorAll('.post-repost, .post-channel')].some(e => e.textContent.includes('…'));",
            vec![],
            "the repost sources",
        )
        .await?;
    let page = h.browser.main_text().await?;
    let numbered = page
        .match_indices("Channel #")
        .any(|(at, m)| page[at + m.len()..].starts_with(|c: char| c.is_ascii_digit()));
    ensure(!numbered, || {
        format!("the page still names a channel by number:\n{page}")
    })?;
    // Each channel outside the answer was asked once, and the page says how many it asked.
    let mut asked: Vec<i64> = h
        .sent(mark, "/channels/get")
        .iter()
        .filter_map(|u| query_param(u, "channelId")?.parse().ok())
        .collect();
    asked.sort_unstable();
    ensure(asked == outside, || {
        format!("asked {asked:?} for the sources {outside:?}")
    })?;
    h.browser
        .wait_text_in(
            ".post-sources",
            &[&format!("{} looked up by channel info", outside.len())],
        )
        .await?;
    h.browser.screenshot("post-search-sources").await?;
    Ok(())
}
