//! One module per operation: its request with every documented parameter, its checks, and the
//! query it sends. The response types live in [`super::model`].

mod channel_info;
mod channel_search;
mod keyword_mentions;
mod multi_stats;
mod post_search;
mod post_stats;
mod subscriber_dynamics;

pub use channel_info::ChannelInfo;
pub use channel_search::ChannelSearch;
pub use keyword_mentions::KeywordMentions;
pub use multi_stats::{MultiPostStats, MultiStats, MultiStoryStats, Posts, StatSubject, Stories};
pub use post_search::PostSearch;
pub use post_stats::PostStats;
pub use subscriber_dynamics::SubscriberDynamics;

use chrono::{DateTime, Utc};

/// Timestamps are sent as Unix seconds.
fn seconds(t: Option<&DateTime<Utc>>) -> Option<i64> {
    t.map(DateTime::timestamp)
}
