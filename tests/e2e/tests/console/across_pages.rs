//! What holds across pages: deep links, history, the token, language and unknown routes.

use std::sync::Arc;

use chanscope_api::format::compact;
use chanscope_e2e::{ensure, query_param, text, Harness, Res, Session, SECRET_TOKEN};
use serde_json::{json, Value};

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

pub(super) async fn unknown_route_shows_not_found(h: Arc<Harness>) -> Res<()> {
    // The site answers any route with the app; the app itself says the page does not exist.
    h.browser.open("/no-such-tool", &Session::DEMO).await?;
    h.browser
        .wait_text(&["Page not found", "Back to the overview"])
        .await?;
    h.browser.click("main .not-found a").await?;
    h.browser.wait_text(&["Channel analytics"]).await?;
    let tools = h.browser.count("main .tools .tool").await?;
    ensure(tools == 12, || {
        format!("the overview lists {tools} tools and analyses, not 8 + 4")
    })
}

/// The console's root names the bundle whose module runs the page (`app::Bundle`); a marker left
/// on `window` tells a page loaded afresh from one the router showed in the same document.
const BUNDLE_AND_MARK: &str = "const root = document.querySelector('[data-app-ready]');
    return [root ? root.dataset.bundle : null, window.chanscopeTestMark === true];";

async fn bundle_and_mark(h: &Harness) -> Res<(String, bool)> {
    let answer = h.browser.eval(BUNDLE_AND_MARK, vec![]).await?;
    Ok((text(&answer[0]), answer[1].as_bool() == Some(true)))
}

async fn leave_mark(h: &Harness) -> Res<()> {
    h.browser
        .eval("window.chanscopeTestMark = true; return null;", vec![])
        .await?;
    Ok(())
}

/// Focuses the navigation's link to `arguments[0]`; answers with the prefetches the page then
/// holds and with the module and wasm of the analyses and of the watchlist, as its boot tag names
/// them.
const FOCUS_AND_PREFETCHES: &str =
    "document.querySelector(`.tools-nav a[href='${arguments[0]}']`).focus();
    const tag = document.querySelector('script[data-chanscope-boot]');
    return [[...document.querySelectorAll('link[rel=prefetch]')].map((l) => l.getAttribute('href')),
        [tag.dataset.analysesJs, tag.dataset.analysesWasm],
        [tag.dataset.watchlistJs, tag.dataset.watchlistWasm]];";

/// Whether the page has fetched `arguments[0]` (a path) to its end.
const FETCHED: &str = "return performance.getEntriesByType('resource')
    .some((e) => new URL(e.name).pathname === arguments[0] && e.responseEnd > 0);";

/// The page's fetches of the wasm of the tools, of the analyses and of the watchlist (as its boot
/// tag names them), each as a list of whether it finished.
const WASM_FETCHED: &str = "const tag = document.querySelector('script[data-chanscope-boot]');
    const fetched = (path) => performance.getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname === path).map((e) => e.responseEnd > 0);
    return [fetched(tag.dataset.wasm), fetched(tag.dataset.analysesWasm),
        fetched(tag.dataset.watchlistWasm)];";

/// [`FOCUS_AND_PREFETCHES`] for the navigation's link to `path`.
async fn focus(h: &Harness, path: &str) -> Res<Value> {
    h.browser
        .eval(FOCUS_AND_PREFETCHES, vec![json!(path)])
        .await
}

/// Reaching for a link of the same bundle fetches nothing ahead; reaching for one of another
/// fetches that bundle's module and wasm (`static/boot.js`), before any click, and each bundle
/// once.
async fn prefetches_on_reaching(h: &Harness) -> Res<()> {
    let same = focus(h, "/post-search").await?;
    ensure(same[0] == json!([]), || {
        format!("a link within the tools fetched ahead: {same}")
    })?;
    let other = focus(h, "/keyword-trend").await?;
    ensure(other[0] == other[1] && other[1][1].is_string(), || {
        format!("the link to the keyword trend fetched ahead {other}, not the analyses' bundle")
    })?;
    let wasm = other[1][1].clone();
    let what = format!("the analyses' wasm {wasm} fetched after the focus");
    h.browser.wait_script(FETCHED, vec![wasm], &what).await?;
    // Another analysis adds nothing; the watchlist adds its own bundle.
    let again = focus(h, "/compare-channels").await?;
    ensure(again[0] == other[0], || {
        format!("a second link to the analyses fetched ahead again: {again}")
    })?;
    let third = focus(h, "/watchlist").await?;
    let both: Vec<Value> = [&third[1], &third[2]]
        .iter()
        .flat_map(|files| files.as_array().cloned().unwrap_or_default())
        .collect();
    ensure(third[0] == json!(both) && third[2][1].is_string(), || {
        format!("the link to the watchlist fetched ahead {third}, not the watchlist's bundle too")
    })
}

