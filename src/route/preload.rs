//! The API calls a page makes as it opens at an address, known from the address alone, so that
//! the server of the page can start them with the page (a `Link: <…>; rel=preload` header, as the
//! gateway sends) rather than after the console's module has arrived and started.
//!
//! Only pages whose largest paint is their answer are listed: channel info, where the card's
//! description outgrows everything the page's shell paints. On the other pages the shell's paint
//! is the largest, and some read periods as days in the visitor's time zone, which the server of
//! the page cannot know.
//!
//! A listed page builds its calls with the functions here, so the preloaded URLs and the console's
//! own match byte for byte and the browser hands the preloaded answers to the console's calls:
//! the API is asked once. They match while the console uses its default base URL (`/api`) and no
//! token of its own, as it does behind the gateway, and within the hour that the history's start
//! is rounded to.

use chrono::{DateTime, Utc};

use super::{ChannelQuery, Route};
use crate::api::client::path_and_query;
use crate::api::ids::IdError;
use crate::api::ops::{ChannelInfo, SubscriberDynamics};
use crate::api::{ChannelId, Operation, PeriodGroup};
use crate::view::dynamics::last_days_request;

/// The days of subscribers channel info shows: its change over 1, 7 and 30 days and their chart.
pub const CHANNEL_HISTORY_DAYS: u32 = 30;

/// Channel info's first call: the channel its address names, read with [`ChannelId`]'s parser.
pub fn channel_info_request(query: &ChannelQuery) -> Result<ChannelInfo, IdError> {
    query.channel.parse::<ChannelId>().map(ChannelInfo::new)
}

/// Channel info's second call, beside the channel's own: its last 30 days of subscribers by day.
pub fn channel_history(channel: &ChannelId, now: DateTime<Utc>) -> SubscriberDynamics {
    last_days_request(channel, PeriodGroup::Day, CHANNEL_HISTORY_DAYS, now)
}

/// The calls the page at `path`, with `query` (without its `?`), makes as it opens at `now`: each
/// an operation's path and query below the API's base URL, without the token
/// ([`path_and_query`]). None for a page not listed, nor for an address whose form the page
/// would refuse (it then shows why, and asks nothing).
pub fn opening_calls(path: &str, query: &str, now: DateTime<Utc>) -> Vec<String> {
    match Route::of_path(path) {
        Route::ChannelInfo => channel_info_calls(query, now).unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// The page reads its query as the router does (`serde_urlencoded`), then asks for
/// [`channel_info_request`] and [`channel_history`] together.
fn channel_info_calls(query: &str, now: DateTime<Utc>) -> Option<Vec<String>> {
    let query: ChannelQuery = serde_urlencoded::from_str(query).ok()?;
    let info = channel_info_request(&query).ok()?;
    let history = channel_history(&info.channel_id, now);
    info.validate().ok()?;
    history.validate().ok()?;
    Some(vec![path_and_query(&info), path_and_query(&history)])
}
