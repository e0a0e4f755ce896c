//! Subscriber dynamics' calls as the page opens: one per channel its address names. Preloaded
//! only for an address that names no day (no `period`, `startDate` or `endDate`: the API's last
//! [`DEFAULT_PERIOD_DAYS`](crate::limits::DEFAULT_PERIOD_DAYS) days), whose calls are the same
//! in every time zone. A period is read as days in the visitor's zone: the server of the page
//! asks it ([`dynamics_requests_between`]) only where the console has told it that zone.

use chrono::{DateTime, Utc};

use crate::client::path_and_query;
use crate::ids::ChannelId;
use crate::operation::Operation;
use crate::ops::SubscriberDynamics;
use crate::params::PeriodGroup;

/// The path of the console's subscriber-dynamics page (`Route::SubscriberDynamics`).
pub const SUBSCRIBER_DYNAMICS_PATH: &str = "/subscriber-dynamics";

/// Channels one chart of subscriber dynamics overlays; more lines stop being readable.
pub const DYNAMICS_MAX_CHANNELS: usize = 5;

/// The subscriber-dynamics page's query as its router reads it: the channels of one
/// comma-joined `channel` parameter (or of repeated ones, as other pages may link), as typed;
/// the grouping and the period as written.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DynamicsQuery {
    pub channels: Vec<String>,
    pub group: String,
    pub period: String,
    pub start_date: String,
    pub end_date: String,
}

impl DynamicsQuery {
    /// The query's pairs read as the page reads them. Channel identifiers never contain commas.
    pub fn from_pairs(pairs: impl IntoIterator<Item = (String, String)>) -> DynamicsQuery {
        let mut query = DynamicsQuery::default();
        for (key, value) in pairs {
            match key.as_str() {
                "channel" => query.channels.extend(
                    value
                        .split(',')
                        .map(str::trim)
                        .filter(|c| !c.is_empty())
                        .map(str::to_owned),
                ),
                "group" => query.group = value,
                "period" => query.period = value,
                "startDate" => query.start_date = value,
                "endDate" => query.end_date = value,
                _ => {}
            }
        }
        query
    }

    /// The grouping: blank or anything the page does not offer reads as by day, as the page's
    /// select shows it.
    pub fn group(&self) -> PeriodGroup {
        self.group.parse().unwrap_or_default()
    }

    /// Whether the address names no day: the API's default period, the same in every zone.
    pub fn names_no_day(&self) -> bool {
        self.period.is_empty() && self.start_date.is_empty() && self.end_date.is_empty()
    }

    /// The number of days back from today the address names (`period=30`), when it is one of
    /// `presets` (the page's choices, matched as the page's select matches them) and the
    /// address gives no dates.
    pub fn preset_days(&self, presets: &[u32]) -> Option<u32> {
        if !(self.start_date.is_empty() && self.end_date.is_empty()) {
            return None;
        }
        super::preset_named(presets, &self.period)
    }
}

/// The subscriber-dynamics page's `query` (without its `?`), read as the console's router reads
/// it; `None` for a query it cannot read.
pub fn asked_dynamics(query: &str) -> Option<DynamicsQuery> {
    serde_urlencoded::from_str::<Vec<(String, String)>>(query)
        .ok()
        .map(DynamicsQuery::from_pairs)
}

/// One channel's call by `group`, over the API's default period: the page's call for an address
/// that names no day, to which it adds the period's bounds otherwise.
pub fn dynamics_request(channel: ChannelId, group: PeriodGroup) -> SubscriberDynamics {
    let mut request = SubscriberDynamics::new(channel);
    request.group = group;
    request
}

/// The calls of an address that names no day, each with its channel as typed; `None` where the
/// page would refuse the form (an unreadable or repeated channel, none, more than
/// [`DYNAMICS_MAX_CHANNELS`]) or where the address names a day. Grouping by hour is allowed:
/// the default period is shorter than the longest the page groups by hour.
pub fn dynamics_requests(query: &DynamicsQuery) -> Option<Vec<(String, SubscriberDynamics)>> {
    if !query.names_no_day() {
        return None;
    }
    requests(query, None, None)
}

/// The calls of an address over the period from `start` to `end`: the bounds the page reads its
/// period as, in the visitor's zone (for a preset, [`DynamicsQuery::preset_days`] back from
/// today, through `format::local_day_range`). `None` where the page would refuse the form, as
/// [`dynamics_requests`]; whether hourly records may cover the period is the caller's to check.
pub fn dynamics_requests_between(
    query: &DynamicsQuery,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> Option<Vec<(String, SubscriberDynamics)>> {
    requests(query, Some(start), Some(end))
}

fn requests(
    query: &DynamicsQuery,
    start: Option<DateTime<Utc>>,
    end: Option<DateTime<Utc>>,
) -> Option<Vec<(String, SubscriberDynamics)>> {
    if query.channels.is_empty() || query.channels.len() > DYNAMICS_MAX_CHANNELS {
        return None;
    }
    let group = query.group();
    let mut requests: Vec<(String, SubscriberDynamics)> = Vec::new();
    for typed in &query.channels {
        let id = typed.parse::<ChannelId>().ok()?;
        if requests.iter().any(|(_, r)| r.channel_id == id) {
            return None;
        }
        let mut request = dynamics_request(id, group);
        request.start_date = start;
        request.end_date = end;
        request.validate().ok()?;
        requests.push((typed.trim().to_owned(), request));
    }
    Some(requests)
}

pub(super) fn subscriber_dynamics_calls(query: &str) -> Option<Vec<String>> {
    let requests = dynamics_requests(&asked_dynamics(query)?)?;
    Some(requests.iter().map(|(_, r)| path_and_query(r)).collect())
}
