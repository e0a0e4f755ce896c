//! A watch's history on the Watchlist page: a small chart of what its checks measured and a
//! table of every reading, under a `<details>` that starts closed.

use std::rc::Rc;

use yew::prelude::*;

use super::watch::{Watch, WatchKind};
use crate::components::table::{Column, Row, TableCell};
use crate::components::{DataTable, LineChart};
use crate::export::Cell;
use crate::figures::watch_history::{history_series, Figure};
use crate::format::fill;
use crate::ui::{use_ui, Ui};
use crate::view::sort::SortKey;

/// The figures a check of `kind` measures, the first charted.
fn figures(kind: WatchKind) -> &'static [Figure] {
    match kind {
        WatchKind::Channel => &[Figure::Subscribers],
        WatchKind::PostSearch => &[Figure::NewPosts, Figure::TopViews],
        WatchKind::KeywordMentions => &[Figure::Mentions, Figure::NewMentions],
    }
}

/// The name of `figure`, and the key of its column.
fn named(ui: &Ui, figure: Figure) -> (&'static str, &'static str) {
    match figure {
        Figure::Subscribers => (ui.t("Subscribers", "Подписчики"), "subscribers"),
        Figure::NewPosts => (ui.t("New posts", "Новые посты"), "new-posts"),
        Figure::TopViews => (
            ui.t("Most views of a post", "Больше всего просмотров поста"),
            "top-views",
        ),
        Figure::Mentions => (ui.t("Mentions", "Упоминания"), "mentions"),
        Figure::NewMentions => (ui.t("New mentions", "Новые упоминания"), "new-mentions"),
    }
}

#[derive(Properties, PartialEq)]
pub struct WatchHistoryProps {
    pub watch: Watch,
}

#[function_component(WatchHistory)]
pub fn watch_history(props: &WatchHistoryProps) -> Html {
    let ui = use_ui();
    let history = &props.watch.history;
    if history.is_empty() {
        return Html::default();
    }
    let figures = figures(props.watch.target.kind());
    let (name, _) = named(&ui, figures[0]);
    let series = {
        let ui = ui.clone();
        Rc::new(vec![history_series(history, figures[0], name, move |at| {
            ui.timestamp(at)
        })])
    };
    let x_format = {
        let ui = ui.clone();
        Callback::from(move |x: f64| ui.date(x as i64))
    };
    let mut columns = vec![Column::numeric("at", ui.t("Checked", "Проверено"))];
    columns.extend(figures.iter().map(|&figure| {
        let (title, key) = named(&ui, figure);
        Column::numeric(key, title)
    }));
    let rows: Vec<Row> = history
        .iter()
        .rev()
        .map(|reading| {
            let mut row = vec![TableCell::new(
                html! { { ui.timestamp(reading.at) } },
                SortKey::Number(reading.at as f64),
                Cell::Int(reading.at),
            )];
            row.extend(figures.iter().map(|figure| match figure.of(reading) {
                Some(n) => TableCell::count(&ui, i64::try_from(n).unwrap_or(i64::MAX)),
                None => TableCell::missing(),
            }));
            row
        })
        .collect();
    html! {
        <details class="watch-history">
            <summary>{ fill(ui.t("History: {n} checks", "История: проверок — {n}"),
                &[("n", history.len().to_string())]) }</summary>
            <LineChart {series} y_title={name} height={160.0} {x_format} />
            <DataTable columns={Rc::new(columns)} rows={Rc::new(rows)}
                export_name={format!("watch-history-{}", props.watch.id)}
                caption={ui.t("Readings of each check", "Показатели каждой проверки")} />
        </details>
    }
}
