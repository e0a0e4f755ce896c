//! The comparison's form as the address keeps it (channels joined by commas, each channel's
//! post IDs joined by `|`), checked, and the requests it makes.

use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::api::ids::{parse_id_list, ChannelId};
use crate::api::limits::STAT_MULTI_IDS_MAX;
use crate::api::model::{Channel, PostStatRecord, Records, SubscriberCount};
use crate::api::ops::{ChannelInfo, MultiPostStats, SubscriberDynamics};
use crate::api::{Operation, PeriodGroup};
use crate::figures::compare::HISTORY_DAYS;
use crate::format::fill;
use crate::pages::form::{AddressQuery, AnalysisParams, Problems};
use crate::request::{Plan, Unit};
use crate::ui::Ui;

/// Channels compared at most (and at least).
pub(super) const MOST: usize = 10;
pub(super) const LEAST: usize = 2;

/// The form: channels as typed, and the post IDs listed for each, in the same order.
#[derive(Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub(super) struct Params {
    /// Joined by commas (no channel identifier holds one).
    #[serde(skip_serializing_if = "String::is_empty")]
    channels: String,
    /// One list per channel, joined by `|`; each list as typed.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub(super) posts: String,
}

/// One row of the form.
#[derive(Clone, Default, PartialEq)]
pub(super) struct Entry {
    pub(super) channel: String,
    pub(super) posts: String,
}

impl Params {
    /// The rows of the form; at least [`LEAST`] so that there is something to fill in.
    pub(super) fn entries(&self) -> Vec<Entry> {
        let channels: Vec<&str> = self.channels.split(',').collect();
        let posts: Vec<&str> = self.posts.split('|').collect();
        let mut entries: Vec<Entry> = (0..channels.len().max(posts.len()))
            .map(|i| Entry {
                channel: channels.get(i).unwrap_or(&"").trim().to_owned(),
                posts: posts.get(i).unwrap_or(&"").trim().to_owned(),
            })
            .collect();
        if self.channels.is_empty() && self.posts.is_empty() {
            entries.clear();
        }
        while entries.len() < LEAST {
            entries.push(Entry::default());
        }
        entries
    }

    pub(super) fn with_entries(entries: &[Entry]) -> Params {
        let joined = |part: fn(&Entry) -> &str, by: &str| {
            let parts: Vec<&str> = entries.iter().map(part).collect();
            if parts.iter().all(|p| p.is_empty()) {
                String::new()
            } else {
                parts.join(by)
            }
        };
        let mut params = Params {
            channels: joined(|e| &e.channel, ","),
            posts: joined(|e| &e.posts, "|"),
        };
        // Blank rows past the first two were added by the user: without their commas they
        // would read back as no rows, and "Add a channel" on a blank form would add none.
        if params.channels.is_empty() && params.posts.is_empty() && entries.len() > LEAST {
            params.channels = ",".repeat(entries.len() - 1);
        }
        params
    }

    /// The channels to compare with the posts listed for each (blank rows left out).
    pub(super) fn requests(&self, ui: &Ui) -> Result<Vec<(ChannelId, Vec<u64>)>, Problems> {
        let mut problems = Problems::default();
        let mut chosen = Vec::new();
        for (i, entry) in self.entries().iter().enumerate() {
            if entry.channel.is_empty() && entry.posts.is_empty() {
                continue;
            }
            let channel = entry
                .channel
                .parse::<ChannelId>()
                .map_err(|e| {
                    problems.push(Problems::bad_id(ui, format!("channel.{i}"), "channelId", e))
                })
                .ok();
            let posts = match parse_id_list(&entry.posts) {
                Ok(ids) if ids.len() > STAT_MULTI_IDS_MAX => {
                    problems.push(Problems::one(
                        format!("posts.{i}"),
                        fill(
                            ui.t(
                                "At most {max} posts per channel (got {n}).",
                                "Не больше {max} постов на канал (сейчас {n}).",
                            ),
                            &[
                                ("max", STAT_MULTI_IDS_MAX.to_string()),
                                ("n", ids.len().to_string()),
                            ],
                        ),
                    ));
                    None
                }
                Ok(ids) => Some(ids),
                Err(e) => {
                    problems.push(Problems::one(
                        format!("posts.{i}"),
                        format!(
                            "{}{}",
                            ui.t("Not numeric IDs: ", "Не числовые ID: "),
                            e.bad.join(", ")
                        ),
                    ));
                    None
                }
            };
            if let (Some(channel), Some(posts)) = (channel, posts) {
                chosen.push((channel, posts));
            }
        }
        let filled = self
            .entries()
            .iter()
            .filter(|e| !e.channel.is_empty())
            .count();
        if !(LEAST..=MOST).contains(&filled) {
            problems.push(Problems::one(
                "channels",
                fill(
                    ui.t(
                        "Enter {least} to {most} channels (now {n}).",
                        "Укажите от {least} до {most} каналов (сейчас {n}).",
                    ),
                    &[
                        ("least", LEAST.to_string()),
                        ("most", MOST.to_string()),
                        ("n", filled.to_string()),
                    ],
                ),
            ));
        }
        if problems.is_empty() {
            Ok(chosen)
        } else {
            Err(problems)
        }
    }
}

