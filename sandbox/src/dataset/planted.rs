//! Channels planted so that the channel page has something to find, each with a history of its
//! own that no random draw touches: bought subscribers (a step of thousands in one hour, then a
//! slow loss as the bots are cleaned), a channel that stood still and then jumped, one that grows
//! smoothly, and one advertised in other channels' posts, rising for a day or two after each
//! advert. They are appended after every generated channel, so the generated channels, posts and
//! stories are what they are without them, but for the advert texts added to a few posts.

use std::collections::HashMap;

use super::channels::{Channel, Peer, Restriction};
use super::growth::Arrival;
use super::posts::Post;
use super::{AHEAD_DAYS, CHANNEL_ID_BASE, DAY, HISTORY_DAYS, HOUR, TG_ID_BASE};

/// An advert for a planted channel in a generated channel's post, placed in the post nearest
/// `days` days and `hour` hours before "now".
struct Advert {
    days: i64,
    hours: i64,
    /// Subscribers it brings, over [`ADVERT_HOURS`].
    size: f64,
    /// Whether it names the channel as `@name` rather than by its link.
    by_username: bool,
}

/// The time constant of an advert's arrivals: most come within a day, nearly all within two.
const ADVERT_HOURS: f64 = 10.0;
/// The share of an advert's subscribers who leave again, over a time constant of 10 days.
const ADVERT_LOSS: f64 = 0.1;

/// One planted channel: its username, title, size at "now" and daily growth, and its jump.
struct Spec {
    username: &'static str,
    title: &'static str,
    about: &'static str,
    category: &'static str,
    now_count: f64,
    daily_growth: f64,
    /// Days before "now" and hour of the day of the jump.
    jump: Option<(i64, i64, f64, f64, f64)>,
    adverts: &'static [Advert],
    restriction: Restriction,
}

const SPECS: [Spec; 5] = [
    Spec {
        username: "bought_jump_news",
        title: "Morning Brief News",
        about: "Sandbox example: 8,000 subscribers bought in one hour 20 days ago, 40 % of them cleaned out in the days after.",
        category: "news",
        now_count: 30_000.0,
        daily_growth: 0.002,
        jump: Some((20, 14, 8_000.0, 0.4, 3.0)),
        adverts: &[],
        restriction: Restriction::None,
    },
    Spec {
        username: "bought_jump_crypto",
        title: "Crypto Signals Daily",
        about: "Sandbox example: 3,000 subscribers bought in one hour 45 days ago, a third lost after; the service's red label.",
        category: "crypto",
        now_count: 14_000.0,
        daily_growth: 0.001,
        jump: Some((45, 3, 3_000.0, 0.3, 5.0)),
        adverts: &[],
        restriction: Restriction::RedLabel,
    },
    Spec {
        username: "flat_then_step",
        title: "Quiet Garden Notes",
        about: "Sandbox example: no growth for months, then 4,000 subscribers in one hour 10 days ago.",
        category: "travels",
        now_count: 13_000.0,
        daily_growth: 0.0,
        jump: Some((10, 11, 4_000.0, 0.0, 1.0)),
        adverts: &[],
        restriction: Restriction::None,
    },
    Spec {
        username: "smooth_growth",
        title: "Steady Science Digest",
        about: "Sandbox example: grows by 0.3 % a day, every day, with nothing bought.",
        category: "education",
        now_count: 20_000.0,
        daily_growth: 0.003,
        jump: None,
        adverts: &[],
        restriction: Restriction::None,
    },
    Spec {
        username: "pocket_finance_tips",
        title: "Pocket Finance Tips",
        about: "Sandbox example: advertised in three other channels' posts 12, 8 and 4 days ago; 1,800, 1,200 and 700 subscribers came in the two days after each.",
        category: "economics",
        now_count: 25_000.0,
        daily_growth: 0.0008,
        jump: None,
        adverts: &[
            Advert {
                days: 12,
                hours: 10,
                size: 1_800.0,
                by_username: false,
            },
            Advert {
                days: 8,
                hours: 3,
                size: 1_200.0,
                by_username: true,
            },
            Advert {
                days: 4,
                hours: 15,
                size: 700.0,
                by_username: false,
            },
        ],
        restriction: Restriction::None,
    },
];

/// Hourly noise of planted channels, as a share of the count: small enough that a flat stretch
/// stays flat.
pub const PLANTED_JITTER: f64 = 0.0001;

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
    SPECS
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
                        .min_by_key(|&i| (posts[i].date - target).abs())?;
                    let link = format!("{}/{}", chanscope_api::ids::LINK_HOST, spec.username);
                    let name = if advert.by_username {
                        format!("@{}", spec.username)
                    } else {
                        link
                    };
                    let text = if posts[i].text.is_ascii() {
                        format!(" Advertisement. Money matters in five minutes a day: {name}")
                    } else {
                        format!(" Реклама. Финансы за пять минут в день: {name}")
                    };
                    posts[i].text.push_str(&text);
                    Some(posts[i].date)
                })
                .collect()
        })
        .collect()
}

/// The planted channels, as channels `first..` of the dataset of `now`; `adverts` as
/// [`place_adverts`] placed them.
pub(super) fn planted_channels(first: usize, now: i64, adverts: &[Vec<i64>]) -> Vec<Channel> {
    let start = now - HISTORY_DAYS * DAY;
    SPECS
        .iter()
        .zip(adverts)
        .enumerate()
        .map(|(k, (spec, advert_dates))| {
            let i = first + k;
            let jump = spec.jump.map(|(days, hour, size, loss, loss_days)| {
                let day = now - now.rem_euclid(DAY) - days * DAY;
                Arrival {
                    at: day + hour * HOUR,
                    size,
                    over_hours: 0.0,
                    loss,
                    loss_days,
                }
            });
            let arrivals: Vec<Arrival> = jump
                .into_iter()
                .chain(
                    spec.adverts
                        .iter()
                        .zip(advert_dates)
                        .map(|(advert, &at)| Arrival {
                            at,
                            size: advert.size,
                            over_hours: ADVERT_HOURS,
                            loss: ADVERT_LOSS,
                            loss_days: 10.0,
                        }),
                )
                .collect();
            // The base curve is set so that base + arrivals is `now_count` at "now".
            let at_now = spec.now_count - arrivals.iter().map(|a| a.extra(now)).sum::<f64>();
            let history = (0..HISTORY_DAYS + AHEAD_DAYS + 2)
                .map(|day| {
                    let from_now = (start + day * DAY - now) as f64 / DAY as f64;
                    (at_now * (1.0 + spec.daily_growth).powf(from_now)).round() as u32
                })
                .collect();
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
                history,
                jitter: PLANTED_JITTER,
                arrivals,
                posts: Vec::new(),
                stories: Vec::new(),
                title_words: Vec::new(),
                about_words: Vec::new(),
            }
        })
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
        assert_eq!(ds.channels.len(), 200 + SPECS.len());
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
}
