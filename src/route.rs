//! The console's routes (one page per operation), and the links between pages: a link carries the
//! query the target page reads (`?channel=`, `?post=`, `?q=`), defined here once for every page
//! that links. In the browser, also the pages' names (`names`) and the link component (`link`);
//! natively too, so that the gateway shares them, the calls a page makes as it opens
//! ([`preload`]).

use serde::{Deserialize, Serialize};

#[cfg(target_arch = "wasm32")]
mod link;
#[cfg(target_arch = "wasm32")]
mod names;
pub mod preload;

#[cfg(target_arch = "wasm32")]
pub use link::RouteLink;

/// One page per operation (the path names the operation as `src/api/ops` does), one per analysis
/// across many requests, and the watchlist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    KeywordMentions,
    ChannelSearch,
    SubscriberDynamics,
    ChannelInfo,
    MultiPostStats,
    MultiStoryStats,
    PostStats,
    PostSearch,
    CompareChannels,
    KeywordTrend,
    SearchAnalysis,
    Watchlist,
    NotFound,
}

impl Route {
    /// The route's path.
    pub fn to_path(self) -> &'static str {
        match self {
            Route::Home => "/",
            Route::KeywordMentions => "/keyword-mentions",
            Route::ChannelSearch => "/channel-search",
            Route::SubscriberDynamics => "/subscriber-dynamics",
            Route::ChannelInfo => "/channel-info",
            Route::MultiPostStats => "/multi-post-stats",
            Route::MultiStoryStats => "/multi-story-stats",
            Route::PostStats => "/post-stats",
            Route::PostSearch => "/post-search",
            Route::CompareChannels => "/compare-channels",
            Route::KeywordTrend => "/keyword-trend",
            Route::SearchAnalysis => "/search-analysis",
            Route::Watchlist => "/watchlist",
            Route::NotFound => "/404",
        }
    }

    /// The route whose path is `path` exactly (the overview, a tool or an analysis); `NotFound`
    /// for any other.
    pub fn recognize(path: &str) -> Route {
        std::iter::once(Route::Home)
            .chain(TOOLS)
            .chain(ANALYSES)
            .find(|route| route.to_path() == path)
            .unwrap_or(Route::NotFound)
    }

    /// The route of an address's path as the router reads it: a trailing `/` does not count.
    pub fn of_path(path: &str) -> Route {
        match path.trim_end_matches('/') {
            "" => Route::Home,
            trimmed => Route::recognize(trimmed),
        }
    }
}

/// The address of `route` with `query` (a page's parameters) as its query string, encoded as the
/// pages read it back.
pub fn route_href(route: Route, query: &impl serde::Serialize) -> String {
    let path = route.to_path();
    match serde_urlencoded::to_string(query) {
        Ok(encoded) if !encoded.is_empty() => format!("{path}?{encoded}"),
        _ => path.to_owned(),
    }
}

/// The eight tools in the order the API documents them.
pub const TOOLS: [Route; 8] = [
    Route::KeywordMentions,
    Route::ChannelSearch,
    Route::SubscriberDynamics,
    Route::ChannelInfo,
    Route::MultiPostStats,
    Route::MultiStoryStats,
    Route::PostStats,
    Route::PostSearch,
];

/// The analyses across many requests, and the watchlist that checks saved searches and channels.
pub const ANALYSES: [Route; 4] = [
    Route::CompareChannels,
    Route::KeywordTrend,
    Route::SearchAnalysis,
    Route::Watchlist,
];

/// `?channel=…`: the channel the channel-info and subscriber-dynamics pages open with, as typed
/// (`@name`, a link or the service's ID).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ChannelQuery {
    #[serde(skip_serializing_if = "String::is_empty")]
    pub channel: String,
}

impl ChannelQuery {
    pub fn new(channel: impl Into<String>) -> Self {
        ChannelQuery {
            channel: channel.into(),
        }
    }
}

/// `?post=…` of the post statistics page: a post link or the service's post ID.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PostQuery {
    pub post: String,
}

/// `?q=…` of the post search page.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchQuery {
    pub q: String,
}
