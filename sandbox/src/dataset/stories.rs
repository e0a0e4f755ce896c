//! Stories: a share of channels posts a few, with views from the channel's audience.

use super::{Dataset, Peer, DAY, HOUR, STORY_ID_BASE};
use crate::rng::Rng;

pub struct Story {
    pub id: u64,
    pub channel: u32,
    pub date: i64,
    pub views: u32,
    pub shares: u32,
    pub reactions: u32,
}

impl Dataset {
    pub(super) fn make_stories(&mut self) {
        for ci in 0..self.channels.len() {
            let c = &self.channels[ci];
            let mut rng = Rng::derive(self.seed ^ 0x5707, c.id);
            if c.peer == Peer::Chat || !rng.chance(0.4) {
                continue;
            }
            let audience = self.participants_at(ci as u32, self.now).unwrap_or(0) as f64;
            for _ in 0..rng.range(1, 8) {
                let views = (audience * (0.02 + 0.3 * rng.unit())) as u32 + 1;
                let id = STORY_ID_BASE + self.stories.len() as u64;
                self.channels[ci].stories.push(self.stories.len() as u32);
                self.stories.push(Story {
                    id,
                    channel: ci as u32,
                    date: self.now - rng.range(HOUR as u64, 30 * DAY as u64) as i64,
                    views,
                    shares: (f64::from(views) * 0.01 * rng.unit()) as u32,
                    reactions: (f64::from(views) * 0.04 * rng.unit()) as u32,
                });
            }
        }
    }
}
