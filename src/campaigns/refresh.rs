//! Refreshing a campaign: one job of a post-statistics request by hour per placement (its reach
//! growth, and the hour it went out when no date was typed), the promoted channel's subscribers
//! by hour over 90 days (the channel page's health-check request, so the cache answers both
//! pages once), and, when the channel has a username, a post search for its link or username
//! over those 90 days (its known mentions, left out of its normal change as the placements are).
//! Then each placement's figures, the campaign's totals and the promoted channel's chart with the
//! placements marked.

use std::rc::Rc;

use chrono::{NaiveDateTime, TimeDelta, Utc};
use yew::prelude::*;

use crate::api::model::{PostSearchResponse, PostStatsResponse, Records, SubscriberCount};
use crate::api::ops::{PostSearch, PostStats};
use crate::api::{ChannelId, PeriodGroup, ViewGrowthGroup};
use crate::campaigns::{Campaign, Checked};
use crate::components::status::JobPanel;
use crate::figures::campaign::Placement;
use crate::figures::dynamics::{readings, Reading};
use crate::figures::growth::growth_series;
use crate::request::subscribers::hours_or_days;
use crate::request::{use_job, Job, Plan, Unit};
use crate::ui::use_ui;

use super::results::{figures, Placed};

/// How far back the promoted channel's subscribers and mentions are read: the health check's
/// 90 days.
const HISTORY_DAYS: i64 = 90;

/// What the job's units answer.
#[derive(Clone)]
pub enum Answer {
    Stats(Rc<PostStatsResponse>),
    /// By hour, or by day where the plan gives no hours.
    Dynamics(PeriodGroup, Rc<Records<SubscriberCount>>),
    /// Posts with the promoted channel's link or username.
    Mentions(Rc<PostSearchResponse>),
}

/// The promoted channel's username, when it was typed as one (`@name`, `t.me/name`): what a post
/// search for its mentions looks for.
fn username(promoted: &ChannelId) -> Option<&str> {
    match promoted {
        ChannelId::Username(name) | ChannelId::Link(name) => Some(name),
        ChannelId::Invite(_) | ChannelId::Numeric(_) => None,
    }
}

/// One post-statistics request per placement, in their order, then the promoted channel's
/// hourly subscribers, then (with a username) the search for its mentions. Keyed by the
/// campaign's contents: an edit is another job.
fn plan(campaign: &Campaign, checked: &Checked) -> Plan<Answer> {
    let mut units: Vec<Unit<Answer>> = checked
        .placements
        .iter()
        .map(|placement| {
            Unit::call(PostStats {
                group: ViewGrowthGroup::Hour,
                ..PostStats::new(placement.post.clone())
            })
            .map(Answer::Stats)
        })
        .collect();
    let promoted = checked.promoted.clone();
    let now = Utc::now();
    units.push(Unit::asking(move |api| {
        let promoted = promoted.clone();
        async move {
            let (group, records) = hours_or_days(&api, &promoted, now).await?;
            Ok(Answer::Dynamics(group, records))
        }
    }));
    if let Some(name) = username(&checked.promoted) {
        let link = format!("{}/{name}", crate::api::ids::LINK_HOST);
        units.push(
            Unit::call(PostSearch {
                limit: Some(crate::api::limits::POST_SEARCH_LIMIT_MAX),
                start_date: Some(now - TimeDelta::days(HISTORY_DAYS)),
                extended: true,
                // One request for both spellings: the extended syntax's `|` is OR.
                extended_syntax: true,
                ..PostSearch::new(format!("{link} | @{name}"))
            })
            .map(Answer::Mentions),
        );
    }
    let key = serde_json::to_string(campaign).unwrap_or_default();
    Plan::new(format!("campaign|{key}"), units)
}

fn placed(checked: &Checked, job: &Job<Answer>) -> Placed {
    let mut placed = Placed {
        placements: Vec::new(),
        growth: Vec::new(),
        from_post: Vec::new(),
    };
    for (i, typed) in checked.placements.iter().enumerate() {
        let growth = match job.result(i) {
            Some(Answer::Stats(stats)) => growth_series(ViewGrowthGroup::Hour, &stats.views).0,
            _ => Vec::new(),
        };
        placed.from_post.push(typed.at.is_none());
        placed.placements.push(Placement {
            // As the API writes it (`t.me/name/12`), whatever form was typed.
            post: typed.post.to_string(),
            price: typed.price,
            currency: typed.currency.clone(),
            at: typed.at.or(growth.first().map(|g| g.at)),
        });
        placed.growth.push(growth);
    }
    placed
}

/// The instants of the posts that mention the promoted channel, its own posts left out.
fn mention_instants(checked: &Checked, found: Option<&PostSearchResponse>) -> Vec<NaiveDateTime> {
    found.map_or_else(Vec::new, |found| {
        crate::figures::health::causes::mention_instants(found, username(&checked.promoted))
    })
}

#[derive(Properties, PartialEq)]
pub struct RefreshProps {
    pub campaign: Rc<Campaign>,
    pub checked: Rc<Checked>,
}

/// A campaign's refresh job and, as its answers come in, its figures.
#[function_component(CampaignRefresh)]
pub fn campaign_refresh(props: &RefreshProps) -> Html {
    let ui = use_ui();
    // Always asks first: the cost is stated on the button that starts it.
    let job = use_job(Some(plan(&props.campaign, &props.checked)), 0);
    let Some(job) = job else {
        return Html::default();
    };
    let what = ui.t(
        "post statistics by hour, one per placement; the promoted channel's subscribers by hour over 90 days (the health check's request; a second one by day where the plan gives no hours); posts with its link or username over 90 days (its other adverts, kept out of its normal change)",
        "статистика поста по часам, по одной на размещение; подписчики продвигаемого канала по часам за 90 дней (запрос проверки здоровья; второй, по дням, если тариф не даёт часов); посты с его ссылкой или именем за 90 дней (другая реклама, которую не считают обычным изменением)",
    );
    let dynamics = job
        .results()
        .into_iter()
        .flatten()
        .find_map(|answer| match answer {
            Answer::Dynamics(group, d) => Some((group, d)),
            Answer::Stats(_) | Answer::Mentions(_) => None,
        });
    let found = job
        .results()
        .into_iter()
        .flatten()
        .find_map(|answer| match answer {
            Answer::Mentions(found) => Some(found),
            _ => None,
        });
    let mentions = mention_instants(&props.checked, found.as_deref());
    let group = dynamics
        .as_ref()
        .map_or(PeriodGroup::Hour, |(group, _)| *group);
    let read: Vec<Reading> = dynamics
        .map(|(group, d)| readings(group, &d).0)
        .unwrap_or_default();
    let placed = placed(&props.checked, &job);
    let asked = job.progress().phase != crate::request::Phase::Idle
        || job.results().iter().any(Option::is_some);
    html! {
        <div class="campaign-refresh">
            <JobPanel<Answer> job={job.clone()} what={what} />
            if asked {
                { figures(&ui, &props.campaign, &placed, (group, &read), &mentions) }
            }
        </div>
    }
}
