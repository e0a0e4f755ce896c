use chrono::{DateTime, Utc};

use super::seconds;
use crate::api::ids::ChannelId;
use crate::api::model::{Records, SubscriberCount};
use crate::api::params::PeriodGroup;
use crate::api::query::Query;
use crate::api::validate::{Checker, Invalid};
use crate::api::Operation;

/// Subscriber dynamics: participants of a channel or chat over time, one record per hour, day,
/// week or month, newest first. Without a period the service covers the last
/// [`DEFAULT_PERIOD_DAYS`](crate::api::limits::DEFAULT_PERIOD_DAYS) days.
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
