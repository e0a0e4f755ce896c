//! Search analysis: a whole search result of 1,050 posts, its cost said first, cancelled with
//! some pages in (the requests on their way still land and are kept) and continued, every page
//! asked exactly once.

use std::collections::BTreeMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use chanscope_api::format::{group_thousands, Locale};
use chanscope_e2e::browser::WAIT;
use chanscope_e2e::{ensure, query_param, Harness, Res};
use serde_json::{json, Value};

use crate::{exact, int, submit_form};

/// Waits until `script` (run in the page) returns a value `done` accepts, and returns it.
async fn wait_value(
    h: &Harness,
    what: &str,
    script: &str,
    done: impl Fn(&Value) -> bool,
) -> Res<Value> {
    let deadline = Instant::now() + WAIT;
    loop {
        let value = h.browser.eval(script, vec![]).await?;
        if done(&value) {
            return Ok(value);
        }
        if Instant::now() > deadline {
            let page = h.browser.main_text().await.unwrap_or_default();
            return Err(format!(
                "{what}: still {value} after {WAIT:?}; the page shows:\n{}",
                chanscope_e2e::browser::clip(&page)
            )
            .into());
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Posts per page of the analysis, and the last offset the API allows.
const PAGE: i64 = 50;
const OFFSET_MAX: i64 = 1_000;
/// How long each answer takes while the analysis runs: long enough to press Cancel with some
/// pages in and to take the progress bar's screenshots, short enough for a quick scenario.
const SLOW_MS: u64 = 500;

/// The `offset` of a logged post search (none is the first page).
fn offset(uri: &str) -> i64 {
    query_param(uri, "offset").map_or(0, |o| o.parse().unwrap_or(-1))
}

/// The `done` and `max` of the job's progress bar, `[-1, -1]` when none is shown.
const BAR: &str = "const bar = document.querySelector('progress.job-bar');
    return bar ? [Number(bar.value), Number(bar.max)] : [-1, -1];";

pub(crate) async fn search_analysis_of_1050_posts(h: Arc<Harness>) -> Res<()> {
    let keyword = h.picks.broad_keyword.clone();
    let mark = submit_form(&h, "/search-analysis", &[("(q)", &keyword)]).await?;
    // More than the threshold of 20: the page names the cost and waits.
    h.browser
        .wait_text_in(
            ".job-confirm .job-cost",
            &["This analysis makes 21 requests to the API"],
        )
        .await?;
    h.browser
        .wait_text_in(".job-confirm .job-run", &["Run 21 requests"])
        .await?;
    tokio::time::sleep(Duration::from_millis(700)).await;
    let early = h.site.log.since(mark);
    ensure(early.is_empty(), || {
        format!("requests went out before the click: {early:?}")
    })?;

    let slow = h.slow_answers(SLOW_MS);
    h.browser.click(".job-confirm .job-run").await?;
    wait_value(&h, "the first page", BAR, |v| v[0].as_i64() >= Some(1)).await?;
    h.browser.wait_css(".job-running .job-cancel").await?;
    h.browser
        .wait_text_in(".job-running .job-line", &["requests", "in flight"])
        .await?;
    h.browser.screenshot("search-analysis-running").await?;
    h.browser
        .screenshot_at("search-analysis-running-360", 360)
        .await?;

    // Cancel once some pages are in; those answered a while before the click have reached the
    // page by then, so none of them may be asked again.
    let deadline = Instant::now() + WAIT;
    let answered_early = loop {
        let answered = h.site.log.answered_since(mark);
        if answered.len() >= 5 {
            break answered;
        }
        ensure(Instant::now() < deadline, || {
            format!("fewer than 5 pages were answered within {WAIT:?}: {answered:?}")
        })?;
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    tokio::time::sleep(Duration::from_millis(200)).await;
    h.browser.click(".job-running .job-cancel").await?;
    h.browser.wait_css(".job-stopped .job-continue").await?;
    let asked_at_stop = h.site.log.since(mark).len();
    // Cancel sends nothing more; the requests already on their way land and are kept.
    tokio::time::sleep(Duration::from_millis(3 * SLOW_MS)).await;
    let before = h.site.log.since(mark);
    let answered_at_stop = h.site.log.answered_since(mark);
    ensure(before.len() == asked_at_stop, || {
        format!(
            "requests went out after Cancel: {asked_at_stop} before it, {} now",
            before.len()
        )
    })?;
    let bar = h.browser.eval(BAR, vec![]).await?;
    let pages = bar[0].as_i64().unwrap_or(-1);
    ensure(bar[1] == json!(21), || {
        format!("the stopped bar reads {bar}, not out of 21")
    })?;
    ensure(
        (answered_early.len() as i64..21).contains(&pages)
            && pages == before.len() as i64
            && pages == answered_at_stop.len() as i64,
        || {
            format!(
                "after Cancel {pages} pages are in, though {} requests were sent and {}                  answered ({} before the click; all 21 means Cancel came too late)",
                before.len(),
                answered_at_stop.len(),
                answered_early.len()
            )
        },
    )?;
    let collected = format!(
        "{} posts collected",
        group_thousands(PAGE * pages, Locale::En)
    );
    let from = format!("from {pages} pages.");
    h.browser
        .wait_text_in(".analysis-summary", &[&collected, &from])
        .await?;
    h.browser
        .wait_text_in(
            ".job-stopped .job-line",
            &[&format!("Stopped after {pages} of 21 requests")],
        )
        .await?;
    h.browser
        .wait_text_in(
            ".job-stopped .job-continue",
            &[&format!("Continue: {} requests left", 21 - pages)],
        )
        .await?;
    h.browser.screenshot("search-analysis-stopped").await?;

    let resumed = mark + before.len();
    h.browser.click(".job-stopped .job-continue").await?;
    h.browser.wait_css(".job-done").await?;
    drop(slow);
    let after = h.site.log.since(resumed);

    // Every page asked exactly once in all: before Cancel or after Continue, never both.
    let all_searches = |uris: &[String]| uris.iter().all(|u| u.starts_with("/api/posts/search?"));
    ensure(all_searches(&before) && all_searches(&after), || {
        format!("requests other than post searches: {before:?} {after:?}")
    })?;
    let offsets = |uris: &[String]| -> Vec<i64> { uris.iter().map(|u| offset(u)).collect() };
    let (asked_before, asked_after) = (offsets(&before), offsets(&after));
    let mut all = asked_before.clone();
    all.extend(&asked_after);
    all.sort_unstable();
    let wanted: Vec<i64> = (0..=OFFSET_MAX).step_by(PAGE as usize).collect();
    ensure(all == wanted, || {
        format!(
            "the offsets asked are {asked_before:?} then {asked_after:?}, not 0, 50, …, 1000 \
             once each"
        )
    })?;
    for uri in before.iter().chain(&after) {
        ensure(query_param(uri, "limit").as_deref() == Some("50"), || {
            format!("a page is not of 50 posts: {uri}")
        })?;
    }

    // The figures of the whole result, against the answers to the pages asked.
    let first = before
        .iter()
        .find(|u| offset(u) == 0)
        .ok_or("the first page was never asked")?;
    let total = h.replay(first).await?["total_count"].clone();
    ensure(int(&total) > 1_050, || {
        format!("{first} found {total}, not more than 1,050")
    })?;
    h.browser
        .wait_text_in(
            ".analysis-summary",
            &[&format!(
                "1,050 posts collected of {} found, from 21 pages.",
                exact(&total)
            )],
        )
        .await?;
    let cells = h
        .browser
        .eval(
            "return [...document.querySelectorAll('td.heat[data-posts]')]
                 .map(td => Number(td.dataset.posts));",
            vec![],
        )
        .await?;
    let cells: Vec<i64> = serde_json::from_value(cells)?;
    ensure(
        cells.len() == 7 * 24 && cells.iter().sum::<i64>() == 1_050,
        || {
            format!(
                "the heatmap has {} cells holding {} posts, not 168 holding 1,050",
                cells.len(),
                cells.iter().sum::<i64>()
            )
        },
    )?;
    // The most viewed post of every page answered leads the top list by views.
    let mut views = BTreeMap::new();
    for uri in before.iter().chain(&after) {
        for post in h.replay(uri).await?["items"]
            .as_array()
            .into_iter()
            .flatten()
        {
            views.insert(int(&post["id"]), int(&post["views"]));
        }
    }
    ensure(views.len() == 1_050, || {
        format!("the 21 pages hold {} posts, not 1,050", views.len())
    })?;
    let most = views.values().max().copied().unwrap_or_default();
    let top = h.browser.texts(".top-views li .top-value").await?;
    ensure(
        top.first().map(|t| t.trim()) == Some(group_thousands(most, Locale::En).as_str()),
        || format!("the top by views starts {top:?}; the most viewed post has {most}"),
    )?;
    h.browser.screenshot("search-analysis").await?;
    h.browser.screenshot_at("search-analysis-360", 360).await?;
    Ok(())
}
