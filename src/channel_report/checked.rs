//! The health check's data, read once for the whole report: 90 days of subscribers and the one
//! post search for the channel's mentions ([`use_health_read`]), and what the check makes of
//! them with the tracked placements and the reach profile's ERR ([`use_health`]). The health
//! section draws it; the summary band reads its verdict and the mentions; the reach profile
//! starts from the recent post the mentions name.

use std::collections::BTreeMap;
use std::rc::Rc;

use chrono::{DateTime, NaiveDateTime, TimeDelta, Utc};
use yew::prelude::*;

use crate::api::model::{Channel, PostSearchResponse, Records, SubscriberCount};
use crate::api::{ChannelId, Error, PeriodGroup};
use crate::campaigns::{placement_causes, CampaignStore};
use crate::figures::dynamics::readings;
use crate::figures::health::causes::{mention_search, mentions, mentions_since};
use crate::figures::health::readers::{judged, Readers};
use crate::figures::health::verdict::{clean_doubts, Verdict};
use crate::figures::health::{low_err, restriction_findings, subscriber_findings, Cause, Finding};
use crate::figures::restrictions::{flag_text, flags};
use crate::request::subscribers::{hours_or_days, HEALTH_DAYS};
use crate::request::{use_task, Task};
use crate::ui::use_ui;

/// The days the summary counts mentions over.
pub const MENTION_SUMMARY_DAYS: i64 = 14;

/// What the check reads: the subscribers and, unless the search failed (or the channel has no
/// username to search for), the posts that mention the channel.
#[derive(PartialEq)]
pub struct Read {
    pub group: PeriodGroup,
    pub records: Rc<Records<SubscriberCount>>,
    pub mentions: Option<Rc<PostSearchResponse>>,
    /// When it was read.
    pub now: DateTime<Utc>,
}

/// Reads the subscribers and the mentions of the channel `asked` names, once per channel.
#[hook]
pub fn use_health_read(channel: &Rc<Channel>, asked: &AttrValue) -> Task<Read> {
    let task = use_task::<Read>();
    {
        let task = task.clone();
        let username = channel.username.clone();
        use_effect_with(asked.clone(), move |asked| {
            if let Ok(id) = asked.parse::<ChannelId>() {
                let now = Utc::now();
                task.run(move |api| async move {
                    let (group, records) = hours_or_days(&api, &id, now).await?;
                    // Without the mentions the check still runs: rises stay unexplained, and
                    // the page says so.
                    let mentions = match mention_search(&username, HEALTH_DAYS, now) {
                        Some(search) => api.send(&search).await.ok(),
                        None => None,
                    };
                    Ok(Read {
                        group,
                        records,
                        mentions,
                        now,
                    })
                });
            }
        });
    }
    task
}

/// The check as the report shows it.
pub struct Health {
    /// Every finding, by date.
    pub found: Vec<Finding>,
    /// Once the subscribers are read.
    pub verdict: Option<Verdict>,
    pub group: Option<PeriodGroup>,
    /// How many counts were read.
    pub counted: Option<usize>,
    pub reading: bool,
    pub error: Option<Rc<Error>>,
    /// The mention search failed or could not be asked.
    pub no_mentions: bool,
    /// Mentions in the last [`MENTION_SUMMARY_DAYS`] days, with whether the search's limit may
    /// have left some out (it returned as many as it could).
    pub recent_mentions: Option<(usize, bool)>,
}

impl PartialEq for Health {
    fn eq(&self, other: &Self) -> bool {
        self.found == other.found
            && self.verdict == other.verdict
            && self.group == other.group
            && self.counted == other.counted
            && self.reading == other.reading
            && self.error.as_ref().map(Rc::as_ptr) == other.error.as_ref().map(Rc::as_ptr)
            && self.no_mentions == other.no_mentions
            && self.recent_mentions == other.recent_mentions
    }
}

