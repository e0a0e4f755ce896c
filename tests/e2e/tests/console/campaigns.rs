//! The campaign tracker on the sandbox's channels: two adverts of the advertised channel as
//! placements, every figure against the answers the sandbox replays, the gain against the
//! subscribers the sandbox planted after each advert, and the campaign still there after a
//! reload; a placement for the smoothly growing channel, whose gain is within normal variation;
//! and one advert read by the hour and by the day.
//!
//! The expected figures are computed here from the replayed answers, as the guide defines them:
//! each subscriber count is the count at the end of its hour or day; a gain runs from the last
//! count at or before the placement to the first count at or after N hours later, minus the
//! median change over every window as long that overlaps no placement's or mention's 48 hours,
//! carried along their trend to the gain's first count; the spread is the health check's spread
//! of those carried changes.

use std::sync::Arc;

use chanscope_e2e::{ensure, text, Harness, Res, Session};
use chrono::{DateTime, NaiveDate, NaiveDateTime, TimeDelta};
use serde_json::Value;

use super::channel_report::{hourly_growth, hourly_subscribers_sent, reach_at};
use super::int;

mod noise;

pub(super) use noise::{
    campaign_gain_within_normal_variation_has_no_cost, one_advert_read_by_hour_and_by_day_agrees,
};

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

/// Subscriber counts as sent: each record's period start, oldest first, and its count at the
/// end of the period, `len` long (an hour or a day).
pub(super) struct Counts {
    pub records: Vec<(NaiveDateTime, i64)>,
    pub len: TimeDelta,
}

/// The median of `values` (not empty), sorted in place.
fn median(values: &mut [f64]) -> f64 {
    values.sort_by(f64::total_cmp);
    let n = values.len();
    if n % 2 == 1 {
        values[n / 2]
    } else {
        (values[n / 2 - 1] + values[n / 2]) / 2.0
    }
}

impl Counts {
    /// The last count at or before `t`: of the period ending at or before it, less than one
    /// period before; with the instant it is the count of.
    pub fn before(&self, t: NaiveDateTime) -> Option<(NaiveDateTime, i64)> {
        let len = self.len;
        self.records
            .iter()
            .rev()
            .find(|(start, _)| *start + len <= t)
            .filter(|(start, _)| t < *start + len + len)
            .map(|(start, count)| (*start + len, *count))
    }

    /// The first count at or after `t`: of the period containing it or ending at it.
    pub fn by(&self, t: NaiveDateTime) -> Option<(NaiveDateTime, i64)> {
        let len = self.len;
        self.records
            .iter()
            .find(|(start, _)| *start + len >= t)
            .filter(|(start, _)| *start < t || *start + len == t)
            .map(|(start, count)| (*start + len, *count))
    }

    /// The change from before `at` to by `hours` after it, the instant of its first count and
    /// how long it runs.
    pub fn change_after(
        &self,
        at: NaiveDateTime,
        hours: i64,
    ) -> Option<(i64, NaiveDateTime, TimeDelta)> {
        let (from, before) = self.before(at)?;
        let (to, after) = self.by(at + TimeDelta::hours(hours))?;
        Some((after - before, from, to - from))
    }

