//! `embed.html`: its three widgets from one shared request, and `update()` on two of them.

use std::sync::Arc;

use chanscope_api::format::{group_thousands, Locale};
use chanscope_e2e::browser::normalize;
use chanscope_e2e::{ensure, strip_tags, Harness, Res};
use serde_json::{json, Value};

use super::{run_js, wait_js, FIRST_CHANNEL, SECOND_CHANNEL};

fn exact(n: &Value) -> String {
    let n = n
        .as_i64()
        .or_else(|| n.as_str().and_then(|s| s.trim().parse().ok()))
        .unwrap_or(i64::MIN);
    group_thousands(n, Locale::En)
}

/// Loads `embed.html` and waits for its three widgets to show data.
async fn open_host_page(h: &Harness) -> Res<usize> {
    let mark = h.site.log.mark();
    h.browser
        .client()
        .goto(&format!("{}/embed.html", h.site.origin))
        .await?;
    wait_js(
        h,
        "the three widgets showing data",
        "document.querySelector('#channel-card .cs-card-title')
         && document.querySelector('#subscribers .cs-widget-value')
         && document.querySelector('#mentions .cs-widget-post, #mentions .cs-empty')",
    )
    .await?;
    Ok(mark)
}

pub(super) async fn host_page_shows_three_widgets(h: Arc<Harness>) -> Res<()> {
    let mark = open_host_page(&h).await?;

    // The host page runs the widgets-only bundle, never the console's module.
    let loaded = run_js(
        &h,
        "return performance.getEntriesByType('resource')
             .map(e => new URL(e.name).pathname.slice(1))
             .filter(name => /\\.(js|wasm)$/.test(name));",
        vec![],
    )
    .await?;
    let loaded: Vec<&str> = loaded
        .as_array()
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let widgets = |name: &&str| {
        name.starts_with("chanscope-widgets-") || name.starts_with("chanscope-elements-")
    };
    let console = |name: &&str| name.starts_with("chanscope-") && !widgets(name);
    ensure(
        loaded.iter().any(|n| widgets(n) && n.ends_with("_bg.wasm")) && !loaded.iter().any(console),
        || format!("embed.html loaded {loaded:?}"),
    )?;

    // The card and the chart's heading both need the channel: one request between them.
    let info_calls = h.sent(mark, "/channels/get");
    ensure(info_calls.len() == 1, || {
        format!(
            "the card and the chart asked for the channel {} times: {info_calls:?}",
            info_calls.len()
        )
    })?;
    let channel = h.replay(&info_calls[0]).await?;
    let title = channel["title"]
        .as_str()
        .unwrap_or_default()
        .trim()
        .to_owned();
    h.browser
        .wait_text_in(
            "#channel-card",
            &[
                &title,
                &format!(
                    "@{}",
                    channel["username"]
                        .as_str()
                        .unwrap_or_default()
                        .trim_start_matches('@')
                ),
            ],
        )
        .await?;
    h.browser
        .wait_text_in("#subscribers .cs-widget-title", &[&title])
        .await?;

    // The chart's big figure is the newest count of the records the sandbox sent.
    let dynamics = h.wait_sent(mark, "/channels/subscribers").await?;
    ensure(
        chanscope_e2e::query_param(&dynamics, "channelId").as_deref() == Some(FIRST_CHANNEL),
        || format!("the chart asked for another channel: {dynamics}"),
    )?;
    let records = h.replay(&dynamics).await?;
    let newest = records
        .as_array()
        .and_then(|r| r.first())
        .ok_or("the sandbox sent no subscriber records")?;
    let figure = h.browser.texts("#subscribers .cs-widget-value").await?;
    ensure(
        figure.first().map(|f| normalize(f))
            == Some(normalize(&exact(&newest["participants_count"]))),
        || format!("the chart shows {figure:?}; the newest record is {newest}"),
    )?;

    // The search widget lists the sandbox's posts, newest first, with the total.
    let search = h.wait_sent(mark, "/posts/search").await?;
    ensure(
        chanscope_e2e::query_param(&search, "q").as_deref() == Some("market")
            && chanscope_e2e::query_param(&search, "limit").as_deref() == Some("5"),
        || format!("the search widget sent {search}"),
    )?;
    let found = h.replay(&search).await?;
    let items = found["items"].as_array().cloned().unwrap_or_default();
    ensure(!items.is_empty(), || {
        format!("the sandbox found no posts for {search}")
    })?;
    let shown = h.browser.count("#mentions .cs-widget-post").await?;
    ensure(shown == items.len(), || {
        format!(
            "the widget shows {shown} posts; the sandbox sent {}",
            items.len()
        )
    })?;
    let first = strip_tags(items[0]["snippet"].as_str().unwrap_or_default());
    let fragment: String = first
        .split_whitespace()
        .take(5)
        .collect::<Vec<_>>()
        .join(" ");
    h.browser
        .wait_text_in("#mentions .cs-widget-post:first-child", &[&fragment])
        .await?;
    h.browser
        .wait_text_in(
            "#mentions .cs-widget-note",
            &[&exact(&found["total_count"])],
        )
        .await?;
    let marks = h
        .browser
        .count("#mentions .cs-widget-post:first-child .cs-widget-snippet mark")
        .await?;
    ensure(marks > 0, || {
        "the search matches are not highlighted as <mark> elements".into()
    })?;
    h.browser.screenshot("embed-host-page").await?;
    h.browser.screenshot_at("embed-host-page-390", 390).await?;
    Ok(())
}

pub(super) async fn update_changes_a_widget(h: Arc<Harness>) -> Res<()> {
    open_host_page(&h).await?;
    let mark = h.site.log.mark();
    h.browser
        .eval(
            "const pick = document.querySelector('#channel-pick');
             pick.value = arguments[0];
             pick.dispatchEvent(new Event('change'));",
            vec![json!(SECOND_CHANNEL)],
        )
        .await?;
    let asked = h.wait_sent(mark, "/channels/get").await?;
    ensure(
        chanscope_e2e::query_param(&asked, "channelId").as_deref() == Some(SECOND_CHANNEL),
        || format!("update() asked for {asked}"),
    )?;
    let channel = h.replay(&asked).await?;
    let title = channel["title"]
        .as_str()
        .unwrap_or_default()
        .trim()
        .to_owned();
    h.browser
        .wait_text_in("#channel-card .cs-card-title", &[&title])
        .await?;
    h.browser
        .wait_text_in("#subscribers .cs-widget-title", &[&title])
        .await?;
    let dynamics = h.wait_sent(mark, "/channels/subscribers").await?;
    ensure(
        chanscope_e2e::query_param(&dynamics, "channelId").as_deref() == Some(SECOND_CHANNEL),
        || format!("the chart asked for {dynamics} after update()"),
    )?;
    // The search widget was not updated: it asks nothing again.
    let searches = h.sent(mark, "/posts/search");
    ensure(searches.is_empty(), || {
        format!("updating two widgets re-ran the third: {searches:?}")
    })
}
