//! The counters of several posts or stories as one sortable, exported table with a totals row:
//! the posts-stats and stories-stats pages and the multi-post widget all show it.

use std::rc::Rc;

use yew::prelude::*;

use super::figure::{
    er_definition, err_definition, figure_html, figures_export, missing_html, rate_html,
};
use super::table::{Column, DataTable, Row, TableCell};
use crate::export::Cell;
use crate::figures::counts::count_i64;
use crate::figures::engagement::{er, err, Missing, PostCounts};
use crate::figures::multi_stats::Counters;
use crate::figures::named::{Extremes, SetFigures};
use crate::ui::Ui;
use crate::view::sort::SortKey;

/// What the table says around its rows.
pub struct StatsTableText {
    /// The channel's subscribers, the base of ERR (unknown: ERR says why it is missing).
    pub subscribers: Option<u64>,
    /// The header of the ID column ("Post ID", "Story ID").
    pub id_title: AttrValue,
    /// Exported files are named `<export_name>.csv` and `<export_name>.json`.
    pub export_name: AttrValue,
    pub caption: AttrValue,
}

/// Views, shares, comments (when any record has them: stories have none) and reactions, one row
/// per record and a row of totals. `id_link` shows an ID (e.g. as a link to the post); the bare
/// number without it. A function of its caller's render rather than a component: the table
/// inside is the component, and keeps its sort across renders.
pub fn stats_table(
    ui: &Ui,
    rows: &[Counters],
    text: StatsTableText,
    id_link: Option<&dyn Fn(i64) -> Html>,
) -> Html {
    // One pass for the totals row: its sums, the average ER and the channel's ERR.
    let figures = SetFigures::of(rows, text.subscribers);
    let sums = figures.totals;
    let with_comments = sums.comments.is_some();

    let mut columns = vec![
        Column::numeric("id", text.id_title),
        Column::numeric("views", ui.t("Views", "Просмотры")),
        Column::numeric("shares", ui.t("Shares", "Пересылки")),
    ];
    if with_comments {
        columns.push(Column::numeric("comments", ui.t("Comments", "Комментарии")));
    }
    columns.push(Column::numeric("reactions", ui.t("Reactions", "Реакции")));
    columns.push(Column::numeric("er", ui.t("ER, %", "ER, %")));
    columns.push(Column::numeric("err", ui.t("ERR, %", "ERR, %")));
    let subscribers = text.subscribers;

    let count = |n: u64| TableCell::count(ui, count_i64(n));
    let id_cell = |id: i64| {
        let display = match id_link {
            Some(link) => link(id),
            None => html! { { id.to_string() } },
        };
        TableCell::new(display, SortKey::Number(id as f64), Cell::Int(id))
    };
    let table_rows: Vec<Row> = rows
        .iter()
        .map(|r| {
            let mut row = vec![id_cell(r.id), count(r.views), count(r.shares)];
            if with_comments {
                row.push(r.comments.map_or_else(TableCell::missing, count));
            }
            row.push(count(r.reactions));
            row.push(TableCell::rate(ui, er(&PostCounts::from(r))));
            row.push(TableCell::rate(ui, err(r.views, subscribers)));
            row
        })
        .collect();
    let mut total_row = vec![
        TableCell::text(ui.t("Total", "Итого")),
        count(sums.views),
        count(sums.shares),
    ];
    if let Some(comments) = sums.comments {
        total_row.push(count(comments));
    }
    total_row.push(count(sums.reactions));
    // The totals row holds the set's figures: average ER and the channel's ERR.
    total_row.push(TableCell::rate(ui, figures.average_er));
    total_row.push(TableCell::rate(ui, figures.err));

    html! {
        <DataTable columns={Rc::new(columns)} rows={Rc::new(table_rows)} totals={Some(total_row)}
            export_name={text.export_name} caption={text.caption} />
    }
}

/// The set's figures above its table: average and median reach, the channel's ERR, the average
/// ER, and the best and the worst by views and by ER (their IDs); with a figures file
/// (`<export_name>-figures`) holding them and the totals row.
pub fn stats_summary(
    ui: &Ui,
    rows: &[Counters],
    subscribers: Option<u64>,
    export_name: &str,
) -> Html {
    let figures = SetFigures::of(rows, subscribers);
    let reach = |figure| figure_html(ui, figure, |v: f64| ui.count(v.round() as i64));
    let extremes = |pair: Option<Extremes>| match pair {
        Some(Extremes { best, worst }) => html! {
            <>
                <span class="stats-best">{ "▲ " }{ best.to_string() }</span>
                { " " }
                <span class="stats-worst">{ "▼ " }{ worst.to_string() }</span>
            </>
        },
        None => missing_html(ui, Missing::NoPosts),
    };
    let term = |label: &'static str, value: Html| {
        html! { <div class="stats-figure"><dt>{ label }</dt><dd>{ value }</dd></div> }
    };
    html! {
        <>
            <dl class="stats-summary">
                { term(ui.t("Average reach", "Средний охват"), reach(figures.average_reach)) }
                { term(ui.t("Median reach", "Медианный охват"), reach(figures.median_reach)) }
                { term("ERR", rate_html(ui, figures.err)) }
                { term(ui.t("Average ER", "Средний ER"), rate_html(ui, figures.average_er)) }
                { term(ui.t("Best and worst by views", "Лучший и худший по просмотрам"),
                    extremes(figures.by_views)) }
                { term(ui.t("Best and worst by ER", "Лучший и худший по ER"), extremes(figures.by_er)) }
            </dl>
            <p class="hint stats-defined">
                { er_definition(ui) }{ "; " }{ err_definition(ui) }{ ". " }
                { ui.t("ERR of the set: its average reach / subscribers × 100%.",
                    "ERR набора: средний охват / подписчики × 100%.") }
            </p>
            { figures_export(ui, format!("{export_name}-figures"), figures.named()) }
        </>
    }
}
