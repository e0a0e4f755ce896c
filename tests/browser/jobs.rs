//! Browser tests of `use_job` over a stubbed `fetch`: how many requests a job has on their way,
//! when it waits for a confirmation, what cancelling keeps, how it waits out flood control, which
//! errors it records for one unit and which stop it, how far a refined plan goes, and what a
//! restart asks again.
#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use chanscope::api::model::PostSearchResponse;
use chanscope::api::ops::PostSearch;
use chanscope::api::{ApiError, ApiErrorKind, Error, Operation};
use chanscope::request::{clear_cache, use_job, Job, Phase, Plan, Progress, Unit};
use js_sys::Array;
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;
use web_sys::Element;
use yew::prelude::*;

mod dom;

use dom::fresh_root;

wasm_bindgen_test_configure!(run_in_browser);

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
    fn stub_fetch();
    fn reply(url: &str, body: &str, delay_ms: u32);
    #[wasm_bindgen(js_name = fetchCalls)]
    fn fetch_calls() -> Array;
    #[wasm_bindgen(js_name = mostOpen)]
    fn most_open() -> u32;
    #[wasm_bindgen(js_name = restoreFetch)]
    fn restore_fetch();
}

/// The stubbed `fetch` while it lives, over an empty response cache: an answer cached by an
/// earlier test would otherwise never reach the stub.
struct Stub;

impl Stub {
    fn install() -> Stub {
        stub_fetch();
        clear_cache();
        Stub
    }

    /// The next answer to `url`: a page of results whose `total_count` tells it apart.
    fn ok(&self, url: &str, total_count: u64, delay_ms: u32) {
        reply(
            url,
            &format!(
                r#"{{"status":"ok","response":{{"count":0,"total_count":{total_count},"items":[],"channels":[]}}}}"#
            ),
            delay_ms,
        );
    }

    /// The next answer to `url`: the API's error `code`.
    fn error(&self, url: &str, code: &str, delay_ms: u32) {
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
struct Call {
    url: String,
    aborted: bool,
    answered: bool,
}

/// The calls of the search for `q`, in the order they were made.
fn calls(q: &str) -> Vec<Call> {
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

fn urls(calls: &[Call]) -> Vec<String> {
    calls.iter().map(|call| call.url.clone()).collect()
}

// ---- plans ----

const PAGE: u32 = 50;

/// Where page `index` of the search for `q` is asked, as the stub sees it (offset 0 is the API's
/// default, so it is not sent).
fn url(q: &str, index: u32) -> String {
    match index {
        0 => format!("/api/posts/search?q={q}&limit={PAGE}"),
        _ => format!(
            "/api/posts/search?q={q}&limit={PAGE}&offset={}",
            index * PAGE
        ),
    }
}

/// One unit per page of the search for `q`, each at its own offset.
fn pages(q: &str, count: u32) -> Vec<Unit> {
    (0..count)
        .map(|index| {
            let mut op = PostSearch::new(q);
            op.limit = Some(PAGE);
            op.offset = Some(index * PAGE);
            Unit::call(op)
        })
        .collect()
}

fn total_counts(job: &Job) -> Vec<Option<u64>> {
    job.results::<PostSearchResponse>()
        .iter()
        .map(|page| page.as_ref().map(|page| page.total_count))
        .collect()
}

// ---- the page that runs a job ----

#[derive(Properties)]
struct HostProps {
    /// Called on every render: `use_job` needs the plan each time, though it keeps the first.
    plan: Rc<dyn Fn() -> Plan>,
    confirm_above: u32,
    seen: Rc<RefCell<Option<Job>>>,
}

impl PartialEq for HostProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.seen, &other.seen) && self.confirm_above == other.confirm_above
    }
}

#[function_component(Host)]
fn host(props: &HostProps) -> Html {
    let job = use_job(Some((props.plan)()), props.confirm_above);
    let shown = job.as_ref().map(|job| {
        let progress = job.progress();
        format!("{}/{}", progress.done, progress.total)
    });
    *props.seen.borrow_mut() = job;
    html! { <p class="job-progress">{ shown.unwrap_or_default() }</p> }
}

/// A page running a job, mounted in a fresh element.
struct Page {
    root: Element,
    seen: Rc<RefCell<Option<Job>>>,
}

