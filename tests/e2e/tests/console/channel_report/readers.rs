//! The health check against purchases a seller hides, on the planted channels: bots right after
//! a mention, beyond what its readers can bring; a slow box of bots over two days; and an
//! organic rise after a mention whose readers followed. The readers' numbers are worked out
//! again here from the post statistics the page was sent.

use std::sync::Arc;

use chanscope_e2e::{ensure, text, Harness, Res, Session};
use chrono::{DateTime, NaiveDateTime, TimeDelta};
use serde_json::Value;

use super::{channel_path, hourly_growth, reach_at};
use crate::{int, subscribers};

/// Days, posts a side, and the share of a post's views that can subscribe: the check's rules
/// as `docs/using-the-console.md` gives them.
const READ_DAYS: i64 = 7;
const READ_POSTS: usize = 6;
const MAX_CONVERSION: f64 = 0.10;

/// One subscriber finding as the page shows it.
#[derive(Debug)]
struct Shown {
    kind: String,
    date: String,
    start: String,
    end: String,
    change: i64,
    shape: String,
    explains: Option<i64>,
    readers: String,
    err_before: Option<f64>,
    err_after: Option<f64>,
    source: String,
    post: String,
    text: String,
}

async fn shown(h: &Harness) -> Res<Vec<Shown>> {
    let found = h
        .browser
        .eval(
            "return [...document.querySelectorAll('.report-health [data-start]')].map(e => {
                 const cause = e.querySelector('.report-cause');
                 const v = (s) => { const x = e.querySelector(s); return x ? x.dataset.value || '' : ''; };
                 return [e.dataset.finding, e.dataset.date, e.dataset.start, e.dataset.end,
                         e.dataset.change, e.dataset.shape || '', e.dataset.explains || '',
                         e.dataset.readers || '', v('[data-err-before]'), v('[data-err-after]'),
                         cause ? cause.dataset.source : '',
                         cause ? cause.querySelector('a').getAttribute('href') : '',
                         e.textContent];
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
            start: text(&f[2]),
            end: text(&f[3]),
            change: text(&f[4]).parse().unwrap_or(i64::MIN),
            shape: text(&f[5]),
            explains: text(&f[6]).parse().ok(),
            readers: text(&f[7]),
            err_before: text(&f[8]).parse().ok(),
            err_after: text(&f[9]).parse().ok(),
            source: text(&f[10]),
            post: text(&f[11]),
            text: text(&f[12]),
        })
        .collect())
}

/// Opens the report of `channel` and waits for the health check and for the profile that
/// started by itself from the post its mentions name; returns the mark of the requests.
async fn open(h: &Harness, channel: &str) -> Res<usize> {
    let mark = h.site.log.mark();
    h.browser
        .open(&channel_path(channel, ""), &Session::DEMO)
        .await?;
    h.browser
        .wait_css(".report-health .report-findings")
        .await?;
    h.browser.wait_css(".report-profile .job-done").await?;
    Ok(mark)
}

/// Reads the posts around the first subscriber finding: its button, then each next round it
/// offers, each to its end.
async fn read_posts(h: &Harness) -> Res<()> {
    h.browser
        .click(".report-health .report-readers-run")
        .await?;
    for _ in 0..3 {
        h.browser
            .wait_script(
                "return !!document.querySelector('.report-health [data-readers]')
                     && !document.querySelector('.report-health .job-running');",
                vec![],
                "the readers read",
            )
            .await?;
        let more = h
            .browser
            .eval(
                "return !!document.querySelector('.report-health .report-readers-more');",
                vec![],
            )
            .await?;
        if more != Value::Bool(true) {
            return Ok(());
        }
        h.browser
            .click(".report-health .report-readers-more")
            .await?;
        h.browser
            .wait_script(
                "return !document.querySelector('.report-health .report-readers-more');",
                vec![],
                "the next round started",
            )
            .await?;
    }
    Ok(())
}

fn instant(s: &str) -> Res<NaiveDateTime> {
    Ok(NaiveDateTime::parse_from_str(s, "%Y-%m-%dT%H:%M")?)
}

fn median(mut xs: Vec<f64>) -> Option<f64> {
    xs.sort_by(f64::total_cmp);
    let n = xs.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(xs[n / 2]),
        _ => Some((xs[n / 2 - 1] + xs[n / 2]) / 2.0),
    }
}

