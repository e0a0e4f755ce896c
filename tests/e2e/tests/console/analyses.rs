//! The analyses, each run as a job of many requests: channels compared, keywords over time, a
//! whole search result, and the watchlist checked before and after the sandbox's clock moves.

mod alerts;
mod watchlist;
mod whole_search;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;
use std::time::Duration;

use chanscope_api::format::{date_label, format_percent, group_thousands, Locale};
use chanscope_e2e::{ensure, query_param, text, Harness, Res, Session};
use chrono::NaiveDate;
use serde_json::json;

pub(super) use alerts::watch_alert_notifies_once;
pub(super) use watchlist::watchlist_news_after_the_clock_moves;
pub(super) use whole_search::search_analysis_of_1050_posts;

use super::{exact, int, submit_form};

/// The rows of the DataTable under `css` as `{column key: cell text}`, in the order shown.
async fn table_rows(h: &Harness, css: &str) -> Res<Vec<BTreeMap<String, String>>> {
    let rows = h
        .browser
        .eval(
            "const table = document.querySelector(arguments[0]);
             if (!table) return [];
             const keys = [...table.querySelectorAll('thead th')].map(th => th.dataset.key);
             return [...table.querySelectorAll('tbody tr')].map(tr => Object.fromEntries(
                 [...tr.children].map((td, i) => [keys[i], td.innerText.trim()])));",
            vec![json!(css)],
        )
        .await?;
    Ok(serde_json::from_value(rows)?)
}

// ---- compare channels ----------------------------------------------------------------------

pub(super) async fn compare_three_channels(h: Arc<Harness>) -> Res<()> {
    let channels = h.picks.compare_channels.clone();
    h.browser.open("/compare-channels", &Session::DEMO).await?;
    let mark = h.site.log.mark();
    // The form offers two rows; the third comes from "Add a channel".
    h.browser.click(".compare-add").await?;
    for (i, channel) in channels.iter().enumerate() {
        h.browser.fill(&format!("cc-channel-{i}"), channel).await?;
    }
    h.browser.submit().await?;
    h.browser.wait_css(".job-done").await?;
    h.browser.wait_css(".compare-table tbody tr").await?;
    // Give the page time to send anything more it would.
    tokio::time::sleep(Duration::from_millis(700)).await;
    let sent = h.site.log.since(mark);
    let info = h.sent(mark, "/channels/get");
    let history = h.sent(mark, "/channels/subscribers");
    ensure(
        sent.len() == 6 && info.len() == 3 && history.len() == 3,
        || format!("3 channels should cost 3 + 3 requests; the page sent {sent:?}"),
    )?;
    let asked_for = |uri: &String| query_param(uri, "channelId").unwrap_or_default();
    let asked: BTreeSet<String> = info.iter().map(asked_for).collect();
    ensure(asked == channels.iter().cloned().collect(), || {
        format!("the page asked for {asked:?}, not {channels:?}")
    })?;

    let rows = table_rows(&h, ".compare-table table").await?;
    ensure(rows.len() == 3, || format!("the table has rows {rows:?}"))?;
    for uri in &info {
        let channel = h.replay(uri).await?;
        let name = asked_for(uri);
        let dynamics = history
            .iter()
            .find(|u| asked_for(u) == name)
            .ok_or_else(|| format!("no subscriber history was asked for {name}"))?;
        let days = super::subscribers(&h.replay(dynamics).await?, |p| {
            NaiveDate::parse_from_str(p, "%Y-%m-%d").ok()
        });
        // The change over 7 days: the last reading against the latest one 7 days before it.
        let &(last_day, last) = days.last().ok_or_else(|| format!("{dynamics} is empty"))?;
        let week_ago = last_day - chrono::TimeDelta::days(7);
        let &(_, before) = days
            .iter()
            .rev()
            .find(|(day, _)| *day <= week_ago)
            .ok_or_else(|| format!("{dynamics} does not reach 7 days back"))?;
        let net = last - before;
        let expected = BTreeMap::from([
            ("channel", text(&channel["title"])),
            ("subscribers", exact(&channel["participants_count"])),
            (
                "change-7",
                format!(
                    "{}{}",
                    if net > 0 { "+" } else { "" },
                    group_thousands(net, Locale::En)
                ),
            ),
            (
                "percent-7",
                format_percent(net as f64 / before as f64 * 100.0, Locale::En),
            ),
        ]);
        let row = rows
            .iter()
            .find(|r| r.get("channel") == Some(&expected["channel"]))
            .ok_or_else(|| format!("no row is titled {:?}: {rows:?}", expected["channel"]))?;
        for (key, value) in &expected {
            ensure(row.get(*key) == Some(value), || {
                format!("{name}: {key} reads {:?}, not {value:?}", row.get(*key))
            })?;
        }
    }
    let url = h.browser.url().await?;
    ensure(url.contains("/compare-channels?channels="), || {
        format!("the channels are not in the address: {url}")
    })?;
    h.browser.wait_css(".compare-chart svg path").await?;
    h.browser.screenshot("compare-channels").await?;
    h.browser.screenshot_at("compare-channels-360", 360).await?;
    Ok(())
}

// ---- keyword trend -------------------------------------------------------------------------

/// The browser's local date of Unix second `secs`: the interface's zone is the browser's, and
/// the page cuts windows into its days.
async fn local_date(h: &Harness, secs: i64) -> Res<NaiveDate> {
    let ymd = h
        .browser
        .eval(
            "const d = new Date(arguments[0] * 1000);
             return [d.getFullYear(), d.getMonth() + 1, d.getDate()];",
            vec![json!(secs)],
        )
        .await?;
    let part = |i: usize| ymd[i].as_i64().unwrap_or(0);
    NaiveDate::from_ymd_opt(part(0) as i32, part(1) as u32, part(2) as u32)
        .ok_or_else(|| format!("the browser dates {secs} as {ymd}").into())
}

