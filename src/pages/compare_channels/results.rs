//! What the answers say so far: a row per channel in a sortable, exported table, the channels
//! whose answers were errors, and the subscriber curves on one chart.

use std::rc::Rc;

use yew::prelude::*;

use super::params::{Answer, Layout};
use crate::api::model::Channel;
use crate::api::PeriodGroup;
use crate::components::chart::period_axis;
use crate::components::{Column, DataTable, ErrorBanner, Later, LineChart, Row, TableCell};
use crate::export::Cell;
use crate::figures::compare::{CompareRow, CHANGE_DAYS};
use crate::figures::dynamics::{chart_series, readings, Reading};
use crate::figures::multi_stats::Counters;
use crate::figures::restrictions::flag_text;
use crate::format::{fill, format_percent};
use crate::pages::form::ViewSwitch;
use crate::request::Job;
use crate::route::{route_href, ChannelQuery, Route, RouteLink};
use crate::ui::{use_ui, Ui};
use crate::view::labels::channel_ref;
use crate::view::sort::SortKey;

#[derive(Properties, PartialEq)]
pub(super) struct ComparisonProps {
    pub(super) job: Job<Answer>,
    pub(super) layout: Rc<Layout>,
}

/// What one channel's answers give so far.
struct Compared {
    name: String,
    channel: Option<Rc<Channel>>,
    readings: Vec<Reading>,
    row: Option<CompareRow>,
}

fn compared(job: &Job<Answer>, layout: &Layout, now: i64) -> Vec<Compared> {
    layout
        .units
        .iter()
        .zip(&layout.names)
        .zip(&layout.listed)
        .map(|((&(info, history, stats), name), listed)| {
            let channel = job.result(info).and_then(Answer::channel);
            let readings = job
                .result(history)
                .and_then(Answer::subscribers)
                .map(|records| readings(PeriodGroup::Day, &records).0)
                .unwrap_or_default();
            let counters: Vec<Counters> = stats
                .and_then(|i| job.result(i)?.post_stats())
                .map(|records| records.iter().map(Counters::of).collect())
                .unwrap_or_default();
            let complete = stats
                .is_none_or(|i| job.result(i).and_then(Answer::post_stats).is_some())
                || listed.is_empty();
            let row = channel
                .as_ref()
                .filter(|_| complete)
                .map(|c| CompareRow::of(c, &readings, &counters, now));
            Compared {
                name: channel
                    .as_ref()
                    .map(|c| c.title.trim().to_owned())
                    .filter(|t| !t.is_empty())
                    .unwrap_or_else(|| name.clone()),
                channel,
                readings,
                row,
            }
        })
        .collect()
}

#[function_component(Comparison)]
pub(super) fn comparison(props: &ComparisonProps) -> Html {
    let ui = use_ui();
    let relative = use_state(|| true);
    let now = (js_sys::Date::now() / 1000.0) as i64;
    let channels = compared(&props.job, &props.layout, now);
    if channels
        .iter()
        .all(|c| c.channel.is_none() && c.readings.is_empty())
    {
        return Html::default();
    }
    let series = chart_series(
        ui.locale,
        channels
            .iter()
            .filter(|c| !c.readings.is_empty())
            .map(|c| (c.name.as_str(), c.readings.as_slice())),
        *relative,
    );
    let y_title = if *relative {
        ui.t(
            "Change since the first day, %",
            "Изменение с первого дня, %",
        )
    } else {
        ui.t("Subscribers", "Подписчики")
    };
    let on_view = {
        let relative = relative.clone();
        Callback::from(move |chosen: usize| relative.set(chosen == 1))
    };
    let failed: Vec<(String, Rc<crate::api::Error>)> = props
        .layout
        .units
        .iter()
        .zip(&props.layout.names)
        .filter_map(|(&(info, history, stats), name)| {
            let job = &props.job;
            let error = job
                .error(info)
                .or_else(|| job.error(history))
                .or_else(|| stats.and_then(|i| job.error(i)))?;
            Some((name.clone(), error))
        })
        .collect();
    html! {
        <>
            { for failed.into_iter().map(|(name, error)| html! {
                <div class="compare-failed" data-channel={name.clone()}>
                    <p class="compare-failed-name">{ name }</p>
                    <ErrorBanner {error} />
                </div>
            }) }
            { table(&ui, &channels) }
            <Later>
                <ViewSwitch label={ui.t("Chart", "График")}
                    labels={vec![ui.t("Subscribers", "Подписчики"), ui.t("Change, %", "Изменение, %")]}
                    chosen={usize::from(*relative)} onchange={on_view} />
                <div class="compare-chart">
                    <LineChart series={Rc::new(series)} {y_title}
                        x_format={period_axis(PeriodGroup::Day, ui.locale)} />
                </div>
            </Later>
        </>
    }
}

