//! The channel page as a report: its reach profile against the post statistics the sandbox
//! replays, the health check on the planted channels, incoming mentions with the change after
//! each, the low ERR of a channel whose audience does not read, and the printed report.

use std::sync::Arc;

use chanscope_e2e::{ensure, screenshot_dir, text, Harness, Res, Session};
use chrono::{DateTime, NaiveDateTime, TimeDelta};
use fantoccini::wd::PrintConfiguration;
use sandbox::dataset::DAY;
use serde_json::Value;

use super::int;

mod health;
mod readers;

pub(super) use health::{
    mention_explains_a_steep_rise, planted_jump_is_found_on_its_day,
    smooth_channel_has_no_subscriber_finding, thin_reach_channel_has_low_err,
};
pub(super) use readers::{
    masked_purchase_is_beyond_its_mention, organic_rise_whose_readers_followed,
    slow_box_of_bots_is_a_box,
};

/// `@name` in an address.
fn channel_path(channel: &str, extra: &str) -> String {
    format!(
        "/channel-info?channel={}{extra}",
        channel.replace('@', "%40")
    )
}

/// The newest message number of a channel's posts that exist now.
fn newest_message(h: &Harness, username: &str) -> Res<u32> {
    let ds = &h.state.dataset;
    let c = ds
        .channel_by_username(username.trim_start_matches('@'))
        .ok_or("no such channel")?;
    ds.channels[c as usize]
        .posts
        .iter()
        .filter(|&&p| ds.is_visible(p))
        .map(|&p| ds.posts[p as usize].message)
        .max()
        .ok_or_else(|| "the channel has no post".into())
}

/// Opens the report of `channel` with a profile of its `posts` newest posts; returns the mark of
/// the requests sent from then on.
async fn open_report(h: &Harness, channel: &str, posts: u32) -> Res<usize> {
    let newest = newest_message(h, channel)?;
    h.browser
        .open(
            &channel_path(channel, &format!("&post={newest}&posts={posts}")),
            &Session::DEMO,
        )
        .await?;
    Ok(h.site.log.mark())
}

/// Runs the job of a report section after its cost was stated, and waits for its end.
async fn run_job(h: &Harness, section: &str) -> Res<()> {
    h.browser
        .click(&format!("{section} button.job-run"))
        .await?;
    h.browser.wait_css(&format!("{section} .job-done")).await
}

/// A number that may come as a numeric string.
fn float(v: &Value) -> f64 {
    v.as_f64()
        .or_else(|| v.as_str().and_then(|s| s.trim().parse().ok()))
        .unwrap_or(f64::NAN)
}

/// A post's hourly view growth from its post statistics (`group=hour`), in time order.
pub(super) fn hourly_growth(stats: &Value) -> Vec<(NaiveDateTime, f64)> {
    stats["views"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|g| {
            let at = NaiveDateTime::parse_from_str(&text(&g["date"]), "%Y-%m-%d %H:%M").ok()?;
            Some((at, float(&g["viewsGrowth"])))
        })
        .collect()
}

/// Reach at `hours` from a post's hourly growth: the views of the records before the hour, when
/// the records reach its last hour.
pub(super) fn reach_at(growth: &[(NaiveDateTime, f64)], hours: i64) -> Option<f64> {
    let first = growth.first()?.0;
    let until = first + TimeDelta::hours(hours);
    if growth.last()?.0 < until - TimeDelta::hours(1) {
        return None;
    }
    Some(growth.iter().filter(|g| g.0 < until).map(|g| g.1).sum())
}

/// The `data-value` of each reach-profile figure, by name.
async fn figure(h: &Harness, name: &str) -> Res<Option<f64>> {
    let value = h
        .browser
        .eval(
            "const e = document.querySelector(`[data-figure=\"${arguments[0]}\"]`);
             return e ? e.getAttribute('data-value') : null;",
            vec![Value::from(name)],
        )
        .await?;
    Ok(value.as_str().and_then(|s| s.parse().ok()))
}

