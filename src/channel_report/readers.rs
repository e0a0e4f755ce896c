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
use crate::figures::health::readers::{messages_to_read, readers, ReadPost, Readers, READ_POSTS};
use crate::figures::health::Movement;
use crate::figures::reach::reach_at;
use crate::format::fill;
use crate::request::{use_job, Job, Phase, Plan};
use crate::ui::use_ui;

use super::profile::{post_stats_unit, Stats};

/// Once asked, a round runs at once: its button already stated what it costs.
const NEVER_ASK_AGAIN: u32 = u32::MAX;

/// The message numbers of `round` read for `m`, with one post-statistics request each.
fn plan(channel: &Channel, m: &Movement, round: &Round) -> Plan<Stats> {
    let messages = &round.numbers;
    let units = messages
        .iter()
        .map(|&message| post_stats_unit(channel, message))
        .collect();
    let (first, last) = (messages.iter().min(), messages.iter().max());
    Plan::new(
        format!(
            "readers|{}|{}|{}|{}|{first:?}|{last:?}|{}",
            channel.id,
            m.start.format("%Y-%m-%dT%H"),
            m.end.format("%Y-%m-%dT%H"),
            round.index,
            messages.len()
        ),
        units,
    )
}

/// Rounds of reading at most: each next one stated and asked like the first.
const MAX_ROUNDS: usize = 3;

/// One round of reading: the numbers its button stated, kept from the click on (the profile
/// may find more posts meanwhile, and the job asked is the job stated), with what the rounds
/// before it read.
#[derive(PartialEq)]
struct Round {
    index: usize,
    numbers: Vec<u64>,
    /// The answers of the rounds before, by message number.
    earlier: Vec<(u64, Stats)>,
    /// Every number the rounds before asked, answered or not.
    asked_before: Vec<u64>,
}

/// What every round so far has read: its answers by message number.
fn answers(round: &Round, job: &Job<Stats>) -> Vec<(u64, Stats)> {
    let current = round
        .numbers
        .iter()
        .zip(job.results())
        .filter_map(|(&n, stats)| Some((n, stats?)));
    round.earlier.iter().cloned().chain(current).collect()
}

/// The posts read: each one's message number, when it was published (its first hour of view
/// growth) and, once 24 hours are over, its views in them.
fn posts(answers: &[(u64, Stats)]) -> Vec<(u64, NaiveDateTime, Option<f64>)> {
    answers
        .iter()
        .filter_map(|(n, stats)| {
            let (growth, _) = growth_series(ViewGrowthGroup::Hour, &stats.views);
            Some((*n, growth.first()?.at, reach_at(&growth, 24).ok()))
        })
        .collect()
}

