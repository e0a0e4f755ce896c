//! A campaign's gains against their noise: a placement on the smoothly growing channel, whose
//! gain is within normal variation and gets no cost per subscriber, and one advert read by the
//! hour and, with hours refused, by the day.

use std::sync::Arc;

use chanscope_e2e::{ensure, Harness, Res};
use chrono::NaiveDateTime;

use super::*;

/// The post of a generated channel nearest `days` before "now", as a link.
fn post_about(h: &Harness, days: i64) -> Res<String> {
    let ds = &h.state.dataset;
    let target = h.now - days * 86_400;
    let post = ds
        .visible()
        .filter(|&i| {
            !ds.channels[ds.posts[i].channel as usize]
                .usernames
                .is_empty()
        })
        .filter(|&i| !ds.posts[i].text.contains("pocket_finance_tips"))
        .filter(|&i| ds.posts[i].id < sandbox::dataset::PLANTED_POST_ID_BASE)
        .min_by_key(|&i| (ds.posts[i].date - target).abs())
        .ok_or("no post")?;
    let p = &ds.posts[post];
    Ok(format!(
        "t.me/{}/{}",
        ds.channels[p.channel as usize].usernames[0], p.message
    ))
}

pub(crate) async fn campaign_gain_within_normal_variation_has_no_cost(h: Arc<Harness>) -> Res<()> {
    // @smooth_growth grows 0.3 % a day with nothing bought: an advert placed on it (a generated
    // post five days old, its statistics giving the hour) brings nothing beyond that. The
    // price as a Russian buyer types it: the dot separates thousands.
    let ds = &h.state.dataset;
    let promoted = ds
        .channel_by_username("smooth_growth")
        .ok_or("not planted")?;
    let post = post_about(&h, 5)?;
    let (item, mark) = new_campaign(
        &h,
        "Steady test",
        "@smooth_growth",
        &[(post.as_str(), "1.500 ₽")],
    )
    .await?;
    // One placement, counted in the singular.
    let head = text_of(&h, &format!("{item} .campaign-head")).await?;
    ensure(
        head.contains("1 placement") && !head.contains("1 placements"),
        || format!("the campaign's head says {head:?}"),
    )?;
    let hourly = hourly_counts(&h, mark).await?;
    let stats = h.sent(mark, "/posts/stat").pop().ok_or("no post stats")?;
    let at = hourly_growth(&h.replay(&stats).await?)
        .first()
        .ok_or("no growth")?
        .0;
    let mut busy = vec![at];
    busy.extend(mentions_sent(&h, mark, ds.channels[promoted as usize].id as i64).await?);
    let scope = format!("{item} tr[data-placement=\"0\"]");
    for hours in [24, 48] {
        let (gain, spread) = hourly.gain(at, hours, &busy).ok_or("no gain")?;
        // The sandbox's channel really is within 2 spreads here: else this tests nothing.
        ensure(gain.abs() <= 2.0 * spread, || {
            format!("@smooth_growth gained {gain} ± {spread} in {hours} h: beyond normal")
        })?;
        let name = format!("gain_{hours}h");
        let (shown_gain, shown_spread) = (
            shown(&h, &scope, &name).await?,
            spread_shown(&h, &scope, &name).await?,
        );
        ensure(
            same(shown_gain, Some(gain)) && same(shown_spread, Some(spread)),
            || {
                format!("{name}: the page says {shown_gain:?} ± {shown_spread:?}, expected {gain} ± {spread}")
            },
        )?;
        // No cost per subscriber; the cell says why in words.
        let cost = format!("cost_per_subscriber_{hours}h");
        ensure(shown(&h, &scope, &cost).await?.is_none(), || {
            format!("{cost} has a value for a gain within normal variation")
        })?;
        let said = text_of(&h, &format!("{scope} [data-figure=\"{cost}\"]")).await?;
        ensure(said == "within normal variation", || {
            format!("{cost} says {said:?}")
        })?;
    }
    // Totals: the price as typed, read as 1,500; the gain the placement's; no cost per
    // subscriber either.
    let totals = format!("{item} .campaign-totals");
    let price = shown(&h, &totals, "total_price").await?;
    ensure(same(price, Some(1_500.0)), || {
        format!("total_price {price:?}, typed 1.500 ₽")
    })?;
    let placement_gain = shown(&h, &scope, "gain_24h").await?;
    let total_gain = shown(&h, &totals, "total_gain_24h").await?;
    ensure(same(total_gain, placement_gain), || {
        format!("total gain {total_gain:?}, the placement's {placement_gain:?}")
    })?;
    let total_cost = text_of(
        &h,
        &format!("{totals} [data-figure=\"total_cost_per_subscriber_24h\"] dd"),
    )
    .await?;
    ensure(total_cost == "within normal variation", || {
        format!("total cost per subscriber says {total_cost:?}")
    })?;
    h.browser.screenshot("campaign-within-normal").await?;
    Ok(())
}

/// Stands in for a plan without hourly subscribers, which the sandbox's plans do not model:
/// the page's hourly subscriber requests get the service's refusal of such a plan, and every
/// other request goes to the sandbox.
const REFUSE_HOURS: &str = "
const original = window.fetch.bind(window);
window.fetch = (input, init) => {
  const url = typeof input === 'string' ? input : input.url;
  if (url.includes('/channels/subscribers') && url.includes('group=hour')) {
    return Promise.resolve(new Response('{\"status\":\"error\",\"error\":\"no_active_subscription\"}',
      { headers: { 'Content-Type': 'application/json' } }));
  }
  return original(input, init);
};";

