//! A page of post-search results as a CSV or JSON file.

use crate::api::model::{ForwardedFrom, PostSearchResponse};
use crate::export::{Cell, Table};
use crate::format::iso_seconds;
use crate::sanitize::{plain_text, sanitize};
use crate::ui::Ui;
use crate::view::engagement::{er, err, subscribers_of, Figure, PostCounts};

/// A figure as a number, or an empty cell where it cannot be computed.
fn figure_cell(figure: Figure) -> Cell {
    figure.map_or(Cell::Empty, Cell::Float)
}

/// The page of posts as a file: every field of the posts, the texts as plain text.
pub(super) fn export_table(ui: &Ui, data: &PostSearchResponse) -> Table {
    let headers = [
        "id",
        "date",
        "timestamp",
        "channel_id",
        "channel_title",
        "channel_username",
        "link",
        "views",
        "shares_count",
        "comments_count",
        "reactions_count",
        "er_percent",
        "err_percent",
        "media_type",
        "forwarded_from",
        "is_deleted",
        "snippet",
        "text",
    ];
    let rows = data
        .items
        .iter()
        .map(|post| {
            let channel = data.channel_of(post);
            let forwarded = match &post.forwarded_from {
                Some(ForwardedFrom::Channel(id)) => Cell::Int(*id),
                Some(ForwardedFrom::Other(value)) => Cell::Text(value.to_string()),
                None => Cell::Empty,
            };
            vec![
                Cell::Int(post.id),
                ui.local(post.date)
                    .map_or(Cell::Empty, |at| Cell::Text(iso_seconds(at))),
                Cell::Int(post.date),
                Cell::Int(post.channel_id),
                Cell::from(channel.map(|c| c.title.clone())),
                Cell::from(channel.map(|c| c.username.clone())),
                Cell::from(post.url()),
                Cell::from(post.views),
                Cell::from(post.shares_count),
                Cell::from(post.comments_count),
                Cell::from(post.reactions_count),
                figure_cell(er(&PostCounts::from(post))),
                figure_cell(err(post.views, subscribers_of(data, post))),
                Cell::from(post.media.as_ref().map(|m| m.media_type.clone())),
                forwarded,
                Cell::Int(i64::from(post.is_deleted)),
                Cell::Text(plain_text(&sanitize(&post.snippet))),
                Cell::Text(plain_text(&sanitize(&post.text))),
            ]
        })
        .collect();
    Table {
        headers: headers.iter().map(|h| (*h).to_owned()).collect(),
        rows,
    }
}