/// The readers read so far around subscriber findings, by the start of each finding.
pub type ReadersFound = Rc<BTreeMap<NaiveDateTime, Readers>>;

/// The findings of the check over what `task` read, the placements of the campaigns kept here
/// and the profile's `err`, with the service's restrictions of `channel`; each subscriber
/// finding whose posts around it were read judged by its `readers` before the verdict.
#[hook]
pub fn use_health(
    channel: &Rc<Channel>,
    asked: &AttrValue,
    task: &Task<Read>,
    err: Option<f64>,
    readers: &ReadersFound,
) -> Rc<Health> {
    let ui = use_ui();
    let placements = use_placements(channel);
    let state = task.state();
    // From the first frame, before the effect has started the request: "nothing found" then
    // would speak of counts not yet read.
    let reading = state.loading
        || (state.data.is_none() && state.error.is_none() && asked.parse::<ChannelId>().is_ok());
    let subscriber = use_memo(
        (
            state.data.clone(),
            placements.clone(),
            channel.id,
            channel.participants_count,
        ),
        |(data, placements, channel_id, subscribers)| {
            data.as_ref().map(|read| {
                let mut causes: Vec<Cause> = placements.as_ref().clone();
                let mut recent = None;
                if let Some(found) = &read.mentions {
                    let found_mentions = mentions(found, *channel_id);
                    let since = (read.now - TimeDelta::days(MENTION_SUMMARY_DAYS)).naive_utc();
                    let full =
                        found.items.len() as u32 >= crate::api::limits::POST_SEARCH_LIMIT_MAX;
                    recent = Some((mentions_since(&found_mentions, since), full));
                    causes.extend(found_mentions);
                }
                let (counts, _) = readings(read.group, &read.records);
                let findings = subscriber_findings(&counts, read.group, &causes);
                let doubts = clean_doubts(&counts, read.group, *subscribers);
                (findings, counts.len(), doubts, recent)
            })
        },
    );
    let today = Utc::now().date_naive();
    let restrictions: Vec<String> = flags(channel)
        .iter()
        .map(|f| flag_text(f, ui.locale))
        .collect();
    let mut found = restriction_findings(&restrictions, today);
    if let Some((findings, ..)) = subscriber.as_ref() {
        found.extend(findings.iter().map(
            |f| match f.movement().and_then(|m| readers.get(&m.start)) {
                Some(read) => judged(f, read.clone()),
                None => f.clone(),
            },
        ));
    }
    let subscribers = channel.participants_count;
    if let Some(finding) = err.and_then(|err| low_err(err, subscribers, today)) {
        found.push(finding);
    }
    found.sort_by_key(|f| (f.date, f.movement().map(|m| m.start)));
    let group = state.data.as_ref().map(|r| r.group);
    let verdict = subscriber
        .as_ref()
        .as_ref()
        .map(|(_, _, doubts, _)| Verdict::of(&found, doubts));
    Rc::new(Health {
        verdict,
        group,
        counted: subscriber.as_ref().as_ref().map(|s| s.1),
        reading,
        error: state.error.clone(),
        no_mentions: state.data.as_ref().is_some_and(|r| r.mentions.is_none()),
        recent_mentions: subscriber.as_ref().as_ref().and_then(|s| s.3),
        found,
    })
}

/// The placements of the campaigns kept in this browser that promote `channel` (none until the
/// store has answered, or when it cannot be opened).
#[hook]
fn use_placements(channel: &Rc<Channel>) -> Rc<Vec<Cause>> {
    let causes = use_state(|| Rc::new(Vec::new()));
    {
        let causes = causes.clone();
        use_effect_with(channel.clone(), move |channel| {
            let channel = channel.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let Ok(store) = CampaignStore::open().await else {
                    return;
                };
                if let Ok(kept) = store.all().await {
                    let found = placement_causes(&kept, &channel);
                    if !found.is_empty() {
                        causes.set(Rc::new(found));
                    }
                }
            });
        });
    }
    (*causes).clone()
}