/// Where each channel's answers are among the job's units.
#[derive(Clone, PartialEq)]
pub(super) struct Layout {
    /// Per channel: its information, its subscribers, and its posts' statistics when listed.
    pub(super) units: Vec<(usize, usize, Option<usize>)>,
    pub(super) names: Vec<String>,
    pub(super) listed: Vec<Vec<u64>>,
}

impl Layout {
    pub(super) fn of(chosen: &[(ChannelId, Vec<u64>)]) -> Layout {
        let mut next = 0;
        let mut take = || {
            next += 1;
            next - 1
        };
        let units = chosen
            .iter()
            .map(|(_, posts)| (take(), take(), (!posts.is_empty()).then(&mut take)))
            .collect();
        Layout {
            units,
            names: chosen.iter().map(|(c, _)| c.to_string()).collect(),
            listed: chosen.iter().map(|(_, p)| p.clone()).collect(),
        }
    }
}

/// What one request of the comparison answers: per channel its information, its subscribers,
/// and its posts' statistics when posts are listed ([`Layout`] says which unit is which).
#[derive(Clone)]
pub(super) enum Answer {
    Channel(Rc<Channel>),
    Subscribers(Rc<Records<SubscriberCount>>),
    PostStats(Rc<Records<PostStatRecord>>),
}

impl Answer {
    pub(super) fn channel(self) -> Option<Rc<Channel>> {
        match self {
            Answer::Channel(channel) => Some(channel),
            _ => None,
        }
    }

    pub(super) fn subscribers(self) -> Option<Rc<Records<SubscriberCount>>> {
        match self {
            Answer::Subscribers(records) => Some(records),
            _ => None,
        }
    }

    pub(super) fn post_stats(self) -> Option<Rc<Records<PostStatRecord>>> {
        match self {
            Answer::PostStats(records) => Some(records),
            _ => None,
        }
    }
}

impl AddressQuery for Params {}

impl AnalysisParams for Params {
    type Answer = Answer;

    fn to_plan(&self, ui: &Ui, key: String) -> Result<Plan<Answer>, Problems> {
        let chosen = self.requests(ui)?;
        let now = chrono::Utc::now();
        let mut units = Vec::new();
        for (channel, posts) in &chosen {
            let history =
                SubscriberDynamics::last_days(channel, PeriodGroup::Day, HISTORY_DAYS, now);
            history
                .validate()
                .map_err(|invalid| Problems::of(ui, &invalid))?;
            units.push(Unit::call(ChannelInfo::new(channel.clone())).map(Answer::Channel));
            units.push(Unit::call(history).map(Answer::Subscribers));
            if !posts.is_empty() {
                let stats = MultiPostStats::new(channel.clone(), posts.clone());
                stats
                    .validate()
                    .map_err(|invalid| Problems::of(ui, &invalid))?;
                units.push(Unit::call(stats).map(Answer::PostStats));
            }
        }
        Ok(Plan::new(key, units))
    }
}