pub(super) async fn reach_profile_equals_the_replayed_post_stats(h: Arc<Harness>) -> Res<()> {
    let channel = h.picks.channel.clone();
    let mark = open_report(&h, &channel, 8).await?;
    // The job states its cost and waits for its Run button.
    h.browser
        .wait_text_in(".report-profile .job-confirm", &["8 requests"])
        .await?;
    ensure(h.sent(mark, "/posts/stat").is_empty(), || {
        "the profile asked before its Run button was pressed".into()
    })?;
    run_job(&h, ".report-profile").await?;
    let sent = h.sent(mark, "/posts/stat");
    ensure(sent.len() == 8, || {
        format!("8 numbers probed, but sent {sent:?}")
    })?;
    let mut reach: [Vec<f64>; 3] = Default::default();
    let mut skipped = 0;
    for url in &sent {
        ensure(url.contains("group=hour"), || {
            format!("{url} is not by hour")
        })?;
        let Ok(stats) = h.replay(url).await else {
            skipped += 1;
            continue;
        };
        let growth = hourly_growth(&stats);
        for (i, hours) in [12, 24, 48].into_iter().enumerate() {
            reach[i].extend(reach_at(&growth, hours));
        }
    }
    for (i, name) in [
        "average_reach_12h",
        "average_reach_24h",
        "average_reach_48h",
    ]
    .into_iter()
    .enumerate()
    {
        let expected =
            (!reach[i].is_empty()).then(|| reach[i].iter().sum::<f64>() / reach[i].len() as f64);
        let shown = figure(&h, name).await?;
        let same = match (expected, shown) {
            (Some(e), Some(s)) => (e - s).abs() < 1e-6,
            (None, None) => true,
            _ => false,
        };
        ensure(same, || {
            format!("{name}: the page says {shown:?}, the replayed answers give {expected:?}")
        })?;
    }
    let skipped_shown = figure(&h, "skipped").await?;
    ensure(skipped_shown == Some(skipped as f64), || {
        format!("skipped: the page says {skipped_shown:?}, the sandbox refused {skipped}")
    })?;
    h.browser.screenshot("channel-report-profile").await?;
    Ok(())
}

/// The hourly subscriber counts the page was sent since `mark`, in time order.
pub(super) async fn hourly_subscribers_sent(
    h: &Harness,
    mark: usize,
) -> Res<Vec<(NaiveDateTime, i64)>> {
    let dynamics = h
        .sent(mark, "/channels/subscribers")
        .into_iter()
        .find(|u| u.contains("group=hour"))
        .ok_or("no hourly subscribers asked")?;
    Ok(super::subscribers(&h.replay(&dynamics).await?, |p| {
        NaiveDateTime::parse_from_str(p, "%Y-%m-%d %H:%M").ok()
    }))
}

