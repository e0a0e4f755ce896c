//! Channels planted so that the channel page has something to find, and a labelled battery for
//! its health check: each planted channel has a subscriber history of its own that no random
//! draw touches, made of a base curve and [`Planted`] events, and its truth (which events were
//! bought) is part of its spec ([`BATTERY`]). Bought: a dump within an hour, a drip over hours,
//! a small share of a channel of millions, a purge with no jump before it, a dump read on a plan
//! that gives only days, two buys a week apart, a step after months of standing still. Organic:
//! smooth growth, adverts in other channels' posts, a steep rise right after a big channel's
//! mention, viral growth over days, a quiet channel of millions, a channel of a few hundred, a
//! weekly rhythm. They are appended after every generated channel, so the generated channels,
//! posts and stories are what they are without them, but for the advert texts added to a few
//! posts, and the views of one generated channel whose audience does not read ([`thin_reach`]).

mod battery;

use std::collections::HashMap;

use super::channels::{Channel, Peer};
use super::growth::{Arrival, Shape};
use super::posts::Post;
use super::Dataset;
use super::{AHEAD_DAYS, CHANNEL_ID_BASE, DAY, HISTORY_DAYS, HOUR, TG_ID_BASE};
use crate::rng::unit_of;

use battery::ADVERT_LOSS;
pub use battery::{Advert, Planted, Spec, BATTERY};

/// Writes the planted channels' adverts into generated posts (newest first, `forwards` their
/// reposts) and returns, per planted channel, when its adverts went out. An advert goes into the
/// visible post nearest its time, within 12 hours of it, of a channel (not a chat) that is no
/// repost, links to no post, is not deleted and was not reposted: no other record changes with
/// its text. The text is English or Russian as the post's is.
pub(super) fn place_adverts(
    posts: &mut [Post],
    forwards: &HashMap<u32, Vec<u32>>,
    channels: &[Channel],
    now: i64,
) -> Vec<Vec<i64>> {
    BATTERY
        .iter()
        .map(|spec| {
            spec.adverts
                .iter()
                .filter_map(|advert| {
                    let target = now - advert.days * DAY - advert.hours * HOUR;
                    let window = posts.partition_point(|p| p.date > (target + 12 * HOUR).min(now))
                        ..posts.partition_point(|p| p.date >= target - 12 * HOUR);
                    let i = window
                        .filter(|&i| {
                            let p = &posts[i];
                            channels[p.channel as usize].peer == Peer::Channel
                                && p.forward_of.is_none()
                                && p.mention_of.is_none()
                                && !p.deleted
                                && !forwards.contains_key(&(i as u32))
                        })
                        .min_by_key(|&i| {
                            let distance = (posts[i].date - target).abs();
                            let size = channels[posts[i].channel as usize].history.last();
                            // The largest channel's post (the nearest of its), or the nearest.
                            let rank = if advert.big { size.copied() } else { None };
                            (std::cmp::Reverse(rank), distance)
                        })?;
                    let link = format!("{}/{}", chanscope_api::ids::LINK_HOST, spec.username);
                    let name = if advert.by_username {
                        format!("@{}", spec.username)
                    } else {
                        link
                    };
                    let text = if posts[i].text.is_ascii() {
                        format!(" Advertisement. {}: {name}", spec.title)
                    } else {
                        format!(" Реклама. {}: {name}", spec.title)
                    };
                    posts[i].text.push_str(&text);
                    Some(posts[i].date)
                })
                .collect()
        })
        .collect()
}

/// The share of its subscribers each post of the thin-reach channel reaches (times 0.8 to 1.2):
/// 1 %, below a third of the usual ERR of every size band (6 % at the least).
pub const THIN_ERR: f64 = 0.01;

/// Makes the audience of one generated channel stop reading, so that the health check has a
/// `low-err` to find: the channel, not a chat, with the most subscribers now among those with at
/// least 20 posts. Its posts' views become [`THIN_ERR`] of the subscribers at publication, and
/// their shares, comments and reactions shrink with them. Returns the channel's index.
pub(super) fn thin_reach(ds: &mut Dataset) -> Option<u32> {
    let now = ds.now;
    let chosen = (0..ds.channels.len() as u32)
        .filter(|&c| {
            let channel = &ds.channels[c as usize];
            channel.peer == Peer::Channel && channel.posts.len() >= 20
        })
        .max_by_key(|&c| (ds.history_at(c, now).unwrap_or(0), std::cmp::Reverse(c)))?;
    for k in 0..ds.channels[chosen as usize].posts.len() {
        let i = ds.channels[chosen as usize].posts[k] as usize;
        let audience = ds.history_at(chosen, ds.posts[i].date).unwrap_or(100) as f64;
        let p = &mut ds.posts[i];
        let luck = 0.8 + 0.4 * unit_of(ds.seed ^ 0x7a1d, p.id);
        let views = (audience * THIN_ERR * luck) as u32 + 1;
        let ratio = f64::from(views) / f64::from(p.final_views.max(1));
        let shrink = |n: u32| (f64::from(n) * ratio).round() as u32;
        p.final_views = views;
        p.shares = shrink(p.shares);
        p.comments = shrink(p.comments);
        p.reactions = shrink(p.reactions);
    }
    Some(chosen)
}

