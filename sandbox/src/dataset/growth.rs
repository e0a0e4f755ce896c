//! How numbers move over time: participants of a channel day by day, and views of a post as it
//! ages.

use super::{Dataset, DAY, HISTORY_DAYS, HOUR};
use crate::rng::{unit_of, Rng};

impl Dataset {
    /// Participants of a channel at `t`; `None` before the history starts or the channel exists.
    pub fn participants_at(&self, channel: u32, t: i64) -> Option<u64> {
        let c = &self.channels[channel as usize];
        let t = t.min(self.now);
        if t < c.created_at {
            return None;
        }
        let since = t.checked_sub(self.history_start()).filter(|s| *s >= 0)?;
        let day = (since / DAY) as usize;
        let from = f64::from(*c.history.get(day)?);
        let to = f64::from(*c.history.get(day + 1)?);
        let frac = (since % DAY) as f64 / DAY as f64;
        let base = from + (to - from) * frac;
        // A little hourly noise so hourly charts do not look ruled.
        let hour = (t / HOUR) as u64;
        let jitter = (unit_of(c.id, hour) - 0.5) * 0.002 * base;
        Some((base + jitter).round().max(0.0) as u64)
    }

    /// Current participants of a channel.
    pub fn participants(&self, channel: u32) -> u64 {
        self.participants_at(channel, self.now).unwrap_or(0)
    }

    /// Views of a post at `t`: a saturating curve that reaches the final count 15 days after
    /// publication, with a speed of its own per post.
    pub fn views_at(&self, post: u32, t: i64) -> u64 {
        let p = &self.posts[post as usize];
        let window = chanscope::api::limits::VIEW_GROWTH_WINDOW_DAYS * DAY;
        let age = (t.min(self.now) - p.date).clamp(0, window) as f64 / HOUR as f64;
        let tau = 6.0 + 42.0 * unit_of(p.id, 0x7a0);
        let full = 1.0 - (-(window as f64 / HOUR as f64) / tau).exp();
        let share = (1.0 - (-age / tau).exp()) / full;
        (f64::from(p.final_views) * share).round() as u64
    }

    /// Views of a post now.
    pub fn views(&self, post: u32) -> u64 {
        self.views_at(post, self.now)
    }
}

/// Participants at the start of each day: steady growth or decline with noise and a few sharp
/// drops; zero before the channel was created.
pub(super) fn make_history(rng: &mut Rng, now: i64, created_at: i64) -> Vec<u32> {
    let start = now - HISTORY_DAYS * DAY;
    let u = rng.unit();
    let mut value = 200.0 * (10_000f64).powf(u * u);
    let trend = -0.001 + 0.007 * rng.unit();
    (0..HISTORY_DAYS + 2)
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