/// ERR24 before and after `f`, from the post statistics sent since `mark` (replayed) and the
/// hourly counts the page was sent: the median reach at 24 h of the latest posts from 8 days
/// to a day before its start and of the earliest from its end to 7 days after, over the count
/// at its start and at its end.
async fn readers_from_replay(
    h: &Harness,
    mark: usize,
    f: &Shown,
) -> Res<(Option<f64>, Option<f64>)> {
    let (start, end) = (instant(&f.start)?, instant(&f.end)?);
    let mut posts: Vec<(NaiveDateTime, f64)> = Vec::new();
    let mut seen = std::collections::BTreeSet::new();
    for url in h.sent(mark, "/posts/stat") {
        if !seen.insert(url.clone()) {
            continue;
        }
        let Ok(stats) = h.replay(&url).await else {
            continue;
        };
        let growth = hourly_growth(&stats);
        if let (Some(first), Some(reach)) = (growth.first(), reach_at(&growth, 24)) {
            posts.push((first.0, reach));
        }
    }
    let day = TimeDelta::hours(24);
    let days = TimeDelta::days(READ_DAYS);
    let mut before: Vec<(NaiveDateTime, f64)> = posts
        .iter()
        .copied()
        .filter(|p| start - day - days <= p.0 && p.0 <= start - day)
        .collect();
    before.sort_by_key(|p| std::cmp::Reverse(p.0));
    before.truncate(READ_POSTS);
    let mut after: Vec<(NaiveDateTime, f64)> = posts
        .iter()
        .copied()
        .filter(|p| end <= p.0 && p.0 <= end + days)
        .collect();
    after.sort_by_key(|p| p.0);
    after.truncate(READ_POSTS);
    let hourly = h
        .sent(mark, "/channels/subscribers")
        .into_iter()
        .find(|u| u.contains("group=hour"))
        .ok_or("no hourly subscribers were sent")?;
    let counts = subscribers(&h.replay(&hourly).await?, |p| Some(p.to_owned()));
    // The count as of an instant is the record of the hour before it.
    let count = |at: NaiveDateTime| {
        let key = (at - TimeDelta::hours(1))
            .format("%Y-%m-%d %H:00")
            .to_string();
        counts
            .iter()
            .find(|(p, _)| *p == key)
            .map(|(_, c)| *c as f64)
    };
    let err = |side: &[(NaiveDateTime, f64)], count: Option<f64>| {
        Some(median(side.iter().map(|p| p.1).collect())? / count? * 100.0)
    };
    Ok((err(&before, count(start)), err(&after, count(end))))
}

/// Whether ERR24 as shown (two decimals) is the one worked out again; both must be known.
fn near(shown: Option<f64>, expected: Option<f64>) -> bool {
    match (shown, expected) {
        (Some(a), Some(b)) => (a - b).abs() <= 0.006,
        _ => false,
    }
}

/// `@masked_mention_bots`: bots of 35 % of a post's views right after its advert. The page
/// calls it a rise beyond its mention, names the mention, says the most its readers can bring
/// (10 % of the views the search answered), and once the posts around it are read, ERR24
/// before and after as the replayed post statistics give them.
pub(crate) async fn masked_purchase_is_beyond_its_mention(h: Arc<Harness>) -> Res<()> {
    let ds = &h.state.dataset;
    let c = ds
        .channel_by_username("masked_mention_bots")
        .ok_or("not planted")?;
    let advert = ds.channels[c as usize]
        .adverts
        .first()
        .ok_or("no advert planted")?;
    let day = DateTime::from_timestamp(advert.at, 0)
        .ok_or("bad advert instant")?
        .format("%Y-%m-%d")
        .to_string();
    let host = ds
        .posts
        .iter()
        .find(|p| p.id == advert.post)
        .ok_or("no host post")?;
    let author = &ds.channels[host.channel as usize];
    let source = format!("@{}", author.usernames[0]);
    let mark = open(&h, "@masked_mention_bots").await?;
    let found = shown(&h).await?;
    let rise = found
        .iter()
        .find(|f| f.kind == "beyond-mention" && f.date == day)
        .ok_or_else(|| format!("no beyond-mention on {day}: {found:?}"))?;
    ensure(rise.source == source, || {
        format!("it names {:?}, not {source}", rise.source)
    })?;
    // The most its readers can bring: 10 % of the views the search answered for that post.
    let search = h
        .sent(mark, "/posts/search")
        .into_iter()
        .next()
        .ok_or("no post search was sent")?;
    let answer = h.replay(&search).await?;
    let views = answer["items"]
        .as_array()
        .into_iter()
        .flatten()
        .find(|p| rise.post.ends_with(&text(&p["link"])))
        .map(|p| int(&p["views"]))
        .ok_or_else(|| format!("the search answered no post {}", rise.post))?;
    let most = (views as f64 * MAX_CONVERSION).round() as i64;
    ensure(rise.explains == Some(most), || {
        format!(
            "it can explain {:?}, not {most} of {views} views",
            rise.explains
        )
    })?;
    ensure(
        rise.text.contains("Its readers can bring at most") && rise.text.contains("more came"),
        || format!("it does not say how far the mention goes: {}", rise.text),
    )?;
    // The bots: more than the mention can bring.
    ensure(rise.change as f64 > most as f64 + advert.bots * 0.5, || {
        format!("the rise is {}, the mention {most}", rise.change)
    })?;
    read_posts(&h).await?;
    let read = shown(&h).await?;
    let rise = read
        .iter()
        .find(|f| f.kind == "beyond-mention" && f.date == day)
        .ok_or_else(|| format!("the rise is gone once read: {read:?}"))?;
    let (before, after) = readers_from_replay(&h, mark, rise).await?;
    ensure(
        !rise.readers.is_empty() && near(rise.err_before, before) && near(rise.err_after, after),
        || {
            format!(
                "readers {:?}: ERR24 {:?} → {:?}, replayed {before:?} → {after:?}",
                rise.readers, rise.err_before, rise.err_after
            )
        },
    )?;
    h.browser
        .wait_text_in(
            ".report-health",
            &["Readers: ERR24", "posts read before it"],
        )
        .await?;
    h.browser
        .screenshot("channel-report-masked-purchase")
        .await?;
    Ok(())
}

