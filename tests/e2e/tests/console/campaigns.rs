//! The campaign tracker on the sandbox's advertised channel: two of its adverts as placements,
//! every figure against the answers the sandbox replays, the gain against the subscribers the
//! sandbox planted after each advert, and the campaign still there after a reload.

use std::sync::Arc;

use chanscope_e2e::{ensure, text, Harness, Res, Session};
use chrono::{NaiveDateTime, TimeDelta};
use serde_json::Value;

use super::channel_report::{count_at, hourly_growth, hourly_subscribers_sent, reach_at};

/// The prices typed for the two placements, and their amounts.
const PRICES: [(&str, f64); 2] = [("1 500 ₽", 1_500.0), ("900 ₽", 900.0)];

/// The `data-value` of figure `name` in the placements' row `row`, or in the totals.
async fn shown(h: &Harness, scope: &str, name: &str) -> Res<Option<f64>> {
    let value = h
        .browser
        .eval(
            "const e = document.querySelector(`${arguments[0]} [data-figure=\"${arguments[1]}\"]`);
             return e ? e.getAttribute('data-value') : 'absent';",
            vec![Value::from(scope), Value::from(name)],
        )
        .await?;
    ensure(value.as_str() != Some("absent"), || {
        format!("no figure {name} in {scope}")
    })?;
    Ok(value.as_str().and_then(|s| s.parse().ok()))
}

/// Whether a shown figure is the expected one (both missing counts as the same).
fn same(shown: Option<f64>, expected: Option<f64>) -> bool {
    match (shown, expected) {
        (Some(s), Some(e)) => (s - e).abs() <= 1e-6 * e.abs().max(1.0),
        (None, None) => true,
        _ => false,
    }
}

/// The median of the changes between hourly counts `hours` apart.
fn normal_change(hourly: &[(NaiveDateTime, i64)], hours: i64) -> Option<f64> {
    let mut changes: Vec<f64> = hourly
        .iter()
        .filter_map(|(at, count)| {
            let later = hourly
                .iter()
                .find(|(t, _)| *t == *at + TimeDelta::hours(hours))?;
            Some((later.1 - count) as f64)
        })
        .collect();
    changes.sort_by(f64::total_cmp);
    let n = changes.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(changes[n / 2]),
        _ => Some((changes[n / 2 - 1] + changes[n / 2]) / 2.0),
    }
}