    /// The normal change over `span` at `at` and its spread, leaving out the windows that
    /// overlap the 48 hours after a `busy` instant: the windows' changes carried along their
    /// resistant slope (the medians of their first and last thirds, when those start 14 days
    /// apart or more) to `at`; their median, and the largest of 1.4826 × their MAD, the 90th
    /// percentile of their deviations / 1.6449, √(|median| + 1) and 1.
    pub fn normal(
        &self,
        span: TimeDelta,
        at: NaiveDateTime,
        busy: &[NaiveDateTime],
    ) -> Option<(f64, f64)> {
        let effect = TimeDelta::hours(48);
        let windows: Vec<(f64, f64)> = self
            .records
            .iter()
            .filter_map(|(start, count)| {
                let later = self.records.iter().find(|(s, _)| *s == *start + span)?;
                let (from, to) = (*start + self.len, *start + self.len + span);
                let quiet = busy.iter().all(|&b| to <= b || b + effect <= from);
                let days = (from - at).num_seconds() as f64 / 86_400.0;
                quiet.then_some((days, (later.1 - count) as f64))
            })
            .collect();
        if windows.is_empty() {
            return None;
        }
        let third = windows.len() / 3;
        let middle = |part: &[(f64, f64)], pick: fn(&(f64, f64)) -> f64| {
            median(&mut part.iter().map(pick).collect::<Vec<_>>())
        };
        let slope = if third == 0 {
            0.0
        } else {
            let (first, last) = (&windows[..third], &windows[windows.len() - third..]);
            let (x0, x1) = (middle(first, |w| w.0), middle(last, |w| w.0));
            if x1 - x0 >= 14.0 {
                (middle(last, |w| w.1) - middle(first, |w| w.1)) / (x1 - x0)
            } else {
                0.0
            }
        };
        let mut carried: Vec<f64> = windows.iter().map(|(x, y)| y - slope * x).collect();
        let normal = median(&mut carried);
        let mut deviations: Vec<f64> = carried.iter().map(|c| (c - normal).abs()).collect();
        let mad = median(&mut deviations);
        // `median` left them sorted: the nearest rank of the 90th percentile.
        let rank = ((deviations.len() as f64 * 0.9).ceil() as usize).clamp(1, deviations.len());
        let spread = (1.4826 * mad)
            .max(deviations[rank - 1] / 1.6449)
            .max((normal.abs() + 1.0).sqrt())
            .max(1.0);
        Some((normal, spread))
    }

    /// The gain beyond normal `hours` after `at`, and the normal spread.
    pub fn gain(
        &self,
        at: NaiveDateTime,
        hours: i64,
        busy: &[NaiveDateTime],
    ) -> Option<(f64, f64)> {
        let (change, from, span) = self.change_after(at, hours)?;
        let (normal, spread) = self.normal(span, from, busy)?;
        Some((change as f64 - normal, spread))
    }
}

/// The hourly counts the page was sent since `mark`.
async fn hourly_counts(h: &Harness, mark: usize) -> Res<Counts> {
    Ok(Counts {
        records: hourly_subscribers_sent(h, mark).await?,
        len: TimeDelta::hours(1),
    })
}

/// The daily counts the page was sent since `mark`.
async fn daily_counts(h: &Harness, mark: usize) -> Res<Counts> {
    let dynamics = h
        .sent(mark, "/channels/subscribers")
        .into_iter()
        .find(|u| !u.contains("group=hour"))
        .ok_or("no daily subscribers asked")?;
    let records = super::subscribers(&h.replay(&dynamics).await?, |p| {
        NaiveDate::parse_from_str(p, "%Y-%m-%d")
            .ok()
            .and_then(|d| d.and_hms_opt(0, 0, 0))
    });
    Ok(Counts {
        records,
        len: TimeDelta::days(1),
    })
}