pub(super) async fn keyword_trend_over_four_weeks(h: Arc<Harness>) -> Res<()> {
    let keywords = [
        h.picks.rising_keyword.clone(),
        h.picks.broad_keyword.clone(),
    ];
    let mark = submit_form(
        &h,
        "/keyword-trend",
        &[("kt-q1", &keywords[0]), ("kt-q2", &keywords[1])],
    )
    .await?;
    h.browser.wait_css(".job-done").await?;
    h.browser.wait_css(".trend-summary").await?;
    tokio::time::sleep(Duration::from_millis(700)).await;
    let sent = h.site.log.since(mark);
    let searches = h.sent(mark, "/posts/search");
    ensure(searches.len() == 8 && sent.len() == 8, || {
        format!("2 keywords × 4 weeks should cost 8 post searches; the page sent {sent:?}")
    })?;

    // Each request's count, under its keyword's column and its window's label.
    let mut expected: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    // Per keyword, the counts by window start: the halves are computed from them.
    let mut by_start: Vec<BTreeMap<i64, i64>> = vec![BTreeMap::new(); keywords.len()];
    for uri in &searches {
        ensure(query_param(uri, "limit").as_deref() == Some("1"), || {
            format!("a trend request does not ask for limit=1: {uri}")
        })?;
        let q = query_param(uri, "q").unwrap_or_default();
        let k = keywords
            .iter()
            .position(|keyword| *keyword == q)
            .ok_or_else(|| format!("{uri} asks for a keyword not typed"))?;
        let bound = |name: &str| -> Res<i64> {
            query_param(uri, name)
                .and_then(|s| s.parse().ok())
                .ok_or_else(|| format!("{uri} has no {name} in seconds").into())
        };
        let (start, end) = (bound("startDate")?, bound("endDate")?);
        let (first, last) = (local_date(&h, start).await?, local_date(&h, end).await?);
        ensure((last - first).num_days() == 6, || {
            format!("{uri} spans {first} to {last}, not a week")
        })?;
        let label = format!(
            "{} – {}",
            date_label(first, Locale::En),
            date_label(last, Locale::En)
        );
        let count = int(&h.replay(uri).await?["total_count"]);
        ensure(count >= 0, || format!("{uri} gave no total_count"))?;
        by_start[k].insert(start, count);
        let previous = expected
            .entry(label.clone())
            .or_default()
            .insert(format!("q{}", k + 1), group_thousands(count, Locale::En));
        ensure(previous.is_none(), || {
            format!("{q:?} was asked twice for {label}")
        })?;
    }
    ensure(
        expected.len() == 4 && by_start.iter().all(|w| w.len() == 4),
        || format!("the requests do not make 4 weekly windows per keyword: {searches:?}"),
    )?;

    let rows = table_rows(&h, ".trend-results > .cs-table-block table").await?;
    ensure(rows.len() == 4, || {
        format!("the per-window table has rows {rows:?}")
    })?;
    for row in &rows {
        let label = row.get("window").cloned().unwrap_or_default();
        let counts = expected
            .get(&label)
            .ok_or_else(|| format!("no request was for the window {label:?}: {rows:?}"))?;
        for (key, count) in counts {
            ensure(row.get(key) == Some(count), || {
                format!(
                    "{label}: {key} reads {:?}, not the {count} the request found",
                    row.get(key)
                )
            })?;
        }
    }
    let titles = h
        .browser
        .texts(".trend-results > .cs-table-block thead th")
        .await?;
    for (k, keyword) in keywords.iter().enumerate() {
        ensure(
            titles
                .get(k + 1)
                .is_some_and(|t| t.trim_end_matches(['↕', '▲', '▼']).trim() == keyword),
            || format!("column {} is {titles:?}, not {keyword}", k + 1),
        )?;
    }

    // The halves: the first two weeks against the last two.
    let halves = table_rows(&h, ".trend-summary table").await?;
    for (k, keyword) in keywords.iter().enumerate() {
        let counts: Vec<i64> = by_start[k].values().copied().collect();
        let sum = |part: &[i64]| group_thousands(part.iter().sum(), Locale::En);
        let row = halves
            .iter()
            .find(|r| r.get("keyword") == Some(keyword))
            .ok_or_else(|| format!("the halves have no row for {keyword}: {halves:?}"))?;
        let shown = [&row["total"], &row["first-half"], &row["second-half"]];
        let wanted = [sum(&counts), sum(&counts[..2]), sum(&counts[2..])];
        ensure(shown == [&wanted[0], &wanted[1], &wanted[2]], || {
            format!("{keyword}: total and halves read {shown:?}, not {wanted:?}")
        })?;
    }

    let lines = h
        .browser
        .eval(
            "return [...document.querySelectorAll('.trend-chart svg path')]
                 .map(p => p.getAttribute('class'));",
            vec![],
        )
        .await?;
    let lines: Vec<String> = serde_json::from_value(lines)?;
    let distinct: BTreeSet<&String> = lines.iter().collect();
    ensure(lines.len() == 2 && distinct.len() == 2, || {
        format!("the chart should draw one line per keyword: {lines:?}")
    })?;
    h.browser.screenshot("keyword-trend").await?;
    h.browser.screenshot_at("keyword-trend-360", 360).await?;
    Ok(())
}
