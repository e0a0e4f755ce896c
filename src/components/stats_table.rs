//! The counters of several posts or stories as one sortable, exported table with a totals row:
//! the posts-stats and stories-stats pages and the multi-post widget all show it.

use std::rc::Rc;

use yew::prelude::*;

use super::table::{Column, DataTable, Row, TableCell};
use crate::export::Cell;
use crate::ui::Ui;
use crate::view::counts::count_i64;
use crate::view::multi_stats::{totals, Counters};
use crate::view::sort::SortKey;

/// What the table says around its rows.
pub struct StatsTableText {
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
    let sums = totals(rows);
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

    html! {
        <DataTable columns={Rc::new(columns)} rows={Rc::new(table_rows)} totals={Some(total_row)}
            export_name={text.export_name} caption={text.caption} />
    }
}
