#![cfg(target_arch = "wasm32")]
//! Browser tests of the embedding API (`mount*`, `Widget`, `Client`) over a stubbed `fetch`:
//! options are refused with readable `TypeError`s, widgets render the answers into the host's
//! element and leave it empty when unmounted, identical requests share one fetch, and the client
//! resolves to plain objects or rejects with `ChanscopeError`s.

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use chanscope::api::browser::BrowserTransport;
use chanscope::api::model::Channel;
use chanscope::api::ops::{ChannelInfo, MultiPostStats};
use chanscope::api::{ChannelId, ClientConfig, Error, Operation, Transport};
use chanscope::embed::{
    mount_channel_card, mount_multi_post_stats, mount_post_search, mount_subscriber_chart, Client,
    Widget,
};
use chanscope::request::{clear_cache, CachedClient};
use js_sys::{Array, Function, Object, Promise, Reflect, JSON};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;
use web_sys::{AbortController, Element};

mod dom;

use dom::{attributes, click, dispatch, find, fresh_root};

wasm_bindgen_test_configure!(run_in_browser);

// ---- the fetch stub ----

#[wasm_bindgen(inline_js = r#"
const state = { original: null, calls: [], routes: [] };

// Replaces window.fetch: each call is answered with the body of the first route whose text occurs
// in the (decoded) URL, after that route's delay; an abort before the answer rejects the call and
// is recorded. Calls and routes start empty.
export function stubFetch() {
  if (state.original === null) state.original = window.fetch;
  state.calls = [];
  state.routes = [];
  window.fetch = (input, init) => {
    const raw = typeof input === 'string' ? input : input.url;
    const url = decodeURIComponent(raw);
    const signal = (init && init.signal) || (typeof input === 'string' ? undefined : input.signal);
    const call = { url, aborted: false, answered: false };
    state.calls.push(call);
    const route = state.routes.find((r) => url.includes(r.part));
    const body = route ? route.body : '{"status":"error","error":"unknown_error"}';
    const delay = route ? route.delay : 0;
    return new Promise((resolve, reject) => {
      let timer;
      const abort = () => {
        if (call.answered) return;
        call.aborted = true;
        clearTimeout(timer);
        reject(new DOMException('The request was aborted.', 'AbortError'));
      };
      if (signal && signal.aborted) {
        abort();
        return;
      }
      if (signal) signal.addEventListener('abort', abort, { once: true });
      timer = setTimeout(() => {
        call.answered = true;
        resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }));
      }, delay);
    });
  };
}

export function answer(part, body, delay) {
  state.routes.push({ part, body, delay });
}

export function fetchCalls() {
  return state.calls.map((c) => Object.assign({}, c));
}

export function restoreFetch() {
  if (state.original !== null) window.fetch = state.original;
}
"#)]
extern "C" {
    #[wasm_bindgen(js_name = stubFetch)]
    fn stub_fetch();
    fn answer(part: &str, body: &str, delay_ms: u32);
    #[wasm_bindgen(js_name = fetchCalls)]
    fn fetch_calls() -> Array;
    #[wasm_bindgen(js_name = restoreFetch)]
    fn restore_fetch();
}

/// The stubbed `fetch` while it lives; the page's own `fetch` comes back when it is dropped. The
/// response cache starts empty too.
struct Stub;

impl Stub {
    fn install() -> Stub {
        stub_fetch();
        clear_cache();
        Stub
    }

