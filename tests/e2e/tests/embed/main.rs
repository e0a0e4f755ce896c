//! Embedding end to end: `embed.html` (a host page of its own) and pages built by the scenarios
//! mount Chanscope's widgets from `embed.js` against the in-process sandbox, in headless Chromium;
//! the custom elements' host pages load it from an in-process gateway on another origin.
//! The sandbox answers token-less requests as `demo`, as the preview does (host pages carry no
//! token). Run after building the console:
//! `CHANSCOPE_DIST=<root>/dist cargo test -p chanscope-e2e --test embed`.
//!
//! The scenarios live by topic in this folder's modules; this file lists them in the order they
//! run and holds the helpers they share.

mod elements;
mod host_intact;
mod host_page;
mod javascript_api;

use std::process::ExitCode;
use std::time::{Duration, Instant};

use chanscope_e2e::browser::WAIT;
use chanscope_e2e::runner::Scenario;
use chanscope_e2e::{scenarios, Harness, HarnessOptions, Res, DEMO_TOKEN};
use serde_json::{json, Value};

use elements::{
    elements_follow_the_dom, elements_render_on_another_origin, events_reach_the_document,
    failed_module_says_so, fallback_shows_without_javascript, iframe_pages_only_on_allowed_origins,
    painted_card_gives_way_without_a_shift, painted_card_reads_without_javascript,
    painted_card_shows_on_a_host_page_even_without_its_module, styles_are_isolated_both_ways,
};
use host_intact::{host_styles_are_unchanged, unmount_leaves_nothing_behind};
use host_page::{host_page_shows_three_widgets, update_changes_a_widget};
use javascript_api::{bad_options_raise_errors, client_returns_plain_objects};

const SCENARIOS: &[(&str, Scenario)] = scenarios![
    host_page_shows_three_widgets,
    update_changes_a_widget,
    unmount_leaves_nothing_behind,
    host_styles_are_unchanged,
    bad_options_raise_errors,
    client_returns_plain_objects,
    elements_render_on_another_origin,
    styles_are_isolated_both_ways,
    elements_follow_the_dom,
    events_reach_the_document,
    failed_module_says_so,
    fallback_shows_without_javascript,
    iframe_pages_only_on_allowed_origins,
    painted_card_reads_without_javascript,
    painted_card_gives_way_without_a_shift,
    painted_card_shows_on_a_host_page_even_without_its_module,
];

fn main() -> ExitCode {
    chanscope_e2e::runner::main(
        SCENARIOS,
        HarnessOptions {
            anonymous_token: Some(DEMO_TOKEN),
        },
    )
}

/// The channel `embed.html` starts with, and the one its picker offers next.
const FIRST_CHANNEL: &str = "10000";
const SECOND_CHANNEL: &str = "10001";

/// Runs `body` (an async function body that may `await`) in the page and returns its value;
/// a thrown error comes back as `{ "thrown": name, "message": … }`.
async fn run_js(h: &Harness, body: &str, args: Vec<Value>) -> Res<Value> {
    let script = format!(
        "const done = arguments[arguments.length - 1];
         const args = Array.from(arguments).slice(0, -1);
         (async (...args) => {{ {body} }})(...args).then(done,
             e => done({{ thrown: String(e && e.name), message: String(e && e.message) }}));"
    );
    Ok(h.browser.client().execute_async(&script, args).await?)
}

/// Opens a same-origin page that runs no app (`/healthz`) and makes it an empty host document
/// with `html` in its body.
async fn blank_host(h: &Harness, html: &str) -> Res<()> {
    h.browser
        .client()
        .goto(&format!("{}/healthz", h.site.origin))
        .await?;
    h.browser
        .eval(
            "document.documentElement.innerHTML = '<head><title>host</title></head><body></body>';
             document.body.innerHTML = arguments[0];",
            vec![json!(html)],
        )
        .await?;
    Ok(())
}

/// Waits until `script` (an expression) is truthy in the page.
async fn wait_js(h: &Harness, what: &str, script: &str) -> Res<()> {
    let deadline = Instant::now() + WAIT;
    loop {
        let value = h
            .browser
            .eval(&format!("return !!({script});"), vec![])
            .await?;
        if value == json!(true) {
            return Ok(());
        }
        if Instant::now() > deadline {
            let text = h
                .browser
                .eval("return document.body.innerText;", vec![])
                .await?;
            return Err(format!(
                "{what} did not happen within {WAIT:?}; the page shows:\n{}",
                chanscope_e2e::browser::clip(text.as_str().unwrap_or_default())
            )
            .into());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}
