//! What holds across pages: deep links, history, the token, language and unknown routes.

use std::sync::Arc;

use chanscope_api::format::compact;
use chanscope_e2e::browser::until;
use chanscope_e2e::{ensure, query_param, text, Harness, Res, Session, SECRET_TOKEN};
use serde_json::Value;

use super::{exact, int, submit_form};

// ---- across pages --------------------------------------------------------------------------

pub(super) async fn deep_link_shows_results_without_submit(h: Arc<Harness>) -> Res<()> {
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

pub(super) async fn back_and_forward_restore_views(h: Arc<Harness>) -> Res<()> {
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

pub(super) async fn token_never_in_address_bar(h: Arc<Harness>) -> Res<()> {
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

pub(super) async fn missing_token_is_explained(h: Arc<Harness>) -> Res<()> {
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

pub(super) async fn russian_interface(h: Arc<Harness>) -> Res<()> {
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
        .wait_text_in("nav", &["Поиск", "Каналы", "Посты", "Наблюдение"])
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

pub(super) async fn unknown_route_shows_not_found(h: Arc<Harness>) -> Res<()> {
    // The site answers any route with the app; the app itself says the page does not exist.
    h.browser.open("/no-such-tool", &Session::DEMO).await?;
    h.browser
        .wait_text(&["Page not found", "Back to the start"])
        .await?;
    h.browser.click("main .not-found a").await?;
    h.browser.wait_text(&["Channel analytics"]).await?;
    let tools = h.browser.count("main .tools .tool").await?;
    ensure(tools == 13, || {
        format!("the overview lists {tools} tools and analyses, not 8 + 5")
    })
}

/// The document's `performance.timeOrigin` and whether the marker [`leave_mark`] sets is there:
/// both stay as they are for as long as no document is loaded.
const DOCUMENT: &str = "return [performance.timeOrigin, window.chanscopeTestMark === true];";

async fn leave_mark(h: &Harness) -> Res<Value> {
    h.browser
        .eval("window.chanscopeTestMark = true; return null;", vec![])
        .await?;
    h.browser.eval(DOCUMENT, vec![]).await
}

/// Follows the navigation's link to `path` and waits for `ready`: the page must come in the
/// same `document` (as [`DOCUMENT`] answers), at `path`.
async fn step_to(h: &Harness, path: &str, ready: &str, document: &Value) -> Res<()> {
    // A page of a job with several opens from the job's menu.
    let toggle = format!(".nav-job:has(a[href='{path}']) > .nav-job-toggle");
    if h.browser.count(&toggle).await? > 0 {
        h.browser.click(&toggle).await?;
    }
    h.browser
        .click(&format!(".tools-nav a[href='{path}']"))
        .await?;
    h.browser.wait_css(ready).await?;
    let now = h.browser.eval(DOCUMENT, vec![]).await?;
    ensure(now == *document, || {
        format!("the step to {path} loaded a document: {now}, not {document}")
    })?;
    let url = h.browser.url().await?;
    ensure(url.ends_with(path), || {
        format!("the address is {url}, not {path}")
    })
}

/// How long each API answer takes while the watchlist is checked, so that the user is on
/// another page before the check ends.
const SLOW_CHECK_MS: u64 = 1_500;

/// Post search, compare, the watchlist and channel info through the navigation: one running
/// console, whose answers and jobs outlive each step.
pub(super) async fn one_console_across_pages(h: Arc<Harness>) -> Res<()> {
    let keyword = h.picks.broad_keyword.clone();
    let name = format!("{keyword} (across pages)");
    let [first, second] = [0, 1].map(|i| h.picks.compare_channels[i].clone());

    // Post search: a search saved as a watch.
    submit_form(&h, "/post-search", &[("(q)", &keyword)]).await?;
    h.browser.click(".watch-button:not([disabled])").await?;
    h.browser.fill("watch-name", &name).await?;
    h.browser
        .click(".watch-form button[type=submit]:not([disabled])")
        .await?;
    h.browser.wait_text_in(".watch-saved", &[&name]).await?;
    let document = leave_mark(&h).await?;

    // Compare: two channels, whose cards the job fetches.
    step_to(&h, "/compare-channels", "#cc-channel-0", &document).await?;
    let mark = h.site.log.mark();
    h.browser.fill("cc-channel-0", &first).await?;
    h.browser.fill("cc-channel-1", &second).await?;
    h.browser.submit().await?;
    h.browser.wait_css(".job-done").await?;
    h.browser.wait_css(".compare-table tbody tr").await?;
    let fetched = h.sent(mark, "/channels/get");
    ensure(fetched.len() == 2, || {
        format!("comparing two channels fetched the cards {fetched:?}")
    })?;

    // The watchlist: a check started here, with slow answers, ends while post search is shown.
    step_to(&h, "/watchlist", "li.watch .watch-name", &document).await?;
    h.browser
        .wait_text_in("li.watch .watch-name", &[&name])
        .await?;
    let slow = h.slow_answers(SLOW_CHECK_MS);
    let mark = h.site.log.mark();
    h.browser.click(".watch-check").await?;
    let check = h.wait_sent(mark, "/posts/search").await?;
    step_to(&h, "/post-search", "#ps-limit", &document).await?;
    ensure(h.site.log.answered_since(mark).is_empty(), || {
        "the check ended before the step to post search; the scenario proves nothing".into()
    })?;
    let log = &h.site.log;
    let answered = until(|| async move { Ok(!log.answered_since(mark).is_empty()) }).await?;
    ensure(answered, || {
        format!("the check's request {check} was never answered")
    })?;
    drop(slow);
    // Back on the watchlist, the check has ended and nothing was asked again.
    step_to(&h, "/watchlist", "li.watch .watch-name", &document).await?;
    h.browser
        .wait_text_in(".watch-checked", &["Checked"])
        .await?;
    h.browser
        .wait_text_in("li.watch", &["Nothing new at the last check."])
        .await?;
    let asked = h.site.log.since(mark);
    ensure(asked == [check.clone()], || {
        format!("the check sent {asked:?}, not {check} once")
    })?;

    // Channel info: the card compare fetched comes from the console's cache.
    step_to(&h, "/channel-info", "#ci-channel", &document).await?;
    let card = h
        .replay(&format!(
            "/api/channels/get?token=demo&channelId={}",
            first.replace('@', "%40")
        ))
        .await?;
    let mark = h.site.log.mark();
    h.browser.fill("ci-channel", &first).await?;
    h.browser.submit().await?;
    h.browser
        .wait_text_in(".cs-card", &[&text(&card["title"])])
        .await?;
    let again = h.sent(mark, "/channels/get");
    ensure(again.is_empty(), || {
        format!("channel info asked again for the card compare had: {again:?}")
    })?;
    let now = h.browser.eval(DOCUMENT, vec![]).await?;
    ensure(now == document, || {
        format!("channel info's answer loaded a document: {now}")
    })?;

    // The watch goes, so that the watchlist's own scenario starts from an empty list.
    step_to(&h, "/watchlist", "li.watch .watch-remove", &document).await?;
    h.browser.click("li.watch .watch-remove").await?;
    h.browser
        .wait_css(".watchlist-page:not(:has(li.watch))")
        .await
}
