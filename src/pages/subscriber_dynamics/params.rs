//! The subscriber-dynamics form as the address keeps it, checked into one request per channel,
//! and the answers put together.

use std::rc::Rc;

use serde::{Deserialize, Serialize, Serializer};

use crate::api::batch::{bounded, MAX_CONCURRENT_BATCHES};
use crate::api::ids::ChannelId;
use crate::api::limits::DEFAULT_PERIOD_DAYS;
use crate::api::model::{Records, SubscriberCount};
use crate::api::opening::{dynamics_request, DynamicsQuery, DYNAMICS_MAX_CHANNELS};
use crate::api::ops::SubscriberDynamics;
use crate::api::{Error, Operation, PeriodGroup};
use crate::figures::dynamics::{HOURLY_MAX_DAYS, PERIOD_PRESETS};
use crate::format::fill;
use crate::pages::form::PeriodQuery;
use crate::pages::form::{AddressQuery, PageParams, Problems};
use crate::request::CachedClient;
use crate::ui::Ui;

/// Channels one chart overlays; more lines stop being readable.
pub(super) const MAX_CHANNELS: usize = DYNAMICS_MAX_CHANNELS;

/// The form. In the address the channels are one comma-joined `channel` parameter; a repeated
/// `channel` parameter (as other pages may link) is read too. Channel identifiers never contain
/// commas.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
#[serde(from = "Vec<(String, String)>")]
pub(super) struct Params {
    /// As typed, one per input; never empty, so that one input is always shown.
    #[serde(
        rename = "channel",
        serialize_with = "join_channels",
        skip_serializing_if = "no_channels"
    )]
    pub(super) channels: Vec<String>,
    /// Blank for the API's default (day), or `hour`, `week`, `month`.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(super) group: String,
    /// Blank is the API's last 10 days.
    #[serde(flatten)]
    pub(super) period: PeriodQuery,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            channels: vec![String::new()],
            group: String::new(),
            period: PeriodQuery::default(),
        }
    }
}

fn join_channels<S: Serializer>(channels: &[String], serializer: S) -> Result<S::Ok, S::Error> {
    let typed: Vec<&str> = channels
        .iter()
        .map(|c| c.trim())
        .filter(|c| !c.is_empty())
        .collect();
    serializer.serialize_str(&typed.join(","))
}

fn no_channels(channels: &[String]) -> bool {
    channels.iter().all(|c| c.trim().is_empty())
}

impl From<Vec<(String, String)>> for Params {
    fn from(pairs: Vec<(String, String)>) -> Self {
        // Read as the gateway reads the address it preloads and paints (`api::opening`).
        let query = DynamicsQuery::from_pairs(pairs);
        let mut channels = query.channels;
        if channels.is_empty() {
            channels.push(String::new());
        }
        Params {
            channels,
            group: query.group,
            period: PeriodQuery {
                choice: query.period,
                start_date: query.start_date,
                end_date: query.end_date,
            },
        }
    }
}

impl Params {
    pub(super) fn group(&self) -> PeriodGroup {
        self.group.parse().unwrap_or_default()
    }
}

/// One request per channel, named as typed.
pub(super) struct Request {
    group: PeriodGroup,
    channels: Vec<(String, SubscriberDynamics)>,
}

pub(super) struct ChannelRecords {
    pub(super) name: String,
    pub(super) records: Rc<Records<SubscriberCount>>,
}

pub(super) struct Dynamics {
    pub(super) group: PeriodGroup,
    pub(super) channels: Vec<ChannelRecords>,
}

impl AddressQuery for Params {}

impl PageParams for Params {
    type Request = Request;
    type Output = Dynamics;

    fn to_request(&self, ui: &Ui) -> Result<Request, Problems> {
        let mut problems = Problems::default();
        let group = self.group();
        let period = self.period.bounds(ui, &PERIOD_PRESETS);
        let mut seen = Vec::new();
        let mut channels = Vec::new();
        for (index, typed) in self.channels.iter().enumerate() {
            let key = format!("channelId.{index}");
            match typed.parse::<ChannelId>() {
                Ok(id) if seen.contains(&id) => problems.push(Problems::one(
                    key,
                    ui.t(
                        "This channel is already in the list.",
                        "Этот канал уже есть в списке.",
                    ),
                )),
                Ok(id) => {
                    seen.push(id.clone());
                    // The gateway preloads the call of an address that names no day: the same
                    // function makes it, so that the URLs match byte for byte.
                    let mut op = dynamics_request(id, group);
                    op.start_date = period.start;
                    op.end_date = period.end;
                    channels.push((typed.trim().to_owned(), op));
                }
                Err(e) => problems.push(Problems::bad_id(ui, key, "channelId", e)),
            }
        }
        if self.channels.len() > MAX_CHANNELS {
            problems.push(Problems::one(
                "channels",
                fill(
                    ui.t(
                        "At most {n} channels at a time.",
                        "Не больше {n} каналов за раз.",
                    ),
                    &[("n", MAX_CHANNELS.to_string())],
                ),
            ));
        }
        let span_days = period.days.unwrap_or(DEFAULT_PERIOD_DAYS);
        if group == PeriodGroup::Hour && span_days > i64::from(HOURLY_MAX_DAYS) {
            problems.push(Problems::one(
                "group",
                fill(
                    ui.t(
                        "Grouping by hour covers at most {n} days; choose a shorter period or group by day.",
                        "По часам — не больше {n} дней; выберите период короче или группировку по дням.",
                    ),
                    &[("n", HOURLY_MAX_DAYS.to_string())],
                ),
            ));
        }
        if let Some((_, op)) = channels.first() {
            if let Err(invalid) = op.validate() {
                problems.push(Problems::of(ui, &invalid));
            }
        }
        if problems.is_empty() {
            Ok(Request { group, channels })
        } else {
            Err(problems)
        }
    }

    fn for_submit(self) -> Self {
        let mut channels: Vec<String> = self
            .channels
            .iter()
            .map(|c| c.trim().to_owned())
            .filter(|c| !c.is_empty())
            .collect();
        if channels.is_empty() {
            channels.push(String::new());
        }
        // Dates typed before another period was chosen would be kept in the address unused.
        let period = if self.period.is_custom() {
            self.period
        } else {
            PeriodQuery {
                choice: self.period.choice,
                ..PeriodQuery::default()
            }
        };
        Params {
            channels,
            period,
            ..self
        }
    }

    async fn fetch(api: CachedClient, request: Request) -> Result<Dynamics, Error> {
        let Request { group, channels } = request;
        let answers = bounded(channels, MAX_CONCURRENT_BATCHES, |(name, op)| {
            let api = api.clone();
            async move {
                let records = api.send(&op).await?;
                Ok::<_, Error>(ChannelRecords { name, records })
            }
        })
        .await
        .map_err(|(_, error)| error)?;
        Ok(Dynamics {
            group,
            channels: answers,
        })
    }
}