/// The readers' signal of `m` from the posts read; a post younger than 24 hours is left out.
fn read(m: &Movement, posts: &[(u64, NaiveDateTime, Option<f64>)]) -> Readers {
    let read: Vec<ReadPost> = posts
        .iter()
        .filter_map(|&(_, published, reach)| {
            Some(ReadPost {
                published,
                reach: reach?,
            })
        })
        .collect();
    readers(m, &read)
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
    let round = use_state(|| None::<Rc<Round>>);
    let panel = use_node_ref();
    let m = &props.movement;
    let job = use_job(
        (*round).as_ref().map(|r| plan(&props.channel, m, r)),
        NEVER_ASK_AGAIN,
    );
    let progress = job.as_ref().map(|j| j.progress());
    let read_so_far = match (&*round, &job) {
        (Some(r), Some(job)) => answers(r, job),
        _ => Vec::new(),
    };
    let found = posts(&read_so_far);
    {
        // Each time the job stands still with more answers (done, cancelled, failed), the
        // readers are worked out again from all the rounds have.
        let (on_read, m) = (props.on_read.clone(), m.clone());
        let found = found.clone();
        let moment = progress
            .as_ref()
            .map(|p| (p.done, p.phase == Phase::Running));
        let index = (*round).as_ref().map(|r| r.index);
        use_effect_with((index, moment), move |(_, moment)| {
            if let Some((_, false)) = moment {
                if !found.is_empty() {
                    on_read.emit((m.start, read(&m, &found)));
                }
            }
        });
    }
    {
        // The button gives way to the job's panel: focus goes with it, so a keyboard user can
        // cancel from where they pressed.
        let panel = panel.clone();
        use_effect_with((*round).as_ref().map(|r| r.index), move |index| {
            if index.is_some() {
                if let Some(el) = panel.cast::<web_sys::HtmlElement>() {
                    let _ = el.focus();
                }
            }
        });
    }
    // The posts read are known too: the numbers of a finding weeks before the profile's posts
    // are estimated at their pace, and the posts read near it then place the next round.
    let mut known: Vec<(u64, NaiveDateTime)> = props.known.as_ref().clone();
    known.extend(found.iter().map(|&(n, at, _)| (n, at)));
    let asked_all: Vec<u64> = (*round)
        .as_ref()
        .map(|r| r.asked_before.iter().chain(&r.numbers).copied().collect())
        .unwrap_or_default();
    let next: Vec<u64> = messages_to_read(m, &known)
        .into_iter()
        .filter(|n| !asked_all.contains(n))
        .collect();
    let ask = |index: usize, numbers: Vec<u64>| {
        let round = round.clone();
        // Answers of the rounds before stay with the next one: its job is another.
        let earlier = read_so_far.clone();
        let asked_before = asked_all.clone();
        Callback::from(move |_: MouseEvent| {
            round.set(Some(Rc::new(Round {
                index,
                numbers: numbers.clone(),
                earlier: earlier.clone(),
                asked_before: asked_before.clone(),
            })));
        })
    };
    let Some(job) = job else {
        if props.known.len() < 2 {
            return html! {
                <p class="hint report-readers-needs-profile">{ ui.t(
                    "Whether its people read: the posts around it are found from the reach profile's message numbers: run the profile first.",
                    "Читают ли пришедшие: посты вокруг находки ищутся по номерам сообщений из профиля охвата — сначала постройте профиль.",
                ) }</p>
            };
        }
        // Read already, and this panel drawn anew: the finding shows what was read.
        if next.is_empty() || m.readers.is_some() {
            return Html::default();
        }
        let label = button_label(&ui, next.len(), false);
        return html! {
            <p class="report-readers-ask">
                <button type="button" class="secondary report-readers-run" onclick={ask(0, next)}>{ label }</button>
                <span class="hint">{ ui.t(
                    " Post statistics of the posts published around it, to see whether its people read. Each request counts against your plan's quota.",
                    " Статистика постов, опубликованных вокруг находки, — чтобы увидеть, читают ли пришедшие. Каждый запрос расходует квоту тарифа.",
                ) }</span>
            </p>
        };
    };
    // A side with fewer posts than it can use, and numbers the posts read now place better:
    // one more round, stated first.
    let index = (*round).as_ref().map_or(0, |r| r.index);
    let short = m
        .readers
        .as_ref()
        .is_some_and(|r| r.posts_before < READ_POSTS || r.posts_after < READ_POSTS);
    let more = progress.as_ref().is_some_and(|p| p.phase == Phase::Done)
        && short
        && !next.is_empty()
        && index + 1 < MAX_ROUNDS;
    html! {
        <div class="report-readers-job" ref={panel} tabindex="-1"
            aria-label={ui.t("Reading the posts around it", "Чтение постов вокруг находки")}>
            <JobPanel<Stats> job={job} what={ui.t(
                "post statistics by hour of the posts around the finding, one per message number",
                "статистика по часам постов вокруг находки, по одной на номер сообщения",
            )} />
            if more {
                <p class="report-readers-ask">
                    <button type="button" class="secondary report-readers-more" onclick={ask(index + 1, next.clone())}>
                        { button_label(&ui, next.len(), true) }
                    </button>
                    <span class="hint">{ ui.t(
                        " Too few posts on a side: the posts read place the missing ones better.",
                        " С одной из сторон мало постов: прочитанные посты точнее указывают недостающие.",
                    ) }</span>
                </p>
            }
        </div>
    }
}

/// "Read the posts around it — N requests", or for a next round "Read N more".
fn button_label(ui: &crate::ui::Ui, n: usize, more: bool) -> String {
    let text = if more {
        ui.t(
            "Read {n} more posts around it — {n} {requests}",
            "Прочитать ещё {n} постов вокруг — {n} {requests}",
        )
    } else {
        ui.t(
            "Read the posts around it — {n} {requests}",
            "Прочитать посты вокруг — {n} {requests}",
        )
    };
    fill(
        text,
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
    )
}
