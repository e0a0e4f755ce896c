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

/// One finding of the health check as the page shows it.
#[derive(Debug)]
struct Shown {
    kind: String,
    date: String,
    confidence: String,
    /// Subscriber findings only: the change, its first instant (UTC, `%Y-%m-%dT%H:%M`), and for
    /// a rise after a mention the mentioning channel and its post's link.
    change: Option<i64>,
    start: String,
    source: String,
    post: String,
    title: String,
}

/// Waits for the health check to be read, and returns its findings.
async fn shown_findings(h: &Harness) -> Res<Vec<Shown>> {
    h.browser
        .wait_script(
            "return !document.querySelector('.report-health .cs-loading')
                 && !!document.querySelector('.report-health .report-findings, .report-health .report-nothing');",
            vec![],
            "the health check",
        )
        .await?;
    let found = h
        .browser
        .eval(
            "return [...document.querySelectorAll('.report-health [data-finding]')].map(e => {
                 const cause = e.querySelector('.report-cause');
                 return [e.dataset.finding, e.dataset.date, e.dataset.confidence,
                         e.dataset.change || '', e.dataset.start || '',
                         cause ? cause.dataset.source : '',
                         cause ? cause.querySelector('a').getAttribute('href') : '',
                         e.querySelector('strong').textContent];
             });",
            vec![],
        )
        .await?;
    Ok(found
        .as_array()
        .cloned()
        .unwrap_or_default()
        .iter()
        .map(|f| Shown {
            kind: text(&f[0]),
            date: text(&f[1]),
            confidence: text(&f[2]),
            change: text(&f[3]).parse().ok(),
            start: text(&f[4]),
            source: text(&f[5]),
            post: text(&f[6]),
            title: text(&f[7]),
        })
        .collect())
}

/// Waits for the health check to be read, and returns its findings as (kind, date).
async fn findings(h: &Harness) -> Res<Vec<(String, String)>> {
    Ok(shown_findings(h)
        .await?
        .into_iter()
        .map(|f| (f.kind, f.date))
        .collect())
}

/// The change between two instants of hourly counts (`%Y-%m-%dT%H:%M`, each the end of the
/// hour whose count it is), as the replayed answer gives them.
fn replayed_change(hours: &[(String, i64)], from: &str, hours_long: i64) -> Option<i64> {
    let instant = NaiveDateTime::parse_from_str(from, "%Y-%m-%dT%H:%M").ok()?;
    // The count as of the end of an hour is the record of that hour: the one an hour before.
    let count = |at: NaiveDateTime| {
        let key = (at - TimeDelta::hours(1))
            .format("%Y-%m-%d %H:00")
            .to_string();
        hours.iter().find(|(p, _)| *p == key).map(|(_, c)| *c)
    };
    Some(count(instant + TimeDelta::hours(hours_long))? - count(instant)?)
}

/// A bought channel: its dump of 8,000 in one hour is a jump on its day that looks bought (high
/// confidence), its size is the replayed counts' change over the finding's hours, and the bots'
/// slow loss after it is a drop that says it came after the jump.
pub(super) async fn planted_jump_is_found_on_its_day(h: Arc<Harness>) -> Res<()> {
    let ds = &h.state.dataset;
    let c = ds
        .channel_by_username("bought_jump_news")
        .ok_or("not planted")?;
    let jump = ds.channels[c as usize]
        .arrivals
        .first()
        .ok_or("no jump planted")?;
    let at = DateTime::from_timestamp(jump.at, 0).ok_or("bad jump instant")?;
    let (day, hour) = (
        at.format("%Y-%m-%d").to_string(),
        at.format("%Y-%m-%d %H:00").to_string(),
    );
    let mark = h.site.log.mark();
    h.browser
        .open(&channel_path("@bought_jump_news", ""), &Session::DEMO)
        .await?;
    let found = shown_findings(&h).await?;
    let jump = found
        .iter()
        .find(|f| f.kind == "subscriber-jump" && f.date == day)
        .ok_or_else(|| format!("no subscriber-jump on {day}: {found:?}"))?;
    ensure(
        jump.confidence == "high" && jump.title.contains("looks bought"),
        || format!("the jump is not a sure one: {jump:?}"),
    )?;
    ensure(
        found
            .iter()
            .any(|f| f.kind == "subscriber-drop" && f.date >= day),
        || format!("no loss after the jump: {found:?}"),
    )?;
    h.browser
        .wait_text_in(
            ".report-health .report-finding-subscriber-drop",
            &["after the jump of"],
        )
        .await?;
    // The plan gives hours, and the jump's hour is the largest rise of the hourly counts the
    // page was sent.
    let sent = h.sent(mark, "/channels/subscribers");
    let hourly: Vec<&String> = sent.iter().filter(|u| u.contains("group=hour")).collect();
    ensure(hourly.len() == 1, || {
        format!("not one request for hourly subscribers: {sent:?}")
    })?;
    let records = h.replay(hourly[0]).await?;
    let hours = super::subscribers(&records, |p| Some(p.to_owned()));
    let largest = hours
        .windows(2)
        .max_by_key(|w| w[1].1 - w[0].1)
        .map(|w| w[1].0.clone())
        .ok_or("too few hours")?;
    ensure(largest == hour, || {
        format!("the largest hourly rise is at {largest}, not {hour}")
    })?;
    // Its size: the replayed counts' change over its one hour.
    let replayed = replayed_change(&hours, &jump.start, 1);
    ensure(replayed.is_some() && replayed == jump.change, || {
        format!(
            "the jump says {:?}, the replayed hour {replayed:?}",
            jump.change
        )
    })?;
    h.browser.screenshot("channel-report-jump").await?;
    Ok(())
}

