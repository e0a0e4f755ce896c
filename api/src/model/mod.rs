//! Resources and response records of the API: what each operation puts in the envelope's
//! `response`.
//!
//! Every record tolerates absent fields (`#[serde(default)]`), ignores unknown ones, and reads
//! the real-world variants handled in [`super::de`]. Serialization uses the API's own field
//! names, so exported JSON reads like the service's.

mod channel;
mod mentions;
mod post;
mod records;
mod stats;
mod web_url;

pub use channel::{
    is_truthy, Channel, ChannelInfoResponse, ChannelSearchResponse, PeerKind, Restriction,
    RknVerification,
};
pub use mentions::{KeywordMentionsResponse, MentionsByChannel};
pub use post::{ForwardedFrom, Media, Post, PostSearchResponse};
pub use records::Records;
pub use stats::{
    Forward, MultiPostStatsResponse, MultiStoryStatsResponse, PostMention, PostStatRecord,
    PostStatsResponse, StoryStatRecord, SubscriberCount, SubscriberDynamicsResponse,
    ViewGrowthPoint,
};
pub use web_url::web_url;
