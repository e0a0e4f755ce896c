//! The eight operations, one module each, named as in the client; [`OPERATIONS`] maps the
//! client's paths to them with the plan each requires. Beside them, what several share: `ids`
//! finds the channel or post a request names, `text_query` reads keyword mentions' and post
//! search's `q` with its flags, `post_filter` the conditions on posts, and `objects` writes
//! channels and posts as the answers show them.

mod channel_info;
mod channel_search;
mod ids;
mod keyword_mentions;
mod multi_stats;
pub mod objects;
mod post_filter;
mod post_search;
mod post_stats;
mod subscriber_dynamics;
mod text_query;

use chanscope_api::ops::{
    ChannelInfo, ChannelSearch, KeywordMentions, MultiPostStats, MultiStoryStats, PostSearch,
    PostStats, SubscriberDynamics,
};
use chanscope_api::Operation as ClientOperation;

use serverkit::envelope::ApiError;
use serverkit::Params;

use crate::auth::{Access, Plan, Product};
use crate::dataset::Dataset;
use crate::site::Site;

/// One operation: where it lives, who may call it, and what it answers (a whole envelope) from
/// the dataset, the parameters and where the sandbox is reached (for the avatars' URLs).
pub struct Operation {
    pub path: &'static str,
    pub access: Access,
    pub run: fn(&Dataset, &Params, &Site) -> Result<Vec<u8>, ApiError>,
}

const SEARCH: &[Product] = &[Product::Search];
const STAT: &[Product] = &[Product::Stat];
const BOTH: &[Product] = &[Product::Search, Product::Stat];

const fn access(products: &'static [Product], min_plan: Plan) -> Access {
    Access { products, min_plan }
}

/// The operations table of the spec: products and plans per operation. "All plans" and "plans
/// S and above" are the same here, since S is the lowest plan.
pub const OPERATIONS: &[Operation] = &[
    Operation {
        path: KeywordMentions::PATH,
        access: access(SEARCH, Plan::S),
        run: keyword_mentions::run,
    },
    Operation {
        path: ChannelSearch::PATH,
        access: access(STAT, Plan::S),
        run: channel_search::run,
    },
    Operation {
        path: SubscriberDynamics::PATH,
        access: access(STAT, Plan::S),
        run: subscriber_dynamics::run,
    },
    Operation {
        path: ChannelInfo::PATH,
        access: access(BOTH, Plan::S),
        run: channel_info::run,
    },
    Operation {
        path: MultiPostStats::PATH,
        access: access(STAT, Plan::XL),
        run: multi_stats::run_posts,
    },
    Operation {
        path: MultiStoryStats::PATH,
        access: access(STAT, Plan::XL),
        run: multi_stats::run_stories,
    },
    Operation {
        path: PostStats::PATH,
        access: access(STAT, Plan::S),
        run: post_stats::run,
    },
    Operation {
        path: PostSearch::PATH,
        access: access(SEARCH, Plan::S),
        run: post_search::run,
    },
];

/// The operation at `path` (below `/api`).
pub fn find(path: &str) -> Option<&'static Operation> {
    OPERATIONS.iter().find(|op| op.path == path)
}
