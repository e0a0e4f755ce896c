//! A sortable data table with CSV and JSON export of exactly what it shows; its order is
//! [`crate::view::sort`].

use std::rc::Rc;

use yew::prelude::*;

use super::ExportButtons;
use crate::export::{Cell, Table};
use crate::route::{route_href, ChannelQuery, Route, RouteLink};
use crate::ui::{use_ui, Ui};
use crate::view::sort::{self, Direction, Sort, SortKey};

/// A column of a [`DataTable`].
#[derive(Clone, Debug, PartialEq)]
pub struct Column {
    /// A stable name for the column (used in element attributes, not shown).
    pub key: AttrValue,
    /// The header, also the column's name in exported files.
    pub title: AttrValue,
    /// Right-aligned with tabular figures.
    pub numeric: bool,
}

impl Column {
    pub fn text(key: impl Into<AttrValue>, title: impl Into<AttrValue>) -> Self {
        Column {
            key: key.into(),
            title: title.into(),
            numeric: false,
        }
    }

    pub fn numeric(key: impl Into<AttrValue>, title: impl Into<AttrValue>) -> Self {
        Column {
            numeric: true,
            ..Column::text(key, title)
        }
    }
}

/// One cell: what is shown, what it sorts by, what is exported.
#[derive(Clone, Debug, PartialEq)]
pub struct TableCell {
    pub display: Html,
    pub sort: SortKey,
    pub export: Cell,
}

impl TableCell {
    pub fn new(display: Html, sort: SortKey, export: Cell) -> Self {
        TableCell {
            display,
            sort,
            export,
        }
    }

    /// Text shown, sorted and exported as is.
    pub fn text(text: impl Into<String>) -> Self {
        let text = text.into();
        TableCell {
            display: html! { { text.clone() } },
            sort: SortKey::Text(text.to_lowercase()),
            export: Cell::Text(text),
        }
    }

    /// A count shown with grouped thousands, exported as a number.
    pub fn count(ui: &Ui, n: i64) -> Self {
        TableCell {
            display: html! { { ui.count(n) } },
            sort: SortKey::Number(n as f64),
            export: Cell::Int(n),
        }
    }

    /// Text that may be absent or blank: trimmed, or the empty cell.
    pub fn maybe_text(text: Option<&str>) -> Self {
        text.map(str::trim)
            .filter(|t| !t.is_empty())
            .map_or_else(TableCell::missing, TableCell::text)
    }

    /// A channel's title (`#<id>` when it has none) linked to its channel info by `reference`;
    /// sorted and exported by the title.
    pub fn channel(reference: String, title: Option<&str>, id: i64) -> Self {
        let title = title
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map_or_else(|| format!("#{id}"), str::to_owned);
        let href = route_href(Route::ChannelInfo, &ChannelQuery::new(reference));
        TableCell {
            display: html! { <RouteLink {href}>{ title.clone() }</RouteLink> },
            sort: SortKey::Text(title.to_lowercase()),
            export: Cell::Text(title),
        }
    }

    /// A number shown with one decimal (a citation index), exported whole.
    pub fn decimal(x: f64) -> Self {
        TableCell {
            display: html! { { format!("{x:.1}") } },
            sort: SortKey::Number(x),
            export: Cell::Float(x),
        }
    }

    /// Nothing known: an empty cell, sorted last.
    pub fn missing() -> Self {
        TableCell {
            display: html! { { "—" } },
            sort: SortKey::Missing,
            export: Cell::Empty,
        }
    }
}

/// A row: one cell per column.
pub type Row = Vec<TableCell>;

/// The indices of the rows in the order the table shows them; ties keep the order they came in.
pub fn sorted_order(rows: &[Row], sort: Option<Sort>) -> Vec<usize> {
    let indices: Vec<usize> = (0..rows.len()).collect();
    sort::sorted(&indices, sort, |&i, column| {
        rows[i].get(column).map(|cell| &cell.sort)
    })
    .into_iter()
    .copied()
    .collect()
}

/// The rows in the order the table shows them.
pub fn sorted_rows(rows: &[Row], sort: Option<Sort>) -> Vec<&Row> {
    sorted_order(rows, sort)
        .into_iter()
        .map(|i| &rows[i])
        .collect()
}

/// A column before the data columns whose cells the caller draws (the boxes that pick rows, say),
/// never sorted nor exported: the table only keeps each cell with its row.
#[derive(Clone, PartialEq)]
pub struct LeadColumn {
    /// The class of its header and of each of its cells.
    pub class: AttrValue,
    /// The header's content.
    pub header: Html,
    /// One cell's content per row, in the rows' order.
    pub cells: Rc<Vec<Html>>,
}

/// The export of the given rows under the columns' titles.
pub fn export_table(columns: &[Column], rows: &[&Row]) -> Table {
    Table {
        headers: columns.iter().map(|c| c.title.to_string()).collect(),
        rows: rows
            .iter()
            .map(|row| row.iter().map(|cell| cell.export.clone()).collect())
            .collect(),
    }
}