    /// Answers URLs containing `part` with `{"status":"ok","response":<response>}`.
    fn ok(&self, part: &str, response: &str, delay_ms: u32) {
        answer(
            part,
            &format!(r#"{{"status":"ok","response":{response}}}"#),
            delay_ms,
        );
    }

    fn error(&self, part: &str, code: &str) {
        answer(
            part,
            &format!(r#"{{"status":"error","error":"{code}"}}"#),
            0,
        );
    }
}

impl Drop for Stub {
    fn drop(&mut self) {
        restore_fetch();
    }
}

#[derive(Debug)]
struct Call {
    url: String,
    aborted: bool,
    answered: bool,
}

/// Every call made since the stub was installed whose URL contains `part`.
fn calls(part: &str) -> Vec<Call> {
    fetch_calls()
        .iter()
        .map(|c| {
            let field = |name: &str| Reflect::get(&c, &name.into()).unwrap();
            Call {
                url: field("url").as_string().unwrap(),
                aborted: field("aborted").as_bool().unwrap(),
                answered: field("answered").as_bool().unwrap(),
            }
        })
        .filter(|c| c.url.contains(part))
        .collect()
}

// ---- helpers ----

async fn sleep_ms(ms: u64) {
    BrowserTransport::new()
        .sleep(Duration::from_millis(ms))
        .await;
}

/// Waits (up to three seconds) until `done` holds.
async fn until(what: &str, done: impl Fn() -> bool) {
    for _ in 0..150 {
        if done() {
            return;
        }
        sleep_ms(20).await;
    }
    panic!("still waiting for {what}");
}

/// The first element matching `selector` under `root`, once it is there.
async fn appears(root: &Element, selector: &str) -> Element {
    until(selector, || {
        root.query_selector(selector).ok().flatten().is_some()
    })
    .await;
    find(root, selector)
}

fn options(json: &str) -> JsValue {
    JSON::parse(json).unwrap()
}

fn text(root: &Element, selector: &str) -> String {
    find(root, selector).text_content().unwrap_or_default()
}

fn texts(root: &Element, selector: &str) -> Vec<String> {
    let found = root.query_selector_all(selector).unwrap();
    (0..found.length())
        .filter_map(|i| found.item(i)?.text_content())
        .map(|t| t.trim().to_owned())
        .collect()
}

fn has_class(element: &Element, name: &str) -> bool {
    element.class_name().split_whitespace().any(|c| c == name)
}

/// A fresh host element holding the page's placeholder.
fn host() -> Element {
    let host = fresh_root();
    host.set_inner_html("<p class=\"placeholder\">Loading statistics…</p>");
    host
}

/// The message of the `TypeError` in `thrown`.
fn type_error(thrown: JsValue) -> String {
    let error = thrown
        .dyn_ref::<js_sys::TypeError>()
        .unwrap_or_else(|| panic!("expected a TypeError, got {thrown:?}"));
    String::from(error.message())
}

/// The message of the `TypeError` a mount threw; the mount must have failed.
fn refused(result: Result<Widget, JsValue>) -> String {
    match result {
        Ok(_) => panic!("the options were accepted"),
        Err(thrown) => type_error(thrown),
    }
}

fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &key.into()).unwrap()
}

/// The promise's value, or what it was rejected with.
async fn settle(promise: Promise) -> Result<JsValue, JsValue> {
    JsFuture::from(promise).await
}

fn channel_json(id: u64, title: &str, participants: &str) -> String {
    format!(
        r#"{{"id":{id},"link":"t.me/chan{id}","peer_type":"channel","username":"@chan{id}","title":"{title}","about":"","participants_count":"{participants}","image100":"","image640":""}}"#
    )
}

// ---- bad options ----

