//! The form of the posts-stats and stories-stats pages as the address keeps it: a channel and
//! any number of IDs, checked and sent in calls of at most 50, a few at a time.

use std::marker::PhantomData;
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use super::Subject;
use crate::api::batch::{batch_count, both, fetch_in_batches, BatchError, MAX_CONCURRENT_BATCHES};
use crate::api::ids::{parse_id_list, ChannelId};
use crate::api::limits::STAT_MULTI_IDS_MAX;
use crate::api::model::Records;
use crate::api::ops::{ChannelInfo, MultiStats};
use crate::api::{Error, Operation};
use crate::figures::engagement::subscribers;
use crate::figures::multi_stats::Counters;
use crate::format::fill;
use crate::pages::form::{AddressQuery, PageParams, Problems};
use crate::request::CachedClient;
use crate::ui::Ui;

/// Most IDs one submission may carry: each 50 cost a request of the plan's quota.
const MAX_IDS: usize = 1000;

#[derive(Serialize, Deserialize)]
#[serde(default, bound = "")]
pub(super) struct Params<S> {
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(super) channel: String,
    /// As typed, joined by commas when submitted.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(super) ids: String,
    #[serde(skip)]
    subject: PhantomData<S>,
}

impl<S> Default for Params<S> {
    fn default() -> Self {
        Params {
            channel: String::new(),
            ids: String::new(),
            subject: PhantomData,
        }
    }
}

impl<S> Clone for Params<S> {
    fn clone(&self) -> Self {
        Params {
            channel: self.channel.clone(),
            ids: self.ids.clone(),
            subject: PhantomData,
        }
    }
}

impl<S> PartialEq for Params<S> {
    fn eq(&self, other: &Self) -> bool {
        self.channel == other.channel && self.ids == other.ids
    }
}

pub(super) struct Request {
    channel: ChannelId,
    ids: Vec<u64>,
}

/// The merged answer, or the batch that failed.
pub(super) struct MultiData {
    pub(super) ids: Vec<u64>,
    pub(super) batches: usize,
    /// The channel's subscribers, when its information came back.
    pub(super) subscribers: Option<u64>,
    pub(super) outcome: Result<Rc<Records<Counters>>, Failure>,
}

/// The failed batch, with its error shared so that the banner keeps its flood-control countdown
/// across renders.
pub(super) struct Failure {
    pub(super) batch: BatchError,
    pub(super) error: Rc<Error>,
}

impl<S: Subject> AddressQuery for Params<S> {}

impl<S: Subject> PageParams for Params<S> {
    type Request = Request;
    type Output = MultiData;

    fn to_request(&self, ui: &Ui) -> Result<Request, Problems> {
        let mut problems = Problems::default();
        let channel = match self.channel.parse::<ChannelId>() {
            Ok(channel) => Some(channel),
            Err(e) => {
                problems.push(Problems::bad_id(ui, "channelId", "channelId", e));
                None
            }
        };
        let ids = match parse_id_list(&self.ids) {
            Ok(ids) if ids.is_empty() => {
                problems.push(Problems::one(
                    S::IDS_PARAM,
                    ui.t("Enter at least one ID.", "Введите хотя бы один ID."),
                ));
                None
            }
            Ok(ids) if ids.len() > MAX_IDS => {
                problems.push(Problems::one(
                    S::IDS_PARAM,
                    fill(
                        ui.t(
                            "At most {max} IDs at a time (got {n}).",
                            "Не больше {max} ID за раз (сейчас {n}).",
                        ),
                        &[("max", MAX_IDS.to_string()), ("n", ids.len().to_string())],
                    ),
                ));
                None
            }
            Ok(ids) => Some(ids),
            Err(e) => {
                let shown: Vec<&str> = e.bad.iter().take(5).map(String::as_str).collect();
                let more = if e.bad.len() > 5 { ", …" } else { "" };
                problems.push(Problems::one(
                    S::IDS_PARAM,
                    format!(
                        "{}{}{more}",
                        ui.t("Not numeric IDs: ", "Не числовые ID: "),
                        shown.join(", ")
                    ),
                ));
                None
            }
        };
        let (Some(channel), Some(ids)) = (channel, ids) else {
            return Err(problems);
        };
        // Every call is checked against the documented limits before any is sent.
        for batch in ids.chunks(STAT_MULTI_IDS_MAX) {
            MultiStats::<S>::new(channel.clone(), batch.to_vec())
                .validate()
                .map_err(|invalid| Problems::of(ui, &invalid))?;
        }
        Ok(Request { channel, ids })
    }

    fn for_submit(self) -> Self {
        let ids = match parse_id_list(&self.ids) {
            Ok(ids) => ids.iter().map(u64::to_string).collect::<Vec<_>>().join(","),
            Err(_) => self.ids,
        };
        Params {
            channel: self.channel.trim().to_owned(),
            ids,
            subject: PhantomData,
        }
    }

    async fn fetch(api: CachedClient, request: Request) -> Result<MultiData, Error> {
        let Request { channel, ids } = request;
        let batches = batch_count(&ids);
        let stats = fetch_in_batches(&ids, MAX_CONCURRENT_BATCHES, |batch| {
            let (api, op) = (api.clone(), MultiStats::<S>::new(channel.clone(), batch));
            async move {
                let records = api.send(&op).await?;
                let rows = records.iter().map(Counters::of).collect();
                Ok(Records::with_unreadable(rows, records.unreadable()))
            }
        });
        // The subscriber count behind ERR: the same call as a channel card of the channel makes,
        // so the two share it. Without it the statistics still show, ERR says why it is missing.
        let info_request = ChannelInfo::new(channel.clone());
        let info = api.send(&info_request);
        let (fetched, info) = both(stats, info).await;
        let subscribers = info.ok().and_then(|channel| subscribers(&channel));
        let outcome = match fetched {
            Ok(rows) => Ok(Rc::new(rows)),
            // A cancelled run is no failure to show: the task keeps the previous answer.
            Err(failed) if matches!(failed.error, Error::Aborted) => return Err(Error::Aborted),
            Err(failed) => Err(Failure {
                error: Rc::new(failed.error.clone()),
                batch: failed,
            }),
        };
        Ok(MultiData {
            ids,
            batches,
            subscribers,
            outcome,
        })
    }
}
