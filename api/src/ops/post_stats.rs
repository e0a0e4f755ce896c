use crate::ids::PostId;
use crate::model::PostStatsResponse;
use crate::operation::Operation;
use crate::params::ViewGrowthGroup;
use crate::query::Query;
use crate::validate::Invalid;

/// Statistics of one post: counters, reposts, mentions, and view growth over the first
/// [`VIEW_GROWTH_WINDOW_DAYS`](crate::limits::VIEW_GROWTH_WINDOW_DAYS) days.
#[derive(Clone, Debug, PartialEq)]
pub struct PostStats {
    /// `postId` (required).
    pub post_id: PostId,
    /// `group` of the view growth, default day.
    pub group: ViewGrowthGroup,
}

impl PostStats {
    pub fn new(post_id: PostId) -> Self {
        PostStats {
            post_id,
            group: ViewGrowthGroup::Day,
        }
    }
}

impl Operation for PostStats {
    const PATH: &'static str = "/posts/stat";
    const PARAMS: &'static [&'static str] = &["postId", "group"];
    type Response = PostStatsResponse;

    /// A parsed [`PostId`] is always present and well-formed: nothing left to check.
    fn validate(&self) -> Result<(), Invalid> {
        Ok(())
    }

    fn query(&self) -> Query {
        let mut q = Query::new();
        q.put("postId", &self.post_id)
            .unless_default("group", self.group, ViewGrowthGroup::Day);
        q
    }
}
