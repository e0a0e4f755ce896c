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
//! statistics, subscriber dynamics (for an address that names no day) and the first page of a
//! post search of any time. Their calls name no day: others read periods as days in the
//! visitor's time zone, which the server of the page cannot know.
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
use crate::ops::{ChannelInfo, PostSearch, PostStats, SubscriberDynamics};
use crate::params::{PeriodGroup, ViewGrowthGroup};

mod dynamics;

pub use dynamics::{
    asked_dynamics, dynamics_request, dynamics_requests, dynamics_requests_between, DynamicsQuery,
    DYNAMICS_MAX_CHANNELS, SUBSCRIBER_DYNAMICS_PATH,
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

/// The path of the console's post-search page (`Route::PostSearch`).
pub const POST_SEARCH_PATH: &str = "/post-search";

/// The periods the search forms offer, in days back from today (besides any time and a custom
/// range): the choices of their period select.
pub const SEARCH_PERIOD_PRESETS: &[u32] = &[7, 30, 90];

/// The preset among `presets` that a form's `period` names, matched as its select matches its
/// choices: `30` is one, `030` or ` 30` are not. The console's forms and the gateway's pages
/// read a period with it.
pub fn preset_named(presets: &[u32], period: &str) -> Option<u32> {
    presets
        .iter()
        .copied()
        .find(|days| days.to_string() == period)
}

/// A post search's address that names its text, page size and at most a preset period only
/// (all sources, no filter, the first page): the one whose call is known here. Another field is
/// read by the console's form (`pages/post_search/params.rs`) with its own parsers.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct PlainPostSearch {
    pub q: String,
    /// As typed: blank, or digits (the form's own parser reads the same number from them).
    pub limit: String,
    /// The days back from today of a preset period (`period=30`, one of
    /// [`SEARCH_PERIOD_PRESETS`]); `None` for any time. Its days are the visitor's, so its call
    /// is known only with the visitor's zone ([`post_search_request`]).
    pub period: Option<u32>,
}

/// The post-search page's query as the router reads it, each field as text.
#[derive(Debug, Default, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct PostSearchQuery {
    q: String,
    limit: String,
    offset: String,
    #[serde(flatten)]
    others: std::collections::BTreeMap<String, String>,
}

/// Whether `key` is a field of the console's post-search form other than `q`, `limit` and
/// `offset`: the API's parameters it sends as typed (not `extended`, which it reads as its own
/// `withoutChannels`), and its `period`. A key it does not know, it ignores.
fn post_search_field(key: &str) -> bool {
    matches!(key, "period" | "withoutChannels")
        || (PostSearch::PARAMS.contains(&key)
            && !matches!(key, "q" | "limit" | "offset" | "extended"))
}

/// The text and page size a post search's `query` names when it is a [`PlainPostSearch`]: no
/// other field of the form set, the first page (offset blank or zero), a limit of digits.
pub fn asked_post_search(query: &str) -> Option<PlainPostSearch> {
    let read: PostSearchQuery = serde_urlencoded::from_str(query).ok()?;
    let digits = |text: &str| text.len() <= 9 && text.bytes().all(|b| b.is_ascii_digit());
    let first_page = read.offset.bytes().all(|b| b == b'0');
    let mut period = None;
    for (key, value) in &read.others {
        if key == "period" && !value.is_empty() {
            period = Some(preset_named(SEARCH_PERIOD_PRESETS, value)?);
        } else if !value.is_empty() && post_search_field(key) {
            return None;
        }
    }
    (first_page && digits(read.limit.trim())).then(|| PlainPostSearch {
        q: read.q,
        limit: read.limit.trim().to_owned(),
        period,
    })
}

/// The post-search page's call for `asked` (with channels, as the form asks by default), over
/// `period`: the first and last second of its preset's days in the visitor's zone, read as the
/// console reads them (`format::last_days`, `format::local_day_range`); `None` for any time.
/// The console's form builds its own from the same function ([`post_search_page`]).
pub fn post_search_request(
    asked: &PlainPostSearch,
    period: Option<(DateTime<Utc>, DateTime<Utc>)>,
) -> PostSearch {
    let limit = (!asked.limit.is_empty()).then(|| asked.limit.parse().unwrap_or(u32::MAX));
    let mut search = PostSearch::new(asked.q.trim());
    (search.start_date, search.end_date) = (period.map(|p| p.0), period.map(|p| p.1));
    post_search_page(search, limit, None, true)
}

