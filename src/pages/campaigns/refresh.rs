//! Refreshing a campaign: one job of a post-statistics request by hour per placement (its reach
//! growth, and the hour it went out when no date was typed) and the promoted channel's
//! subscribers by hour over 90 days (the channel page's health-check request, so the cache
//! answers both pages once). Then each placement's figures, the campaign's totals and the
//! promoted channel's chart with the placements marked.

use std::rc::Rc;

use chrono::{NaiveDateTime, TimeDelta, Utc};
use yew::prelude::*;

use crate::api::model::{PostStatsResponse, Records, SubscriberCount};
use crate::api::ops::PostStats;
use crate::api::{PeriodGroup, ViewGrowthGroup};
use crate::campaigns::{Campaign, Checked};
use crate::components::chart::period_axis;
use crate::components::figure::{figure_html, money};
use crate::components::status::JobPanel;
use crate::components::{ExportButtons, LineChart};
use crate::format::{fill, format_rate, group_decimal};
use crate::request::{use_job, Job, Plan, Unit};
use crate::ui::{use_ui, Ui};
use crate::view::after_mention::AFTER_HOURS;
use crate::view::campaign::{
    campaign_figures, placements_export, CampaignFigures, Placement, WINDOW_HOURS,
};
use crate::view::dynamics::{chart_series, readings, Reading};
use crate::view::engagement::Figure;
use crate::view::growth::{growth_series, Growth};

use super::super::channel_info::hours_or_days;

/// What the job's units answer.
#[derive(Clone)]
pub enum Answer {
    Stats(Rc<PostStatsResponse>),
    /// By hour, or by day where the plan gives no hours.
    Dynamics(PeriodGroup, Rc<Records<SubscriberCount>>),
}

/// One post-statistics request per placement, in their order, then the promoted channel's
/// hourly subscribers. Keyed by the campaign's contents: an edit is another job.
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
    let key = serde_json::to_string(campaign).unwrap_or_default();
    Plan::new(format!("campaign|{key}"), units)
}

/// The placements with a known hour, as the figures take them, with their view growth; and for
/// every placement, its hour (`None` when neither typed nor answered yet) and whether it came
/// from the post.
struct Placed {
    placements: Vec<Placement>,
    growth: Vec<Vec<Growth>>,
    /// Per placement of the campaign: its index among `placements`, if placed.
    index: Vec<Option<usize>>,
    /// Per placement of the campaign: its hour, and whether it was read from the post.
    at: Vec<Option<(NaiveDateTime, bool)>>,
}

fn placed(checked: &Checked, job: &Job<Answer>) -> Placed {
    let mut placed = Placed {
        placements: Vec::new(),
        growth: Vec::new(),
        index: Vec::new(),
        at: Vec::new(),
    };
    for (i, typed) in checked.placements.iter().enumerate() {
        let growth = match job.result(i) {
            Some(Answer::Stats(stats)) => growth_series(ViewGrowthGroup::Hour, &stats.views).0,
            _ => Vec::new(),
        };
        let at = match (typed.at, growth.first()) {
            (Some(at), _) => Some((at, false)),
            (None, Some(first)) => Some((first.at, true)),
            (None, None) => None,
        };
        placed.at.push(at);
        placed.index.push(at.map(|(at, _)| {
            placed.placements.push(Placement {
                // As the API writes it (`t.me/name/12`), whatever form was typed.
                post: typed.post.to_string(),
                price: typed.price,
                currency: typed.currency.clone(),
                at,
            });
            placed.growth.push(growth);
            placed.placements.len() - 1
        }));
    }
    placed
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
        "post statistics by hour, one per placement; the promoted channel's subscribers by hour over 90 days (the health check's request; a second one by day where the plan gives no hours)",
        "статистика поста по часам, по одной на размещение; подписчики продвигаемого канала по часам за 90 дней (запрос проверки здоровья; второй, по дням, если тариф не даёт часов)",
    );
    let dynamics = job
        .results()
        .into_iter()
        .flatten()
        .find_map(|answer| match answer {
            Answer::Dynamics(group, d) => Some((group, d)),
            Answer::Stats(_) => None,
        });
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
                { figures(&ui, &props.campaign, &placed, (group, &read)) }
            }
        </div>
    }
}

