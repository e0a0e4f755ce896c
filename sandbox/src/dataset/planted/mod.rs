//! Channels planted so that the channel page has something to find, and a labelled battery for
//! its health check: each planted channel has a subscriber history of its own that no random
//! draw touches, made of a base curve and [`Planted`] events, and its truth (which events were
//! bought) is part of its spec ([`BATTERY`]). Bought: a dump within an hour, drips over hours,
//! boxes of bots over one to four days, a small share of a channel of millions, a purge with no
//! jump before it, a dump read on a plan that gives only days, two buys a week apart, a step
//! after months of standing still, bots behind a mention and behind a tracked placement, slow
//! bots beside adverts, a night purchase under a daily rhythm. Organic: smooth growth, adverts in
//! other channels' posts (their conversions from 1 to 10 % of the post's views), a steep rise
//! right after a big channel's mention, readers who followed, viral growth over days, a quiet
//! channel of millions, a channel of a few hundred, a weekly rhythm. Their own posts are read by
//! their organic subscribers only (`posts`). They are appended after every generated channel
//! (and their posts merged in with IDs of their own), so the generated channels, posts and
//! stories are what they are without them, but for the advert texts added to a few posts, and
//! the views of one generated channel whose audience does not read ([`thin_reach`]).

mod battery;
mod posts;
mod spec;

use std::collections::{HashMap, HashSet};

use super::channels::{AdvertPost, Channel, Peer};
use super::growth::{Arrival, Shape};
use super::posts::Post;
use super::Dataset;
use super::{AHEAD_DAYS, CHANNEL_ID_BASE, DAY, HISTORY_DAYS, HOUR, TG_ID_BASE};
use crate::rng::unit_of;

pub use battery::BATTERY;
pub(super) use posts::{merge_posts, planted_posts};
pub use posts::{PostIds, PLANTED_POST_DAYS, PLANTED_POST_ID_BASE};
use spec::ADVERT_LOSS;
pub use spec::{Advert, Naming, Planted, Spec};

/// How far from its time an advert's post may be: wide enough that a post with about the views
/// sought is found on most days of a small dataset.
const HOST_WINDOW: i64 = 24 * HOUR;

/// The invite code of planted channel `k`.
fn invite_of(k: usize, spec: &Spec) -> String {
    format!("planted{k:02}{}", spec.username.replace('_', ""))
}

/// Writes the planted channels' adverts into generated posts (newest first, `forwards` their
/// reposts) and returns, per planted channel, the adverts as placed. An advert goes into a
/// visible post within [`HOST_WINDOW`] of its time, of a channel (not a chat) that is no repost,
/// links to no post, is not deleted, was not reposted and hosts no other advert: no other
/// record changes with its text. Of
/// those, the one whose final views are nearest on a log scale to the views sought, else the
/// nearest in time. The text is English or Russian as the post's is.
pub(super) fn place_adverts(
    posts: &mut [Post],
    forwards: &HashMap<u32, Vec<u32>>,
    channels: &[Channel],
    now: i64,
) -> Vec<Vec<AdvertPost>> {
    let mut hosts = HashSet::new();
    BATTERY
        .iter()
        .enumerate()
        .map(|(k, spec)| {
            spec.adverts
                .iter()
                .filter_map(|advert| {
                    let target = now - advert.days * DAY - advert.hours * HOUR;
                    let window = posts.partition_point(|p| p.date > (target + HOST_WINDOW).min(now))
                        ..posts.partition_point(|p| p.date >= target - HOST_WINDOW);
                    let fit = |i: usize| {
                        let p = &posts[i];
                        let off = advert
                            .host_views
                            .map_or(0.0, |v| (f64::from(p.final_views.max(1)) / v).ln().abs());
                        (off, (p.date - target).abs())
                    };
                    let i = window
                        .filter(|&i| {
                            let p = &posts[i];
                            channels[p.channel as usize].peer == Peer::Channel
                                && p.forward_of.is_none()
                                && p.mention_of.is_none()
                                && !p.deleted
                                && !forwards.contains_key(&(i as u32))
                                && !hosts.contains(&i)
                        })
                        .min_by(|&a, &b| {
                            let (a, b) = (fit(a), fit(b));
                            a.0.total_cmp(&b.0).then(a.1.cmp(&b.1))
                        })?;
                    hosts.insert(i);
                    let link = chanscope_api::ids::LINK_HOST;
                    let name = match advert.naming {
                        Naming::Link => format!("{link}/{}", spec.username),
                        Naming::Username => format!("@{}", spec.username),
                        Naming::Invite => format!("{link}/joinchat/{}", invite_of(k, spec)),
                    };
                    let post = &mut posts[i];
                    let text = if post.text.is_ascii() {
                        format!(" Advertisement. {}: {name}", spec.title)
                    } else {
                        format!(" Реклама. {}: {name}", spec.title)
                    };
                    post.text.push_str(&text);
                    let views = f64::from(post.final_views);
                    Some(AdvertPost {
                        at: post.date,
                        post: post.id,
                        views: post.final_views,
                        subscribers: advert.conversion * views,
                        bots: advert.bots * views,
                        tracked: advert.tracked,
                    })
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
pub(super) fn planted_channels(
    first: usize,
    now: i64,
    adverts: Vec<Vec<AdvertPost>>,
) -> Vec<Channel> {
    BATTERY
        .iter()
        .zip(adverts)
        .enumerate()
        .map(|(k, (spec, placed))| {
            let i = first + k;
            let today = now - now.rem_euclid(DAY);
            let events = spec.events.iter().map(|e| Arrival {
                at: today - e.days * DAY + e.hour * HOUR,
                size: e.size,
                shape: e.shape,
                loss: e.loss,
                loss_days: e.loss_days,
                bought: e.bought,
            });
            let readers = spec.adverts.iter().zip(&placed).map(|(advert, p)| Arrival {
                at: p.at,
                size: p.subscribers,
                shape: Shape::Fading(advert.fading_hours),
                loss: ADVERT_LOSS,
                loss_days: 10.0,
                bought: false,
            });
            let bots = spec
                .adverts
                .iter()
                .zip(&placed)
                .filter(|(_, p)| p.bots > 0.0)
                .map(|(advert, p)| Arrival {
                    at: p.at + HOUR / 2,
                    size: p.bots,
                    shape: if advert.bots_hours > 1.0 {
                        Shape::Drip(advert.bots_hours)
                    } else {
                        Shape::Dump
                    },
                    loss: advert.bots_loss,
                    loss_days: 3.0,
                    bought: true,
                });
            let arrivals: Vec<Arrival> = events.chain(readers).chain(bots).collect();
            // The base curve is set so that base + arrivals is `now_count` at "now".
            let at_now = spec.now_count - arrivals.iter().map(|a| a.extra(now)).sum::<f64>();
            Channel {
                id: CHANNEL_ID_BASE + i as u64,
                tg_id: TG_ID_BASE + i as u64 * 1000,
                usernames: vec![spec.username.to_owned()],
                invite: invite_of(k, spec),
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
                rhythm: spec.rhythm,
                arrivals,
                adverts: placed,
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
mod tests;
