//! The counters of several posts or stories as one sortable, exported table with a totals row:
//! the posts-stats and stories-stats pages and the multi-post widget all show it.

use std::rc::Rc;

use yew::prelude::*;

use super::table::{Column, DataTable, Row, TableCell};
use crate::export::Cell;
use crate::ui::use_ui;
use crate::view::counts::count_i64;
use crate::view::multi_stats::{totals, Counters};
use crate::view::sort::SortKey;

#[derive(Properties)]
pub struct StatsTableProps {
    pub rows: Rc<Vec<Counters>>,
    /// The header of the ID column ("Post ID", "Story ID").
    pub id_title: AttrValue,
    /// What an ID shows, e.g. a link to the post; the bare number when absent.
    #[prop_or_default]
    pub id_link: Option<Callback<i64, Html>>,
    /// Exported files are named `<export_name>.csv` and `<export_name>.json`.
    pub export_name: AttrValue,
    pub caption: AttrValue,
}

impl PartialEq for StatsTableProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.rows, &other.rows)
            && self.id_title == other.id_title
            && self.id_link == other.id_link
            && self.export_name == other.export_name
            && self.caption == other.caption
    }
}

/// Views, shares, comments (when any record has them: stories have none) and reactions, one row
/// per record and a row of totals.
#[function_component(StatsTable)]
pub fn stats_table(props: &StatsTableProps) -> Html {
    let ui = use_ui();
    let sums = totals(&props.rows);
    let with_comments = sums.comments.is_some();

    let mut columns = vec![
        Column::numeric("id", props.id_title.clone()),
        Column::numeric("views", ui.t("Views", "Просмотры")),
        Column::numeric("shares", ui.t("Shares", "Пересылки")),
    ];
    if with_comments {
        columns.push(Column::numeric("comments", ui.t("Comments", "Комментарии")));
    }
    columns.push(Column::numeric("reactions", ui.t("Reactions", "Реакции")));

    let count = |n: u64| TableCell::count(&ui, count_i64(n));
    let id_cell = |id: i64| {
        let display = match &props.id_link {
            Some(link) => link.emit(id),
            None => html! { { id.to_string() } },
        };
        TableCell::new(display, SortKey::Number(id as f64), Cell::Int(id))
    };
    let rows: Vec<Row> = props
        .rows
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
        <DataTable columns={Rc::new(columns)} rows={Rc::new(rows)} totals={Some(total_row)}
            export_name={props.export_name.clone()} caption={props.caption.clone()} />
    }
}
