//! The answer of subscriber dynamics: the chart (counts or change), the summary of each
//! channel's change and the table of every period.

use std::collections::BTreeMap;
use std::rc::Rc;

use chrono::NaiveDateTime;
use yew::prelude::*;

use super::params::Dynamics;
use crate::components::chart::period_axis;
use crate::components::status::EmptyState;
use crate::components::{Column, DataTable, LineChart, Row, TableCell};
use crate::export::Cell;
use crate::figures::dynamics::{readings, x_of, Reading};
use crate::format::Period;
use crate::pages::form::ViewSwitch;
use crate::sanitize::MarkupWriter;
use crate::ui::use_ui;
use crate::view::dynamics;
use crate::view::sort::SortKey;
use crate::view::unreadable::{records_note, RecordNoun};

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
    let borrowed: Vec<dynamics::ChannelReadings> = channels
        .iter()
        .map(|c| dynamics::ChannelReadings {
            name: &c.name,
            readings: &c.readings,
        })
        .collect();
    let (series, y_title) = dynamics::dynamics_chart(ui.locale, &borrowed, *relative);
    let on_view = {
        let relative = relative.clone();
        Callback::from(move |chosen: usize| relative.set(chosen == 1))
    };
    let (switch_label, views) = dynamics::switch_labels(ui.locale);
    let note = records_note(
        ui.locale,
        RecordNoun::Readings,
        props.data.channels.iter().map(|c| &*c.records),
    );
    // The same markup as the gateway writes into the page (`view::dynamics::write_dynamics_answer`).
    let mut notes = MarkupWriter::default();
    dynamics::write_dynamics_notes(&mut notes, ui.locale, unreadable, note.as_deref());
    let mut summary = MarkupWriter::with_capacity(2048);
    dynamics::write_dynamics_summary(&mut summary, ui.locale, &borrowed);

    html! {
        <>
            <ViewSwitch label={switch_label} labels={views.to_vec()}
                chosen={usize::from(*relative)} onchange={on_view} />
            <div class="dynamics-chart">
                <LineChart series={Rc::new(series)} {y_title} x_format={period_axis(group, ui.locale)} />
            </div>
            { Html::from_html_unchecked(AttrValue::from(notes.into_string())) }
            { Html::from_html_unchecked(AttrValue::from(summary.into_string())) }
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
