//! The console mounted whole over a stubbed `fetch`, for the browser tests of its pages.
// Each browser test binary uses its own part of these.
#![allow(dead_code)]

use std::time::Duration;

use chanscope::api::browser::BrowserTransport;
use chanscope::api::Transport;
use chanscope::app::App;
use js_sys::{Array, Function, Reflect};
use wasm_bindgen::JsValue;
use web_sys::Element;

pub fn window() -> web_sys::Window {
    web_sys::window().unwrap()
}

/// What every stubbed `fetch` does first: record the URL, and read it into `u` and `q`.
const RECORD: &str = "
const url = typeof input === 'string' ? input : input.url;
window.__csRequests.push(url);
const u = new URL(url, location.href);
const q = u.searchParams;
";

/// What it does last: answer `body` as the API's envelope does.
const ANSWER: &str = "
return Promise.resolve(new Response(JSON.stringify({ status: 'ok', response: body }),
  { status: 200, headers: { 'Content-Type': 'application/json' } }));
";

/// Replaces `fetch` with `script` (run with `u`, the URL asked for, and `q`, its query: it sets
/// `body`, the answer, or returns a response of its own) and forgets the URLs recorded so far.
pub fn stub_fetch(script: &str) {
    // Answers cached by an earlier test would hide the calls a test counts.
    chanscope::request::clear_cache();
    let window = window();
    Reflect::set(&window, &"__csRequests".into(), &Array::new()).unwrap();
    let fake = Function::new_with_args("input, init", &format!("{RECORD}{script}{ANSWER}"));
    Reflect::set(&window, &"fetch".into(), &fake).unwrap();
}

/// The URLs the pages asked for, decoded.
pub fn requests() -> Vec<String> {
    let list = Reflect::get(&window(), &"__csRequests".into()).unwrap();
    Array::from(&list)
        .iter()
        .filter_map(|v| v.as_string())
        .map(|url| {
            js_sys::decode_uri_component(&url)
                .map(String::from)
                .unwrap_or(url)
        })
        .collect()
}

/// Mounts the console at `path` (with its query) in a fresh element.
pub fn mount(path: &str) -> Element {
    window()
        .history()
        .unwrap()
        .push_state_with_url(&JsValue::NULL, "", Some(path))
        .unwrap();
    let document = window().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root(root.clone()).render();
    root
}

/// Twenty milliseconds of the browser's own time.
pub async fn pause() {
    BrowserTransport::new()
        .sleep(Duration::from_millis(20))
        .await;
}

/// The first element matching `selector`, waiting up to `seconds` for it to appear.
pub async fn find_within(root: &Element, selector: &str, seconds: u32) -> Element {
    for _ in 0..seconds * 50 {
        if let Ok(Some(found)) = root.query_selector(selector) {
            return found;
        }
        pause().await;
    }
    panic!("nothing matches {selector}");
}
