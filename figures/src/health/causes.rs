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

/// The instants of the posts of `found`, but those of the channel named `own` (its username,
/// with or without `@`): what a campaign leaves out of the promoted channel's normal change, as
/// the console's campaign tracker and the MCP tool `campaign_gains` read it.
pub fn mention_instants(found: &PostSearchResponse, own: Option<&str>) -> Vec<NaiveDateTime> {
    let own = own.map(|name| name.trim_start_matches('@').to_lowercase());
    found
        .items
        .iter()
        .filter(|p| {
            let name = found
                .channel_of(p)
                .map(|c| c.username.trim_start_matches('@').to_lowercase());
            name.is_none() || name != own
        })
        .filter_map(|p| DateTime::from_timestamp(p.date, 0).map(|t| t.naive_utc()))
        .collect()
}

/// The newest message number of the channel `@username` (service ID `channel_id`) that `found`
/// names: one of its own posts in the answer, or a link `t.me/username/N` in another channel's
/// post. What the reach profile can start from without asking the reader for a post.
pub fn recent_post(found: &PostSearchResponse, channel_id: i64, username: &str) -> Option<u64> {
    let username = username.trim().trim_start_matches('@');
    if username.is_empty() {
        return None;
    }
    let prefix = format!("{}/", crate::api::ids::LINK_HOST).to_ascii_lowercase();
    let name = username.to_ascii_lowercase();
    let own = found
        .items
        .iter()
        .filter(|p| p.channel_id == channel_id)
        .filter_map(|p| message_of(&p.link.to_ascii_lowercase(), &prefix, &name));
    let linked = found.items.iter().flat_map(|p| {
        let text = p.text.to_ascii_lowercase();
        text.match_indices(&prefix)
            .filter_map(|(at, _)| message_of(&text[at..], &prefix, &name))
            .collect::<Vec<_>>()
    });
    own.chain(linked).max()
}

/// The message number of `text` when it starts with the link of a post of `name`
/// (`t.me/name/123`, the number ending at the first character that is not a digit).
fn message_of(text: &str, prefix: &str, name: &str) -> Option<u64> {
    let text = text.strip_prefix("https://").unwrap_or(text);
    let rest = text
        .strip_prefix(prefix)?
        .strip_prefix(name)?
        .strip_prefix('/')?;
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    // `t.me/name/123x` is not a link to post 123; a name that merely starts with `name`
    // (`t.me/name2/5`) was refused by the `/` above.
    match rest[digits.len()..].chars().next() {
        Some(c) if c.is_alphanumeric() || c == '_' => None,
        _ => digits.parse().ok().filter(|n| *n > 0),
    }
}

/// How many of `causes` (mentions found by search, not placements) went out at or after `since`.
pub fn mentions_since(causes: &[Cause], since: NaiveDateTime) -> usize {
    causes
        .iter()
        .filter(|c| !c.placement && c.at >= since)
        .count()
}
