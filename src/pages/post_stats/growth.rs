//! The growth of a post's views: per period or cumulative, as a chart and a table.

use std::rc::Rc;

use yew::prelude::*;

use crate::api::limits::VIEW_GROWTH_WINDOW_DAYS;
use crate::api::model::{Records, ViewGrowthPoint};
use crate::api::ViewGrowthGroup;
use crate::components::status::{unreadable_note, EmptyState, RecordNoun};
use crate::components::{Column, DataTable, LineChart, Row, TableCell};
use crate::export::Cell;
use crate::figures::growth::{cumulative, growth_series};
use crate::figures::points::{Point, Series};
use crate::format::fill;
use crate::format::{format_growth_date, growth_label};
use crate::pages::form::ViewSwitch;
use crate::ui::{use_ui, Ui};
use crate::view::sort::SortKey;

#[derive(Properties, PartialEq)]
pub(super) struct GrowthProps {
    pub(super) group: ViewGrowthGroup,
    pub(super) points: Rc<Records<ViewGrowthPoint>>,
}

#[function_component(GrowthView)]
pub(super) fn growth_view(props: &GrowthProps) -> Html {
    let ui = use_ui();
    let running_total = use_state(|| false);
    let (growth, unreadable) = growth_series(props.group, &props.points);
    let heading = html! { <><h2>{ ui.t("Growth of views", "Рост просмотров") }</h2>
    { unreadable_note(&ui, RecordNoun::GrowthPoints, [&*props.points]) }</> };
    if growth.is_empty() {
        return html! {
            <section class="growth">
                { heading }
                <EmptyState title={ui.t("No view-growth data", "Нет данных о росте просмотров")}
                    hint={fill(ui.t(
                        "The service tracks views over the first {n} days after publication.",
                        "Сервис отслеживает просмотры в первые {n} дней после публикации.",
                    ), &[("n", VIEW_GROWTH_WINDOW_DAYS.to_string())])} />
            </section>
        };
    }
    let totals = cumulative(&growth);
    let labels: Vec<String> = growth
        .iter()
        .map(|g| growth_label(props.group, g.at, ui.locale))
        .collect();
    let shown: Vec<f64> = if *running_total {
        totals.clone()
    } else {
        growth.iter().map(|g| g.views).collect()
    };
    let points = growth
        .iter()
        .zip(&shown)
        .zip(&labels)
        .map(|((g, y), label)| Point {
            x: g.at.and_utc().timestamp() as f64,
            y: *y,
            label: label.clone(),
        })
        .collect();
    let series = Rc::new(vec![Series {
        name: String::new(),
        points,
    }]);
    let (title, per_period_label) = match props.group {
        ViewGrowthGroup::Hour => (
            ui.t("Views gained per hour", "Прирост просмотров за час"),
            ui.t("Per hour", "За час"),
        ),
        ViewGrowthGroup::Day => (
            ui.t("Views gained per day", "Прирост просмотров за день"),
            ui.t("Per day", "За день"),
        ),
    };
    let y_title = if *running_total {
        ui.t(
            "Views gained in all",
            "Прирост просмотров нарастающим итогом",
        )
    } else {
        title
    };
    let on_mode = {
        let running_total = running_total.clone();
        Callback::from(move |chosen: usize| running_total.set(chosen == 1))
    };
    let columns = Rc::new(vec![
        Column::text("date", ui.t("Date", "Дата")),
        Column::numeric("growth", per_period_label),
        Column::numeric("total", ui.t("In all", "Всего")),
    ]);
    let rows: Vec<Row> = growth
        .iter()
        .zip(&totals)
        .zip(&labels)
        .map(|((g, total), label)| {
            vec![
                TableCell::new(
                    html! { { label.clone() } },
                    SortKey::Number(g.at.and_utc().timestamp() as f64),
                    Cell::Text(format_growth_date(props.group, g.at)),
                ),
                number_cell(&ui, g.views),
                number_cell(&ui, *total),
            ]
        })
        .collect();
    html! {
        <section class="growth">
            { heading }
            <div class="growth-mode">
                <ViewSwitch label={ui.t("Show", "Показать")}
                    labels={vec![per_period_label, ui.t("Cumulative", "Нарастающим итогом")]}
                    chosen={usize::from(*running_total)} onchange={on_mode} />
            </div>
            <div class="growth-chart">
                <LineChart {series} y_title={y_title} />
            </div>
            if unreadable > 0 {
                <p class="muted">{ fill(ui.t(
                    "{n} records with an unreadable date were left out.",
                    "Записей с нечитаемой датой пропущено: {n}.",
                ), &[("n", unreadable.to_string())]) }</p>
            }
            <div class="growth-table">
                <DataTable {columns} rows={Rc::new(rows)} export_name="view-growth"
                    caption={ui.t("Growth of views", "Рост просмотров")} />
            </div>
        </section>
    }
}

/// A value that may be fractional (`viewsGrowth` is a number): whole ones shown as counts.
fn number_cell(ui: &Ui, value: f64) -> TableCell {
    if value.fract() == 0.0 && value.abs() < 9e15 {
        TableCell::count(ui, value as i64)
    } else {
        TableCell::new(
            html! { { format!("{value:.2}") } },
            SortKey::Number(value),
            Cell::Float(value),
        )
    }
}
