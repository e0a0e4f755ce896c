//! The watchlist's history and alerts in the console, over a stubbed `fetch` and a stubbed
//! `Notification` (a class that counts what it is made with, so no real permission is needed):
//! three checks leave three readings in a watch's history and in the store, a check that crosses
//! a threshold raises exactly one notification while one that does not raises none, an alert
//! marks the Watchlist link until the page is seen, and permission is asked when a threshold is
//! set, never when the page loads.
#![cfg(target_arch = "wasm32")]

use chanscope::watchlist::{CheckAnswer, Watch, WatchStore, WatchTarget};
use js_sys::{Array, Function, Reflect};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlInputElement};

mod app_support;
mod dom;

use app_support::{find_within, mount, pause, stub_fetch, window};
use dom::{click, dispatch};

wasm_bindgen_test_configure!(run_in_browser);

const NOW: i64 = 1_700_000_000;

/// Channel information whose participants come, one call after another, from
/// `window.__csCounts[channelId]`; the last count is kept once the list runs out.
const FAKE_FETCH: &str = r#"
if (!u.pathname.endsWith('/channels/get')) {
  return Promise.resolve(new Response('{"status":"error","error":"unknown_error"}'));
}
const id = q.get('channelId');
const counts = window.__csCounts[id];
const participants = counts.length > 1 ? counts.shift() : counts[0];
const body = { id: id === '@alpha_news' ? 1 : 2, title: id, username: id, participants_count: participants };
if (window.__csDelay) {
  return new Promise((done) => setTimeout(() => done(new Response(
    JSON.stringify({ status: 'ok', response: body }),
    { status: 200, headers: { 'Content-Type': 'application/json' } })), window.__csDelay));
}
"#;

/// Each answer comes `ms` milliseconds late (0: at once).
fn delay(ms: u32) {
    Reflect::set(&window(), &"__csDelay".into(), &ms.into()).unwrap();
}

/// Follows the navigation's link to `path`.
async fn go(root: &Element, path: &str) {
    click(&find_within(root, &format!("nav a[href='{path}']"), 4).await);
    pause().await;
}

/// Replaces `Notification` with a class that records each title it is made with in
/// `window.__csNotified`, says `permission` is `permission`, and counts the requests for it in
/// `window.__csAsked`.
fn stub_notification(permission: &str) {
    let script = format!(
        "window.__csNotified = []; window.__csAsked = 0;
         window.Notification = class {{
           constructor(title) {{ window.__csNotified.push(title); }}
           static get permission() {{ return '{permission}'; }}
           static requestPermission() {{ window.__csAsked += 1; return Promise.resolve('{permission}'); }}
         }};"
    );
    Function::new_no_args(&script).call0(&window()).unwrap();
}

fn notified() -> Vec<String> {
    let list = Reflect::get(&window(), &"__csNotified".into()).unwrap();
    Array::from(&list)
        .iter()
        .filter_map(|v| v.as_string())
        .collect()
}

fn asked() -> f64 {
    Reflect::get(&window(), &"__csAsked".into())
        .unwrap()
        .as_f64()
        .unwrap()
}

/// The participants each channel's checks will count, in turn.
fn counts(script: &str) {
    Function::new_no_args(&format!("window.__csCounts = {script};"))
        .call0(&window())
        .unwrap();
}

fn channel_watch(id: &str, channel: &str) -> Watch {
    Watch::new(
        id.into(),
        format!("Watch {id}"),
        WatchTarget::Channel {
            channel: channel.into(),
        },
        NOW,
    )
}

/// A channel watch that counted 1000 at its last check, with an alert at `percent`.
fn seen(id: &str, channel: &str, percent: f64) -> Watch {
    let mut watch =
        channel_watch(id, channel).checked(CheckAnswer::Channel { participants: 1000 }, NOW + 1);
    watch.thresholds.subscribers_percent = Some(percent);
    watch
}

/// `watches` kept alone, and the console opened on the Watchlist page once it has read them.
async fn open_with(watches: &[Watch]) -> Element {
    let store = WatchStore::open().await.unwrap();
    store.clear().await.unwrap();
    store.put_all(watches).await.unwrap();
    drop(store);
    let root = mount("/watchlist");
    find_within(&root, "li.watch", 4).await;
    root
}

/// Clicks "Check all" and waits until every watch was checked at least `checks` times. The
/// answers of a minute ago are forgotten first, as they are by the time a real check comes.
async fn check(root: &Element, checks: usize) {
    chanscope::request::clear_cache();
    for _ in 0..200 {
        let button = find_within(root, ".watch-check", 4).await;
        if !button.has_attribute("disabled") {
            click(&button);
            break;
        }
        pause().await;
    }
    for _ in 0..300 {
        let kept = WatchStore::open().await.unwrap().all().await.unwrap();
        if kept.iter().all(|w| w.history.len() >= checks) {
            return;
        }
        pause().await;
    }
    panic!(
        "the check did not end: {:?} {:?}",
        app_support::requests(),
        root.text_content()
    );
}

