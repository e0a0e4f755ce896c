//! Where a post went: its reposts into other channels and its mentions elsewhere, as tables
//! that link each channel to its page.

use std::rc::Rc;

use yew::prelude::*;

use super::channels::{channel_cell, use_channel_names};
use crate::api::model::{Channel, Forward, PostMention, Records};
use crate::components::status::{unreadable_note, EmptyState, RecordNoun};
use crate::components::{Column, DataTable, Row, TableCell};
use crate::export::Cell;
use crate::ui::{use_ui, Ui};
use crate::view::sort::SortKey;

/// A link to the page of a post, or the raw link as text when it is not a safe web address.
fn post_link(link: &str, url: Option<String>) -> TableCell {
    let text = link.trim().to_owned();
    let display = match url {
        Some(href) => html! {
            <a href={href} target="_blank" rel="noopener noreferrer">{ text.clone() }</a>
        },
        None if text.is_empty() => html! { { "—" } },
        None => html! { { text.clone() } },
    };
    let sort = SortKey::Text(text.to_lowercase());
    TableCell::new(display, sort, Cell::Text(text))
}

fn time_cell(ui: &Ui, secs: i64) -> TableCell {
    TableCell::new(
        html! { <time>{ ui.timestamp(secs) }</time> },
        SortKey::Number(secs as f64),
        Cell::Int(secs),
    )
}

#[derive(Properties, PartialEq)]
pub(super) struct ForwardsProps {
    /// Channels the answer names, asked for no further.
    pub(super) channels: Rc<Vec<Channel>>,
    pub(super) forwards: Rc<Records<Forward>>,
}

#[function_component(ForwardsView)]
pub(super) fn forwards_view(props: &ForwardsProps) -> Html {
    let ui = use_ui();
    let names = use_channel_names(
        props.forwards.iter().map(|f| f.channel_id).collect(),
        props.channels.clone(),
    );
    let heading = html! { <><h2>{ ui.t("Reposts", "Репосты") }</h2>
    { unreadable_note(&ui, RecordNoun::Reposts, [&*props.forwards]) }</> };
    if props.forwards.is_empty() {
        return html! {
            <section class="forwards-list">
                { heading }
                <EmptyState title={ui.t("No reposts", "Репостов нет")} />
            </section>
        };
    }
    let columns = Rc::new(vec![
        Column::text("post", ui.t("Repost", "Репост")),
        Column::text("date", ui.t("Published", "Опубликован")),
        Column::text("channel", ui.t("Channel", "Канал")),
        Column::text("peer-type", ui.t("Type", "Тип")),
    ]);
    let rows: Vec<Row> = props
        .forwards
        .iter()
        .map(|f| {
            vec![
                post_link(&f.post_link, f.url()),
                time_cell(&ui, f.post_date),
                channel_cell(&ui, f.channel_id, &names),
                f.peer_type
                    .as_ref()
                    .map_or_else(TableCell::missing, |k| TableCell::text(k.as_str())),
            ]
        })
        .collect();
    html! {
        <section class="forwards-list">
            { heading }
            <DataTable {columns} rows={Rc::new(rows)} export_name="reposts"
                caption={ui.t("Reposts into other channels", "Репосты в другие каналы")} />
        </section>
    }
}

/// The longest raw JSON shown for a mention of an unknown shape.
const RAW_MAX_CHARS: usize = 300;

/// A mention whose element shape the spec does not show, as compact JSON text.
fn raw_text(mention: &PostMention) -> String {
    let text = mention.raw.to_string();
    if text.chars().count() <= RAW_MAX_CHARS {
        text
    } else {
        let mut short: String = text.chars().take(RAW_MAX_CHARS).collect();
        short.push('…');
        short
    }
}

#[derive(Properties, PartialEq)]
pub(super) struct MentionsProps {
    /// Channels the answer names, asked for no further.
    pub(super) channels: Rc<Vec<Channel>>,
    pub(super) mentions: Rc<Records<PostMention>>,
}

#[function_component(MentionsView)]
pub(super) fn mentions_view(props: &MentionsProps) -> Html {
    let ui = use_ui();
    let names = use_channel_names(
        props.mentions.iter().filter_map(|m| m.channel_id).collect(),
        props.channels.clone(),
    );
    let heading = html! { <><h2>{ ui.t("Mentions", "Упоминания") }</h2>
    { unreadable_note(&ui, RecordNoun::Mentions, [&*props.mentions]) }</> };
    if props.mentions.is_empty() {
        return html! {
            <section class="mentions-list">
                { heading }
                <EmptyState title={ui.t("No mentions", "Упоминаний нет")} />
            </section>
        };
    }
    let columns = Rc::new(vec![
        Column::text("post", ui.t("Post", "Пост")),
        Column::text("date", ui.t("Published", "Опубликован")),
        Column::text("channel", ui.t("Channel", "Канал")),
        Column::text("peer-type", ui.t("Type", "Тип")),
        Column::text("data", ui.t("Data as sent", "Данные как есть")),
    ]);
    let rows: Vec<Row> = props
        .mentions
        .iter()
        .map(|m| {
            let known = m.post_link.is_some() || m.post_date.is_some() || m.channel_id.is_some();
            let link = match &m.post_link {
                Some(link) => post_link(link, m.url()),
                None => m
                    .post_id
                    .clone()
                    .map_or_else(TableCell::missing, TableCell::text),
            };
            vec![
                link,
                m.post_date
                    .map_or_else(TableCell::missing, |secs| time_cell(&ui, secs)),
                m.channel_id
                    .map_or_else(TableCell::missing, |id| channel_cell(&ui, id, &names)),
                m.peer_type
                    .as_ref()
                    .map_or_else(TableCell::missing, |k| TableCell::text(k.as_str())),
                if known {
                    TableCell::missing()
                } else {
                    let raw = raw_text(m);
                    TableCell::new(
                        html! { <code class="cs-raw">{ raw.clone() }</code> },
                        SortKey::Text(raw.to_lowercase()),
                        Cell::Text(m.raw.to_string()),
                    )
                },
            ]
        })
        .collect();
    html! {
        <section class="mentions-list">
            { heading }
            <DataTable {columns} rows={Rc::new(rows)} export_name="mentions"
                caption={ui.t("Mentions of the post in other channels",
                    "Упоминания поста в других каналах")} />
        </section>
    }
}