/// The figures of the placements as `placed`, over the promoted channel's readings of `group`.
fn figures(
    ui: &Ui,
    campaign: &Campaign,
    placed: &Placed,
    (group, read): (PeriodGroup, &[Reading]),
) -> Html {
    let figures = campaign_figures(&placed.placements, &placed.growth, read);
    let table = {
        let table = placements_export(&placed.placements, &figures);
        Callback::from(move |()| table.clone())
    };
    html! {
        <>
            { placements_table(ui, campaign, placed, &figures) }
            <ExportButtons name="campaign" {table} label={ui.t("Placements:", "Размещения:")} />
            { totals(ui, &figures) }
            { chart(ui, placed, (group, read)) }
            <p class="hint">{ fill(ui.t(
                "Reach at N h: the post's views in its first N hours. CPM = price / (reach / 1000). Gain beyond normal: the promoted channel's subscriber change in the N hours after the placement minus its normal change over N hours (the median over every hour of the last 90 days). Placements within {w} h of each other share one window, whose gain is split by reach at 24 h. Cost per subscriber = price / gain. A date left empty is the hour the post's statistics start (UTC).",
                "Охват за N ч: просмотры поста за первые N часов. CPM = цена / (охват / 1000). Прирост сверх обычного: изменение подписчиков продвигаемого канала за N часов после размещения минус его обычное изменение за N часов (медиана по всем часам за 90 дней). Размещения в пределах {w} ч друг от друга делят одно окно, прирост которого делится по охвату за 24 ч. Цена подписчика = цена / прирост. Пустая дата — час, с которого начинается статистика поста (UTC).",
            ), &[("w", WINDOW_HOURS.to_string())]) }</p>
            if group == PeriodGroup::Day {
                <p class="hint campaign-daily">{ ui.t(
                    "The plan gives no hourly subscribers: the gains are read from counts at the end of each day, so a placement counts from the end of its day, and placements sharing a window usually have no normal change to compare with.",
                    "Тариф не даёт подписчиков по часам: прирост считается по числу на конец каждого дня, так что размещение учитывается с конца своего дня, а для размещений с общим окном, как правило, не найти обычного изменения для сравнения.",
                ) }</p>
            }
        </>
    }
}

/// The figures of a placement over [`AFTER_HOURS`], in the table's order: each one's name (its
/// cells are `{name}_24h`, `{name}_48h`) and heading (`{h}`: the hours).
fn measures(ui: &Ui) -> [(&'static str, &'static str); 4] {
    [
        ("reach", ui.t("Reach {h} h", "Охват {h} ч")),
        ("cpm", "CPM {h} h"),
        (
            "gain",
            ui.t("Gain beyond normal {h} h", "Прирост сверх обычного {h} ч"),
        ),
        (
            "cost_per_subscriber",
            ui.t("Cost per subscriber {h} h", "Цена подписчика {h} ч"),
        ),
    ]
}

/// Subscribers gained, to a tenth (a window's gain is split between its placements), in the
/// interface's language.
fn tenths(ui: &Ui, x: f64) -> String {
    group_decimal(x, 1, ui.locale)
}

/// A figure's cell with its name and exact value for tests outside the project.
fn cell(ui: &Ui, name: String, figure: Figure, show: impl Fn(f64) -> String) -> Html {
    html! {
        <td class="cs-num" data-figure={name} data-value={figure.ok().map(|v| v.to_string())}>
            { figure_html(ui, figure, show) }
        </td>
    }
}

fn placements_table(
    ui: &Ui,
    campaign: &Campaign,
    placed: &Placed,
    figures: &CampaignFigures,
) -> Html {
    let count = |x: f64| ui.count(x.round() as i64);
    let rows = campaign.placements.iter().enumerate().map(|(i, entry)| {
        let at = placed.at[i].map(|(at, from_post)| {
            let shown = at.format("%Y-%m-%d %H:%M").to_string();
            if from_post {
                format!("{shown} {}", ui.t("(from the post)", "(по посту)"))
            } else {
                shown
            }
        });
        let typed = &placed.placements;
        let Some((index, f)) = placed.index[i].and_then(|k| Some((k, figures.placements.get(k)?))) else {
            return html! {
                <tr data-placement={i.to_string()}>
                    <td>{ entry.post.clone() }</td>
                    <td colspan="11" class="muted">{ ui.t(
                        "No date: type one, or refresh to take it from the post's statistics.",
                        "Нет даты: введите её или обновите, чтобы взять её из статистики поста.") }</td>
                </tr>
            };
        };
        let currency = typed[index].currency.clone();
        let price = |x: f64| money(ui, x, &currency);
        let shared: Vec<String> = f
            .shared_with
            .iter()
            .map(|&k| typed[k].post.clone())
            .collect();
        html! {
            <tr data-placement={i.to_string()}>
                <td>
                    // A numeric post ID has no address to open.
                    if typed[index].post.contains('/') {
                        <a href={format!("https://{}", typed[index].post)}
                            target="_blank" rel="noopener noreferrer">{ entry.post.clone() }</a>
                    } else {
                        { entry.post.clone() }
                    }
                </td>
                <td>{ at.unwrap_or_default() }</td>
                <td class="cs-num">{ entry.price.clone() }</td>
                { for measures(ui).iter().zip([f.reach, f.cpm, f.gain, f.cost_per_subscriber]).flat_map(|((name, _), figures)| {
                    let (count, price) = (&count, &price);
                    figures.into_iter().zip(AFTER_HOURS).map(move |(figure, hours)| {
                        let show = |x: f64| match *name {
                            "reach" => count(x),
                            "gain" => tenths(ui, x),
                            _ => price(x),
                        };
                        cell(ui, format!("{name}_{hours}h"), figure, show)
                    })
                }) }
                <td data-figure="share" data-value={f.share.to_string()}>
                    if !shared.is_empty() {
                        { fill(ui.t("Shares a window with {posts}; its part: {share}",
                            "Делит окно с {posts}; его доля: {share}"),
                            &[("posts", shared.join(", ")), ("share", format_rate(f.share * 100.0, ui.locale))]) }
                    }
                </td>
            </tr>
        }
    });
    let head =
        |text: &str, class: Option<&'static str>| html! { <th {class}>{ text.to_owned() }</th> };
    let measured = measures(ui)
        .into_iter()
        .flat_map(|(_, title)| AFTER_HOURS.map(|hours| fill(title, &[("h", hours.to_string())])));
    let heads: Html = [
        head(ui.t("Ad post", "Рекламный пост"), None),
        head(ui.t("Date (UTC)", "Дата (UTC)"), None),
        head(ui.t("Price", "Цена"), Some("cs-num")),
    ]
    .into_iter()
    .chain(measured.map(|title| head(&title, Some("cs-num"))))
    .chain([head(ui.t("Shared window", "Общее окно"), None)])
    .collect();
    html! {
        <div class="cs-table-scroll campaign-placements">
            <table class="cs-table">
                <thead><tr>{ heads }</tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        </div>
    }
}

