//! Statistics of several posts (`/posts/stat-multi`) and of several stories
//! (`/stories/stat-multi`). IDs that are unknown (a post dated after the current time is) or
//! belong to another channel are left out.

use serde_json::json;

use chanscope_api::limits::STAT_MULTI_IDS_MAX;

use serverkit::envelope::{ok_body, ApiError};
use serverkit::Params;

use crate::dataset::Dataset;
use crate::ops::ids;
use crate::site::Site;

pub fn run_posts(ds: &Dataset, p: &Params, _: &Site) -> Result<Vec<u8>, ApiError> {
    let channel = ids::channel(p, ds)?;
    let ids = p.id_list("postsIds", STAT_MULTI_IDS_MAX)?;
    let records: Vec<_> = ids
        .iter()
        .filter_map(|&id| ds.post_by_id(id))
        .filter(|&i| ds.posts[i as usize].channel == channel)
        .map(|i| {
            let counters = ds.counters(i);
            json!({
                "postId": ds.posts[i as usize].id,
                "viewsCount": counters.views,
                "sharesCount": counters.shares,
                "commentsCount": counters.comments,
                "reactionsCount": counters.reactions,
            })
        })
        .collect();
    Ok(ok_body(&records))
}

pub fn run_stories(ds: &Dataset, p: &Params, _: &Site) -> Result<Vec<u8>, ApiError> {
    let channel = ids::channel(p, ds)?;
    let ids = p.id_list("storiesIds", STAT_MULTI_IDS_MAX)?;
    let records: Vec<_> = ids
        .iter()
        .filter_map(|&id| ds.story_by_id(id))
        .map(|i| &ds.stories[i as usize])
        .filter(|story| story.channel == channel)
        .map(|story| {
            json!({
                "storyId": story.id,
                "viewsCount": story.views,
                "sharesCount": story.shares,
                "reactionsCount": story.reactions,
            })
        })
        .collect();
    Ok(ok_body(&records))
}
