//! What the job tests share: a stubbed `fetch` that answers each URL in turn and records every
//! call, plans of post-search pages, a page that runs a job, and waiting.
// The stub's JavaScript and the host component are used through the functions below.
#![allow(dead_code)]

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use chanscope::api::model::PostSearchResponse;
use chanscope::api::ops::PostSearch;
use chanscope::request::{clear_cache, use_job, Job, Phase, Plan, Unit};
use js_sys::Array;
use wasm_bindgen::prelude::*;
use web_sys::Element;
use yew::prelude::*;

use crate::dom::fresh_root;

/// What each unit of the jobs here answers: a page of a post search.
pub type SearchPage = Rc<PostSearchResponse>;

// ---- the fetch stub ----

#[wasm_bindgen(inline_js = r#"
const state = { original: null, calls: [], replies: new Map(), open: 0, most: 0 };

// Replaces window.fetch. A URL (path and decoded query) is answered with its replies in turn, the
// last one again once they run out; a URL without replies gets a 404. Every call is recorded, and
// so is the most calls that were open (neither answered nor aborted) at once.
export function stubFetch() {
  if (state.original === null) state.original = window.fetch;
  state.calls = [];
  state.replies = new Map();
  state.open = 0;
  state.most = 0;
  window.fetch = (input, init) => {
    const address = new URL(typeof input === 'string' ? input : input.url, window.location.href);
    const url = decodeURIComponent(address.pathname + address.search);
    const signal = (init && init.signal) || (typeof input === 'string' ? undefined : input.signal);
    const turn = state.calls.filter((c) => c.url === url).length;
    const replies = state.replies.get(url) || [];
    const reply = replies[Math.min(turn, replies.length - 1)] ||
      { status: 404, body: 'no stubbed answer', delay: 0 };
    const call = { url, aborted: false, answered: false };
    state.calls.push(call);
    state.open += 1;
    state.most = Math.max(state.most, state.open);
    return new Promise((resolve, reject) => {
      let timer;
      const abort = () => {
        if (call.answered || call.aborted) return;
        call.aborted = true;
        state.open -= 1;
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
        state.open -= 1;
        resolve(new Response(reply.body, {
          status: reply.status,
          headers: { 'Content-Type': 'application/json' },
        }));
      }, reply.delay);
    });
  };
}

export function reply(url, body, delay) {
  if (!state.replies.has(url)) state.replies.set(url, []);
  state.replies.get(url).push({ status: 200, body, delay });
}

export function fetchCalls() {
  return state.calls.map((c) => [c.url, c.aborted, c.answered]);
}

export function mostOpen() {
  return state.most;
}

export function restoreFetch() {
  if (state.original !== null) window.fetch = state.original;
}
"#)]
extern "C" {
    #[wasm_bindgen(js_name = stubFetch)]
    pub fn stub_fetch();
    pub fn reply(url: &str, body: &str, delay_ms: u32);
    #[wasm_bindgen(js_name = fetchCalls)]
    pub fn fetch_calls() -> Array;
    #[wasm_bindgen(js_name = mostOpen)]
    pub fn most_open() -> u32;
    #[wasm_bindgen(js_name = restoreFetch)]
    pub fn restore_fetch();
}

/// The stubbed `fetch` while it lives, over an empty response cache: an answer cached by an
/// earlier test would otherwise never reach the stub.
pub struct Stub;

impl Stub {
    pub fn install() -> Stub {
        stub_fetch();
        clear_cache();
        Stub
    }

    /// The next answer to `url`: a page of results whose `total_count` tells it apart.
    pub fn ok(&self, url: &str, total_count: u64, delay_ms: u32) {
        reply(
            url,
            &format!(
                r#"{{"status":"ok","response":{{"count":0,"total_count":{total_count},"items":[],"channels":[]}}}}"#
            ),
            delay_ms,
        );
    }