#[wasm_bindgen_test]
async fn three_checks_leave_three_readings() {
    stub_fetch(FAKE_FETCH);
    delay(0);
    stub_notification("denied");
    counts("{'@alpha_news': [1000, 1010, 990]}");
    let root = open_with(&[channel_watch("h", "@alpha_news")]).await;
    for n in 1..=3 {
        check(&root, n).await;
    }
    let kept = WatchStore::open().await.unwrap().all().await.unwrap();
    let readings: Vec<Option<u64>> = kept[0].history.iter().map(|r| r.subscribers).collect();
    assert_eq!(readings, [Some(1000), Some(1010), Some(990)]);
    // The page's table: a row per reading, the newest first.
    for _ in 0..100 {
        if root
            .query_selector_all(".watch-history tbody tr")
            .unwrap()
            .length()
            == 3
        {
            break;
        }
        pause().await;
    }
    let rows = root.query_selector_all(".watch-history tbody tr").unwrap();
    assert_eq!(rows.length(), 3);
    let newest = rows.item(0).unwrap().unchecked_into::<Element>();
    assert!(
        newest.text_content().unwrap().contains("990"),
        "{:?}",
        newest.text_content()
    );
    assert!(notified().is_empty());
    root.remove();
}

#[wasm_bindgen_test]
async fn a_crossed_threshold_notifies_once_and_an_uncrossed_one_not_at_all() {
    stub_fetch(FAKE_FETCH);
    delay(0);
    stub_notification("granted");
    // Both counted 1000 at their last check; now 1100: +100, 100 ÷ 1000 = 10 %, past A's 5 %
    // and short of B's 50 %.
    counts("{'@alpha_news': [1100], '@bravo_news': [1100]}");
    let root = open_with(&[
        seen("a", "@alpha_news", 5.0),
        seen("b", "@bravo_news", 50.0),
    ])
    .await;
    check(&root, 2).await;
    for _ in 0..100 {
        if root.query_selector(".watch-alert").unwrap().is_some() {
            break;
        }
        pause().await;
    }
    assert_eq!(notified(), ["Watch a"]);
    let alerts = root.query_selector_all(".watch-alert").unwrap();
    assert_eq!(alerts.length(), 1);
    assert!(alerts
        .item(0)
        .unwrap()
        .text_content()
        .unwrap()
        .contains("+10%"));
    assert_eq!(asked(), 0.0, "permission is never asked as a page loads");
    root.remove();
}

#[wasm_bindgen_test]
async fn permission_is_asked_when_a_threshold_is_set() {
    stub_fetch(FAKE_FETCH);
    stub_notification("default");
    let root = open_with(&[channel_watch("p", "@alpha_news")]).await;
    assert_eq!(asked(), 0.0);
    let input: HtmlInputElement = find_within(&root, "input.threshold", 4)
        .await
        .unchecked_into();
    input.set_value("5");
    dispatch(&input, "InputEvent", "input", &[]);
    pause().await;
    click(&find_within(&root, ".threshold-form button[type=submit]", 4).await);
    for _ in 0..100 {
        let kept = WatchStore::open().await.unwrap().all().await.unwrap();
        if kept[0].thresholds.subscribers_percent == Some(5.0) {
            break;
        }
        pause().await;
    }
    let kept = WatchStore::open().await.unwrap().all().await.unwrap();
    assert_eq!(kept[0].thresholds.subscribers_percent, Some(5.0));
    assert_eq!(asked(), 1.0);
    root.remove();
}

#[wasm_bindgen_test]
async fn an_alert_marks_the_watchlist_link_until_the_page_is_seen() {
    stub_fetch(FAKE_FETCH);
    // Denied: the alert shows in the page only.
    stub_notification("denied");
    counts("{'@alpha_news': [1100]}");
    delay(300);
    let root = open_with(&[seen("m", "@alpha_news", 5.0)]).await;
    chanscope::request::clear_cache();
    click(&find_within(&root, ".watch-check", 4).await);
    // Another page while the answer is on its way.
    go(&root, "/campaigns").await;
    find_within(&root, "nav .nav-alert", 4).await;
    assert!(notified().is_empty());

    go(&root, "/watchlist").await;
    let alert = find_within(&root, ".watch-alert", 4).await;
    assert!(
        alert
            .text_content()
            .unwrap()
            .contains("notifications are off"),
        "{:?}",
        alert.text_content()
    );
    for _ in 0..100 {
        if root.query_selector("nav .nav-alert").unwrap().is_none() {
            break;
        }
        pause().await;
    }
    assert!(root.query_selector("nav .nav-alert").unwrap().is_none());
    delay(0);
    root.remove();
}