impl Page {
    async fn mount(plan: impl Fn() -> Plan + 'static, confirm_above: u32) -> Page {
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
    fn job(&self) -> Job {
        self.seen.borrow().clone().expect("the page has a job")
    }

    /// What the page shows: it re-renders as the job moves on.
    fn shown(&self) -> String {
        self.root.text_content().unwrap_or_default()
    }
}

// ---- waiting ----

async fn sleep_ms(ms: u64) {
    yew::platform::time::sleep(Duration::from_millis(ms)).await;
}

fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// Waits until `done` holds, at most `limit_ms`; the milliseconds it took.
async fn until(what: &str, limit_ms: f64, done: impl Fn() -> bool) -> f64 {
    let started = now_ms();
    while !done() {
        if now_ms() - started > limit_ms {
            panic!("still waiting for {what} after {limit_ms} ms");
        }
        sleep_ms(10).await;
    }
    now_ms() - started
}

fn phase(job: &Job) -> Phase {
    job.progress().phase
}

// ---- the tests ----

#[wasm_bindgen_test]
async fn a_job_has_three_requests_on_their_way_and_gives_each_unit_its_own_answer() {
    let stub = Stub::install();
    for index in 0..7 {
        stub.ok(&url("seven", index), 100 + u64::from(index), 200);
    }
    let started = now_ms();
    let page = Page::mount(|| Plan::new("jobs: seven", pages("seven", 7)), 20).await;
    let job = page.job();

    // The fourth waits for one of the first three to land.
    let progress = job.progress();
    assert_eq!(
        (progress.phase, progress.done, progress.in_flight),
        (Phase::Running, 0, 3)
    );
    assert_eq!(
        urls(&calls("seven")),
        (0..3).map(|i| url("seven", i)).collect::<Vec<_>>()
    );

    until("the job to finish", 3000.0, || phase(&job) == Phase::Done).await;
    let took = now_ms() - started;
    assert_eq!(most_open(), 3);
    // Three rounds of 200 ms answers.
    assert!((590.0..1500.0).contains(&took), "took {took} ms");
    let asked = calls("seven");
    assert_eq!(
        urls(&asked),
        (0..7).map(|i| url("seven", i)).collect::<Vec<_>>()
    );
    assert!(
        asked.iter().all(|call| call.answered && !call.aborted),
        "{asked:?}"
    );
    assert_eq!(
        job.progress(),
        Progress {
            phase: Phase::Done,
            total: 7,
            done: 7,
            in_flight: 0,
            paused_until: None,
            time_left_ms: Some(0.0),
        }
    );
    assert_eq!(total_counts(&job), (100..107).map(Some).collect::<Vec<_>>());
    assert_eq!(
        job.result::<PostSearchResponse>(3)
            .map(|page| page.total_count),
        Some(103)
    );
    assert!(job.error(3).is_none());
    // The wrong type, or a unit past the end, gives nothing rather than a panic.
    assert!(job.result::<String>(3).is_none());
    assert!(job.result::<PostSearchResponse>(7).is_none());
    sleep_ms(30).await;
    assert_eq!(page.shown(), "7/7");
    assert!(!page.job().awaits_confirmation());
}

#[wasm_bindgen_test]
async fn a_job_of_more_units_than_the_threshold_waits_for_start() {
    let stub = Stub::install();
    for index in 0..7 {
        stub.ok(&url("asks", index), u64::from(index), 20);
        stub.ok(&url("goes", index), u64::from(index), 20);
    }

    let page = Page::mount(|| Plan::new("jobs: asks", pages("asks", 7)), 5).await;
    let job = page.job();
    sleep_ms(200).await;
    assert!(job.awaits_confirmation());
    assert_eq!(
        job.progress(),
        Progress {
            phase: Phase::Idle,
            total: 7,
            done: 0,
            in_flight: 0,
            paused_until: None,
            time_left_ms: None,
        }
    );
    assert!(calls("asks").is_empty());
    assert_eq!(page.shown(), "0/7");

    job.start();
    assert!(!job.awaits_confirmation());
    assert_eq!(phase(&job), Phase::Running);
    until("the confirmed job to finish", 2000.0, || {
        phase(&job) == Phase::Done
    })
    .await;
    assert_eq!(
        urls(&calls("asks")),
        (0..7).map(|i| url("asks", i)).collect::<Vec<_>>()
    );
    assert_eq!(total_counts(&job), (0..7).map(Some).collect::<Vec<_>>());

    // A job of exactly the threshold's size does not ask.
    let page = Page::mount(|| Plan::new("jobs: goes", pages("goes", 7)), 7).await;
    let job = page.job();
    assert!(!job.awaits_confirmation());
    assert_eq!((phase(&job), job.progress().in_flight), (Phase::Running, 3));
    until("the job at the threshold to finish", 2000.0, || {
        phase(&job) == Phase::Done
    })
    .await;
    assert_eq!(
        urls(&calls("goes")),
        (0..7).map(|i| url("goes", i)).collect::<Vec<_>>()
    );
}

#[wasm_bindgen_test]
async fn cancelling_keeps_the_answers_and_start_asks_only_for_the_rest() {
    let stub = Stub::install();
    for index in 0..7 {
        stub.ok(&url("halfway", index), 300 + u64::from(index), 300);
    }
    let page = Page::mount(|| Plan::new("jobs: halfway", pages("halfway", 7)), 20).await;
    let job = page.job();

    until("the first three answers", 2000.0, || {
        job.progress().done == 3
    })
    .await;
    // Their landing sent the next three at once.
    assert_eq!(job.progress().in_flight, 3);
    assert_eq!(calls("halfway").len(), 6);

    job.cancel();
    // Stopped, the clock stands still: the estimate is the same after the wait below.
    let time_left_ms = job.progress().time_left_ms;
    assert!(time_left_ms.is_some_and(|ms| ms > 0.0), "{time_left_ms:?}");
    let stopped = Progress {
        phase: Phase::Stopped,
        total: 7,
        done: 3,
        in_flight: 0,
        paused_until: None,
        time_left_ms,
    };
    assert_eq!(job.progress(), stopped);
    let kept = vec![Some(300), Some(301), Some(302), None, None, None, None];
    assert_eq!(total_counts(&job), kept);

    // Nothing lands or goes out while it is stopped: the three on their way were aborted.
    sleep_ms(400).await;
    assert_eq!(job.progress(), stopped);
    assert_eq!(total_counts(&job), kept);
    assert_eq!(page.shown(), "3/7");
    let asked = calls("halfway");
    assert_eq!(
        asked,
        (0..6)
            .map(|i| Call {
                url: url("halfway", i),
                aborted: i >= 3,
                answered: i < 3,
            })
            .collect::<Vec<_>>()
    );

    job.start();
    assert_eq!(job.progress().in_flight, 3);
    until("the job to finish after start", 3000.0, || {
        phase(&job) == Phase::Done
    })
    .await;
    assert_eq!(job.progress().done, 7);
    assert_eq!(total_counts(&job), (300..307).map(Some).collect::<Vec<_>>());

    // The aborted three are asked again, once; no answered page is ever asked twice.
    let asked = calls("halfway");
    let again: Vec<Call> = (3..7)
        .map(|i| Call {
            url: url("halfway", i),
            aborted: false,
            answered: true,
        })
        .collect();
    assert_eq!(&asked[6..], &again[..]);
    assert_eq!(asked.len(), 10);
    for index in 0..7 {
        let answered = asked
            .iter()
            .filter(|call| call.url == url("halfway", index) && call.answered)
            .count();
        assert_eq!(answered, 1, "page {index}: {asked:?}");
    }
}

#[wasm_bindgen_test]
async fn flood_control_pauses_the_job_and_it_goes_on_by_itself() {
    let stub = Stub::install();
    for index in 0..7 {
        if index == 1 {
            stub.error(&url("flood", index), "flood_control_1", 50);
        }
        stub.ok(&url("flood", index), 200 + u64::from(index), 100);
    }
    let started = now_ms();
    let page = Page::mount(|| Plan::new("jobs: flood", pages("flood", 7)), 20).await;
    let job = page.job();

    until("the pause", 1000.0, || {
        job.progress().paused_until.is_some()
    })
    .await;
    let paused_at = now_ms();
    let progress = job.progress();
    assert_eq!(progress.phase, Phase::Running);
    let wait = progress.paused_until.unwrap() - paused_at;
    assert!((850.0..=1000.0).contains(&wait), "paused for {wait} ms");

    // The two on their way still land; nothing new goes out during the pause.
    until("the two on their way", 1000.0, || {
        job.progress().in_flight == 0
    })
    .await;
    sleep_ms(300).await;
    let progress = job.progress();
    assert_eq!(
        (
            progress.done,
            progress.in_flight,
            progress.paused_until.is_some()
        ),
        (2, 0, true)
    );
    assert_eq!(calls("flood").len(), 3);

    until("the job to finish by itself", 2500.0, || {
        phase(&job) == Phase::Done
    })
    .await;
    let took = now_ms() - started;
    // One second of pause, and two rounds of 100 ms answers after it.
    assert!((1150.0..2500.0).contains(&took), "took {took} ms");
    assert_eq!(
        job.progress(),
        Progress {
            phase: Phase::Done,
            total: 7,
            done: 7,
            in_flight: 0,
            paused_until: None,
            time_left_ms: Some(0.0),
        }
    );
    assert_eq!(total_counts(&job), (200..207).map(Some).collect::<Vec<_>>());
    let asked = calls("flood");
    assert_eq!(asked.len(), 8);
    for index in 0..7 {
        let times = asked
            .iter()
            .filter(|call| call.url == url("flood", index))
            .count();
        assert_eq!(times, if index == 1 { 2 } else { 1 }, "page {index}");
    }
    assert!(asked.iter().all(|call| call.answered), "{asked:?}");
}

#[wasm_bindgen_test]
async fn a_flood_control_wait_holds_across_cancel_and_continue() {
    let stub = Stub::install();
    for index in 0..4 {
        if index == 0 {
            stub.error(&url("holds", index), "flood_control_2", 50);
        }
        stub.ok(&url("holds", index), 400 + u64::from(index), 50);
    }
    let page = Page::mount(|| Plan::new("jobs: holds", pages("holds", 4)), 20).await;
    let job = page.job();
    until("the pause", 1000.0, || {
        job.progress().paused_until.is_some()
    })
    .await;
    let until_at = job.progress().paused_until.unwrap();
    until("the others to land", 1000.0, || {
        job.progress().in_flight == 0
    })
    .await;
    job.cancel();
    assert_eq!(phase(&job), Phase::Stopped);
    job.start();
    // Going on before the wait is over sends nothing (the first three went out before the
    // pause; the flood-controlled one and the fourth wait): the wait still holds.
    sleep_ms(300).await;
    assert!(now_ms() < until_at, "the test itself was too slow");
    assert_eq!(job.progress().paused_until, Some(until_at));
    assert_eq!(calls("holds").len(), 3, "{:?}", calls("holds"));
    until("the job to finish after the wait", 3000.0, || {
        phase(&job) == Phase::Done
    })
    .await;
    assert!(now_ms() >= until_at);
    assert_eq!(total_counts(&job), (400..404).map(Some).collect::<Vec<_>>());
    assert_eq!(calls("holds").len(), 5);
}

#[wasm_bindgen_test]
async fn an_error_about_one_unit_is_kept_for_it_and_the_others_go_on() {
    let stub = Stub::install();
    for index in 0..7 {
        if index == 4 {
            stub.error(&url("unit", index), "param q is too short", 50);
        } else if index == 5 {
            stub.error(&url("unit", index), "channel_gone_away", 50);
        } else {
            stub.ok(&url("unit", index), 400 + u64::from(index), 50);
        }
    }
    let unaskable = PostSearch::new(" ").validate().unwrap_err();
    let plan = {
        let unaskable = unaskable.clone();
        move || {
            let mut units = pages("unit", 7);
            units[2] = Unit::fails(Error::Invalid(unaskable.clone()));
            Plan::new("jobs: unit errors", units)
        }
    };
    let page = Page::mount(plan, 20).await;
    let job = page.job();

    until("the job to finish", 2000.0, || phase(&job) == Phase::Done).await;
    let progress = job.progress();
    assert_eq!((progress.total, progress.done), (7, 7));
    assert_eq!(
        job.error(4).as_deref(),
        Some(&Error::Api(ApiError {
            kind: ApiErrorKind::InvalidParameter,
            message: "param q is too short".into(),
        }))
    );
    assert_eq!(
        job.error(5).as_deref(),
        Some(&Error::Api(ApiError {
            kind: ApiErrorKind::Unknown,
            message: "channel_gone_away".into(),
        }))
    );
    assert_eq!(job.error(2).as_deref(), Some(&Error::Invalid(unaskable)));
    assert_eq!(
        total_counts(&job),
        vec![Some(400), Some(401), None, Some(403), None, None, Some(406)]
    );
    assert!(job.error(0).is_none());
    // The unit that fails before sending is never asked.
    assert_eq!(
        urls(&calls("unit")),
        [0, 1, 3, 4, 5, 6]
            .into_iter()
            .map(|i| url("unit", i))
            .collect::<Vec<_>>()
    );
}

#[wasm_bindgen_test]
async fn an_error_that_would_fail_every_unit_stops_the_job() {
    let stub = Stub::install();
    for index in 0..7 {
        if index == 1 {
            stub.error(&url("token", index), "token_invalid", 50);
        } else {
            stub.ok(&url("token", index), 500 + u64::from(index), 200);
        }
    }
    let page = Page::mount(|| Plan::new("jobs: token", pages("token", 7)), 20).await;
    let job = page.job();

    until("the job to fail", 1000.0, || {
        matches!(phase(&job), Phase::Failed(_))
    })
    .await;
    assert_eq!(
        phase(&job),
        Phase::Failed(Rc::new(Error::Api(ApiError {
            kind: ApiErrorKind::Auth,
            message: "token_invalid".into(),
        })))
    );
    assert_eq!(job.progress().in_flight, 2);

    // The two already on their way land and are kept, and nothing more is asked.
    until("the two on their way", 1000.0, || {
        job.progress().in_flight == 0
    })
    .await;
    sleep_ms(300).await;
    let progress = job.progress();
    assert!(matches!(progress.phase, Phase::Failed(_)));
    assert_eq!((progress.total, progress.done), (7, 2));
    assert_eq!(
        total_counts(&job),
        vec![Some(500), None, Some(502), None, None, None, None]
    );
    assert!(job.error(1).is_none());
    assert_eq!(
        urls(&calls("token")),
        (0..3).map(|i| url("token", i)).collect::<Vec<_>>()
    );
}

#[wasm_bindgen_test]
async fn a_refined_plan_asks_only_for_the_pages_its_first_answer_says_exist() {
    let stub = Stub::install();
    // Every page answers, so that one asked past the end would show up as a call.
    for index in 0..21 {
        stub.ok(&url("refine", index), 120, 100);
    }
    let plan = || {
        Plan::new("jobs: refine", pages("refine", 21)).refined_by(|first| {
            first
                .downcast_ref::<PostSearchResponse>()
                .map_or(1, |page| {
                    page.total_count.div_ceil(u64::from(PAGE)) as usize
                })
        })
    };
    let page = Page::mount(plan, 25).await;
    let job = page.job();

    // Until the first page lands, it runs alone and the job counts every unit.
    let progress = job.progress();
    assert_eq!(
        (progress.phase, progress.total, progress.in_flight),
        (Phase::Running, 21, 1)
    );
    assert_eq!(urls(&calls("refine")), [url("refine", 0)]);

    until("the job to finish", 2000.0, || phase(&job) == Phase::Done).await;
    assert_eq!(
        urls(&calls("refine")),
        (0..3).map(|i| url("refine", i)).collect::<Vec<_>>()
    );
    assert_eq!(
        job.progress(),
        Progress {
            phase: Phase::Done,
            total: 3,
            done: 3,
            in_flight: 0,
            paused_until: None,
            time_left_ms: Some(0.0),
        }
    );
    assert_eq!(total_counts(&job), vec![Some(120); 3]);
    sleep_ms(30).await;
    assert_eq!(page.shown(), "3/3");
}

#[wasm_bindgen_test]
async fn restart_forgets_the_answers_and_the_cache_gives_them_back() {
    let stub = Stub::install();
    for index in 0..4 {
        stub.ok(&url("again", index), 600 + u64::from(index), 50);
    }
    let page = Page::mount(|| Plan::new("jobs: again", pages("again", 4)), 20).await;
    let job = page.job();
    until("the job to finish", 2000.0, || phase(&job) == Phase::Done).await;
    assert_eq!(calls("again").len(), 4);

    job.restart();
    let progress = job.progress();
    assert_eq!(
        (progress.phase, progress.done, progress.in_flight),
        (Phase::Running, 0, 3)
    );
    assert_eq!(total_counts(&job), vec![None; 4]);
    until("the job to finish again", 2000.0, || {
        phase(&job) == Phase::Done
    })
    .await;
    assert_eq!(total_counts(&job), (600..604).map(Some).collect::<Vec<_>>());
    // Every answer is younger than the cache's minute, so none is asked for again.
    assert_eq!(
        urls(&calls("again")),
        (0..4).map(|i| url("again", i)).collect::<Vec<_>>()
    );
}
