//! How numbers move over time: participants of a channel day by day, and views (with the
//! shares, comments and reactions that come with them) of a post as it ages.

use chanscope_api::limits::VIEW_GROWTH_WINDOW_DAYS;

use super::{Dataset, DAY, HISTORY_DAYS, HOUR};
use crate::rng::{unit_of, Rng};

/// Participant history runs this many days past the instant the dataset was generated for, so a
/// sandbox that follows the clock keeps answering for that long; after it the count stays put.
pub const AHEAD_DAYS: i64 = 60;

/// Hourly noise of generated channels, as a share of the count.
pub(super) const GENERATED_JITTER: f64 = 0.002;

/// A post's counters at one instant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counters {
    pub views: u64,
    pub shares: u64,
    pub comments: u64,
    pub reactions: u64,
}

/// How an arrival's subscribers come in over time.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Shape {
    /// All within the hour of its instant: a bought dump.
    Dump,
    /// At an even rate over this many hours: a bought drip (or, negative, a purge).
    Drip(f64),
    /// Most at once, then fewer and fewer, with this time constant in hours: readers answering
    /// an advert.
    Fading(f64),
    /// Slowly faster, then slowly slower, over this many hours (a smoothstep): a channel gone
    /// viral, passed from reader to reader.
    Ramp(f64),
}

impl Shape {
    /// The share of the subscribers arrived `hours` after the start, from 0 to 1.
    fn arrived(self, hours: f64) -> f64 {
        match self {
            Shape::Dump => 1.0,
            Shape::Drip(over) => (hours / over).min(1.0),
            Shape::Fading(tau) => 1.0 - (-hours / tau).exp(),
            Shape::Ramp(over) => {
                let x = (hours / over).min(1.0);
                x * x * (3.0 - 2.0 * x)
            }
        }
    }
}

/// Subscribers who arrive (or, with a negative size, leave) from one instant on, in a
/// [`Shape`], and of whom a share is lost in the end.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Arrival {
    /// When they start to arrive (Unix seconds).
    pub at: i64,
    pub size: f64,
    pub shape: Shape,
    /// The share of them lost in the end.
    pub loss: f64,
    /// The time constant of the loss, in days.
    pub loss_days: f64,
    /// Whether they are bots (bought; with a negative size, bots purged): they never read.
    pub bought: bool,
}

impl Arrival {
    /// Subscribers the arrival adds at `t`.
    pub fn extra(&self, t: i64) -> f64 {
        if t < self.at {
            return 0.0;
        }
        let hours = (t - self.at) as f64 / HOUR as f64;
        let days = hours / 24.0;
        let kept = if self.loss > 0.0 {
            1.0 - self.loss * (1.0 - (-days / self.loss_days).exp())
        } else {
            1.0
        };
        self.shape.arrived(hours) * self.size * kept
    }

    /// Bots of this arrival in the count at `t`: those bought and still there, or, for a purge,
    /// those not yet removed (they were bought long before and counted all along).
    pub fn bots(&self, t: i64) -> f64 {
        match (self.bought, self.size > 0.0) {
            (false, _) => 0.0,
            (true, true) => self.extra(t),
            (true, false) => -self.size + self.extra(t),
        }
    }
}

impl Dataset {
    /// Participants of a channel at `t`; `None` before the history starts or the channel exists.
    pub fn participants_at(&self, channel: u32, t: i64) -> Option<u64> {
        self.history_at(channel, t.min(self.current()))
    }

    /// Participants of a channel at `t` even past the current time, as the generator needs them
    /// for posts dated there.
    pub(super) fn history_at(&self, channel: u32, t: i64) -> Option<u64> {
        let c = &self.channels[channel as usize];
        if t < c.created_at {
            return None;
        }
        let since = t.checked_sub(self.history_start()).filter(|s| *s >= 0)?;
        let last = c.history.len().checked_sub(2)?;
        let (day, frac) = match (since / DAY) as usize {
            day if day < last => (day, (since % DAY) as f64 / DAY as f64),
            _ => (last, 1.0),
        };
        let from = f64::from(c.history[day]);
        let to = f64::from(c.history[day + 1]);
        let arrived: f64 = c.arrivals.iter().map(|a| a.extra(t)).sum();
        let mut base = from + (to - from) * frac + arrived;
        if c.rhythm != 0.0 {
            base *= 1.0 + c.rhythm * rhythm(t);
        }
        // A little hourly noise so hourly charts do not look ruled.
        let hour = (t / HOUR) as u64;
        let jitter = (unit_of(c.id, hour) - 0.5) * c.jitter * base;
        Some((base + jitter).round().max(0.0) as u64)
    }

