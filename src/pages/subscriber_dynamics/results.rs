//! The answer of subscriber dynamics: the chart (counts or change), the summary of each
//! channel's change and the table of every period.

use std::collections::BTreeMap;
use std::rc::Rc;

use chrono::NaiveDateTime;
use yew::prelude::*;

use super::params::Dynamics;
use crate::components::chart::period_axis;
use crate::components::status::{unreadable_note, EmptyState, RecordNoun};
use crate::components::{Column, DataTable, LineChart, Row, TableCell};
use crate::export::Cell;
use crate::figures::counts::{signed, Trend};
use crate::figures::dynamics::{chart_series, readings, summarize, x_of, Change, Reading};
use crate::format::fill;
use crate::format::{format_percent, Period};
use crate::pages::form::ViewSwitch;
use crate::ui::use_ui;
use crate::view::sort::SortKey;

#[derive(Properties)]
pub(super) struct DynamicsViewProps {
    pub(super) data: Rc<Dynamics>,
}

impl PartialEq for DynamicsViewProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.data, &other.data)
    }
}

/// One channel's readings in time order, and how many of its records could not be read.
struct ChannelReadings {
    name: String,
    readings: Vec<Reading>,
    unreadable: usize,
}

/// An answer compared by address: the readings are worked out once per answer, not again when
/// the view switches between counts and change.
struct SameAnswer(Rc<Dynamics>);

impl PartialEq for SameAnswer {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}

#[function_component(DynamicsView)]
pub(super) fn dynamics_view(props: &DynamicsViewProps) -> Html {
    let ui = use_ui();
    // Channels of very different sizes share one axis: as a change since the first period, a
    // small channel's curve stays readable next to a big one.
    let relative = use_state_eq(|| false);
    let group = props.data.group;
    let channels = use_memo(SameAnswer(props.data.clone()), |SameAnswer(answer)| {
        answer
            .channels
            .iter()
            .map(|c| {
                let (readings, unreadable) = readings(answer.group, &c.records);
                ChannelReadings {
                    name: c.name.clone(),
                    readings,
                    unreadable,
                }
            })
            .collect::<Vec<_>>()
    });
    if channels.iter().all(|c| c.readings.is_empty()) {
        return html! {
            <EmptyState title={ui.t("No subscriber records for this period.",
                    "За этот период записей о подписчиках нет.")}
                hint={ui.t("Try a longer period or another grouping; the plan may also limit how far back data goes.",
                    "Попробуйте период длиннее или другую группировку; глубину данных может ограничивать и тариф.")} />
        };
    }
    let unreadable: usize = channels.iter().map(|c| c.unreadable).sum();

    let series = chart_series(
        ui.locale,
        channels
            .iter()
            .map(|c| (c.name.as_str(), c.readings.as_slice())),
        *relative,
    );
    let on_view = {
        let relative = relative.clone();
        Callback::from(move |chosen: usize| relative.set(chosen == 1))
    };
    let y_title = if *relative {
        ui.t(
            "Change since the first period, %",
            "Изменение с первого периода, %",
        )
    } else {
        ui.t("Subscribers", "Подписчики")
    };
    let axis_format = period_axis(group, ui.locale);

    let summary_rows = channels.iter().map(|channel| {
        let name = &channel.name;
        let Some(s) = summarize(&channel.readings) else {
            return html! {
                <tr data-channel={name.to_string()}>
                    <th scope="row">{ name.to_string() }</th>
                    <td colspan="6" class="muted">{ ui.t("No records", "Нет записей") }</td>
                </tr>
            };
        };
        let reading = |r: &Reading| {
            html! {
                <>
                    <span class="summary-value">{ ui.count(r.count) }</span>
                    <span class="muted summary-period">{ r.period.label(ui.locale) }</span>
                </>
            }
        };
        let change = |c: Option<Change>| match c {
            Some(c) => html! {
                <>
                    <span class="summary-value">{ signed(c.by, ui.locale) }</span>
                    <span class="muted summary-period">{ c.to.label(ui.locale) }</span>
                </>
            },
            None => html! { { "—" } },
        };
        let trend = Trend::of(s.net).class();
        html! {
            <tr data-channel={name.to_string()}>
                <th scope="row">{ name.to_string() }</th>
                <td class="summary-first">{ reading(&s.first) }</td>
                <td class="summary-last">{ reading(&s.last) }</td>
                <td class={classes!("summary-net", "cs-num", trend)}>{ signed(s.net, ui.locale) }</td>
                <td class={classes!("summary-percent", "cs-num", trend)}>
                    { s.percent.map_or_else(|| "—".to_owned(), |p| format_percent(p, ui.locale)) }
                </td>
                <td class="summary-gain">{ change(s.gain) }</td>
                <td class="summary-drop">{ change(s.drop) }</td>
            </tr>
        }
    });

    html! {
        <>
            <ViewSwitch label={ui.t("Chart", "График")}
                labels={vec![ui.t("Subscribers", "Подписчики"), ui.t("Change, %", "Изменение, %")]}
                chosen={usize::from(*relative)} onchange={on_view} />
            <div class="dynamics-chart">
                <LineChart series={Rc::new(series)} {y_title} x_format={axis_format} />
            </div>
            if unreadable > 0 {
                <p class="muted">{ fill(ui.t(
                    "{n} records with an unreadable period were left out.",
                    "Записей с нечитаемым периодом пропущено: {n}.",
                ), &[("n", unreadable.to_string())]) }</p>
            }
            { unreadable_note(&ui, RecordNoun::Readings, props.data.channels.iter().map(|c| &*c.records)) }
            <div class="dynamics-summary">
                <h2>{ ui.t("Change over the period", "Изменение за период") }</h2>
                // Scrolls where the columns do not fit, and holds no link: a keyboard reaches
                // it itself.
                <div class="cs-table-scroll" tabindex="0" role="region"
                    aria-label={ui.t("Change over the period", "Изменение за период")}>
                    <table class="cs-table">
                        <thead>
                            <tr>
                                <th scope="col">{ ui.t("Channel", "Канал") }</th>
                                <th scope="col">{ ui.t("First", "Начало") }</th>
                                <th scope="col">{ ui.t("Last", "Конец") }</th>
                                <th scope="col" class="cs-num">{ ui.t("Net change", "Изменение") }</th>
                                <th scope="col" class="cs-num">{ ui.t("Change, %", "Изменение, %") }</th>
                                <th scope="col">{ ui.t("Largest gain", "Наибольший прирост") }</th>
                                <th scope="col">{ ui.t("Largest drop", "Наибольшее падение") }</th>
                            </tr>
                        </thead>
                        <tbody>{ for summary_rows }</tbody>
                    </table>
                </div>
            </div>
            <PeriodTable channels={channels.clone()} />
        </>
    }
}