    /// The next answer to `url`: the API's error `code`.
    pub fn error(&self, url: &str, code: &str, delay_ms: u32) {
        reply(
            url,
            &format!(r#"{{"status":"error","error":"{code}"}}"#),
            delay_ms,
        );
    }
}

impl Drop for Stub {
    fn drop(&mut self) {
        restore_fetch();
    }
}

#[derive(Debug, PartialEq)]
pub struct Call {
    pub url: String,
    pub aborted: bool,
    pub answered: bool,
}

/// The calls of the search for `q`, in the order they were made.
pub fn calls(q: &str) -> Vec<Call> {
    let ours = format!("?q={q}&");
    fetch_calls()
        .iter()
        .map(|call| {
            let call = Array::from(&call);
            Call {
                url: call.get(0).as_string().unwrap(),
                aborted: call.get(1).as_bool().unwrap(),
                answered: call.get(2).as_bool().unwrap(),
            }
        })
        .filter(|call| call.url.contains(&ours))
        .collect()
}

/// How many of `calls` asked for page `index` of the search for `q` and pass `which`.
pub fn times_asked(calls: &[Call], q: &str, index: u32, which: impl Fn(&Call) -> bool) -> usize {
    calls
        .iter()
        .filter(|call| call.url == url(q, index) && which(call))
        .count()
}

/// The calls of the first `count` pages of the search for `q`, each asked once and answered.
pub fn answered_once(q: &str, count: u32) -> Vec<Call> {
    (0..count)
        .map(|i| Call {
            url: url(q, i),
            aborted: false,
            answered: true,
        })
        .collect()
}

pub fn urls(calls: &[Call]) -> Vec<String> {
    calls.iter().map(|call| call.url.clone()).collect()
}

// ---- plans ----

pub const PAGE: u32 = 50;

/// Where page `index` of the search for `q` is asked, as the stub sees it (offset 0 is the API's
/// default, so it is not sent).
pub fn url(q: &str, index: u32) -> String {
    match index {
        0 => format!("/api/posts/search?q={q}&limit={PAGE}"),
        _ => format!(
            "/api/posts/search?q={q}&limit={PAGE}&offset={}",
            index * PAGE
        ),
    }
}

/// One unit per page of the search for `q`, each at its own offset.
pub fn pages(q: &str, count: u32) -> Vec<Unit<SearchPage>> {
    (0..count)
        .map(|index| {
            let mut op = PostSearch::new(q);
            op.limit = Some(PAGE);
            op.offset = Some(index * PAGE);
            Unit::call(op)
        })
        .collect()
}

pub fn total_counts(job: &Job<SearchPage>) -> Vec<Option<u64>> {
    job.results()
        .iter()
        .map(|page| page.as_ref().map(|page| page.total_count))
        .collect()
}

// ---- the page that runs a job ----

#[derive(Properties)]
pub struct HostProps {
    /// Called on every render: `use_job` needs the plan each time, though it keeps the first.
    pub plan: Rc<dyn Fn() -> Plan<SearchPage>>,
    pub confirm_above: u32,
    pub seen: Rc<RefCell<Option<Job<SearchPage>>>>,
}

impl PartialEq for HostProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.seen, &other.seen) && self.confirm_above == other.confirm_above
    }
}

#[function_component(Host)]
pub fn host(props: &HostProps) -> Html {
    let job = use_job(Some((props.plan)()), props.confirm_above);
    let shown = job.as_ref().map(|job| {
        let progress = job.progress();
        format!("{}/{}", progress.done, progress.total)
    });
    *props.seen.borrow_mut() = job;
    html! { <p class="job-progress">{ shown.unwrap_or_default() }</p> }
}

/// A page running a job, mounted in a fresh element.
pub struct Page {
    pub root: Element,
    pub seen: Rc<RefCell<Option<Job<SearchPage>>>>,
}

impl Page {
    pub async fn mount(plan: impl Fn() -> Plan<SearchPage> + 'static, confirm_above: u32) -> Page {
        let root = fresh_root();
        let seen = Rc::new(RefCell::new(None));
        let props = HostProps {
            plan: Rc::new(plan),
            confirm_above,
            seen: seen.clone(),
        };
        yew::Renderer::<Host>::with_root_and_props(root.clone(), props).render();
        sleep_ms(30).await;
        Page { root, seen }
    }

    /// The handle the page rendered last; every handle reads the job as it stands now.
    pub fn job(&self) -> Job<SearchPage> {
        self.seen.borrow().clone().expect("the page has a job")
    }

    /// What the page shows: it re-renders as the job moves on.
    pub fn shown(&self) -> String {
        self.root.text_content().unwrap_or_default()
    }
}

// ---- waiting ----

pub async fn sleep_ms(ms: u64) {
    yew::platform::time::sleep(Duration::from_millis(ms)).await;
}

pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// Waits until `done` holds, at most `limit_ms`; the milliseconds it took.
pub async fn until(what: &str, limit_ms: f64, done: impl Fn() -> bool) -> f64 {
    let started = now_ms();
    while !done() {
        if now_ms() - started > limit_ms {
            panic!("still waiting for {what} after {limit_ms} ms");
        }
        sleep_ms(10).await;
    }
    now_ms() - started
}

pub fn phase(job: &Job<SearchPage>) -> Phase {
    job.progress().phase
}
