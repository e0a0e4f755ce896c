use chrono::{DateTime, DurationRound, TimeDelta, Utc};

use super::seconds;
use crate::ids::ChannelId;
use crate::model::{Records, SubscriberCount};
use crate::operation::Operation;
use crate::params::PeriodGroup;
use crate::query::Query;
use crate::validate::{Checker, Invalid};

/// Subscriber dynamics: participants of a channel or chat over time, one record per hour, day,
/// week or month, newest first. Without a period the service covers the last
/// [`DEFAULT_PERIOD_DAYS`](crate::limits::DEFAULT_PERIOD_DAYS) days.
#[derive(Clone, Debug, PartialEq)]
pub struct SubscriberDynamics {
    /// `channelId` (required).
    pub channel_id: ChannelId,
    /// `startDate`.
    pub start_date: Option<DateTime<Utc>>,
    /// `endDate`.
    pub end_date: Option<DateTime<Utc>>,
    /// `group`, default day.
    pub group: PeriodGroup,
}

impl SubscriberDynamics {
    pub fn new(channel_id: ChannelId) -> Self {
        SubscriberDynamics {
            channel_id,
            start_date: None,
            end_date: None,
            group: PeriodGroup::Day,
        }
    }

    /// The request for a channel's last `days` days by `group`, its start rounded down to the
    /// hour so that the pages and widgets asking within one hour (and the gateway's cache, and its
    /// preloads of [`crate::opening`]) see identical calls.
    pub fn last_days(
        channel: &ChannelId,
        group: PeriodGroup,
        days: u32,
        now: DateTime<Utc>,
    ) -> Self {
        let start = now - TimeDelta::days(i64::from(days));
        let mut request = SubscriberDynamics::new(channel.clone());
        request.start_date = Some(start.duration_trunc(TimeDelta::hours(1)).unwrap_or(start));
        request.group = group;
        request
    }
}

impl Operation for SubscriberDynamics {
    const PATH: &'static str = "/channels/subscribers";
    const PARAMS: &'static [&'static str] = &["channelId", "startDate", "endDate", "group"];
    type Response = Records<SubscriberCount>;

    fn validate(&self) -> Result<(), Invalid> {
        Checker::new()
            .period(self.start_date.as_ref(), self.end_date.as_ref())
            .finish()
    }

    fn query(&self) -> Query {
        let mut q = Query::new();
        q.put("channelId", &self.channel_id)
            .opt("startDate", seconds(self.start_date.as_ref()))
            .opt("endDate", seconds(self.end_date.as_ref()))
            .unless_default("group", self.group, PeriodGroup::Day);
        q
    }
}
