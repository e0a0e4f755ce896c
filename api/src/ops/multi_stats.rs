//! Statistics of several posts and statistics of several stories: two operations of one shape
//! (a channel and up to 50 of the service's IDs), told apart by [`StatSubject`].

use std::marker::PhantomData;

use serde::de::DeserializeOwned;

use crate::ids::ChannelId;
use crate::limits::STAT_MULTI_IDS_MAX;
use crate::model::{PostStatRecord, Records, StoryStatRecord};
use crate::operation::Operation;
use crate::query::Query;
use crate::validate::{Checker, Invalid};

/// What the IDs of a multi-statistics request refer to.
pub trait StatSubject {
    const PATH: &'static str;
    /// The name of the ID list parameter.
    const IDS_PARAM: &'static str;
    type Record: DeserializeOwned + 'static;
}

/// Posts: views, shares, comments and reactions per post.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Posts;

/// Stories: views, shares and reactions per story.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Stories;

impl StatSubject for Posts {
    const PATH: &'static str = "/posts/stat-multi";
    const IDS_PARAM: &'static str = "postsIds";
    type Record = PostStatRecord;
}

impl StatSubject for Stories {
    const PATH: &'static str = "/stories/stat-multi";
    const IDS_PARAM: &'static str = "storiesIds";
    type Record = StoryStatRecord;
}

/// Statistics of several posts (`postsIds`) of one channel.
pub type MultiPostStats = MultiStats<Posts>;
/// Statistics of several stories (`storiesIds`) of one channel.
pub type MultiStoryStats = MultiStats<Stories>;

/// A channel and the service's IDs of its posts or stories (1 to
/// [`STAT_MULTI_IDS_MAX`] per call).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MultiStats<S> {
    /// `channelId` (required).
    pub channel_id: ChannelId,
    /// `postsIds` or `storiesIds`, sent comma-separated.
    pub ids: Vec<u64>,
    subject: PhantomData<S>,
}

impl<S: StatSubject> MultiStats<S> {
    pub fn new(channel_id: ChannelId, ids: Vec<u64>) -> Self {
        MultiStats {
            channel_id,
            ids,
            subject: PhantomData,
        }
    }
}

impl<S: StatSubject> Operation for MultiStats<S> {
    const PATH: &'static str = S::PATH;
    const PARAMS: &'static [&'static str] = &["channelId", S::IDS_PARAM];
    type Response = Records<S::Record>;

    fn validate(&self) -> Result<(), Invalid> {
        Checker::new()
            .id_list(S::IDS_PARAM, self.ids.len(), STAT_MULTI_IDS_MAX)
            .finish()
    }

    fn query(&self) -> Query {
        let ids: Vec<String> = self.ids.iter().map(u64::to_string).collect();
        let mut q = Query::new();
        q.put("channelId", &self.channel_id)
            .put(S::IDS_PARAM, ids.join(","));
        q
    }
}
