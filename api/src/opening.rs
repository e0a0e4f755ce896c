//! The API calls a console page makes as it opens at an address, known from the address alone, so
//! that the server of the page can start them with the page (a `Link: <…>; rel=preload` header, as
//! the gateway sends) rather than after the console's module has arrived and started.
//!
//! It lives in the API crate, not in the console, because the console and the gateway must build
//! the same URLs byte for byte, and the gateway depends on this crate alone (never on the console
//! or on yew). The page path and the query key it reads here are the console's: its tests hold
//! its route to [`CHANNEL_INFO_PATH`] and its links to [`CHANNEL_QUERY_KEY`].
//!
//! Only pages whose answer the gateway writes into the page are listed: channel info, post
//! statistics and subscriber dynamics (for an address that names no day). Their calls name no
//! day: others read periods as days in the visitor's time zone, which the server of the page
//! cannot know.
//!
//! A listed page builds its calls with the functions here, so the preloaded URLs and the console's
//! own match byte for byte and the browser hands the preloaded answers to the console's calls:
//! the API is asked once. They match while the console uses its default base URL (`/api`) and no
//! token of its own, as it does behind the gateway, and within the hour that the history's start
//! is rounded to.

use chrono::{DateTime, Utc};
use serde::Deserialize;

use crate::client::path_and_query;
use crate::ids::ChannelId;
use crate::ids::IdError;
use crate::ids::PostId;
use crate::operation::Operation;
use crate::ops::{ChannelInfo, PostStats, SubscriberDynamics};
use crate::params::{PeriodGroup, ViewGrowthGroup};

mod dynamics;

pub use dynamics::{
    asked_dynamics, dynamics_request, dynamics_requests, DynamicsQuery, DYNAMICS_MAX_CHANNELS,
    SUBSCRIBER_DYNAMICS_PATH,
};

/// The path of the console's channel-info page (`Route::ChannelInfo`).
pub const CHANNEL_INFO_PATH: &str = "/channel-info";

/// The query key of the channel the channel-info page opens with (`?channel=…`, as typed: `@name`,
/// a link or the service's ID).
pub const CHANNEL_QUERY_KEY: &str = "channel";

/// The days of subscribers channel info shows: its change over 1, 7 and 30 days and their chart.
pub const CHANNEL_HISTORY_DAYS: u32 = 30;

/// The path of the console's post-statistics page (`Route::PostStats`).
pub const POST_STATS_PATH: &str = "/post-stats";

/// Post statistics' first call: the post its address names (`post`, as typed: a link or the
/// service's ID), its view growth by `group` (`hour`, or else by day, the API's default).
pub fn post_stats_request(post: &str, group: &str) -> Result<PostStats, IdError> {
    let mut request = PostStats::new(post.trim().parse::<PostId>()?);
    request.group = match group {
        "hour" => ViewGrowthGroup::Hour,
        _ => ViewGrowthGroup::Day,
    };
    Ok(request)
}

/// The calls post statistics makes beside its first, together with it: the view growth by hour
/// (behind reach at 12, 24 and 48 hours) unless the first is by hour, and the channel's card
/// (its subscribers, behind ERR) when the post's link names its channel.
pub fn post_stats_companions(first: &PostStats) -> (Option<PostStats>, Option<ChannelInfo>) {
    let by_hour = (first.group != ViewGrowthGroup::Hour).then(|| PostStats {
        group: ViewGrowthGroup::Hour,
        ..first.clone()
    });
    let channel = match &first.post_id {
        PostId::Link { username, .. } => format!("@{username}").parse::<ChannelId>().ok(),
        _ => None,
    };
    (by_hour, channel.map(ChannelInfo::new))
}

/// The post-statistics page's query, read as the console's router reads it.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
pub struct PostStatsQuery {
    pub post: String,
    pub group: String,
}

/// The post and grouping the post-statistics page's `query` names, as typed.
pub fn asked_post(query: &str) -> Option<PostStatsQuery> {
    serde_urlencoded::from_str(query).ok()
}

fn post_stats_calls(query: &str) -> Option<Vec<String>> {
    let query = asked_post(query)?;
    let first = post_stats_request(&query.post, &query.group).ok()?;
    first.validate().ok()?;
    let (by_hour, channel) = post_stats_companions(&first);
    let mut calls = vec![path_and_query(&first)];
    calls.extend(by_hour.map(|r| path_and_query(&r)));
    calls.extend(channel.map(|r| path_and_query(&r)));
    Some(calls)
}

/// Channel info's first call: the channel its address names (`channel`, as typed), read with
/// [`ChannelId`]'s parser.
pub fn channel_info_request(channel: &str) -> Result<ChannelInfo, IdError> {
    channel.parse::<ChannelId>().map(ChannelInfo::new)
}

/// Channel info's second call, beside the channel's own: its last 30 days of subscribers by day.
pub fn channel_history(channel: &ChannelId, now: DateTime<Utc>) -> SubscriberDynamics {
    SubscriberDynamics::last_days(channel, PeriodGroup::Day, CHANNEL_HISTORY_DAYS, now)
}

/// The calls the page at `path`, with `query` (without its `?`), makes as it opens at `now`: each
/// an operation's path and query below the API's base URL, without the token
/// ([`path_and_query`]). None for a page not listed, nor for an address whose form the page
/// would refuse (it then shows why, and asks nothing). A trailing `/` of the path does not count,
/// as for the console's router.
pub fn opening_calls(path: &str, query: &str, now: DateTime<Utc>) -> Vec<String> {
    match path.trim_end_matches('/') {
        CHANNEL_INFO_PATH => channel_info_calls(query, now).unwrap_or_default(),
        POST_STATS_PATH => post_stats_calls(query).unwrap_or_default(),
        SUBSCRIBER_DYNAMICS_PATH => dynamics::subscriber_dynamics_calls(query).unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// The channel-info page's query, read as the console's router reads its own (`serde_urlencoded`
/// into a struct whose missing fields are empty): the field is named [`CHANNEL_QUERY_KEY`], which
/// a test holds it to.
#[derive(Debug, Default, Deserialize)]
#[serde(default)]
struct ChannelInfoQuery {
    channel: String,
}

/// The channel the channel-info page's `query` (without its `?`) names, as typed, read as the
/// console's router reads it; `None` for a query it cannot read.
pub fn asked_channel(query: &str) -> Option<String> {
    serde_urlencoded::from_str::<ChannelInfoQuery>(query)
        .ok()
        .map(|q| q.channel)
}

/// The page reads its query as the router does, then asks for [`channel_info_request`] and
/// [`channel_history`] together.
fn channel_info_calls(query: &str, now: DateTime<Utc>) -> Option<Vec<String>> {
    let query: ChannelInfoQuery = serde_urlencoded::from_str(query).ok()?;
    let info = channel_info_request(&query.channel).ok()?;
    let history = channel_history(&info.channel_id, now);
    info.validate().ok()?;
    history.validate().ok()?;
    Some(vec![path_and_query(&info), path_and_query(&history)])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_query_is_read_under_its_key() {
        let query = format!("{CHANNEL_QUERY_KEY}=%40alpha&other=1");
        let read: ChannelInfoQuery = serde_urlencoded::from_str(&query).unwrap();
        assert_eq!(read.channel, "@alpha");
    }
}