/// A post search of the form's text, sources, period and filters (`search`) as the post-search
/// page asks it: `limit` posts from `offset`, with the posts' channels when `channels`.
pub fn post_search_page(
    search: PostSearch,
    limit: Option<u32>,
    offset: Option<u32>,
    channels: bool,
) -> PostSearch {
    PostSearch {
        limit,
        offset,
        extended: channels,
        ..search
    }
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
        // A period's days are the visitor's, unknown here.
        POST_SEARCH_PATH => asked_post_search(query)
            .filter(|asked| asked.period.is_none())
            .map(|asked| post_search_request(&asked, None))
            .filter(|request| request.validate().is_ok())
            .map(|request| vec![path_and_query(&request)])
            .unwrap_or_default(),
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
    fn a_plain_post_search_is_its_text_and_page_size_on_the_first_page() {
        let asked = asked_post_search("q=%D0%BA%D0%BE%D1%82+cat&limit=30&offset=0&utm=x").unwrap();
        assert_eq!(asked.q, "кот cat");
        assert_eq!(asked.period, None);
        let call = path_and_query(&post_search_request(&asked, None));
        assert_eq!(
            call,
            "/posts/search?q=%D0%BA%D0%BE%D1%82%20cat&limit=30&extended=1"
        );
        assert_eq!(
            opening_calls("/post-search/", "q=cat", DateTime::<Utc>::UNIX_EPOCH),
            ["/posts/search?q=cat&extended=1"]
        );
        // Blank fields are the form's defaults.
        assert!(asked_post_search("q=cat&period=&country=").is_some());
    }

    #[test]
    fn a_preset_is_named_as_the_select_names_it() {
        assert_eq!(preset_named(SEARCH_PERIOD_PRESETS, "30"), Some(30));
        assert_eq!(preset_named(&[7, 30, 90, 365], "365"), Some(365));
        for other in ["030", " 30", "30 ", "14", "", "custom"] {
            assert_eq!(
                preset_named(SEARCH_PERIOD_PRESETS, other),
                None,
                "{other:?}"
            );
        }
    }

    #[test]
    fn a_preset_period_is_plain_and_asked_over_the_days_given() {
        let asked = asked_post_search("q=cat&period=30").unwrap();
        assert_eq!(asked.period, Some(30));
        assert_eq!(asked_post_search("q=cat&period=7").unwrap().period, Some(7));
        let at = |secs| DateTime::<Utc>::from_timestamp(secs, 0).unwrap();
        let call = path_and_query(&post_search_request(
            &asked,
            Some((at(1_793_404_800), at(1_795_996_799))),
        ));
        assert_eq!(
            call,
            "/posts/search?q=cat&startDate=1793404800&endDate=1795996799&extended=1"
        );
    }

    #[test]
    fn a_post_search_naming_days_a_page_or_a_filter_is_not_plain() {
        for query in [
            "q=cat&period=custom",
            "q=cat&period=14",
            "q=cat&period=30&startDate=2026-01-01",
            "q=cat&startDate=2026-01-01",
            "q=cat&endDate=2026-01-01",
            "q=cat&offset=20",
            "q=cat&limit=2x",
            "q=cat&hideDeleted=true",
            "q=cat&withoutChannels=true",
            "q=cat&peerType=chat",
        ] {
            assert_eq!(asked_post_search(query), None, "{query}");
        }
        assert!(opening_calls(
            "/post-search",
            "q=cat&period=7",
            DateTime::<Utc>::UNIX_EPOCH
        )
        .is_empty());
        // Refused by the form (no text, a limit over 50): nothing is asked.
        assert!(opening_calls("/post-search", "q=+", DateTime::<Utc>::UNIX_EPOCH).is_empty());
        assert!(opening_calls(
            "/post-search",
            "q=cat&limit=51",
            DateTime::<Utc>::UNIX_EPOCH
        )
        .is_empty());
    }

    #[test]
    fn the_query_is_read_under_its_key() {
        let query = format!("{CHANNEL_QUERY_KEY}=%40alpha&other=1");
        let read: ChannelInfoQuery = serde_urlencoded::from_str(&query).unwrap();
        assert_eq!(read.channel, "@alpha");
    }
}
