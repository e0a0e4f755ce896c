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

use std::collections::HashMap;

use super::channels::{Channel, Peer, Restriction};
use super::growth::{Arrival, Shape};
use super::posts::Post;
use super::Dataset;
use super::{AHEAD_DAYS, CHANNEL_ID_BASE, DAY, HISTORY_DAYS, HOUR, TG_ID_BASE};
use crate::rng::unit_of;

/// An advert for a planted channel in a generated channel's post, placed in the post nearest
/// `days` days and `hours` hours before "now".
pub struct Advert {
    pub days: i64,
    pub hours: i64,
    /// Subscribers it brings, [`Shape::Fading`] with time constant `fading_hours`.
    pub size: f64,
    pub fading_hours: f64,
    /// Whether it names the channel as `@name` rather than by its link.
    pub by_username: bool,
    /// Whether it goes into the post of the largest channel near that time rather than the
    /// nearest post.
    pub big: bool,
}

/// The time constant of an ordinary advert's arrivals: most come within a day, nearly all
/// within two.
const ADVERT_HOURS: f64 = 10.0;
/// The share of an advert's subscribers who leave again, over a time constant of 10 days.
const ADVERT_LOSS: f64 = 0.1;

/// Subscribers arriving or leaving at a set time: `days` before "now", at `hour` UTC.
pub struct Planted {
    pub days: i64,
    pub hour: i64,
    /// Negative for subscribers leaving.
    pub size: f64,
    pub shape: Shape,
    /// The share lost afterwards, and its time constant in days.
    pub loss: f64,
    pub loss_days: f64,
    /// Whether they were bought (or, leaving, purged): the truth the health check is judged on.
    pub bought: bool,
}

/// One planted channel.
pub struct Spec {
    pub username: &'static str,
    pub title: &'static str,
    pub about: &'static str,
    pub category: &'static str,
    /// Subscribers at "now".
    pub now_count: f64,
    /// Growth a day, as a share…
    pub daily_growth: f64,
    /// …and on Saturdays and Sundays, where it differs (a weekly rhythm).
    pub weekend_growth: Option<f64>,
    /// Hourly noise, as a share of the count.
    pub jitter: f64,
    pub events: &'static [Planted],
    pub adverts: &'static [Advert],
    pub restriction: Restriction,
    /// Whether the battery reads it by day, as on a plan that gives no hours.
    pub daily_only: bool,
}

impl Spec {
    /// Whether anything in its history was bought.
    pub fn bought(&self) -> bool {
        self.events.iter().any(|e| e.bought)
    }
}

/// Hourly noise of most planted channels, as a share of the count: small enough that a flat
/// stretch stays flat.
pub const PLANTED_JITTER: f64 = 0.0001;

const fn dump(days: i64, hour: i64, size: f64, loss: f64, loss_days: f64) -> Planted {
    Planted {
        days,
        hour,
        size,
        shape: Shape::Dump,
        loss,
        loss_days,
        bought: true,
    }
}

const fn advert(days: i64, hours: i64, size: f64, by_username: bool) -> Advert {
    Advert {
        days,
        hours,
        size,
        fading_hours: ADVERT_HOURS,
        by_username,
        big: false,
    }
}

const fn spec(username: &'static str, title: &'static str, about: &'static str) -> Spec {
    Spec {
        username,
        title,
        about,
        category: "news",
        now_count: 20_000.0,
        daily_growth: 0.001,
        weekend_growth: None,
        jitter: PLANTED_JITTER,
        events: &[],
        adverts: &[],
        restriction: Restriction::None,
        daily_only: false,
    }
}

