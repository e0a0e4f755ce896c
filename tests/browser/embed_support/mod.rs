//! What the embedding tests share: a stubbed `fetch` that answers by URL and records each call,
//! and helpers to wait for, find and read what a widget shows.
// Each embedding test binary uses its own part of these.
#![allow(dead_code)]

use std::time::Duration;

use chanscope::api::browser::BrowserTransport;
use chanscope::api::Transport;
use chanscope::embed::WidgetHandle;
use chanscope::request::clear_cache;
use js_sys::{Array, Promise, Reflect, JSON};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::Element;

use crate::dom::{find, fresh_root, settle_until};

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
pub struct Stub;

impl Stub {
    pub fn install() -> Stub {
        stub_fetch();
        clear_cache();
        Stub
    }

    /// Answers URLs containing `part` with `{"status":"ok","response":<response>}`.
    pub fn ok(&self, part: &str, response: &str, delay_ms: u32) {
        answer(
            part,
            &format!(r#"{{"status":"ok","response":{response}}}"#),
            delay_ms,
        );
    }

    pub fn error(&self, part: &str, code: &str) {
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
pub struct Call {
    pub url: String,
    pub aborted: bool,
    pub answered: bool,
}

/// Every call made since the stub was installed whose URL contains `part`.
pub fn calls(part: &str) -> Vec<Call> {
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

pub async fn sleep_ms(ms: u64) {
    BrowserTransport::new()
        .sleep(Duration::from_millis(ms))
        .await;
}

/// Waits (up to three seconds) until `done` holds.
pub async fn until(what: &str, done: impl Fn() -> bool) {
    settle_until(&done).await;
    assert!(done(), "still waiting for {what}");
}

/// The first element matching `selector` under `root`, once it is there.
pub async fn appears(root: &Element, selector: &str) -> Element {
    until(selector, || {
        root.query_selector(selector).ok().flatten().is_some()
    })
    .await;
    find(root, selector)
}

pub fn options(json: &str) -> JsValue {
    JSON::parse(json).unwrap()
}

pub fn text(root: &Element, selector: &str) -> String {
    find(root, selector).text_content().unwrap_or_default()
}

pub fn texts(root: &Element, selector: &str) -> Vec<String> {
    let found = root.query_selector_all(selector).unwrap();
    (0..found.length())
        .filter_map(|i| found.item(i)?.text_content())
        .map(|t| t.trim().to_owned())
        .collect()
}

pub fn has_class(element: &Element, name: &str) -> bool {
    element.class_name().split_whitespace().any(|c| c == name)
}

/// A fresh host element holding the page's placeholder.
pub fn host() -> Element {
    let host = fresh_root();
    host.set_inner_html("<p class=\"placeholder\">Loading statistics…</p>");
    host
}

/// The message of the `TypeError` in `thrown`.
pub fn type_error(thrown: JsValue) -> String {
    let error = thrown
        .dyn_ref::<js_sys::TypeError>()
        .unwrap_or_else(|| panic!("expected a TypeError, got {thrown:?}"));
    String::from(error.message())
}

/// The message of the `TypeError` a mount threw; the mount must have failed.
pub fn refused(result: Result<WidgetHandle, JsValue>) -> String {
    match result {
        Ok(_) => panic!("the options were accepted"),
        Err(thrown) => type_error(thrown),
    }
}

pub fn get(object: &JsValue, key: &str) -> JsValue {
    Reflect::get(object, &key.into()).unwrap()
}

/// The promise's value, or what it was rejected with.
pub async fn settle(promise: Promise) -> Result<JsValue, JsValue> {
    JsFuture::from(promise).await
}

pub fn channel_json(id: u64, title: &str, participants: &str) -> String {
    format!(
        r#"{{"id":{id},"link":"t.me/chan{id}","peer_type":"channel","username":"@chan{id}","title":"{title}","about":"","participants_count":"{participants}","image100":"","image640":""}}"#
    )
}