pub(super) async fn campaign_of_two_adverts_finds_their_gain(h: Arc<Harness>) -> Res<()> {
    let ds = &h.state.dataset;
    let promoted = ds
        .channel_by_username("pocket_finance_tips")
        .ok_or("not planted")?;
    // The two oldest adverts (12 and 8 days ago: four days apart, a window each), with the
    // subscribers each one planted.
    let mut adverts: Vec<(i64, String)> = ds
        .visible()
        .filter(|&i| ds.posts[i].text.contains("pocket_finance_tips"))
        .map(|i| {
            let p = &ds.posts[i];
            let c = &ds.channels[p.channel as usize];
            (p.date, format!("t.me/{}/{}", c.usernames[0], p.message))
        })
        .collect();
    adverts.sort();
    adverts.truncate(2);
    let arrivals = &ds.channels[promoted as usize].arrivals;
    ensure(adverts.len() == 2 && arrivals.len() == 3, || {
        format!("adverts {adverts:?}, arrivals {}", arrivals.len())
    })?;

    h.browser.open("/campaigns", &Session::DEMO).await?;
    // New is offered once the kept campaigns are read.
    h.browser
        .click("button.campaign-new:not([disabled])")
        .await?;
    h.browser.fill("cp-name", "Autumn adverts").await?;
    h.browser
        .fill("cp-promoted", "@pocket_finance_tips")
        .await?;
    h.browser.click("button.campaign-add-row").await?;
    for (row, ((_, link), (price, _))) in adverts.iter().zip(PRICES).enumerate() {
        h.browser
            .fill(&format!("cp-post-{}", row + 1), link)
            .await?;
        h.browser
            .fill(&format!("cp-price-{}", row + 1), price)
            .await?;
    }
    let mark = h.site.log.mark();
    h.browser.click("button.campaign-save").await?;
    // Saved, the campaign opens its refresh, which states its cost and waits: nothing is asked
    // before Run.
    h.browser
        .wait_text_in("li.campaign .job-confirm", &["3 requests"])
        .await?;
    ensure(h.sent(mark, "/posts/stat").is_empty(), || {
        "the refresh asked before its Run button was pressed".into()
    })?;
    h.browser.click("li.campaign button.job-run").await?;
    h.browser.wait_css("li.campaign .job-done").await?;

    let hourly = hourly_subscribers_sent(&h, mark).await?;
    let stats = h.sent(mark, "/posts/stat");
    ensure(stats.len() == 2, || format!("post stats asked: {stats:?}"))?;
    let mut totals = (0.0, 0.0);
    for (row, ((_, link), (_, price))) in adverts.iter().zip(PRICES).enumerate() {
        let url = stats
            .iter()
            .find(|u| chanscope_e2e::percent_decode(u).contains(link.as_str()))
            .ok_or_else(|| format!("no post stats of {link}: {stats:?}"))?;
        ensure(url.contains("group=hour"), || {
            format!("{url} is not by hour")
        })?;
        let growth = hourly_growth(&h.replay(url).await?);
        // No date typed: the placement's hour is the first of the post's hourly growth.
        let at = growth.first().ok_or("no growth")?.0;
        let scope = format!("tr[data-placement=\"{row}\"]");
        for hours in [24, 48] {
            let reach = reach_at(&growth, hours);
            let change = count_at(&hourly, at + TimeDelta::hours(hours))
                .zip(count_at(&hourly, at))
                .map(|(later, then)| (later - then) as f64);
            let gain = change
                .zip(normal_change(&hourly, hours))
                .map(|(c, n)| c - n);
            let expected = [
                ("reach", reach),
                ("cpm", reach.map(|r| price / (r / 1000.0))),
                ("gain", gain),
                ("cost_per_subscriber", gain.map(|g| price / g)),
            ];
            for (name, expected) in expected {
                let name = format!("{name}_{hours}h");
                let shown = shown(&h, &scope, &name).await?;
                ensure(same(shown, expected), || {
                    format!("{link} {name}: the page says {shown:?}, the replayed answers give {expected:?}")
                })?;
            }
            if hours == 24 {
                totals.0 += gain.ok_or("no gain in 24 h")?;
                totals.1 += price;
            }
        }
        // The gain found is the one planted: the subscribers the advert brought in its first
        // day, within the hour the post's statistics start before the advert itself.
        let arrival = arrivals
            .iter()
            .find(|a| (a.at - at.and_utc().timestamp()).abs() < 3600)
            .ok_or_else(|| format!("no planted arrival at {at}"))?;
        let planted = arrival.extra(arrival.at + 24 * 3600);
        let gain = shown(&h, &scope, "gain_24h").await?.ok_or("no gain")?;
        ensure((gain - planted).abs() <= 0.1 * planted, || {
            format!(
                "{link}: a gain of {gain:.1} beyond normal, where the sandbox planted {planted:.1}"
            )
        })?;
    }
    let (gain, price) = totals;
    for (name, expected) in [
        ("total_price", price),
        ("total_gain_24h", gain),
        ("total_cost_per_subscriber_24h", price / gain),
    ] {
        let shown = shown(&h, ".campaign-totals", name).await?;
        ensure(same(shown, Some(expected)), || {
            format!("{name}: the page says {shown:?}, expected {expected}")
        })?;
    }
    h.browser.screenshot("campaign").await?;
    h.browser.screenshot_at("campaign-360", 360).await?;

    // A reload keeps the campaign, as typed.
    h.browser.goto("/campaigns").await?;
    h.browser
        .wait_text_in(
            "li.campaign",
            &["Autumn adverts", "@pocket_finance_tips", "2 placements"],
        )
        .await?;
    h.browser.click("li.campaign button.campaign-edit").await?;
    let typed = h
        .browser
        .eval(
            "return [1, 2].map(i => document.getElementById(`cp-post-${i}`).value);",
            vec![],
        )
        .await?;
    let links: Vec<String> = typed.as_array().into_iter().flatten().map(text).collect();
    let expected: Vec<String> = adverts.iter().map(|(_, l)| l.clone()).collect();
    ensure(links == expected, || {
        format!("after a reload the form holds {links:?}, not {expected:?}")
    })?;
    Ok(())
}
