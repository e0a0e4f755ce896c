//! The readers' job of one subscriber finding: the posts published around it, read by message
//! number with the reach profile's own request (post statistics by hour, one per number), so
//! that their reach at 24 hours before and after it tells whether its people read
//! ([`crate::figures::health::readers`]). Its cost is stated on its button before anything is
//! asked; a number that answers nothing (deleted, or never used) is skipped.

use std::rc::Rc;

use chrono::NaiveDateTime;
use yew::prelude::*;

use crate::api::model::Channel;
use crate::api::ViewGrowthGroup;
use crate::components::status::JobPanel;
use crate::figures::growth::growth_series;
use crate::figures::health::readers::{messages_to_read, readers, ReadPost, Readers};
use crate::figures::health::Movement;
use crate::figures::reach::reach_at;
use crate::format::fill;
use crate::request::{use_job, Job, Phase, Plan};
use crate::ui::use_ui;

use super::profile::{post_stats_unit, Stats};

/// Once asked, the job runs at once: its button already stated what it costs.
const NEVER_ASK_AGAIN: u32 = u32::MAX;

/// The message numbers read for `m`, with one post-statistics request each.
fn plan(channel: &Channel, m: &Movement, messages: &[u64]) -> Plan<Stats> {
    let units = messages
        .iter()
        .map(|&message| post_stats_unit(channel, message))
        .collect();
    let (first, last) = (messages.last(), messages.first());
    Plan::new(
        format!(
            "readers|{}|{}|{}|{first:?}|{last:?}|{}",
            channel.id,
            m.start.format("%Y-%m-%dT%H"),
            m.end.format("%Y-%m-%dT%H"),
            messages.len()
        ),
        units,
    )
}

/// The posts the job has read so far: when each was published (its first hour of view growth)
/// and its views in its first 24 hours; a post younger than that, or a number that answered
/// nothing, is left out.
pub fn read_posts(job: &Job<Stats>) -> Vec<ReadPost> {
    job.results()
        .into_iter()
        .flatten()
        .filter_map(|stats| {
            let (growth, _) = growth_series(ViewGrowthGroup::Hour, &stats.views);
            Some(ReadPost {
                published: growth.first()?.at,
                reach: reach_at(&growth, 24).ok()?,
            })
        })
        .collect()
}

#[derive(Properties, PartialEq)]
pub struct ReadersJobProps {
    pub channel: Rc<Channel>,
    pub movement: Movement,
    /// Posts whose publication is known (message number, when it went out): the reach
    /// profile's.
    pub known: Rc<Vec<(u64, NaiveDateTime)>>,
    /// The finding's readers, keyed by its start, each time the job has more of them.
    pub on_read: Callback<(NaiveDateTime, Readers)>,
}

#[function_component(ReadersJob)]
pub fn readers_job(props: &ReadersJobProps) -> Html {
    let ui = use_ui();
    // The numbers its button stated, kept from the click on: the profile may find more posts
    // meanwhile, and the job asked is the job stated.
    let asked = use_state(|| None::<Rc<Vec<u64>>>);
    let panel = use_node_ref();
    let messages = messages_to_read(&props.movement, &props.known);
    let job = use_job(
        (*asked)
            .as_ref()
            .map(|asked| plan(&props.channel, &props.movement, asked)),
        NEVER_ASK_AGAIN,
    );
    let progress = job.as_ref().map(|j| j.progress());
    {
        // Each time the job stands still with more answers (done, cancelled, failed), the
        // readers are worked out again from all it has.
        let (job, on_read, m) = (job.clone(), props.on_read.clone(), props.movement.clone());
        let moment = progress
            .as_ref()
            .map(|p| (p.done, p.phase == Phase::Running));
        use_effect_with(moment, move |moment| {
            if let (Some(job), Some((done, false))) = (job, moment) {
                if *done > 0 {
                    on_read.emit((m.start, readers(&m, &read_posts(&job))));
                }
            }
        });
    }
    {
        // The button gives way to the job's panel: focus goes with it, so a keyboard user can
        // cancel from where they pressed.
        let panel = panel.clone();
        use_effect_with(asked.is_some(), move |asked| {
            if *asked {
                if let Some(el) = panel.cast::<web_sys::HtmlElement>() {
                    let _ = el.focus();
                }
            }
        });
    }
    if job.is_none() && props.known.len() < 2 {
        return html! {
            <p class="hint report-readers-needs-profile">{ ui.t(
                "Whether its people read: the posts around it are found from the reach profile's message numbers: run the profile first.",
                "Читают ли пришедшие: посты вокруг находки ищутся по номерам сообщений из профиля охвата — сначала постройте профиль.",
            ) }</p>
        };
    }
    // Read already, and this panel drawn anew: the finding shows what was read.
    if job.is_none() && (messages.is_empty() || props.movement.readers.is_some()) {
        return Html::default();
    }
    match job {
        Some(job) => html! {
            <div class="report-readers-job" ref={panel} tabindex="-1"
                aria-label={ui.t("Reading the posts around it", "Чтение постов вокруг находки")}>
                <JobPanel<Stats> job={job} what={ui.t(
                    "post statistics by hour of the posts around the finding, one per message number",
                    "статистика по часам постов вокруг находки, по одной на номер сообщения",
                )} />
            </div>
        },
        None => {
            let n = messages.len();
            let label = fill(
                ui.t(
                    "Read the posts around it — {n} {requests}",
                    "Прочитать посты вокруг — {n} {requests}",
                ),
                &[
                    ("n", ui.count(n as i64)),
                    (
                        "requests",
                        ui.noun(
                            n,
                            ["request", "requests"],
                            ["запрос", "запроса", "запросов"],
                        )
                        .to_owned(),
                    ),
                ],
            );
            let onclick = {
                let asked = asked.clone();
                let messages = Rc::new(messages);
                Callback::from(move |_: MouseEvent| asked.set(Some(messages.clone())))
            };
            html! {
                <p class="report-readers-ask">
                    <button type="button" class="secondary report-readers-run" {onclick}>{ label }</button>
                    <span class="hint">{ ui.t(
                        " Post statistics of the posts published around it, to see whether its people read. Each request counts against your plan's quota.",
                        " Статистика постов, опубликованных вокруг находки, — чтобы увидеть, читают ли пришедшие. Каждый запрос расходует квоту тарифа.",
                    ) }</span>
                </p>
            }
        }
    }
}