pub(super) async fn mentions_show_the_change_after_each(h: Arc<Harness>) -> Res<()> {
    // The sandbox's advertised channel: three adverts in other channels' posts within the
    // report's default 14 days, each more than 48 hours ago.
    let ds = &h.state.dataset;
    let target = ds
        .channel_by_username("pocket_finance_tips")
        .ok_or("not planted")?;
    let adverts: Vec<String> = ds
        .visible()
        .filter(|&i| ds.posts[i].channel != target)
        .filter(|&i| ds.posts[i].text.contains("pocket_finance_tips"))
        .map(|i| {
            let p = &ds.posts[i];
            let c = &ds.channels[p.channel as usize];
            format!("t.me/{}/{}", c.usernames[0], p.message)
        })
        .collect();
    ensure(adverts.len() == 3, || format!("adverts: {adverts:?}"))?;
    let username = format!("@{}", ds.channels[target as usize].usernames[0]);
    // The mark comes first: the health check's hourly request is the job's too.
    let mark = h.site.log.mark();
    h.browser
        .open(&channel_path(&username, ""), &Session::DEMO)
        .await?;
    run_job(&h, ".report-mentions").await?;
    // Every channel keyword mentions names is listed.
    for op in h.sent(mark, "/words/mentions-by-channels") {
        let answer = h.replay(&op).await?;
        for channel in answer["channels"].as_array().cloned().unwrap_or_default() {
            if int(&channel["id"]) == ds.channels[target as usize].id as i64 {
                continue;
            }
            let name = text(&channel["username"]);
            let listed = h
                .browser
                .count(&format!(
                    ".report-mentioning tr[data-mentioning=\"{name}\"]"
                ))
                .await?;
            ensure(listed == 1, || format!("{name} of {op} is not listed"))?;
        }
    }
    let hourly = super::campaigns::Counts {
        records: hourly_subscribers_sent(&h, mark).await?,
        len: TimeDelta::hours(1),
    };
    let search = h
        .sent(mark, "/posts/search")
        .pop()
        .ok_or("no post search")?;
    let posts = h.replay(&search).await?;
    let mut checked = vec![];
    for post in posts["items"].as_array().cloned().unwrap_or_default() {
        if int(&post["channel_id"]) == ds.channels[target as usize].id as i64 {
            continue;
        }
        let at = DateTime::from_timestamp(int(&post["date"]), 0)
            .ok_or("bad date")?
            .naive_utc();
        // From the last count before the post to the first count 24 or 48 hours after it.
        let after = |hours: i64| -> Option<i64> { Some(hourly.change_after(at, hours)?.0) };
        let shown = h
            .browser
            .eval(
                "const r = document.querySelector(`tr[data-mention-post=\"${arguments[0]}\"]`);
                 return r ? [r.dataset.changeDay ?? null, r.dataset.changeTwoDays ?? null] : 'none';",
                vec![Value::from(text(&post["link"]))],
            )
            .await?;
        let read = |i: usize| shown[i].as_str().and_then(|s| s.parse::<i64>().ok());
        ensure(
            shown.is_array() && read(0) == after(24) && read(1) == after(48),
            || {
                format!(
                    "{}: the page shows {shown}, the replayed dynamics give {:?} and {:?}",
                    text(&post["link"]),
                    after(24),
                    after(48)
                )
            },
        )?;
        if after(48).is_some() {
            checked.push(text(&post["link"]));
        }
        // Each advert brought at least 700 × (1 − e^(−2.4)) ≈ 637 in a day, where the channel
        // grows by 20 of its own.
        let rose = after(24).unwrap_or(0);
        ensure(rose >= 600, || {
            format!(
                "{}: only {rose} subscribers in the day after",
                text(&post["link"])
            )
        })?;
    }
    checked.sort();
    let mut expected = adverts.clone();
    expected.sort();
    ensure(checked == expected, || {
        format!("checked the mentions {checked:?}, the sandbox's adverts are {expected:?}")
    })?;
    h.browser.screenshot("channel-report-mentions").await?;

    // The whole report of a generated channel linked from another channel's post between 3 and
    // 12 days ago, profile, findings and mentions included, printed on A4: at most two pages.
    let linked = ds
        .visible()
        .filter_map(|i| {
            let p = &ds.posts[i];
            let source = &ds.posts[p.mention_of? as usize];
            (p.date < h.now - 3 * DAY && p.date > h.now - 12 * DAY && source.channel != p.channel)
                .then_some(source.channel)
        })
        .next()
        .ok_or("no recent mention in the dataset")?;
    let username = format!("@{}", ds.channels[linked as usize].usernames[0]);
    open_report(&h, &username, 10).await?;
    run_job(&h, ".report-mentions").await?;
    run_job(&h, ".report-profile").await?;
    let pdf = h
        .browser
        .client()
        .print(PrintConfiguration::default())
        .await?;
    std::fs::write(screenshot_dir().join("channel-report.pdf"), &pdf)?;
    let pages = pdf_pages(&pdf);
    ensure((1..=2).contains(&pages), || {
        format!("the printed report has {pages} pages")
    })
}

/// Pages of a PDF as Chromium writes it: its page objects (`/Type /Page`, not `/Pages`).
fn pdf_pages(pdf: &[u8]) -> usize {
    let needle = b"/Type /Page";
    pdf.windows(needle.len() + 1)
        .filter(|w| &w[..needle.len()] == needle && w[needle.len()] != b's')
        .count()
}
