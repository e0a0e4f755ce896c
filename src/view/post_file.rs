//! Posts as a file (CSV or JSON), one row each: the page of the post-search page and every post a
//! whole-result analysis collected are written alike. Every field of a post; the date in the
//! console's zone beside its Unix seconds; the channel when the answer carried it; ER and ERR
//! (empty where they cannot be computed); the kind of media as the analysis counts it; the
//! snippet and the text as plain text.

use chrono::NaiveDateTime;

use crate::api::model::{Channel, ForwardedFrom, Post};
use crate::export::{Cell, Table};
use crate::format::iso_seconds;
use crate::sanitize::{plain_text, sanitize};

use crate::figures::engagement::{er, err, subscribers, PostCounts};
use crate::figures::media::MediaKind;
use crate::figures::search_analysis::Collected;

const HEADERS: [&str; 20] = [
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
    "media_kind",
    "forwarded_from",
    "is_deleted",
    "group_id",
    "snippet",
    "text",
];

/// `posts` as a file: `channel` finds a post's channel in the answers, `local` gives the wall
/// time of a Unix second in the zone the file is for.
pub fn posts_table<'a>(
    posts: impl IntoIterator<Item = &'a Post>,
    channel: impl Fn(&Post) -> Option<&'a Channel>,
    local: impl Fn(i64) -> Option<NaiveDateTime>,
) -> Table {
    let rows = posts
        .into_iter()
        .map(|post| row(post, channel(post), &local))
        .collect();
    Table {
        headers: HEADERS.map(str::to_owned).to_vec(),
        rows,
    }
}

fn row(
    post: &Post,
    channel: Option<&Channel>,
    local: &impl Fn(i64) -> Option<NaiveDateTime>,
) -> Vec<Cell> {
    let forwarded = match &post.forwarded_from {
        Some(ForwardedFrom::Channel(id)) => Cell::Int(*id),
        Some(ForwardedFrom::Other(value)) => Cell::Text(value.to_string()),
        None => Cell::Empty,
    };
    vec![
        Cell::Int(post.id),
        Cell::from(local(post.date).map(iso_seconds)),
        Cell::Int(post.date),
        Cell::Int(post.channel_id),
        Cell::from(channel.map(|c| c.title.clone())),
        Cell::from(channel.map(|c| c.username.clone())),
        Cell::from(post.url()),
        Cell::from(post.views),
        Cell::from(post.shares_count),
        Cell::from(post.comments_count),
        Cell::from(post.reactions_count),
        Cell::from(er(&PostCounts::from(post)).ok()),
        Cell::from(err(post.views, channel.and_then(subscribers)).ok()),
        Cell::from(post.media.as_ref().map(|m| m.media_type.clone())),
        Cell::from(MediaKind::of(post.media.as_ref()).key()),
        forwarded,
        Cell::Int(i64::from(post.is_deleted)),
        post.group_id.map_or(Cell::Empty, Cell::Int),
        Cell::Text(plain_text(&sanitize(&post.snippet))),
        Cell::Text(plain_text(&sanitize(&post.text))),
    ]
}

/// Every post collected as a file ([`posts_table`]) of a search analysis, dates at wall time by `local`.
pub fn collected_table(
    collected: &Collected,
    local: impl Fn(i64) -> Option<NaiveDateTime>,
) -> Table {
    posts_table(
        collected.posts(),
        |post| collected.channel(post.channel_id),
        local,
    )
}
