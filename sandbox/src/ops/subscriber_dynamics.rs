//! Subscriber dynamics (`/channels/subscribers`): participants at the end of each hour, day,
//! week or month of the period, newest first.

use chrono::{DateTime, NaiveDateTime};
use serde::Serialize;

use chanscope_api::format::Period;
use chanscope_api::limits::DEFAULT_PERIOD_DAYS;
use chanscope_api::PeriodGroup;

use serverkit::envelope::{ok_body, ApiError};
use serverkit::Params;

use crate::dataset::{Dataset, DAY};
use crate::ops::ids;
use crate::site::Site;

#[derive(Serialize)]
struct Record {
    period: String,
    participants_count: u64,
}

pub fn run(ds: &Dataset, p: &Params, _: &Site) -> Result<Vec<u8>, ApiError> {
    let channel = ids::channel(p, ds)?;
    let group = p.choice("group", PeriodGroup::Day)?;
    let now = ds.current();
    let (start, end) = p.period(|end| Some(end.unwrap_or(now) - DEFAULT_PERIOD_DAYS * DAY))?;
    let end = end.unwrap_or(now).min(now);
    let start = start.unwrap_or(end).max(ds.history_start());

    let mut records = Vec::new();
    let mut at = end;
    while at >= start {
        let Some(period) = Period::containing(group, naive(at)) else {
            break;
        };
        // "As of the end of the period", or now for the period still running.
        let last = (seconds(period.end()) - 1).min(now);
        if let Some(count) = ds.participants_at(channel, last) {
            records.push(Record {
                period: period.to_api_string(),
                participants_count: count,
            });
        }
        at = seconds(period.start()) - 1;
    }
    Ok(ok_body(&records))
}

fn naive(t: i64) -> NaiveDateTime {
    DateTime::from_timestamp(t, 0)
        .unwrap_or_default()
        .naive_utc()
}

fn seconds(t: NaiveDateTime) -> i64 {
    t.and_utc().timestamp()
}
