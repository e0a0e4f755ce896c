//! The buyer's journey through the one box: a pasted channel link opens its report with the
//! summary band filled; Watch, then Compare with two channels found by channel search; a pasted
//! post link opens its statistics; pasted words offer post search first; the start page,
//! reloaded, lists the channels opened and the watch.

use std::sync::Arc;

use chanscope_e2e::browser::until;
use chanscope_e2e::{ensure, query_param, text, Harness, Res, Session};
use serde_json::Value;

use super::int;
use super::shortlist::row_keys;

/// The `data-` attribute `key` of the first element matching `css`, once there is one.
async fn data_of(h: &Harness, css: &str, key: &str) -> Res<String> {
    h.browser.wait_css(css).await?;
    let value = h
        .browser
        .eval(
            "return document.querySelector(arguments[0]).dataset[arguments[1]];",
            vec![serde_json::json!(css), serde_json::json!(key)],
        )
        .await?;
    Ok(text(&value))
}

/// The `data-value` of the summary band's figure `name`, once it has one.
async fn summary_value(h: &Harness, name: &str) -> Res<String> {
    let css = format!(".report-summary [data-figure='{name}'][data-value]");
    data_of(h, &css, "value").await
}

/// The values of the fields whose id starts with `prefix`, in the page's order.
async fn field_values(h: &Harness, prefix: &str) -> Res<Vec<String>> {
    let values = h
        .browser
        .eval(
            "return [...document.querySelectorAll(`input[id^='${arguments[0]}']`)].map(i => i.value);",
            vec![serde_json::json!(prefix)],
        )
        .await?;
    Ok(values.as_array().into_iter().flatten().map(text).collect())
}

pub(super) async fn pasted_channel_to_report_watch_compare_and_back(h: Arc<Harness>) -> Res<()> {
    let channel = h.picks.channel.clone();
    let link = format!("t.me/{}", channel.trim_start_matches('@'));
    h.browser.open("/", &Session::DEMO).await?;
    let mark = h.site.log.mark();
    h.browser.fill("home-box", &link).await?;
    h.browser
        .click("main .paste-box button[type=submit]")
        .await?;

    // 1. The report, with its summary band filled from the answers the page asked for.
    let sent = h.wait_sent(mark, "/channels/get").await?;
    let card = h.replay(&sent).await?;
    let subscribers = summary_value(&h, "subscribers").await?;
    ensure(
        subscribers == int(&card["participants_count"]).to_string(),
        || {
            format!(
                "the band's subscribers are {subscribers}, the card's answer {}",
                card["participants_count"]
            )
        },
    )?;
    let ci = summary_value(&h, "ci_index").await?;
    ensure(ci.parse::<f64>().ok() == card["ci_index"].as_f64(), || {
        format!(
            "the band's citation index is {ci}, the answer's {}",
            card["ci_index"]
        )
    })?;
    let health = summary_value(&h, "health").await?;
    ensure(["clean", "warnings"].contains(&health.as_str()), || {
        format!("the band's health verdict is {health:?}")
    })?;
    let confidence = data_of(&h, ".report-summary [data-figure='health']", "confidence").await?;
    ensure(
        ["low", "medium", "high"].contains(&confidence.as_str()),
        || format!("the verdict's confidence is {confidence}"),
    )?;
    summary_value(&h, "mentions_14d").await?.parse::<usize>()?;
    for days in ["7d", "30d"] {
        summary_value(&h, &format!("subscribers_change_{days}")).await?;
    }
    // The mention search named a recent post of the channel: the profile started from it by
    // itself, and the band's reach at 24 h and ERR24 are the profile's.
    h.browser
        .wait_css(".report-profile .report-found-post")
        .await?;
    h.browser.wait_css(".report-profile .job-done").await?;
    let reach = summary_value(&h, "reach_24h").await?;
    let profile_reach = data_of(
        &h,
        ".report-profile [data-figure='average_reach_24h']",
        "value",
    )
    .await?;
    ensure(reach == profile_reach, || {
        format!("the band's reach at 24 h is {reach}, the profile's {profile_reach}")
    })?;
    let url = h.browser.url().await?;
    ensure(url.contains("/channel-info?channel=t.me%2F"), || {
        format!("the box opened {url}")
    })?;
    h.browser.screenshot("journey-report").await?;
    h.browser.screenshot_at("journey-report-390", 390).await?;

    // 2. Watch, then Compare with two channels found by channel search.
    h.browser
        .click(".report-summary .watch-button:not([disabled])")
        .await?;
    h.browser
        .click(".report-summary .watch-form button[type=submit]:not([disabled])")
        .await?;
    h.browser.wait_css(".report-summary .watch-saved").await?;
    h.browser.click(".report-summary .summary-compare").await?;
    h.browser.wait_css(".compare-with-note").await?;
    h.browser.fill("(q)", &h.picks.channel_query).await?;
    h.browser
        .fill("cs-country", &h.picks.channel_country)
        .await?;
    let mark = h.site.log.mark();
    h.browser.submit().await?;
    h.wait_sent(mark, "/channels/search").await?;
    // The table shows by itself, with a box to tick on each row.
    h.browser.wait_css("main tbody input[data-pick]").await?;
    let keys = row_keys(&h).await?;
    let picked: Vec<String> = keys
        .iter()
        .filter(|k| !k.eq_ignore_ascii_case(&link) && !k.eq_ignore_ascii_case(&channel))
        .take(2)
        .cloned()
        .collect();
    ensure(picked.len() == 2, || {
        format!("channel search found {keys:?}, not two other channels")
    })?;
    for key in &picked {
        h.browser
            .click(&format!("main tbody input[data-pick=\"{key}\"]"))
            .await?;
    }
    h.browser
        .wait_text_in(".compare-selected a", &["Compare selected (3)"])
        .await?;
    h.browser.click(".compare-selected a").await?;
    h.browser.wait_css("#cc-channel-2").await?;
    let compared = field_values(&h, "cc-channel-").await?;
    let expected: Vec<String> = std::iter::once(link.clone()).chain(picked).collect();
    ensure(compared == expected, || {
        format!("compare channels holds {compared:?}, not {expected:?}")
    })?;

    // 5. The start page, reloaded, lists the channel opened and the watch.
    h.browser.goto("/").await?;
    let listed = until(|| async {
        let recent = h.browser.texts(".home-recent li").await?.join("\n");
        let watched = h.browser.texts(".home-watch li").await?.join("\n");
        Ok(recent.contains(&text(&card["title"])) && watched.contains(&text(&card["title"])))
    })
    .await?;
    ensure(listed, || {
        "the start page lists neither the channel opened nor its watch".to_owned()
    })?;
    h.browser.screenshot("journey-start").await?;
    h.browser.screenshot_at("journey-start-390", 390).await?;

    // The watch goes, so that the watchlist's own scenarios start from an empty list.
    h.browser.goto("/watchlist").await?;
    h.browser.click("li.watch .watch-remove").await?;
    h.browser
        .wait_css(".watchlist-page:not(:has(li.watch))")
        .await
}