fn table(ui: &Ui, channels: &[Compared]) -> Html {
    let mut columns = vec![
        Column::text("channel", ui.t("Channel", "Канал")),
        Column::numeric("subscribers", ui.t("Subscribers", "Подписчики")),
    ];
    for days in CHANGE_DAYS {
        let n = [("n", days.to_string())];
        columns.push(Column::numeric(
            format!("change-{days}"),
            fill(ui.t("Change, {n} days", "Изменение за {n} дн."), &n),
        ));
        columns.push(Column::numeric(
            format!("percent-{days}"),
            fill(ui.t("Change, {n} days, %", "Изменение за {n} дн., %"), &n),
        ));
    }
    columns.extend([
        Column::numeric(
            "citation-index",
            ui.t("Citation index", "Индекс цитирования"),
        ),
        Column::numeric(
            "err",
            ui.t("ERR of listed posts, %", "ERR указанных постов, %"),
        ),
        Column::text("verified", ui.t("Verified", "Верификация")),
        Column::text("restrictions", ui.t("Restrictions", "Ограничения")),
        Column::numeric("age", ui.t("Age, days", "Возраст, дней")),
    ]);
    let rows: Vec<Row> = channels
        .iter()
        .filter_map(|c| Some((c, c.channel.as_ref()?, c.row.as_ref()?)))
        .map(|(c, channel, row)| {
            let link = route_href(Route::ChannelInfo, &ChannelQuery::new(channel_ref(channel)));
            let mut cells = vec![
                TableCell::new(
                    html! { <RouteLink href={link}>{ c.name.clone() }</RouteLink> },
                    SortKey::Text(c.name.to_lowercase()),
                    Cell::Text(c.name.clone()),
                ),
                row.subscribers.map_or_else(TableCell::missing, |n| {
                    TableCell::count(ui, i64::try_from(n).unwrap_or(i64::MAX))
                }),
            ];
            for change in &row.changes {
                match change {
                    Ok(change) => {
                        cells.push(TableCell::new(
                            html! { { crate::figures::counts::signed(change.net, ui.locale) } },
                            SortKey::Number(change.net as f64),
                            Cell::Int(change.net),
                        ));
                        cells.push(TableCell::figure(ui, change.percent, |v| {
                            format_percent(v, ui.locale)
                        }));
                    }
                    Err(missing) => {
                        cells.push(TableCell::figure(ui, Err(*missing), |v| v.to_string()));
                        cells.push(TableCell::figure(ui, Err(*missing), |v| v.to_string()));
                    }
                }
            }
            cells.push(
                row.citation_index
                    .map_or_else(TableCell::missing, TableCell::decimal),
            );
            cells.push(TableCell::rate(ui, row.err));
            cells.push(TableCell::text(if row.verified {
                ui.t("Yes", "Да")
            } else {
                ui.t("No", "Нет")
            }));
            let restrictions: Vec<String> = row
                .restrictions
                .iter()
                .map(|f| flag_text(f, ui.locale))
                .collect();
            cells.push(TableCell::text(if restrictions.is_empty() {
                ui.t("None", "Нет").to_owned()
            } else {
                restrictions.join("; ")
            }));
            cells.push(
                row.age_days
                    .map_or_else(TableCell::missing, |d| TableCell::count(ui, d)),
            );
            cells
        })
        .collect();
    if rows.is_empty() {
        return Html::default();
    }
    html! {
        <div class="compare-table">
            <DataTable columns={Rc::new(columns)} rows={Rc::new(rows)} export_name="compare-channels"
                caption={ui.t("Channels side by side", "Каналы рядом")} />
            <p class="hint">{ ui.t(
                "Change over N days: the last day's subscribers against those N days earlier. ERR: average views of the posts listed / subscribers × 100%.",
                "Изменение за N дней: подписчики последнего дня против подписчиков N дней назад. ERR: средние просмотры указанных постов / подписчики × 100%.",
            ) }</p>
        </div>
    }
}