#[wasm_bindgen_test]
async fn bad_options_throw_readable_type_errors_and_mount_nothing() {
    let _stub = Stub::install();
    let host = host();
    let before = host.inner_html();
    let card = |json: &str| refused(mount_channel_card(host.clone().into(), options(json)));

    assert_eq!(
        card("{}"),
        "Chanscope channel card: option \"channel\" is required (@username, t.me/username, \
         t.me/joinchat/… or the service's numeric ID)"
    );
    assert_eq!(
        card(r#"{"chanel":"@alpha"}"#),
        "Chanscope channel card: unknown option \"chanel\"; did you mean \"channel\"?"
    );
    assert_eq!(
        card(r#"{"channel":"10000","colour":"dark"}"#),
        "Chanscope channel card: unknown option \"colour\"; the options are \"baseUrl\", \
         \"channel\", \"language\", \"theme\", \"timezone\", \"token\", \"variant\""
    );
    assert_eq!(
        card(r#"{"channel":"10000","thme":"dark"}"#),
        "Chanscope channel card: unknown option \"thme\"; did you mean \"theme\"?"
    );
    assert_eq!(
        card(r#"{"channel":"10000","theme":"pink"}"#),
        "Chanscope channel card: option \"theme\" must be one of \"auto\", \"system\", \"light\", \"dark\", \
         not \"pink\""
    );
    assert_eq!(
        card(r#"{"channel":"10000","language":"de"}"#),
        "Chanscope channel card: option \"language\" must be \"en\" or \"ru\", not \"de\""
    );
    assert_eq!(
        card(r#"{"channel":"10000","timezone":"Mars/Base"}"#),
        "Chanscope channel card: option \"timezone\" must be an IANA time zone such as \
         \"Europe/Berlin\" or \"UTC\", not \"Mars/Base\""
    );
    assert_eq!(
        card(r#""10000""#),
        "Chanscope channel card: options must be an object, e.g. { channel: \"@name\" }"
    );
    assert_eq!(
        card(r#"["@alpha"]"#),
        "Chanscope channel card: options must be an object, e.g. { channel: \"@name\" }"
    );
    assert_eq!(
        refused(mount_subscriber_chart(
            host.clone().into(),
            options(r#"{"channel":"10000","days":"many"}"#)
        )),
        "Chanscope subscriber chart: option \"days\" must be a whole number, not string"
    );
    assert_eq!(
        refused(mount_post_search(
            host.clone().into(),
            options(r#"{"query":"rust","limit":80}"#)
        )),
        "Chanscope post search: option \"limit\" must be from 1 to 50, not 80"
    );

    // 51 posts: the API takes 50, and the words are the Rust layer's own.
    let ids: Vec<u64> = (1..=51).collect();
    let posts: Array = ids.iter().map(|&id| JsValue::from(id as f64)).collect();
    let multi = Object::new();
    Reflect::set(&multi, &"channel".into(), &"10000".into()).unwrap();
    Reflect::set(&multi, &"posts".into(), &posts).unwrap();
    let rust_words = MultiPostStats::new("10000".parse::<ChannelId>().unwrap(), ids)
        .validate()
        .unwrap_err()
        .to_string();
    assert_eq!(
        rust_words,
        "postsIds takes at most 50 identifiers per request (got 51)"
    );
    assert_eq!(
        refused(mount_multi_post_stats(host.clone().into(), multi.into())),
        format!("Chanscope posts statistics: {rust_words}")
    );

    // Targets that are not an element.
    let valid = || options(r#"{"channel":"10000"}"#);
    assert_eq!(
        refused(mount_channel_card(JsValue::from(42), valid())),
        "Chanscope channel card: the first argument must be an element or a CSS selector, e.g. \
         \"#channel\""
    );
    assert_eq!(
        refused(mount_channel_card("#no-such-host".into(), valid())),
        "Chanscope channel card: no element matches \"#no-such-host\""
    );
    assert_eq!(
        refused(mount_channel_card("##".into(), valid())),
        "Chanscope channel card: \"##\" is not a valid CSS selector"
    );

    // Nothing was mounted or asked for.
    sleep_ms(50).await;
    assert_eq!(host.inner_html(), before);
    assert!(calls("").is_empty(), "{:?}", calls(""));
    host.remove();
}

#[wasm_bindgen_test]
async fn a_second_widget_in_one_element_is_refused() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10020",
        &channel_json(10020, "Twenty", "20"),
        0,
    );
    let host = host();
    let mut first = mount_channel_card(host.clone().into(), options(r#"{"channel":"10020"}"#))
        .expect("the first widget mounts");
    appears(&host, ".cs-card-title").await;
    let shown = host.inner_html();

    assert_eq!(
        refused(mount_channel_card(
            host.clone().into(),
            options(r#"{"channel":"10021"}"#)
        )),
        "Chanscope channel card: this element already holds a widget; unmount it first"
    );
    sleep_ms(30).await;
    assert_eq!(host.inner_html(), shown);
    assert!(calls("channelId=10021").is_empty());

    // Once the first is gone the element takes a new one.
    first.unmount();
    let mut second = mount_channel_card(host.clone().into(), options(r#"{"channel":"10020"}"#))
        .expect("the element is free again");
    second.unmount();
    // Its destroy waits for its creation; let both happen within this test.
    sleep_ms(50).await;
    assert_eq!(host.inner_html(), "");
    host.remove();
}

// ---- what the widgets show ----

#[wasm_bindgen_test]
async fn a_channel_card_replaces_the_placeholder_with_the_answer() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10001",
        &channel_json(10001, "Radio Ten", "1234567"),
        0,
    );
    let host = host();
    host.set_id("cs-embed-card-host");
    let mut widget = mount_channel_card(
        "#cs-embed-card-host".into(),
        options(r#"{"channel":"10001"}"#),
    )
    .unwrap();
    // The placeholder goes at once.
    assert!(host.query_selector(".placeholder").unwrap().is_none());

    appears(&host, ".cs-card-title").await;
    assert_eq!(host.child_element_count(), 1);
    let root = host.first_element_child().unwrap();
    assert_eq!(
        root.get_attribute("data-chanscope-widget").as_deref(),
        Some("channel card")
    );
    let widget_root = find(&root, ".cs-widget");
    assert_eq!(widget_root.get_attribute("lang").as_deref(), Some("en"));
    assert!(!has_class(&widget_root, "cs-theme-dark"));
    assert_eq!(text(&host, ".cs-card-title"), "Radio Ten");
    assert_eq!(texts(&host, ".cs-card-fact dt")[0], "Subscribers");
    let count = find(&host, ".cs-card-fact .cs-num");
    assert_eq!(count.text_content().as_deref(), Some("1.2M"));
    assert_eq!(count.get_attribute("title").as_deref(), Some("1,234,567"));

    let asked = calls("/channels/get");
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert!(
        asked[0].url.ends_with("/api/channels/get?channelId=10001"),
        "{}",
        asked[0].url
    );
    widget.unmount();
    host.remove();
}

#[wasm_bindgen_test]
async fn language_and_theme_options_reach_the_widget() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10002",
        &channel_json(10002, "Радио", "1234567"),
        0,
    );
    let host = host();
    let mut widget = mount_channel_card(
        host.clone().into(),
        options(r#"{"channel":"10002","language":"ru","theme":"dark","variant":"compact"}"#),
    )
    .unwrap();
    appears(&host, ".cs-card-title").await;
    let root = find(&host, ".cs-widget");
    assert_eq!(root.get_attribute("lang").as_deref(), Some("ru"));
    assert!(has_class(&root, "cs-theme-dark"));
    assert!(host.query_selector(".cs-card-compact").unwrap().is_some());
    assert_eq!(text(&host, ".cs-card-title"), "Радио");
    assert_eq!(texts(&host, ".cs-card-fact dt")[0], "Подписчики");
    assert_eq!(
        find(&host, ".cs-card-fact .cs-num")
            .get_attribute("title")
            .as_deref(),
        Some("1\u{a0}234\u{a0}567")
    );
    // `system` follows the visitor's scheme; the default pins nothing on the widget.
    widget.update(options(r#"{"theme":"system"}"#)).unwrap();
    until("the system theme", || {
        host.query_selector(".cs-widget.cs-theme-system")
            .ok()
            .flatten()
            .is_some()
    })
    .await;
    assert!(!has_class(&find(&host, ".cs-widget"), "cs-theme-dark"));
    widget.update(options(r#"{"theme":"auto"}"#)).unwrap();
    until("no theme class", || {
        find(&host, ".cs-widget").class_name() == "cs-widget"
    })
    .await;
    widget.unmount();
    host.remove();
}

#[wasm_bindgen_test]
async fn post_search_shows_snippets_with_marks_as_elements() {
    let stub = Stub::install();
    stub.ok(
        "/posts/search?q=borrow checker",
        r#"{"count":1,"total_count":"12","items":[{"id":501,"date":1704067200,"views":1500,
            "shares_count":3,"comments_count":0,"reactions_count":0,"link":"t.me/alpha/5",
            "channel_id":42,"text":"full text","snippet":"Learning the <mark>borrow checker</mark> today"}],
            "channels":[{"id":42,"title":"Alpha","username":"@alpha"}]}"#,
        0,
    );
    let host = host();
    let mut widget = mount_post_search(
        host.clone().into(),
        options(r#"{"query":"borrow checker"}"#),
    )
    .unwrap();
    let snippet = appears(&host, ".cs-widget-snippet").await;

    let mark = find(&snippet, "mark");
    assert_eq!(mark.text_content().as_deref(), Some("borrow checker"));
    assert_eq!(
        snippet.text_content().as_deref(),
        Some("Learning the borrow checker today")
    );
    assert!(!host.text_content().unwrap().contains("<mark>"));
    assert_eq!(
        text(&host, ".cs-widget-note").trim(),
        "1 of 12 posts, newest first"
    );
    assert_eq!(
        text(&host, ".cs-widget-post-channel").trim(),
        "Alpha (@alpha)"
    );
    assert_eq!(
        find(&host, ".cs-widget-post")
            .get_attribute("data-post-id")
            .as_deref(),
        Some("501")
    );
    assert_eq!(
        attributes(&host, ".cs-widget-post a.cs-link", "href"),
        ["https://t.me/alpha/5"]
    );
    let asked = calls("/posts/search");
    assert_eq!(asked.len(), 1);
    assert!(asked[0].url.contains("limit=5"), "{}", asked[0].url);
    assert!(asked[0].url.contains("extended=1"), "{}", asked[0].url);
    widget.unmount();
    host.remove();
}

#[wasm_bindgen_test]
async fn multi_post_stats_show_a_totals_row() {
    let stub = Stub::install();
    stub.ok(
        "/posts/stat-multi?channelId=10003&postsIds=101,102",
        r#"[{"postId":101,"viewsCount":1000,"sharesCount":5,"commentsCount":2,"reactionsCount":10},
            {"postId":"102","viewsCount":"2500","sharesCount":7,"commentsCount":0,"reactionsCount":1}]"#,
        0,
    );
    let host = host();
    let mut widget = mount_multi_post_stats(
        host.clone().into(),
        options(r#"{"channel":"10003","posts":"101, 102"}"#),
    )
    .unwrap();
    appears(&host, "tr.cs-table-totals").await;
    assert_eq!(
        texts(&host, "tr.cs-table-totals > *"),
        ["Total", "3,500", "12", "2", "11"]
    );
    assert_eq!(texts(&host, "tbody tr").len(), 2);
    assert_eq!(calls("/posts/stat-multi").len(), 1);
    widget.unmount();
    host.remove();
}

// ---- update and unmount ----

#[wasm_bindgen_test]
async fn update_shows_the_new_channel_and_refuses_bad_options() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10004",
        &channel_json(10004, "First", "10"),
        0,
    );
    stub.ok(
        "/channels/get?channelId=10005",
        &channel_json(10005, "Second", "20"),
        0,
    );
    let host = host();
    let mut widget = mount_channel_card(
        host.clone().into(),
        options(r#"{"channel":"10004","language":"ru"}"#),
    )
    .unwrap();
    appears(&host, ".cs-card-title").await;
    assert_eq!(text(&host, ".cs-card-title"), "First");

    widget.update(options(r#"{"channel":"10005"}"#)).unwrap();
    until("the second channel", || {
        texts(&host, ".cs-card-title") == ["Second"]
    })
    .await;
    assert_eq!(calls("channelId=10005").len(), 1);
    // The other options stay.
    assert_eq!(
        find(&host, ".cs-widget").get_attribute("lang").as_deref(),
        Some("ru")
    );

    let shown = host.inner_html();
    assert_eq!(
        type_error(widget.update(options(r#"{"theme":"pink"}"#)).unwrap_err()),
        "Chanscope channel card: option \"theme\" must be one of \"auto\", \"system\", \"light\", \"dark\", \
         not \"pink\""
    );
    assert_eq!(
        type_error(widget.update(JsValue::from(7)).unwrap_err()),
        "Chanscope channel card: options must be an object, e.g. { channel: \"@name\" }"
    );
    // A refused update changes nothing, now or later.
    sleep_ms(50).await;
    assert_eq!(host.inner_html(), shown);
    assert_eq!(calls("/channels/get").len(), 2);
    // …and is not kept: the next good update starts from the options in force.
    widget.update(options(r#"{"theme":"dark"}"#)).unwrap();
    sleep_ms(30).await;
    assert!(has_class(&find(&host, ".cs-widget"), "cs-theme-dark"));
    assert_eq!(text(&host, ".cs-card-title"), "Second");

    widget.unmount();
    assert_eq!(
        type_error(
            widget
                .update(options(r#"{"channel":"10004"}"#))
                .unwrap_err()
        ),
        "Chanscope channel card: this widget was unmounted; mount a new one"
    );
    host.remove();
}

#[wasm_bindgen_test]
async fn unmount_empties_the_element_and_aborts_the_running_request() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10006",
        &channel_json(10006, "Slow", "1"),
        5_000,
    );
    let host = host();
    let mut widget =
        mount_channel_card(host.clone().into(), options(r#"{"channel":"10006"}"#)).unwrap();
    appears(&host, ".cs-loading").await;
    until("the fetch", || calls("channelId=10006").len() == 1).await;

    widget.unmount();
    assert_eq!(host.inner_html(), "");
    assert_eq!(host.child_element_count(), 0);
    assert!(host.is_connected(), "the host element stays on the page");
    until("the abort", || calls("channelId=10006")[0].aborted).await;
    assert!(!calls("channelId=10006")[0].answered);

    widget.unmount();
    sleep_ms(30).await;
    assert_eq!(host.inner_html(), "");
    assert_eq!(calls("/channels/get").len(), 1);
    host.remove();
}

#[wasm_bindgen_test]
async fn a_widget_unmounted_as_soon_as_mounted_leaves_no_request_running() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10015",
        &channel_json(10015, "Brief", "1"),
        5_000,
    );
    let host = host();
    // What React's strict mode does: mount, unmount and mount again in one go.
    let mut first =
        mount_channel_card(host.clone().into(), options(r#"{"channel":"10015"}"#)).unwrap();
    first.unmount();
    assert_eq!(host.inner_html(), "");
    let mut second =
        mount_channel_card(host.clone().into(), options(r#"{"channel":"10016"}"#)).unwrap();
    second.unmount();
    sleep_ms(100).await;
    assert_eq!(host.inner_html(), "");
    let asked = calls("/channels/get");
    assert!(asked.iter().all(|c| c.aborted), "{asked:?}");
    host.remove();
}

// ---- one request for identical calls ----

#[wasm_bindgen_test]
async fn a_card_and_a_chart_of_one_channel_share_one_channel_request() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10007",
        &channel_json(10007, "Shared", "300"),
        100,
    );
    stub.ok(
        "/channels/subscribers?channelId=10007",
        r#"[{"period":"2024-01-03","participants_count":300},
            {"period":"2024-01-02","participants_count":250},
            {"period":"2024-01-01","participants_count":200}]"#,
        0,
    );
    let (card_host, chart_host) = (host(), host());
    let mut card =
        mount_channel_card(card_host.clone().into(), options(r#"{"channel":"10007"}"#)).unwrap();
    let mut chart = mount_subscriber_chart(
        chart_host.clone().into(),
        options(r#"{"channel":"10007","controls":false}"#),
    )
    .unwrap();

    appears(&card_host, ".cs-card-title").await;
    until("the chart's heading", || {
        texts(&chart_host, ".cs-widget-title") == ["Subscribers · Shared"]
    })
    .await;
    appears(&chart_host, ".cs-widget-value").await;
    assert_eq!(text(&chart_host, ".cs-widget-value"), "300");

    let info = calls("/channels/get");
    assert_eq!(info.len(), 1, "{info:?}");
    assert!(info[0].answered && !info[0].aborted);
    assert_eq!(calls("/channels/subscribers").len(), 1);
    card.unmount();
    chart.unmount();
    card_host.remove();
    chart_host.remove();
}

#[wasm_bindgen_test]
async fn the_chart_controls_ask_for_the_chosen_range() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10017",
        &channel_json(10017, "Ranged", "1"),
        0,
    );
    stub.ok(
        "/channels/subscribers?channelId=10017",
        r#"[{"period":"2024-01-02","participants_count":20},
            {"period":"2024-01-01","participants_count":10}]"#,
        0,
    );
    let host = host();
    let mut chart = mount_subscriber_chart(
        host.clone().into(),
        options(r#"{"channel":"10017","days":90}"#),
    )
    .unwrap();
    appears(&host, ".cs-widget-value").await;
    let range = find(&host, ".cs-widget-controls select");
    let select = range.dyn_ref::<web_sys::HtmlSelectElement>().unwrap();
    assert_eq!(select.value(), "90");
    select.set_value("7");
    dispatch(&range, "Event", "change", &[]);
    until("the second request", || {
        calls("/channels/subscribers").len() == 2
    })
    .await;

    // Each asks from `days` ago, rounded down to the hour.
    let start = |url: &str| -> f64 {
        let at = url.find("startDate=").expect("a start date") + "startDate=".len();
        url[at..].split('&').next().unwrap().parse().unwrap()
    };
    let asked = calls("/channels/subscribers");
    let now = js_sys::Date::now() / 1000.0;
    for (call, days) in asked.iter().zip([90.0, 7.0]) {
        let back = now - start(&call.url);
        assert!(
            (days * 86_400.0..days * 86_400.0 + 3_600.0).contains(&back),
            "{} asks {back} s back",
            call.url
        );
    }
    assert_eq!(calls("/channels/get").len(), 1);
    chart.unmount();
    host.remove();
}

#[wasm_bindgen_test]
async fn a_cancelled_card_leaves_the_shared_request_to_the_other() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10013",
        &channel_json(10013, "Kept", "5"),
        300,
    );
    let (first, second) = (host(), host());
    let mut a =
        mount_channel_card(first.clone().into(), options(r#"{"channel":"10013"}"#)).unwrap();
    let mut b =
        mount_channel_card(second.clone().into(), options(r#"{"channel":"10013"}"#)).unwrap();
    let cancel = appears(&first, ".cs-loading button").await;
    appears(&second, ".cs-loading").await;
    click(&cancel);

    appears(&second, ".cs-card-title").await;
    assert_eq!(text(&second, ".cs-card-title"), "Kept");
    // The cancelled card says so and shows no data.
    appears(&first, ".cs-banner-info").await;
    assert_eq!(text(&first, ".cs-banner-retry"), "Run again");
    assert!(first.query_selector(".cs-card-title").unwrap().is_none());
    let asked = calls("/channels/get");
    assert_eq!(asked.len(), 1);
    assert!(asked[0].answered && !asked[0].aborted);
    a.unmount();
    b.unmount();
    first.remove();
    second.remove();
}

type Slot = Rc<RefCell<Option<Result<Rc<Channel>, Error>>>>;

/// Sends channel info for `id` through the page's shared request layer, with `signal` as the
/// caller's cancel signal; the outcome lands in the returned slot.
fn send_info(id: &str, signal: web_sys::AbortSignal) -> Slot {
    let slot: Slot = Rc::new(RefCell::new(None));
    let request = ChannelInfo::new(id.parse().unwrap());
    let filled = slot.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let api = CachedClient::new(ClientConfig::default(), signal);
        let outcome = api.send(&request).await;
        *filled.borrow_mut() = Some(outcome);
    });
    slot
}

#[wasm_bindgen_test]
async fn one_of_two_waiters_giving_up_does_not_abort_the_fetch() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10009",
        &channel_json(10009, "Nine", "9"),
        200,
    );
    let (quitter, stayer) = (
        AbortController::new().unwrap(),
        AbortController::new().unwrap(),
    );
    let gave_up = send_info("10009", quitter.signal());
    let waited = send_info("10009", stayer.signal());
    until("the fetch", || calls("channelId=10009").len() == 1).await;
    quitter.abort();
    until("the quitter's outcome", || gave_up.borrow().is_some()).await;
    assert!(matches!(
        gave_up.borrow().as_ref().unwrap(),
        Err(Error::Aborted)
    ));
    assert!(waited.borrow().is_none(), "the answer came before its time");

    until("the answer", || waited.borrow().is_some()).await;
    let channel = waited.borrow_mut().take().unwrap().expect("the answer");
    assert_eq!(channel.title, "Nine");
    let asked = calls("/channels/get");
    assert_eq!(asked.len(), 1);
    assert!(asked[0].answered && !asked[0].aborted);
}

#[wasm_bindgen_test]
async fn the_only_waiter_giving_up_aborts_the_fetch() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10014",
        &channel_json(10014, "Never", "1"),
        5_000,
    );
    let controller = AbortController::new().unwrap();
    let outcome = send_info("10014", controller.signal());
    until("the fetch", || calls("channelId=10014").len() == 1).await;
    controller.abort();
    until("the outcome", || outcome.borrow().is_some()).await;
    assert!(matches!(
        outcome.borrow().as_ref().unwrap(),
        Err(Error::Aborted)
    ));
    until("the abort", || calls("channelId=10014")[0].aborted).await;

    // The abandoned flight is forgotten: the same call later sends afresh.
    let again = send_info("10014", AbortController::new().unwrap().signal());
    until("the second fetch", || calls("channelId=10014").len() == 2).await;
    assert!(again.borrow().is_none());
}

// ---- the client ----

#[wasm_bindgen_test]
async fn client_channel_info_resolves_to_plain_data() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10010",
        &channel_json(10010, "Plain", "1234567"),
        0,
    );
    let client = Client::new(JsValue::UNDEFINED).unwrap();
    let info = settle(client.channel_info(options(r#"{"channelId":"10010"}"#)))
        .await
        .expect("resolves");
    let prototype = Object::get_prototype_of(&info);
    assert_eq!(
        JsValue::from(prototype),
        get(&get(&js_sys::global(), "Object"), "prototype")
    );
    assert_eq!(get(&info, "title").as_string().as_deref(), Some("Plain"));
    assert_eq!(get(&info, "id").as_f64(), Some(10010.0));
    // Sent as text, given back as a number: the model's own output.
    assert_eq!(get(&info, "participants_count").as_f64(), Some(1_234_567.0));
    assert_eq!(
        get(&info, "username").as_string().as_deref(),
        Some("@chan10010")
    );
    assert!(get(&info, "tg_id").is_null());
    assert_eq!(calls("/channels/get").len(), 1);
}

#[wasm_bindgen_test]
async fn two_client_calls_at_once_share_one_fetch() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10008",
        &channel_json(10008, "Eight", "8"),
        100,
    );
    let client = Client::new(JsValue::UNDEFINED).unwrap();
    let one = client.channel_info(options(r#"{"channelId":"10008"}"#));
    let two = client.channel_info(options(r#"{"channelId":10008}"#));
    let both = settle(Promise::all(&Array::of2(&one, &two)))
        .await
        .expect("both resolve");
    let both = Array::from(&both);
    let (a, b) = (both.get(0), both.get(1));
    assert_eq!(get(&a, "title").as_string().as_deref(), Some("Eight"));
    assert_eq!(
        JSON::stringify(&a).unwrap().as_string(),
        JSON::stringify(&b).unwrap().as_string()
    );
    let asked = calls("/channels/get");
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert!(asked[0].answered && !asked[0].aborted);
}

#[wasm_bindgen_test]
async fn client_refuses_bad_parameters_without_fetching() {
    let _stub = Stub::install();
    let client = Client::new(JsValue::UNDEFINED).unwrap();

    let error = settle(client.channel_search(options(r#"{"country":"us","q":"ab"}"#)))
        .await
        .expect_err("rejects");
    assert!(error.is_instance_of::<js_sys::Error>());
    assert_eq!(
        get(&error, "name").as_string().as_deref(),
        Some("ChanscopeError")
    );
    assert_eq!(get(&error, "kind").as_string().as_deref(), Some("invalid"));
    let problems = Array::from(&get(&error, "problems"));
    assert_eq!(problems.length(), 1);
    assert_eq!(
        get(&problems.get(0), "param").as_string().as_deref(),
        Some("q")
    );
    assert_eq!(
        get(&problems.get(0), "message").as_string().as_deref(),
        Some("q must be at least 3 characters long (it has 2)")
    );

    let unknown = settle(client.channel_info(options(r#"{"channelId":"10000","group":"day"}"#)))
        .await
        .expect_err("rejects");
    assert_eq!(
        type_error(unknown),
        "Chanscope Client.channelInfo: unknown option \"group\"; the options are \"channelId\""
    );
    let misspelt = settle(client.channel_info(options(r#"{"channelid":"10000"}"#)))
        .await
        .expect_err("rejects");
    assert_eq!(
        type_error(misspelt),
        "Chanscope Client.channelInfo: unknown option \"channelid\"; did you mean \"channelId\"?"
    );
    assert_eq!(
        type_error(Client::new(options(r#"{"theme":"pink"}"#)).err().unwrap()),
        "Chanscope Client: unknown option \"theme\"; the options are \"baseUrl\", \"token\""
    );
    sleep_ms(30).await;
    assert!(calls("").is_empty(), "{:?}", calls(""));
}

#[wasm_bindgen_test]
async fn client_reports_flood_control_with_its_wait() {
    let stub = Stub::install();
    stub.error("/channels/get?channelId=10011", "flood_control_7");
    let client = Client::new(JsValue::UNDEFINED).unwrap();
    let error = settle(client.channel_info(options(r#"{"channelId":"10011"}"#)))
        .await
        .expect_err("rejects");
    assert_eq!(
        get(&error, "name").as_string().as_deref(),
        Some("ChanscopeError")
    );
    assert_eq!(
        get(&error, "kind").as_string().as_deref(),
        Some("flood_control")
    );
    assert_eq!(get(&error, "retryAfter").as_f64(), Some(7.0));
    assert_eq!(
        get(&error, "code").as_string().as_deref(),
        Some("flood_control_7")
    );
    assert_eq!(calls("/channels/get").len(), 1);
}

#[wasm_bindgen_test]
async fn a_token_function_is_asked_and_its_token_sent() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10012",
        &channel_json(10012, "Token", "12"),
        0,
    );
    let token = Function::new_no_args(
        "window.__csTokenCalls = (window.__csTokenCalls || 0) + 1; \
         return Promise.resolve('tok-123');",
    );
    let init = Object::new();
    Reflect::set(&init, &"token".into(), &token).unwrap();
    Reflect::set(
        &init,
        &"baseUrl".into(),
        &"https://stats.example/api/".into(),
    )
    .unwrap();
    let client = Client::new(init.into()).unwrap();
    let info = settle(client.channel_info(options(r#"{"channelId":"10012"}"#)))
        .await
        .expect("resolves");
    assert_eq!(get(&info, "title").as_string().as_deref(), Some("Token"));
    assert_eq!(get(&js_sys::global(), "__csTokenCalls").as_f64(), Some(1.0));
    let asked = calls("/channels/get");
    assert_eq!(asked.len(), 1);
    assert_eq!(
        asked[0].url,
        "https://stats.example/api/channels/get?channelId=10012&token=tok-123"
    );
}