/// The instants of the posts that mention channel `own` (by ID) in the page's post search sent
/// since `mark`, its own posts left out.
async fn mentions_sent(h: &Harness, mark: usize, own: i64) -> Res<Vec<NaiveDateTime>> {
    let search = h
        .sent(mark, "/posts/search")
        .pop()
        .ok_or("no post search")?;
    let posts = h.replay(&search).await?;
    Ok(posts["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|p| int(&p["channel_id"]) != own)
        .filter_map(|p| DateTime::from_timestamp(int(&p["date"]), 0))
        .map(|t| t.naive_utc())
        .collect())
}

/// The `data-campaign` of the listed campaign named `name`.
async fn campaign_id(h: &Harness, name: &str) -> Res<String> {
    let id = h
        .browser
        .eval(
            "const li = [...document.querySelectorAll('li.campaign')]
                 .find(e => e.textContent.includes(arguments[0]));
             return li ? li.getAttribute('data-campaign') : null;",
            vec![Value::from(name)],
        )
        .await?;
    Ok(id
        .as_str()
        .ok_or_else(|| format!("no campaign {name} listed"))?
        .to_owned())
}

/// A new campaign `name` of `promoted` with one placement per `(post, price)`, saved; its
/// refresh run to the end. Returns its list item's selector and the log mark before the run.
async fn new_campaign(
    h: &Harness,
    name: &str,
    promoted: &str,
    placements: &[(&str, &str)],
) -> Res<(String, usize)> {
    h.browser.open("/campaigns", &Session::DEMO).await?;
    h.browser
        .click("button.campaign-new:not([disabled])")
        .await?;
    h.browser.fill("cp-name", name).await?;
    h.browser.fill("cp-promoted", promoted).await?;
    for (row, (post, price)) in placements.iter().enumerate() {
        if row > 0 {
            h.browser.click("button.campaign-add-row").await?;
        }
        h.browser
            .fill(&format!("cp-post-{}", row + 1), post)
            .await?;
        h.browser
            .fill(&format!("cp-price-{}", row + 1), price)
            .await?;
    }
    h.browser.click("button.campaign-save").await?;
    h.browser.wait_text_in("li.campaign", &[name]).await?;
    let item = format!(
        "li.campaign[data-campaign=\"{}\"]",
        campaign_id(h, name).await?
    );
    let mark = h.site.log.mark();
    h.browser.click(&format!("{item} button.job-run")).await?;
    h.browser.wait_css(&format!("{item} .job-done")).await?;
    Ok((item, mark))
}

/// The text of the first element matching `css`.
async fn text_of(h: &Harness, css: &str) -> Res<String> {
    let texts = h.browser.texts(css).await?;
    Ok(texts
        .into_iter()
        .next()
        .ok_or_else(|| format!("nothing matches {css}"))?)
}

/// The `data-spread` of the gain `name` in `scope`.
async fn spread_shown(h: &Harness, scope: &str, name: &str) -> Res<Option<f64>> {
    let value = h
        .browser
        .eval(
            "const e = document.querySelector(`${arguments[0]} [data-figure=\"${arguments[1]}\"] .campaign-spread`);
             return e ? e.getAttribute('data-spread') : null;",
            vec![Value::from(scope), Value::from(name)],
        )
        .await?;
    Ok(value.as_str().and_then(|s| s.parse().ok()))
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
        .filter(|&i| ds.posts[i].channel != promoted)
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
        .wait_text_in("li.campaign .job-confirm", &["4 requests"])
        .await?;
    ensure(h.sent(mark, "/posts/stat").is_empty(), || {
        "the refresh asked before its Run button was pressed".into()
    })?;
    h.browser.click("li.campaign button.job-run").await?;
    h.browser.wait_css("li.campaign .job-done").await?;

    let hourly = hourly_counts(&h, mark).await?;
    let stats = h.sent(mark, "/posts/stat");
    ensure(stats.len() == 2, || format!("post stats asked: {stats:?}"))?;
    let own = ds.channels[promoted as usize].id as i64;
    // No date typed: each placement's hour is the first of its post's hourly growth. Both, and
    // the channel's other mentions, are left out of its normal change.
    let mut growths = Vec::new();
    for (_, link) in &adverts {
        let url = stats
            .iter()
            .find(|u| chanscope_e2e::percent_decode(u).contains(link.as_str()))
            .ok_or_else(|| format!("no post stats of {link}: {stats:?}"))?;
        ensure(url.contains("group=hour"), || {
            format!("{url} is not by hour")
        })?;
        growths.push(hourly_growth(&h.replay(url).await?));
    }
    let mut busy: Vec<NaiveDateTime> = growths
        .iter()
        .filter_map(|g| g.first().map(|f| f.0))
        .collect();
    busy.extend(mentions_sent(&h, mark, own).await?);
    let mut totals = (0.0, 0.0);
    for (row, ((_, link), (_, price))) in adverts.iter().zip(PRICES).enumerate() {
        let growth = &growths[row];
        let at = growth.first().ok_or("no growth")?.0;
        let scope = format!("tr[data-placement=\"{row}\"]");
        for hours in [24, 48] {
            let reach = reach_at(growth, hours);
            let gain = hourly.gain(at, hours, &busy);
            let spread = gain.map(|g| g.1);
            let gain = gain.map(|g| g.0);
            let shown_spread = spread_shown(&h, &scope, &format!("gain_{hours}h")).await?;
            ensure(same(shown_spread, spread), || {
                format!(
                    "{link} spread {hours} h: the page says {shown_spread:?}, expected {spread:?}"
                )
            })?;
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
