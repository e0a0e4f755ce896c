//! Channels planted so that the channel page's health check has something to find, each with a
//! history of its own that no random draw touches: bought subscribers (a step of thousands in one
//! hour, then a slow loss as the bots are cleaned), a channel that stood still and then jumped,
//! and one that grows smoothly. They are appended after every generated channel, so the
//! generated channels, posts and stories are the same bytes with or without them.

use super::channels::{Channel, Peer, Restriction};
use super::{AHEAD_DAYS, CHANNEL_ID_BASE, DAY, HISTORY_DAYS, HOUR, TG_ID_BASE};

/// Subscribers added in one hour and partly lost afterwards.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Jump {
    /// The hour the subscribers arrive (Unix seconds, on a whole hour).
    pub at: i64,
    pub size: f64,
    /// The share of them lost in the end.
    pub loss: f64,
    /// The time constant of the loss, in days.
    pub loss_days: f64,
}

impl Jump {
    /// Subscribers the jump adds at `t`.
    pub fn extra(&self, t: i64) -> f64 {
        if t < self.at {
            return 0.0;
        }
        let days = (t - self.at) as f64 / DAY as f64;
        self.size * (1.0 - self.loss * (1.0 - (-days / self.loss_days).exp()))
    }
}

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
    restriction: Restriction,
}

const SPECS: [Spec; 4] = [
    Spec {
        username: "bought_jump_news",
        title: "Morning Brief News",
        about: "Sandbox example: 8,000 subscribers bought in one hour 20 days ago, 40 % of them cleaned out in the days after.",
        category: "news",
        now_count: 30_000.0,
        daily_growth: 0.002,
        jump: Some((20, 14, 8_000.0, 0.4, 3.0)),
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
        restriction: Restriction::None,
    },
];

/// Hourly noise of planted channels, as a share of the count: small enough that a flat stretch
/// stays flat.
pub const PLANTED_JITTER: f64 = 0.0001;

/// The planted channels, as channels `first..` of the dataset of `now`.
pub(super) fn planted_channels(first: usize, now: i64) -> Vec<Channel> {
    let start = now - HISTORY_DAYS * DAY;
    SPECS
        .iter()
        .enumerate()
        .map(|(k, spec)| {
            let i = first + k;
            let jump = spec.jump.map(|(days, hour, size, loss, loss_days)| {
                let day = now - now.rem_euclid(DAY) - days * DAY;
                Jump {
                    at: day + hour * HOUR,
                    size,
                    loss,
                    loss_days,
                }
            });
            // The base curve is set so that base + jump is `now_count` at "now".
            let at_now = spec.now_count - jump.map_or(0.0, |j| j.extra(now));
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
                jump,
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
        assert!(ds.channels[..200].iter().all(|c| c.jump.is_none()));
    }

    #[test]
    fn a_bought_jump_arrives_in_one_hour_and_is_partly_lost() {
        let ds = Dataset::generate(1, Size::Small, NOW);
        let c = planted(&ds, "bought_jump_news");
        let at = ds.channels[c as usize].jump.unwrap().at;
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
}
