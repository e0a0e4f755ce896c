//! Channels side by side: one row of figures per channel, from its channel information, its
//! subscribers by day and the statistics of posts listed for it (the chart of their curves, in
//! counts or in percent, is [`dynamics::chart_series`]).
//!
//! - Change over N days = the subscribers at the last reading − those at the reading N days
//!   before it (see [`dynamics::change_since`]), and that in percent of the earlier count.
//! - ERR over the posts listed = their average views / subscribers × 100 %.
//! - Age = whole days from the channel's creation to now.

use crate::api::model::Channel;

use super::dynamics::{self, Reading};
use super::engagement::{channel_err, subscribers, Figure, Missing, PostCounts};
use super::multi_stats::Counters;
use super::restrictions::{flags, Flag};

/// The changes a row shows, in days.
pub const CHANGE_DAYS: [u32; 3] = [7, 30, 90];

/// The days of subscriber history to ask for: one more than the longest change, so that the
/// reading that many days before the last is in the answer.
pub const HISTORY_DAYS: u32 = CHANGE_DAYS[2] + 1;

const DAY_SECONDS: i64 = 86_400;

/// A change of subscribers over some days.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SubscriberChange {
    pub net: i64,
    /// `net` / the earlier count × 100; `NoSubscribers` when the earlier count is 0.
    pub percent: Figure,
}

/// One channel's figures.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareRow {
    pub channel_id: i64,
    /// `None` when the channel counts none (how the service leaves it unknown).
    pub subscribers: Option<u64>,
    /// Over each of [`CHANGE_DAYS`], in that order; `NoHistory` when the readings do not reach
    /// that far back.
    pub changes: [Result<SubscriberChange, Missing>; 3],
    pub citation_index: Option<f64>,
    /// ERR over the posts listed; `NoPosts` when none is.
    pub err: Figure,
    /// Listed as verified by the registry.
    pub verified: bool,
    pub restrictions: Vec<Flag>,
    /// `None` when the creation date is not known, or is after `now`.
    pub age_days: Option<i64>,
}

impl CompareRow {
    /// The row of `channel` (its channel information), with its subscriber `readings` by day in
    /// time order, the counters of the posts `listed` for it (none when the user listed none)
    /// and `now` in Unix seconds.
    pub fn of(channel: &Channel, readings: &[Reading], listed: &[Counters], now: i64) -> Self {
        let base = subscribers(channel);
        let counts: Vec<PostCounts> = listed.iter().map(PostCounts::from).collect();
        CompareRow {
            channel_id: channel.id,
            subscribers: base,
            changes: CHANGE_DAYS.map(|days| change(readings, days)),
            citation_index: channel.ci_index,
            err: channel_err(&counts, base),
            verified: channel
                .rkn_verification
                .as_ref()
                .is_some_and(|v| v.is_active()),
            restrictions: flags(channel),
            age_days: age_days(channel.created_at, now),
        }
    }
}

fn change(readings: &[Reading], days: u32) -> Result<SubscriberChange, Missing> {
    let since = dynamics::change_since(readings, days)?;
    Ok(SubscriberChange {
        net: since.net,
        percent: since.percent.ok_or(Missing::NoSubscribers),
    })
}

/// Whole days from `created_at` to `now`; 0 and absent both mean the service does not know.
fn age_days(created_at: Option<i64>, now: i64) -> Option<i64> {
    let created = created_at.filter(|at| *at != 0)?;
    let seconds = now.checked_sub(created).filter(|s| *s >= 0)?;
    Some(seconds / DAY_SECONDS)
}
