//! Routing, in one module: the console's routes (`Route`, yew-router's `Routable` enum: one page
//! per operation, per analysis, and the watchlist), their names (`names`), the router and the
//! address as pages read and change it (`router`), and the links between pages (`link`): a link
//! carries the query the target page reads (`?channel=`, `?post=`, `?q=`), defined here once for
//! every page that links. Channel info's path and query key are also where the gateway's preloads
//! expect them (`chanscope_api::opening`; a browser test holds the two together).

use serde::{Deserialize, Serialize};
use yew_router::Routable;

mod link;
mod names;
mod router;

pub use link::{follow, follow_click, RouteLink};
pub use router::{use_location, use_navigator, use_route, Location, Navigator, Router};

/// One page per operation (the path names the operation as `api/src/ops` does), one per analysis
/// across many requests, the watchlist and the campaigns. `app::switch` renders the page of each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Routable)]
pub enum Route {
    #[at("/")]
    Home,
    #[at("/keyword-mentions")]
    KeywordMentions,
    #[at("/channel-search")]
    ChannelSearch,
    #[at("/subscriber-dynamics")]
    SubscriberDynamics,
    #[at("/channel-info")]
    ChannelInfo,
    #[at("/multi-post-stats")]
    MultiPostStats,
    #[at("/multi-story-stats")]
    MultiStoryStats,
    #[at("/post-stats")]
    PostStats,
    #[at("/post-search")]
    PostSearch,
    #[at("/compare-channels")]
    CompareChannels,
    #[at("/keyword-trend")]
    KeywordTrend,
    #[at("/search-analysis")]
    SearchAnalysis,
    #[at("/watchlist")]
    Watchlist,
    #[at("/campaigns")]
    Campaigns,
    #[not_found]
    #[at("/404")]
    NotFound,
}

impl Route {
    /// The route of an address's path (`/post-search`; a trailing `/` does not count), as the
    /// router reads it; `NotFound` for any path that names no page.
    pub fn of_path(path: &str) -> Route {
        Route::recognize(path).unwrap_or(Route::NotFound)
    }
}

/// The address of `route` with `query` (a page's parameters) as its query string, encoded as the
/// pages read it back.
pub fn route_href(route: Route, query: &impl serde::Serialize) -> String {
    let path = route.to_path();
    match serde_urlencoded::to_string(query) {
        Ok(encoded) if !encoded.is_empty() => format!("{path}?{encoded}"),
        _ => path,
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

/// What a person comes to do, the navigation's entries: a menu of pages each, or one page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Job {
    Discover,
    Channels,
    Posts,
    Campaigns,
    Watchlist,
}

impl Job {
    /// The job in element ids and class names.
    pub fn slug(self) -> &'static str {
        match self {
            Job::Discover => "discover",
            Job::Channels => "channels",
            Job::Posts => "posts",
            Job::Campaigns => "campaigns",
            Job::Watchlist => "watchlist",
        }
    }
}

/// The jobs in the navigation's order, each with its pages in the order they are used. Every
/// page but the start page and "not found" is in exactly one.
pub const JOBS: [(Job, &[Route]); 5] = [
    (
        Job::Discover,
        &[
            Route::PostSearch,
            Route::ChannelSearch,
            Route::KeywordMentions,
            Route::KeywordTrend,
            Route::SearchAnalysis,
        ],
    ),
    (
        Job::Channels,
        &[
            Route::ChannelInfo,
            Route::CompareChannels,
            Route::SubscriberDynamics,
        ],
    ),
    (
        Job::Posts,
        &[
            Route::PostStats,
            Route::MultiPostStats,
            Route::MultiStoryStats,
        ],
    ),
    (Job::Campaigns, &[Route::Campaigns]),
    (Job::Watchlist, &[Route::Watchlist]),
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

/// `?channel=…&ids=…` of the posts-stats page: a channel and its message numbers, by commas.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PostsQuery {
    pub channel: String,
    pub ids: String,
}

/// `?q=…` of the post search page (and of channel search and keyword mentions, which read the
/// same key).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchQuery {
    pub q: String,
}