pub(super) async fn pasted_post_and_words(h: Arc<Harness>) -> Res<()> {
    // 3. A post link in the header's box of another page opens the post's statistics.
    h.browser.open("/channel-search", &Session::DEMO).await?;
    let mark = h.site.log.mark();
    h.browser
        .fill("paste-box", &format!("https://{}", h.picks.post_link))
        .await?;
    h.browser
        .click("header .paste-box button[type=submit]")
        .await?;
    let sent = h.wait_sent(mark, "/posts/stat").await?;
    let r = h.replay(&sent).await?;
    h.browser
        .wait_text(&[&super::exact(&r["viewsCount"])])
        .await?;
    let url = h.browser.url().await?;
    ensure(url.contains("/post-stats?post="), || {
        format!("the box opened {url}")
    })?;

    // 4. Words offer the searches, post search first and focused: Enter opens it.
    let words = h.picks.keyword.clone();
    h.browser
        .fill("paste-box", &format!("{words} news"))
        .await?;
    h.browser
        .click("header .paste-box button[type=submit]")
        .await?;
    h.browser.wait_css(".paste-offers li a").await?;
    let offers: Value = h
        .browser
        .eval(
            "return [...document.querySelectorAll('.paste-offers li a')].map(a => a.getAttribute('href'));",
            vec![],
        )
        .await?;
    let offers: Vec<String> = offers.as_array().into_iter().flatten().map(text).collect();
    ensure(
        offers.len() == 3
            && offers[0].starts_with("/post-search?q=")
            && offers[1].starts_with("/channel-search?q=")
            && offers[2].starts_with("/keyword-mentions?q="),
        || format!("the box offered {offers:?}"),
    )?;
    let focused = h
        .browser
        .eval(
            "return document.activeElement && document.activeElement.getAttribute('href');",
            vec![],
        )
        .await?;
    ensure(text(&focused) == offers[0], || {
        format!("the focus is on {focused}, not on post search")
    })?;
    h.browser.screenshot("journey-words").await?;
    let mark = h.site.log.mark();
    h.browser.click(".paste-offers li:first-child a").await?;
    let sent = h.wait_sent(mark, "/posts/search").await?;
    let asked = query_param(&sent, "q");
    ensure(
        asked.as_deref() == Some(format!("{words} news").as_str()),
        || format!("post search asked {sent}"),
    )?;

    // The navigation: five jobs at 1280 px; at 390 px one menu behind its button, every page
    // shown under its job, and a page chosen from it closes it.
    let jobs = h.browser.count(".tools-nav .nav-jobs > li").await?;
    ensure(jobs == 5, || {
        format!("the navigation has {jobs} top-level entries")
    })?;
    h.browser.client().set_window_size(390, 844).await?;
    let shown = "return [...document.querySelectorAll('.tools-nav a')].filter(a => a.offsetParent !== null).length;";
    let before = h.browser.eval(shown, vec![]).await?;
    h.browser.click(".menu-toggle").await?;
    h.browser.wait_css(".tools-nav.open").await?;
    let open = h.browser.eval(shown, vec![]).await?;
    h.browser.screenshot_at("journey-menu-390", 390).await?;
    h.browser.client().set_window_size(390, 844).await?;
    h.browser
        .click(".tools-nav a[href='/multi-story-stats']")
        .await?;
    h.browser
        .wait_css("main .multi-stats-page, main form")
        .await?;
    let closed = h.browser.count(".tools-nav.open").await?;
    h.browser.client().set_window_size(1280, 900).await?;
    ensure(before == 0 && open == 13 && closed == 0, || {
        format!("at 390 px the menu showed {before} links closed, {open} open, and stayed open: {closed}")
    })?;
    let url = h.browser.url().await?;
    ensure(url.ends_with("/multi-story-stats"), || {
        format!("the menu opened {url}")
    })?;

    // What the box cannot read, it says in place, keeping the text.
    h.browser.fill("paste-box", "t.me/").await?;
    h.browser
        .click("header .paste-box button[type=submit]")
        .await?;
    h.browser
        .wait_text_in(".paste-problem", &["Not a channel or a post: t.me/."])
        .await?;
    let kept = field_values(&h, "paste-box").await?;
    ensure(kept == ["t.me/"], || format!("the box holds {kept:?}"))
}