/// `@box_two_days`: 4,800 bots at an even 100 an hour over 48 hours. The page shows a jump on
/// its first day shaped as a box, of about the planted size, that looks bought.
pub(crate) async fn slow_box_of_bots_is_a_box(h: Arc<Harness>) -> Res<()> {
    let ds = &h.state.dataset;
    let c = ds
        .channel_by_username("box_two_days")
        .ok_or("not planted")?;
    let planted = ds.channels[c as usize]
        .arrivals
        .first()
        .ok_or("no box planted")?;
    let day = DateTime::from_timestamp(planted.at, 0)
        .ok_or("bad box instant")?
        .format("%Y-%m-%d")
        .to_string();
    open(&h, "@box_two_days").await?;
    let found = shown(&h).await?;
    let jump = found
        .iter()
        .find(|f| f.kind == "subscriber-jump" && f.date == day)
        .ok_or_else(|| format!("no subscriber-jump on {day}: {found:?}"))?;
    ensure(jump.shape == "box", || format!("not a box: {jump:?}"))?;
    let change = jump.change as f64;
    ensure(
        (0.9 * planted.size..=1.02 * planted.size + 200.0).contains(&change),
        || format!("the jump is {change}, not about {:.0}", planted.size),
    )?;
    let hours = (instant(&jump.end)? - instant(&jump.start)?).num_hours();
    ensure((40..=56).contains(&hours), || {
        format!("the box lasts {hours} hours, not about 48")
    })?;
    ensure(
        jump.text.contains("looks bought")
            && jump.text.contains("an even rate of ~")
            && jump.text.contains("started and stopped at once"),
        || {
            format!(
                "the jump does not say it looks bought, as a box: {}",
                jump.text
            )
        },
    )?;
    h.browser.screenshot("channel-report-box").await?;
    Ok(())
}

/// `@readers_followed`: 4 % of a big post's readers within a day or two, who read. A rise
/// after that mention; once the posts around it are read, the newcomers followed, ERR24 as the
/// replayed post statistics give it, and the verdict "No warning signs" of high confidence.
pub(crate) async fn organic_rise_whose_readers_followed(h: Arc<Harness>) -> Res<()> {
    let mark = open(&h, "@readers_followed").await?;
    let found = shown(&h).await?;
    ensure(
        found.len() == 1 && found[0].kind == "mention-rise" && found[0].readers.is_empty(),
        || format!("not one rise after a mention, unread: {found:?}"),
    )?;
    let verdict = |h: Arc<Harness>| async move {
        h.browser
            .eval(
                "const e = document.querySelector('[data-figure=health]');
                 return [e.dataset.value, e.dataset.confidence];",
                vec![],
            )
            .await
    };
    let before_reading = verdict(h.clone()).await?;
    ensure(
        before_reading == serde_json::json!(["clean", "medium"]),
        || format!("before reading, the verdict is {before_reading}"),
    )?;
    read_posts(&h).await?;
    let read = shown(&h).await?;
    let rise = read.first().ok_or("the rise is gone once read")?;
    let (before, after) = readers_from_replay(&h, mark, rise).await?;
    ensure(
        rise.kind == "mention-rise"
            && rise.readers == "followed"
            && near(rise.err_before, before)
            && near(rise.err_after, after),
        || {
            format!(
                "{} readers {:?}: ERR24 {:?} → {:?}, replayed {before:?} → {after:?}",
                rise.kind, rise.readers, rise.err_before, rise.err_after
            )
        },
    )?;
    h.browser
        .wait_script(
            "const e = document.querySelector('[data-figure=health]');
             return e.dataset.value === 'clean' && e.dataset.confidence === 'high'
                 && !!document.querySelector('[data-summary=readers][data-readers=followed]');",
            vec![],
            "a clean verdict of high confidence once the readers followed",
        )
        .await?;
    h.browser
        .screenshot("channel-report-readers-followed")
        .await?;
    Ok(())
}