fn totals(ui: &Ui, figures: &CampaignFigures) -> Html {
    let t = &figures.totals;
    let price = |x: f64| money(ui, x, &t.currency);
    let count = |x: f64| ui.count(x.round() as i64);
    let item = |name: &'static str,
                label: &'static str,
                figure: Figure,
                show: &dyn Fn(f64) -> String| {
        html! {
            <div class="report-figure" data-figure={name} data-value={figure.ok().map(|v| v.to_string())}>
                <dt>{ label }</dt>
                <dd class="cs-num">{ figure_html(ui, figure, show) }</dd>
            </div>
        }
    };
    html! {
        <dl class="report-figures campaign-totals">
            { item("total_price", ui.t("Spent", "Потрачено"), t.price, &price) }
            { item("total_reach_24h", ui.t("Reach at 24 h", "Охват за 24 ч"), t.reach_24h, &count) }
            { item("total_cpm_24h", ui.t("CPM at 24 h", "CPM за 24 ч"), t.cpm_24h, &price) }
            { item("total_gain_24h", ui.t("Gain beyond normal, 24 h", "Прирост сверх обычного, 24 ч"), t.gain[0], &|x| tenths(ui, x)) }
            { item("total_gain_48h", ui.t("Gain beyond normal, 48 h", "Прирост сверх обычного, 48 ч"), t.gain[1], &|x| tenths(ui, x)) }
            { item("total_cost_per_subscriber_24h", ui.t("Cost per subscriber, 24 h", "Цена подписчика, 24 ч"), t.cost_per_subscriber[0], &price) }
            { item("total_cost_per_subscriber_48h", ui.t("Cost per subscriber, 48 h", "Цена подписчика, 48 ч"), t.cost_per_subscriber[1], &price) }
        </dl>
    }
}

/// The promoted channel's subscribers (readings of `group`) from two days before the first
/// placement to four after the last (all 90 days when none is placed), the placements marked.
fn chart(ui: &Ui, placed: &Placed, (group, read): (PeriodGroup, &[Reading])) -> Html {
    if read.is_empty() {
        return Html::default();
    }
    let first = placed.placements.iter().map(|p| p.at).min();
    let last = placed.placements.iter().map(|p| p.at).max();
    let shown: Vec<Reading> = read
        .iter()
        .filter(|r| first.is_none_or(|first| r.period.end() > first - TimeDelta::days(2)))
        .filter(|r| last.is_none_or(|last| r.period.start() < last + TimeDelta::days(4)))
        .copied()
        .collect();
    let marks: Vec<(f64, String)> = placed
        .placements
        .iter()
        .map(|p| (p.at.and_utc().timestamp() as f64, p.post.clone()))
        .collect();
    let series = Rc::new(chart_series(
        ui.locale,
        [("", &shown[..])].into_iter(),
        false,
    ));
    let y_title = if group == PeriodGroup::Day {
        ui.t(
            "Promoted channel's subscribers by day; lines mark the placements",
            "Подписчики продвигаемого канала по дням; линии — размещения",
        )
    } else {
        ui.t(
            "Promoted channel's subscribers by hour; lines mark the placements",
            "Подписчики продвигаемого канала по часам; линии — размещения",
        )
    };
    html! {
        <LineChart {series} marks={Rc::new(marks)} height={180.0} {y_title}
            x_format={period_axis(group, ui.locale)} />
    }
}
