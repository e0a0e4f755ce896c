//! `compare_channels`: channels side by side as the console's compare page sets them: per
//! channel its subscribers, their change over 7, 30 and 90 days, the citation index, the
//! registry's verification, the service's restrictions and its age. Two requests per channel:
//! its card and its subscribers by day over 91 days.

use chrono::Utc;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use chanscope_api::format::Locale;
use chanscope_api::ops::{ChannelInfo, SubscriberDynamics};
use chanscope_api::{ChannelId, PeriodGroup};
use chanscope_figures::compare::{CompareRow, CHANGE_DAYS, HISTORY_DAYS};
use chanscope_figures::dynamics::readings;
use chanscope_figures::restrictions::flag_text;

use super::ask::{unconfirmed, Asker};
use super::out::{definitions, Definition, Value, FIGURES_DOC};

/// The most channels one call compares.
pub const MAX_CHANNELS: usize = 10;
/// Requests per channel: the card and the subscribers.
pub const PER_CHANNEL: u32 = 2;

#[derive(Deserialize, JsonSchema)]
pub struct CompareArgs {
    /// 2 to 10 channels: `@username`, `t.me/username` or the service's ID.
    pub channels: Vec<String>,
    /// The requests you agree to spend, when the call costs more than 10 (6 channels or more).
    #[serde(default)]
    #[schemars(with = "u32")]
    pub confirm_requests: Option<u32>,
}

#[derive(Serialize, JsonSchema)]
pub struct Comparison {
    pub channels: Vec<Row>,
    pub requests: u32,
    pub requests_at_most: u32,
    pub definitions: Vec<Definition>,
    pub docs: &'static str,
}

#[derive(Serialize, JsonSchema)]
pub struct Row {
    pub asked: String,
    pub id: i64,
    pub title: String,
    pub username: String,
    pub subscribers: Option<u64>,
    /// Net change and percent over 7, 30 and 90 days.
    pub change_7d: Change,
    pub change_30d: Change,
    pub change_90d: Change,
    pub ci_index: Option<f64>,
    pub verified: bool,
    pub restrictions: Vec<String>,
    pub age_days: Option<i64>,
}

#[derive(Serialize, JsonSchema)]
pub struct Change {
    pub net: Option<i64>,
    pub percent: Value,
}

pub fn cost(args: &CompareArgs) -> u32 {
    u32::try_from(args.channels.len())
        .unwrap_or(u32::MAX)
        .saturating_mul(PER_CHANNEL)
}

pub async fn compare_channels(ask: &Asker, args: CompareArgs) -> Result<Comparison, String> {
    if args.channels.len() < 2 || args.channels.len() > MAX_CHANNELS {
        return Err(format!("channels: give 2 to {MAX_CHANNELS}"));
    }
    let ids = args
        .channels
        .iter()
        .map(|c| c.parse::<ChannelId>().map_err(|e| format!("channels: {e}")))
        .collect::<Result<Vec<_>, _>>()?;
    let at_most = cost(&args);
    if let Some(ask_first) = unconfirmed("compare_channels", at_most, args.confirm_requests) {
        return Err(ask_first);
    }
    let now = Utc::now();
    let mut rows = Vec::new();
    for (asked, id) in args.channels.iter().zip(ids) {
        let channel = ask.send(&ChannelInfo::new(id.clone())).await?;
        let history = SubscriberDynamics::last_days(&id, PeriodGroup::Day, HISTORY_DAYS, now);
        let records = ask.send(&history).await?;
        let (read, _) = readings(PeriodGroup::Day, &records);
        let row = CompareRow::of(&channel, &read, &[], now.timestamp());
        let change = |i: usize| match row.changes[i] {
            Ok(c) => Change {
                net: Some(c.net),
                percent: c.percent.into(),
            },
            Err(why) => Change {
                net: None,
                percent: Err(why).into(),
            },
        };
        debug_assert_eq!(CHANGE_DAYS, [7, 30, 90]);
        rows.push(Row {
            asked: asked.clone(),
            id: channel.id,
            title: channel.title.clone(),
            username: channel.username.clone(),
            subscribers: row.subscribers,
            change_7d: change(0),
            change_30d: change(1),
            change_90d: change(2),
            ci_index: row.citation_index,
            verified: row.verified,
            restrictions: row
                .restrictions
                .iter()
                .map(|f| flag_text(f, Locale::En))
                .collect(),
            age_days: row.age_days,
        });
    }
    Ok(Comparison {
        channels: rows,
        requests: ask.requests(),
        requests_at_most: at_most,
        definitions: definitions(&["subscribers", "change_7d, change_30d"]),
        docs: FIGURES_DOC,
    })
}
