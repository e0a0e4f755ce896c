//! The health check on the planted channels: a bought channel's jump that looks bought and the
//! drop after it, a rise explained by the big channel's post that named the channel, a smooth and
//! a small channel with nothing found, and the low ERR of a channel whose audience does not read.

use std::sync::Arc;

use chanscope_e2e::{ensure, text, Harness, Res, Session};
use chrono::{DateTime, NaiveDateTime, TimeDelta};

use super::{channel_path, figure, open_report, run_job};

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
pub(crate) async fn planted_jump_is_found_on_its_day(h: Arc<Harness>) -> Res<()> {
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
    let hours = crate::subscribers(&records, |p| Some(p.to_owned()));
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
pub(crate) async fn smooth_channel_has_no_subscriber_finding(h: Arc<Harness>) -> Res<()> {
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
pub(crate) async fn mention_explains_a_steep_rise(h: Arc<Harness>) -> Res<()> {
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
    // The advert's planted subscribers (its conversion of its post's views), most of them
    // within hours.
    let music = ds
        .channel_by_username("mention_surge_music")
        .ok_or("not planted")?;
    let planted = ds.channels[music as usize]
        .adverts
        .first()
        .ok_or("no advert planted")?
        .subscribers;
    let change = found[0].change.unwrap_or(0) as f64;
    ensure(
        (0.8 * planted..=1.02 * planted + 100.0).contains(&change),
        || format!("the rise is {change}, not most of {planted:.0}"),
    )?;
    h.browser
        .wait_text_in(
            ".report-health",
            &[
                "Rise after a mention",
                "days after it, the channel still had",
            ],
        )
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
pub(crate) async fn thin_reach_channel_has_low_err(h: Arc<Harness>) -> Res<()> {
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