#[derive(Properties)]
struct PeriodTableProps {
    channels: Rc<Vec<ChannelReadings>>,
}

impl PartialEq for PeriodTableProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.channels, &other.channels)
    }
}

/// Every period, newest first as the API lists them, with a column per channel.
#[function_component(PeriodTable)]
fn period_table(props: &PeriodTableProps) -> Html {
    let ui = use_ui();
    let channels = &props.channels;
    let mut table: BTreeMap<NaiveDateTime, (Period, Vec<Option<i64>>)> = BTreeMap::new();
    for (column, channel) in channels.iter().enumerate() {
        for r in &channel.readings {
            let row = table
                .entry(r.period.start())
                .or_insert_with(|| (r.period, vec![None; channels.len()]));
            if let Some(cell) = row.1.get_mut(column) {
                *cell = Some(r.count);
            }
        }
    }
    let mut columns = vec![Column::text("period", ui.t("Period", "Период"))];
    columns.extend(
        channels
            .iter()
            .enumerate()
            .map(|(i, c)| Column::numeric(format!("channel-{i}"), c.name.clone())),
    );
    let rows: Vec<Row> = table
        .values()
        .rev()
        .map(|(period, counts)| {
            let mut row = vec![TableCell::new(
                html! { { period.label(ui.locale) } },
                SortKey::Number(x_of(period)),
                Cell::Text(period.to_api_string()),
            )];
            row.extend(counts.iter().map(|count| match count {
                Some(n) => TableCell::count(&ui, *n),
                None => TableCell::missing(),
            }));
            row
        })
        .collect();
    html! {
        <div class="stats-table dynamics-table">
            <DataTable columns={Rc::new(columns)} rows={Rc::new(rows)}
                export_name="subscriber-dynamics"
                caption={ui.t("Subscribers by period", "Подписчики по периодам")} />
        </div>
    }
}
