//! One page per operation of the API. Each keeps its submitted form in the URL query (see
//! [`form::use_url_state`]), validates before sending, and renders loading, empty and error states.
//! A page of several parts is a folder: its form as the address keeps it (`params.rs`), its
//! results, and what else it shows. What a page computes lives in [`crate::view`], so that the
//! widgets share it without importing pages.

pub mod form;

mod channel_info;
mod channel_search;
mod compare_channels;
mod keyword_mentions;
mod keyword_trend;
mod multi_stats;
mod post_search;
mod post_stats;
mod search_analysis;
mod subscriber_dynamics;
mod text_search;
mod watchlist;

pub use channel_info::ChannelInfoPage;
pub use channel_search::ChannelSearchPage;
pub use compare_channels::CompareChannelsPage;
pub(crate) use keyword_mentions::watch_request as mentions_watch_request;
pub use keyword_mentions::KeywordMentionsPage;
pub use keyword_trend::KeywordTrendPage;
pub use multi_stats::{MultiPostStatsPage, MultiStoryStatsPage};
pub(crate) use post_search::watch_request as search_watch_request;
pub use post_search::PostSearchPage;
pub use post_stats::PostStatsPage;
pub use search_analysis::SearchAnalysisPage;
pub use subscriber_dynamics::SubscriberDynamicsPage;
pub use watchlist::WatchlistPage;

use yew::prelude::*;

use crate::route::Route;
use crate::ui::Ui;

/// The heading every page starts with: the tool's name and what it answers.
pub fn page_header(ui: &Ui, route: Route) -> Html {
    html! {
        <header class="page-header">
            <h1>{ route.title(ui) }</h1>
            <p class="lead">{ route.summary(ui) }</p>
        </header>
    }
}
