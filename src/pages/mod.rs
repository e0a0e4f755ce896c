//! One page per operation of the API. Each keeps its submitted form in the URL query (see
//! [`form::use_url_state`]), validates before sending, and renders loading, empty and error states.
//! A page of several parts is a folder: its form as the address keeps it (`params.rs`), its
//! results, and what else it shows. What a page computes lives in [`crate::view`], so that the
//! widgets share it without importing pages.

pub mod form;

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

pub use channel_search::ChannelSearchPage;
pub use compare_channels::{compare_href, CompareChannelsPage};
pub use keyword_mentions::KeywordMentionsPage;
pub use keyword_trend::KeywordTrendPage;
pub use multi_stats::{MultiPostStatsPage, MultiStoryStatsPage};
pub use post_search::PostSearchPage;
pub use post_stats::PostStatsPage;
pub use search_analysis::SearchAnalysisPage;
pub use subscriber_dynamics::SubscriberDynamicsPage;

use crate::api::ops::{KeywordMentions, PostSearch};
use crate::api::Invalid;
use crate::ui::Ui;
use crate::watchlist::WatchedPages;

/// The console's pages as the watchlist checks the watches saved from them: each page reads the
/// address query it keeps into the request it makes.
pub struct ConsolePages;

impl WatchedPages for ConsolePages {
    fn post_search(query: &str, since: Option<i64>, ui: &Ui) -> Result<PostSearch, Invalid> {
        post_search::watch_request(query, since, ui)
    }

    fn keyword_mentions(query: &str, ui: &Ui) -> Result<KeywordMentions, Invalid> {
        keyword_mentions::watch_request(query, ui)
    }
}

/// The watchlist's provider as the console places it: checks ask what the console's pages ask.
pub type WatchlistProvider = crate::watchlist::WatchlistProvider<ConsolePages>;
