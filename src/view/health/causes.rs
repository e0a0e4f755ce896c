//! The known causes of a channel's rises: the posts of other channels that mention it, found by
//! one post search for its link or its username, and the placements of campaigns that promote it.

use chrono::{DateTime, DurationRound, NaiveDateTime, TimeDelta, Utc};

use super::Cause;
use crate::api::limits::POST_SEARCH_LIMIT_MAX;
use crate::api::model::PostSearchResponse;
use crate::api::ops::PostSearch;

/// The post search for the mentions of `@username` over the `days` before `now`: its link or its
/// username (the extended syntax's `|` is OR), newest first, with the channels that posted them.
/// A search returns at most [`POST_SEARCH_LIMIT_MAX`] posts: a channel mentioned more often has
/// its older mentions unknown.
pub fn mention_search(username: &str, days: u32, now: DateTime<Utc>) -> Option<PostSearch> {
    let username = username.trim().trim_start_matches('@');
    if username.is_empty() {
        return None;
    }
    let link = format!("{}/{username}", crate::api::ids::LINK_HOST);
    let start = now - TimeDelta::days(i64::from(days));
    Some(PostSearch {
        limit: Some(POST_SEARCH_LIMIT_MAX),
        // By the hour, so that the same search asked again within it is one cached request.
        start_date: Some(start.duration_trunc(TimeDelta::hours(1)).unwrap_or(start)),
        extended: true,
        extended_syntax: true,
        ..PostSearch::new(format!("{link} | @{username}"))
    })
}

/// The posts of `found` by channels other than `channel_id` (a channel naming itself brings
/// nobody), as causes: when each went out, its channel's `@username` (or title), its page
/// (`https://t.me/name/123`; empty when the link is not one) and views.
pub fn mentions(found: &PostSearchResponse, channel_id: i64) -> Vec<Cause> {
    found
        .items
        .iter()
        .filter(|p| p.channel_id != channel_id)
        .filter_map(|p| {
            let at: NaiveDateTime = DateTime::from_timestamp(p.date, 0)?.naive_utc();
            let channel = found.channels.iter().find(|c| c.id == p.channel_id);
            let source = channel
                .map(|c| {
                    if c.username.is_empty() {
                        c.title.clone()
                    } else {
                        c.username.clone()
                    }
                })
                .unwrap_or_else(|| format!("#{}", p.channel_id));
            Some(Cause {
                at,
                source,
                post: p.url().unwrap_or_default(),
                views: Some(p.views),
                placement: false,
            })
        })
        .collect()
}