/// The planted channels, as channels `first..` of the dataset of `now`; `adverts` as
/// [`place_adverts`] placed them.
pub(super) fn planted_channels(first: usize, now: i64, adverts: &[Vec<i64>]) -> Vec<Channel> {
    BATTERY
        .iter()
        .zip(adverts)
        .enumerate()
        .map(|(k, (spec, advert_dates))| {
            let i = first + k;
            let today = now - now.rem_euclid(DAY);
            let arrivals: Vec<Arrival> = spec
                .events
                .iter()
                .map(|e| Arrival {
                    at: today - e.days * DAY + e.hour * HOUR,
                    size: e.size,
                    shape: e.shape,
                    loss: e.loss,
                    loss_days: e.loss_days,
                })
                .chain(
                    spec.adverts
                        .iter()
                        .zip(advert_dates)
                        .map(|(advert, &at)| Arrival {
                            at,
                            size: advert.size,
                            shape: Shape::Fading(advert.fading_hours),
                            loss: ADVERT_LOSS,
                            loss_days: 10.0,
                        }),
                )
                .collect();
            // The base curve is set so that base + arrivals is `now_count` at "now".
            let at_now = spec.now_count - arrivals.iter().map(|a| a.extra(now)).sum::<f64>();
            Channel {
                id: CHANNEL_ID_BASE + i as u64,
                tg_id: TG_ID_BASE + i as u64 * 1000,
                usernames: vec![spec.username.to_owned()],
                invite: format!("planted{k:02}{}", spec.username.replace('_', "")),
                peer: Peer::Channel,
                title: spec.title.to_owned(),
                about: spec.about.to_owned(),
                category: spec.category,
                country: "in",
                language: "english",
                created_at: now - 3 * 365 * DAY,
                ci_index: 1.0,
                restriction: spec.restriction,
                rkn_active: false,
                history: base_curve(spec, now, at_now),
                jitter: spec.jitter,
                arrivals,
                posts: Vec::new(),
                stories: Vec::new(),
                title_words: Vec::new(),
                about_words: Vec::new(),
            }
        })
        .collect()
}