/// The gains over 24 and 48 hours after `at` that `counts` give, with their spreads, once the
/// page in `scope` shows the same gains.
async fn gains_shown(
    h: &Harness,
    scope: &str,
    counts: &Counts,
    at: NaiveDateTime,
    busy: &[NaiveDateTime],
    read: &str,
) -> Res<Vec<(f64, f64)>> {
    let mut gains = Vec::new();
    for hours in [24, 48] {
        let expected = counts.gain(at, hours, busy).ok_or("no gain")?;
        let gain = shown(h, scope, &format!("gain_{hours}h")).await?;
        ensure(same(gain, Some(expected.0)), || {
            format!("{read}, gain {hours} h: the page says {gain:?}, expected {expected:?}")
        })?;
        gains.push(expected);
    }
    Ok(gains)
}

pub(crate) async fn one_advert_read_by_hour_and_by_day_agrees(h: Arc<Harness>) -> Res<()> {
    // The advert of eight days ago for @pocket_finance_tips, its hour from its post.
    let ds = &h.state.dataset;
    let promoted = ds
        .channel_by_username("pocket_finance_tips")
        .ok_or("not planted")?;
    let own = ds.channels[promoted as usize].id as i64;
    let advert = ds
        .visible()
        .filter(|&i| ds.posts[i].channel != promoted)
        .filter(|&i| ds.posts[i].text.contains("pocket_finance_tips"))
        .min_by_key(|&i| (ds.posts[i].date - (h.now - 8 * 86_400)).abs())
        .ok_or("no advert")?;
    let p = &ds.posts[advert];
    let link = format!(
        "t.me/{}/{}",
        ds.channels[p.channel as usize].usernames[0], p.message
    );
    let name = "By hour and by day";
    let (item, mark) = new_campaign(
        &h,
        name,
        "@pocket_finance_tips",
        &[(link.as_str(), "1 000 ₽")],
    )
    .await?;
    let scope = format!("{item} tr[data-placement=\"0\"]");
    let stats = h.sent(mark, "/posts/stat").pop().ok_or("no post stats")?;
    let at = hourly_growth(&h.replay(&stats).await?)
        .first()
        .ok_or("no growth")?
        .0;
    let mut busy = vec![at];
    busy.extend(mentions_sent(&h, mark, own).await?);
    let hourly = hourly_counts(&h, mark).await?;
    let by_hour = gains_shown(&h, &scope, &hourly, at, &busy, "by the hour").await?;
    // The same campaign on a plan without hours: a fresh page (no cached answers), its hourly
    // request refused.
    h.browser.goto("/campaigns").await?;
    h.browser.wait_text_in("li.campaign", &[name]).await?;
    h.browser.eval(REFUSE_HOURS, vec![]).await?;
    let mark = h.site.log.mark();
    h.browser.click(&format!("{item} .campaign-show")).await?;
    h.browser.click(&format!("{item} button.job-run")).await?;
    h.browser.wait_css(&format!("{item} .job-done")).await?;
    h.browser
        .wait_css(&format!("{item} .campaign-daily"))
        .await?;
    let daily = daily_counts(&h, mark).await?;
    ensure(
        !h.sent(mark, "/channels/subscribers")
            .iter()
            .any(|u| u.contains("group=hour")),
        || "the hourly request reached the sandbox".into(),
    )?;
    let by_day = gains_shown(&h, &scope, &daily, at, &busy, "by the day").await?;
    // By the day, a gain over N hours counts from the end of the day before the advert to the
    // end of the day N hours after it: at least the N hours the hourly read covers, at most a
    // day more. So the daily 24-hour gain lies between the hourly 24- and 48-hour gains, and the
    // daily 48-hour gain between the hourly 48-hour gain and everything the advert brought,
    // each widened by two spreads of both reads and 3 % of what was planted (its slow loss).
    let arrival = ds.channels[promoted as usize]
        .arrivals
        .iter()
        .find(|a| (a.at - at.and_utc().timestamp()).abs() < 3600)
        .ok_or_else(|| format!("no planted arrival at {at}"))?;
    let planted = arrival.size;
    let slack = |i: usize| 2.0 * (by_hour[i].1 + by_day[i].1) + 0.03 * planted;
    let (day24, day48) = (by_day[0].0, by_day[1].0);
    let within = [
        (by_hour[0].0 - slack(0) <= day24 && day24 <= by_hour[1].0 + slack(0)),
        (by_hour[1].0 - slack(1) <= day48 && day48 <= planted + slack(1)),
    ];
    ensure(within == [true, true], || {
        format!(
            "by the day {day24:.1} and {day48:.1}; by the hour {:.1} and {:.1}; planted {planted:.0}",
            by_hour[0].0, by_hour[1].0
        )
    })?;
    // Both reads price the subscribers: the advert is far beyond normal by the day too.
    let cost = shown(&h, &scope, "cost_per_subscriber_24h").await?;
    ensure(same(cost, Some(1_000.0 / day24)), || {
        format!("by the day, cost per subscriber {cost:?}, gain {day24}")
    })?;
    h.browser.screenshot("campaign-by-day").await?;
    Ok(())
}
