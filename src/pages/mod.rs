//! One page per operation of the API. Each keeps its submitted form in the URL query (see
//! [`form::use_url_state`]), validates before sending, and renders loading, empty and error states.

pub mod form;
pub mod form_request;

mod channel_info;
mod channel_search;
mod keyword_mentions;
mod multi_stats;
mod post_search;
mod post_stats;
mod subscriber_dynamics;
mod text_search;

pub use channel_info::ChannelInfoPage;
pub use channel_search::ChannelSearchPage;
pub use keyword_mentions::KeywordMentionsPage;
pub use multi_stats::{MultiPostStatsPage, MultiStoryStatsPage};
pub use post_search::PostSearchPage;
pub use post_stats::PostStatsPage;
pub use subscriber_dynamics::SubscriberDynamicsPage;

/// What the embeddable widgets share with the pages.
#[cfg(feature = "embed")]
pub(crate) mod embedded {
    pub(crate) use super::post_search::channel_label;
    pub(crate) use super::post_stats::{count_i64, cumulative, growth_series, post_tiles};
    pub(crate) use super::subscriber_dynamics::{
        axis_format, chart_series, readings, signed, summarize,
    };
}