/// Rows drawn before "Show all": a long table (744 hourly readings, 1,000 posts) costs more to
/// draw than anything else on its page, while its first screens are what gets read; sorting and
/// export always cover every row. Fifty rows are three screens, and one batch of post or story
/// statistics; under a month of hourly readings, 50 rows instead of 100 took the click to the
/// painted chart from 111 to 102 ms (medians of 15).
pub const ROWS_FIRST_SHOWN: usize = 50;

#[derive(Properties, PartialEq)]
pub struct DataTableProps {
    pub columns: Rc<Vec<Column>>,
    pub rows: Rc<Vec<Row>>,
    /// A last row of totals, never sorted and not exported.
    #[prop_or_default]
    pub totals: Option<Row>,
    /// Exported files are named `<export_name>.csv` and `<export_name>.json`.
    pub export_name: AttrValue,
    /// A caption naming the table for screen readers and above the table.
    #[prop_or_default]
    pub caption: Option<AttrValue>,
    /// A column of the caller's cells before the data columns.
    #[prop_or_default]
    pub lead: Option<LeadColumn>,
}

#[function_component(DataTable)]
pub fn data_table(props: &DataTableProps) -> Html {
    let ui = use_ui();
    let sort = use_state(|| None::<Sort>);
    let show_all = use_state_eq(|| false);
    let shown = sorted_order(&props.rows, *sort);
    let drawn = if *show_all {
        shown.len()
    } else {
        shown.len().min(ROWS_FIRST_SHOWN)
    };

    let export = {
        let (columns, rows, sort) = (props.columns.clone(), props.rows.clone(), *sort);
        Callback::from(move |()| export_table(&columns, &sorted_rows(&rows, sort)))
    };

    let headers = props.columns.iter().enumerate().map(|(index, column)| {
        let state = sort.filter(|s| s.column == index).map(|s| s.direction);
        let aria_sort = match state {
            Some(Direction::Ascending) => "ascending",
            Some(Direction::Descending) => "descending",
            None => "none",
        };
        let arrow = match state {
            Some(Direction::Ascending) => "▲",
            Some(Direction::Descending) => "▼",
            None => "↕",
        };
        let onclick = {
            let sort = sort.clone();
            Callback::from(move |_: MouseEvent| sort.set(Some(Sort::toggled(*sort, index))))
        };
        html! {
            <th scope="col" aria-sort={aria_sort} data-key={column.key.clone()}
                class={classes!(column.numeric.then_some("cs-num"))}>
                <button type="button" class="cs-table-sort" {onclick}>
                    { column.title.clone() }
                    <span class="cs-table-arrow" aria-hidden="true">{ arrow }</span>
                </button>
            </th>
        }
    });
    let lead = props.lead.as_ref();
    let lead_header = lead.map(
        |lead| html! { <th scope="col" class={lead.class.clone()}>{ lead.header.clone() }</th> },
    );
    // `None` for the totals row, whose lead cell stays empty.
    let lead_cell = |index: Option<usize>| {
        lead.map(|lead| {
            let content = index.and_then(|i| lead.cells.get(i)).cloned();
            html! { <td class={lead.class.clone()}>{ for content }</td> }
        })
    };
    let render_row = |row: &Row| {
        html! {
            { for props.columns.iter().enumerate().map(|(i, column)| html! {
                <td class={classes!(column.numeric.then_some("cs-num"))}>
                    { row.get(i).map(|cell| cell.display.clone()).unwrap_or_default() }
                </td>
            }) }
        }
    };
    let body = if shown.is_empty() {
        html! {
            <tr class="cs-table-empty">
                <td colspan={(props.columns.len() + usize::from(lead.is_some())).max(1).to_string()}>
                    { ui.t("Nothing found.", "Ничего не найдено.") }
                </td>
            </tr>
        }
    } else {
        shown[..drawn]
            .iter()
            .map(|&i| html! { <tr>{ lead_cell(Some(i)) }{ render_row(&props.rows[i]) }</tr> })
            .collect()
    };
    let more = (drawn < shown.len()).then(|| {
        let show_all = show_all.clone();
        html! {
            <button type="button" class="cs-button cs-button-quiet cs-table-more"
                onclick={Callback::from(move |_: MouseEvent| show_all.set(true))}>
                { crate::format::fill(
                    ui.t("Show all {n} rows", "Показать все строки: {n}"),
                    &[("n", ui.count(shown.len() as i64))],
                ) }
            </button>
        }
    });

    html! {
        <div class="cs-table-block">
            <ExportButtons name={props.export_name.clone()} table={export}
                disabled={shown.is_empty()} />
            <div class="cs-table-scroll">
                <table class="cs-table">
                    if let Some(caption) = &props.caption {
                        <caption>{ caption.clone() }</caption>
                    }
                    <thead><tr>{ lead_header }{ for headers }</tr></thead>
                    <tbody>{ body }</tbody>
                    if let Some(totals) = &props.totals {
                        <tfoot><tr class="cs-table-totals">{ lead_cell(None) }{ render_row(totals) }</tr></tfoot>
                    }
                </table>
            </div>
            { more }
        </div>
    }
}