/// Every planted channel, in the order they follow the generated ones.
pub const BATTERY: [Spec; 15] = [
    Spec {
        now_count: 30_000.0,
        daily_growth: 0.002,
        events: &[dump(20, 14, 8_000.0, 0.4, 3.0)],
        ..spec(
            "bought_jump_news",
            "Morning Brief News",
            "Sandbox example: 8,000 subscribers bought in one hour 20 days ago, 40 % of them cleaned out in the days after.",
        )
    },
    Spec {
        category: "crypto",
        now_count: 14_000.0,
        events: &[dump(45, 3, 3_000.0, 0.3, 5.0)],
        restriction: Restriction::RedLabel,
        ..spec(
            "bought_jump_crypto",
            "Crypto Signals Daily",
            "Sandbox example: 3,000 subscribers bought in one hour 45 days ago, a third lost after; the service's red label.",
        )
    },
    Spec {
        category: "travels",
        now_count: 13_000.0,
        daily_growth: 0.0,
        events: &[dump(10, 11, 4_000.0, 0.0, 1.0)],
        ..spec(
            "flat_then_step",
            "Quiet Garden Notes",
            "Sandbox example: no growth for months, then 4,000 subscribers in one hour 10 days ago.",
        )
    },
    Spec {
        category: "education",
        daily_growth: 0.003,
        ..spec(
            "smooth_growth",
            "Steady Science Digest",
            "Sandbox example: grows by 0.3 % a day, every day, with nothing bought.",
        )
    },
    Spec {
        category: "economics",
        now_count: 25_000.0,
        daily_growth: 0.0008,
        adverts: &[
            advert(12, 10, 1_800.0, false),
            advert(8, 3, 1_200.0, true),
            advert(4, 15, 700.0, false),
        ],
        ..spec(
            "pocket_finance_tips",
            "Pocket Finance Tips",
            "Sandbox example: advertised in three other channels' posts 12, 8 and 4 days ago; 1,800, 1,200 and 700 subscribers came in the two days after each.",
        )
    },
    Spec {
        category: "marketing",
        now_count: 40_000.0,
        daily_growth: 0.0015,
        events: &[Planted {
            shape: Shape::Drip(9.0),
            ..dump(22, 20, 3_600.0, 0.25, 4.0)
        }],
        ..spec(
            "drip_fed_deals",
            "Daily Deals Radar",
            "Sandbox example: 3,600 subscribers bought 22 days ago, fed in evenly over 9 hours (400 an hour, 1 % of the count), a quarter lost after.",
        )
    },
    Spec {
        now_count: 1_400_000.0,
        daily_growth: 0.0003,
        events: &[Planted {
            shape: Shape::Drip(3.0),
            ..dump(18, 2, 22_000.0, 0.2, 5.0)
        }],
        ..spec(
            "mega_city_news",
            "Mega City News",
            "Sandbox example: 1.4 million subscribers; 22,000 bought 18 days ago over 3 hours (1.6 % of the count), a fifth lost after.",
        )
    },
    Spec {
        category: "tech",
        now_count: 60_000.0,
        events: &[Planted {
            shape: Shape::Drip(30.0),
            ..dump(16, 9, -6_000.0, 0.0, 1.0)
        }],
        ..spec(
            "purged_gadgets",
            "Gadget Garage",
            "Sandbox example: 6,000 subscribers removed over 30 hours 16 days ago, with no jump before: bought long ago, purged now.",
        )
    },
    Spec {
        category: "sport",
        now_count: 22_000.0,
        daily_growth: 0.0012,
        events: &[dump(27, 13, 4_500.0, 0.3, 3.0)],
        daily_only: true,
        ..spec(
            "daily_plan_bought",
            "Match Day Talk",
            "Sandbox example: 4,500 subscribers bought in one hour 27 days ago; the labelled battery reads it by day, as a plan without hours does.",
        )
    },
    Spec {
        category: "business",
        now_count: 36_000.0,
        events: &[
            dump(40, 10, 3_000.0, 0.3, 3.0),
            Planted {
                shape: Shape::Drip(4.0),
                ..dump(33, 16, 3_500.0, 0.3, 3.0)
            },
        ],
        ..spec(
            "bought_twice_biz",
            "Business Breakfast",
            "Sandbox example: bought twice a week apart, 3,000 in one hour 40 days ago and 3,500 over 4 hours 33 days ago, each a third lost after.",
        )
    },
    Spec {
        category: "music",
        now_count: 18_000.0,
        adverts: &[Advert {
            fading_hours: 4.0,
            big: true,
            ..advert(9, 18, 6_000.0, false)
        }],
        ..spec(
            "mention_surge_music",
            "Indie Music Finds",
            "Sandbox example: 6,000 subscribers within hours of a big channel's post that named it 9 days ago, nothing bought.",
        )
    },
    Spec {
        category: "food",
        now_count: 24_000.0,
        events: &[Planted {
            shape: Shape::Ramp(96.0),
            bought: false,
            ..dump(25, 6, 9_000.0, 0.0, 1.0)
        }],
        ..spec(
            "viral_recipes",
            "Five Minute Recipes",
            "Sandbox example: went viral 25 days ago, 9,000 subscribers over four days passed from reader to reader, nothing bought.",
        )
    },
    Spec {
        now_count: 2_000_000.0,
        daily_growth: 0.0001,
        ..spec(
            "quiet_million",
            "National Broadcast",
            "Sandbox example: 2 million subscribers growing 200 a day, with an hourly noise of about a hundred; nothing bought.",
        )
    },
    Spec {
        category: "handmade",
        now_count: 320.0,
        daily_growth: 0.002,
        jitter: 0.01,
        events: &[
            Planted {
                shape: Shape::Fading(1.0),
                bought: false,
                ..dump(30, 19, 9.0, 0.0, 1.0)
            },
            Planted {
                shape: Shape::Fading(1.0),
                bought: false,
                ..dump(12, 8, 14.0, 0.0, 1.0)
            },
        ],
        ..spec(
            "tiny_model_trains",
            "Model Trains Club",
            "Sandbox example: a club of about 320 readers; nine and fourteen came within an hour on two days, nothing bought.",
        )
    },
    Spec {
        category: "business",
        now_count: 45_000.0,
        daily_growth: 0.004,
        weekend_growth: Some(-0.001),
        ..spec(
            "weekday_office",
            "Office Hours",
            "Sandbox example: grows 0.4 % on weekdays and loses 0.1 % at weekends, every week; nothing bought.",
        )
    },
];

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