    /// Subscribers of a channel at `t` who read: the count less the bots in it (only planted
    /// channels have bots).
    pub fn organic_at(&self, channel: u32, t: i64) -> Option<f64> {
        let c = &self.channels[channel as usize];
        let bots: f64 = c.arrivals.iter().map(|a| a.bots(t)).sum();
        self.history_at(channel, t)
            .map(|n| (n as f64 - bots).max(0.0))
    }

    /// Current participants of a channel.
    pub fn participants(&self, channel: u32) -> u64 {
        self.participants_at(channel, self.current()).unwrap_or(0)
    }

    /// Views of a post at `t`; see [`view_share`].
    pub fn views_at(&self, post: u32, t: i64) -> u64 {
        let p = &self.posts[post as usize];
        let share = view_share(p.id, t.min(self.current()) - p.date);
        (f64::from(p.final_views) * share).round() as u64
    }

    /// Views of a post now.
    pub fn views(&self, post: u32) -> u64 {
        self.views_at(post, self.current())
    }

    /// Views, shares, comments and reactions of a post now.
    pub fn counters(&self, post: u32) -> Counters {
        self.counters_at(post, self.current())
    }

    /// Views, shares, comments and reactions of a post at `t`: the interactions grow with the
    /// views, so a young post's ER is already the one it ends with.
    pub fn counters_at(&self, post: u32, t: i64) -> Counters {
        let p = &self.posts[post as usize];
        let share = view_share(p.id, t.min(self.current()) - p.date);
        let part = |n: u32| (f64::from(n) * share).round() as u64;
        Counters {
            views: part(p.final_views),
            shares: part(p.shares),
            comments: part(p.comments),
            reactions: part(p.reactions),
        }
    }
}

/// A day's rhythm, from −1 at 06:00 UTC to +1 at 18:00: a count that follows it gains by day
/// and loses at night.
fn rhythm(t: i64) -> f64 {
    let hours = t.rem_euclid(DAY) as f64 / HOUR as f64;
    -(std::f64::consts::TAU * (hours - 6.0) / 24.0).cos()
}

/// The share of a post's final views it has `age` seconds after publication: a fast part (70–84%
/// of the views, time constant 12–20 h) and a slow one (time constant 100–160 h), scaled so that
/// the whole is reached at the end of the 15-day growth window. That puts about 55–75% of the
/// views in the first 24 hours and 75–90% in the first 48, as real channels see.
pub fn view_share(id: u64, age: i64) -> f64 {
    let window = VIEW_GROWTH_WINDOW_DAYS * DAY;
    let hours = |s: i64| s.clamp(0, window) as f64 / HOUR as f64;
    let fast = 0.70 + 0.14 * unit_of(id, 0x7a0);
    let tau_fast = 12.0 + 8.0 * unit_of(id, 0x7a1);
    let tau_slow = 100.0 + 60.0 * unit_of(id, 0x7a2);
    let curve = |h: f64| {
        fast * (1.0 - (-h / tau_fast).exp()) + (1.0 - fast) * (1.0 - (-h / tau_slow).exp())
    };
    curve(hours(age)) / curve(hours(window))
}

/// Participants at the start of each day from `HISTORY_DAYS` before `now` to [`AHEAD_DAYS`]
/// after it: steady growth or decline with noise and a few sharp drops; zero before the channel
/// was created.
pub(super) fn make_history(rng: &mut Rng, now: i64, created_at: i64) -> Vec<u32> {
    let start = now - HISTORY_DAYS * DAY;
    let u = rng.unit();
    let mut value = 200.0 * (10_000f64).powf(u * u);
    let trend = -0.001 + 0.007 * rng.unit();
    (0..HISTORY_DAYS + AHEAD_DAYS + 2)
        .map(|day| {
            let t = start + day * DAY;
            if t < created_at {
                return 0;
            }
            if value < 1.0 {
                value = 20.0 + 200.0 * rng.unit();
            }
            value *= 1.0 + trend + 0.004 * (rng.unit() - 0.5);
            if rng.chance(0.01) {
                value *= 1.0 - (0.02 + 0.1 * rng.unit());
            }
            value.round().min(f64::from(u32::MAX)) as u32
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_come_mostly_in_the_first_day() {
        for id in 0..2_000u64 {
            let at = |h: i64| view_share(id, h * HOUR);
            assert_eq!(at(0), 0.0);
            assert!((0.54..=0.77).contains(&at(24)), "{id}: {}", at(24));
            assert!((0.74..=0.90).contains(&at(48)), "{id}: {}", at(48));
            assert!((at(VIEW_GROWTH_WINDOW_DAYS * 24) - 1.0).abs() < 1e-12);
            assert_eq!(at(VIEW_GROWTH_WINDOW_DAYS * 24 + 5), 1.0);
            assert!(at(11) < at(12) && at(47) < at(48));
        }
    }
}
