//! The subscribers of a channel by hour where the API's plan allows, else by day: the request that
//! both the channel report's health check and a campaign's refresh make.

use std::rc::Rc;

use chrono::{DateTime, Utc};

use super::CachedClient;
use crate::api::model::{Records, SubscriberCount};
use crate::api::ops::SubscriberDynamics;
use crate::api::{ApiErrorKind, ChannelId, Error, PeriodGroup};

/// Days of subscribers the health check reads.
pub const HEALTH_DAYS: u32 = 90;

/// The subscribers of `id` over the [`HEALTH_DAYS`] before `now`, by hour where the plan allows,
/// else by day, with the grouping they came in. A plan without hours (or with a shorter hourly
/// period) refuses the hourly request itself; days are the next best.
pub async fn hours_or_days(
    api: &CachedClient,
    id: &ChannelId,
    now: DateTime<Utc>,
) -> Result<(PeriodGroup, Rc<Records<SubscriberCount>>), Error> {
    let op = |group| SubscriberDynamics::last_days(id, group, HEALTH_DAYS, now);
    match api.send(&op(PeriodGroup::Hour)).await {
        Ok(records) => Ok((PeriodGroup::Hour, records)),
        Err(Error::Api(e))
            if matches!(e.kind, ApiErrorKind::Plan | ApiErrorKind::InvalidParameter) =>
        {
            Ok((PeriodGroup::Day, api.send(&op(PeriodGroup::Day)).await?))
        }
        Err(e) => Err(e),
    }
}