/// The counts at the start of each day of the history of `spec` without its events, `at_now`
/// at "now": each day grows by the spec's growth of its weekday.
fn base_curve(spec: &Spec, now: i64, at_now: f64) -> Vec<u32> {
    let start = now - HISTORY_DAYS * DAY;
    let days = (HISTORY_DAYS + AHEAD_DAYS + 2) as usize;
    let mut curve = Vec::with_capacity(days);
    let mut value = 1.0;
    for day in 0..days as i64 {
        curve.push(value);
        // 1970-01-01 was a Thursday: Monday is 0, Saturday 5.
        let weekday = ((start / DAY + day) + 3).rem_euclid(7);
        let growth = match spec.weekend_growth {
            Some(weekend) if weekday >= 5 => weekend,
            _ => spec.daily_growth,
        };
        value *= 1.0 + growth;
    }
    let since = (now - start) as f64 / DAY as f64;
    let day = since.floor() as usize;
    let frac = since - day as f64;
    let here = curve[day] + (curve[day + 1] - curve[day]) * frac;
    curve
        .iter()
        .map(|v| (v * at_now / here).round() as u32)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::super::{Dataset, Size};
    use super::*;

    const NOW: i64 = 1_767_225_600;

    fn planted(ds: &Dataset, name: &str) -> u32 {
        ds.channel_by_username(name).unwrap()
    }

    #[test]
    fn planted_channels_come_after_every_generated_one() {
        let ds = Dataset::generate(1, Size::Small, NOW);
        assert_eq!(ds.channels.len(), 200 + BATTERY.len());
        assert_eq!(planted(&ds, "bought_jump_news"), 200);
        assert!(ds.channels[..200].iter().all(|c| c.arrivals.is_empty()));
    }

    #[test]
    fn a_bought_jump_arrives_in_one_hour_and_is_partly_lost() {
        let ds = Dataset::generate(1, Size::Small, NOW);
        let c = planted(&ds, "bought_jump_news");
        let at = ds.channels[c as usize].arrivals[0].at;
        assert_eq!(at, NOW - 20 * DAY + 14 * HOUR);
        let before = ds.participants_at(c, at - 1).unwrap() as i64;
        let after = ds.participants_at(c, at).unwrap() as i64;
        assert!(
            (7_950..=8_050).contains(&(after - before)),
            "{}",
            after - before
        );
        // Ten days on, about 40 % × (1 − e^(−10/3)) of it is gone, against 20 days of growth.
        let later = ds.participants_at(c, at + 10 * DAY).unwrap() as i64;
        assert!(later < after - 2_000, "{after} → {later}");
        assert!(
            (29_900..=30_100).contains(&(ds.participants(c) as i64)),
            "{}",
            ds.participants(c)
        );
    }

    #[test]
    fn the_smooth_channel_grows_every_day() {
        let ds = Dataset::generate(1, Size::Small, NOW);
        let c = planted(&ds, "smooth_growth");
        let days: Vec<u64> = (0..90)
            .map(|d| ds.participants_at(c, NOW - d * DAY).unwrap())
            .collect();
        assert!(days.windows(2).all(|w| w[0] > w[1]), "{days:?}");
    }

    #[test]
    fn adverts_go_into_three_generated_posts_and_bring_subscribers_after_each() {
        let ds = Dataset::generate(1, Size::Small, NOW);
        let c = planted(&ds, "pocket_finance_tips");
        let adverts: Vec<usize> = ds
            .visible()
            .filter(|&i| ds.posts[i].text.contains("pocket_finance_tips"))
            .collect();
        assert_eq!(adverts.len(), 3);
        let arrivals = &ds.channels[c as usize].arrivals;
        // Newest first: the adverts of 4, 8 and 12 days ago, each within 12 hours of its time.
        for (&i, (arrival, (days, hours))) in
            adverts
                .iter()
                .zip(arrivals.iter().rev().zip([(4, 15), (8, 3), (12, 10)]))
        {
            let p = &ds.posts[i];
            assert_eq!(p.date, arrival.at);
            assert!((p.date - (NOW - days * DAY - hours * HOUR)).abs() <= 12 * HOUR);
            assert!(p.forward_of.is_none() && p.mention_of.is_none() && !p.deleted);
            assert!((p.channel as usize) < 200, "a generated channel's post");
        }
        assert!(ds.posts[adverts[1]].text.ends_with(" @pocket_finance_tips"));
        assert!(ds.posts[adverts[0]]
            .text
            .ends_with(" t.me/pocket_finance_tips"));
        // 1,800 × (1 − e^(−24/10)) ≈ 1,637 in the first day (less 10 % of them over 10 days,
        // about 16), against 20 a day of its own growth.
        let at = arrivals[0].at;
        let day = ds.participants_at(c, at + DAY).unwrap() as i64
            - ds.participants_at(c, at).unwrap() as i64;
        assert!((1_600..=1_680).contains(&day), "{day}");
        // No hour near 2 % of 25,000: the health check's hourly rule sees no jump.
        let most = (0..48)
            .map(|h| {
                ds.participants_at(c, at + (h + 1) * HOUR).unwrap() as i64
                    - ds.participants_at(c, at + h * HOUR).unwrap() as i64
            })
            .max()
            .unwrap();
        assert!((150..=200).contains(&most), "{most}");
    }

    #[test]
    fn the_thin_reach_channel_reaches_a_hundredth_of_its_subscribers() {
        let ds = Dataset::generate(1, Size::Small, NOW);
        let c = ds.thin_reach.expect("a thin-reach channel");
        let channel = &ds.channels[c as usize];
        assert!(channel.posts.len() >= 20 && channel.peer == Peer::Channel);
        // Every post: 0.8 to 1.2 % of the subscribers when it was published (plus one view).
        for &p in &channel.posts {
            let post = &ds.posts[p as usize];
            let audience = ds.history_at(c, post.date).unwrap() as f64;
            let share = f64::from(post.final_views - 1) / audience;
            assert!((0.0079..=0.0121).contains(&share), "{share}");
        }
        // The largest channel with 20 posts: none bigger qualifies.
        let size = ds.participants(c);
        assert!(ds.channels[..200]
            .iter()
            .enumerate()
            .all(|(i, o)| o.posts.len() < 20
                || o.peer != Peer::Channel
                || ds.participants(i as u32) <= size));
    }
}