/// Follows the navigation's link to `path`, a page of another `bundle`: the page loads afresh
/// (no mark left), shows `ready`, has `path` as its address, and fetched `wasm` (as
/// [`WASM_FETCHED`] answers).
async fn follow_to_fresh_page(
    h: &Harness,
    path: &str,
    bundle: &str,
    ready: &str,
    wasm: Value,
) -> Res<()> {
    h.browser
        .click(&format!(".tools-nav a[href='{path}']"))
        .await?;
    h.browser
        .wait_css(&format!("[data-app-ready][data-bundle='{bundle}'] {ready}"))
        .await?;
    let state = bundle_and_mark(h).await?;
    ensure(state == (bundle.into(), false), || {
        format!("after the link to {path}: {state:?}, not a fresh page of the {bundle} bundle")
    })?;
    ensure(h.browser.url().await?.ends_with(path), || {
        format!("the address is not {path}")
    })?;
    let fetched = h.browser.eval(WASM_FETCHED, vec![]).await?;
    ensure(fetched == wasm, || {
        format!("{path} fetched the wasm {fetched}, not {wasm}")
    })
}

pub(super) async fn analyses_load_their_own_bundle(h: Arc<Harness>) -> Res<()> {
    // A tool's page runs the tools' bundle.
    h.browser
        .open(
            &format!(
                "/channel-info?channel={}",
                h.picks.channel.replace('@', "%40")
            ),
            &Session::DEMO,
        )
        .await?;
    h.browser.wait_css(".cs-card").await?;
    ensure(
        bundle_and_mark(&h).await? == ("tools".into(), false),
        || "channel info does not run the tools' bundle".to_owned(),
    )?;
    leave_mark(&h).await?;
    prefetches_on_reaching(&h).await?;

    // The navigation's link to an analysis loads its page afresh, with the analyses' bundle; its
    // page (the prerendered one, as the gateway serves it) fetched the analyses' wasm alone.
    follow_to_fresh_page(
        &h,
        "/keyword-trend",
        "analyses",
        "#kt-step",
        json!([[], [true], []]),
    )
    .await?;

    // Within the analyses, the router shows the next page in the same document.
    leave_mark(&h).await?;
    h.browser
        .click(".tools-nav a[href='/compare-channels']")
        .await?;
    h.browser.wait_css("#cc-channel-0").await?;
    let state = bundle_and_mark(&h).await?;
    ensure(state == ("analyses".into(), true), || {
        format!("from one analysis to another: {state:?}, not the same document")
    })?;

    // Back twice: the keyword trend from history, then channel info loaded again with its card.
    h.browser.back().await?;
    h.browser.wait_css("#kt-step").await?;
    ensure(
        bundle_and_mark(&h).await? == ("analyses".into(), true),
        || "Back within the analyses reloaded the page".to_owned(),
    )?;
    h.browser.back().await?;
    h.browser
        .wait_css("[data-app-ready][data-bundle='tools'] .cs-card")
        .await?;
    let state = bundle_and_mark(&h).await?;
    ensure(state == ("tools".into(), false), || {
        format!("Back to channel info: {state:?}")
    })?;

    // The watchlist is a bundle of its own: its page loads afresh and fetches its wasm alone.
    leave_mark(&h).await?;
    follow_to_fresh_page(
        &h,
        "/watchlist",
        "watchlist",
        ".watchlist-page",
        json!([[], [], [true]]),
    )
    .await
}