/// A channel that grows smoothly, and one of a few hundred readers whom nine and fourteen joined
/// within an hour on two days: nothing found.
pub(super) async fn smooth_channel_has_no_subscriber_finding(h: Arc<Harness>) -> Res<()> {
    for channel in ["@smooth_growth", "@tiny_model_trains"] {
        h.browser
            .open(&channel_path(channel, ""), &Session::DEMO)
            .await?;
        let found = findings(&h).await?;
        ensure(found.is_empty(), || format!("{channel} got {found:?}"))?;
        h.browser
            .wait_text_in(
                ".report-health",
                &["Nothing found; checked:", "hourly counts of subscribers"],
            )
            .await?;
    }
    h.browser.screenshot("channel-report-small").await?;
    Ok(())
}

/// A steep rise right after a big channel's post named the channel: a rise after a mention, not
/// a jump, naming that channel and that post; and the three adverts of another channel, each a
/// rise after its mention, with no anomaly.
pub(super) async fn mention_explains_a_steep_rise(h: Arc<Harness>) -> Res<()> {
    let ds = &h.state.dataset;
    let advert = ds
        .visible()
        .find(|&i| ds.posts[i].text.ends_with("t.me/mention_surge_music"))
        .ok_or("no post names @mention_surge_music")?;
    let post = &ds.posts[advert];
    let author = &ds.channels[post.channel as usize];
    let (source, link) = (
        format!("@{}", author.usernames[0]),
        format!("https://t.me/{}/{}", author.usernames[0], post.message),
    );
    h.browser
        .open(&channel_path("@mention_surge_music", ""), &Session::DEMO)
        .await?;
    let found = shown_findings(&h).await?;
    ensure(found.len() == 1 && found[0].kind == "mention-rise", || {
        format!("not one rise after a mention: {found:?}")
    })?;
    ensure(found[0].source == source && found[0].post == link, || {
        format!(
            "the rise names {:?} {:?}, not {source} {link}",
            found[0].source, found[0].post
        )
    })?;
    // 6,000 planted, most of them within hours.
    let change = found[0].change.unwrap_or(0);
    ensure((5_000..=6_100).contains(&change), || {
        format!("the rise is {change}, not most of 6,000")
    })?;
    h.browser
        .wait_text_in(".report-health", &["Rise after a mention", "days later"])
        .await?;
    h.browser.screenshot("channel-report-mention-rise").await?;
    h.browser
        .open(&channel_path("@pocket_finance_tips", ""), &Session::DEMO)
        .await?;
    let found = shown_findings(&h).await?;
    let kinds: Vec<&str> = found.iter().map(|f| f.kind.as_str()).collect();
    ensure(kinds == ["mention-rise"; 3], || {
        format!("@pocket_finance_tips: {found:?}")
    })?;
    Ok(())
}

/// The generated channel whose audience does not read: once its profile has run, a `low-err`
/// finding dated today, with the ERR the profile shows.
pub(super) async fn thin_reach_channel_has_low_err(h: Arc<Harness>) -> Res<()> {
    let ds = &h.state.dataset;
    let c = ds.thin_reach.ok_or("no thin-reach channel")?;
    let username = format!("@{}", ds.channels[c as usize].usernames[0]);
    open_report(&h, &username, 20).await?;
    run_job(&h, ".report-profile").await?;
    let err = figure(&h, "err_percent")
        .await?
        .ok_or("the profile shows no ERR")?;
    // Over a million subscribers: the usual ERR is 6 %, a third of it 2 %.
    ensure(err < 2.0, || format!("ERR {err} is not low"))?;
    let today = DateTime::from_timestamp(h.now, 0)
        .ok_or("bad now")?
        .format("%Y-%m-%d")
        .to_string();
    let found = findings(&h).await?;
    ensure(found.contains(&("low-err".into(), today)), || {
        format!("{username} (ERR {err}) got {found:?}")
    })?;
    h.browser.screenshot("channel-report-low-err").await?;
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
        .filter(|&i| ds.posts[i].text.contains("pocket_finance_tips"))
        .map(|i| {
            let p = &ds.posts[i];
            let c = &ds.channels[p.channel as usize];
            format!("t.me/{}/{}", c.usernames[0], p.message)
        })
        .collect();
    ensure(adverts.len() == 3, || format!("adverts: {adverts:?}"))?;
    let username = format!("@{}", ds.channels[target as usize].usernames[0]);
    // Planted channels have no posts, so no profile: the report opens on the channel alone. The
    // mark comes first: the health check's hourly request is the job's too.
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
