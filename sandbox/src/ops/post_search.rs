//! Post search (`/posts/search`): matching posts newest first, a page of them, and how many
//! there are in all.

use std::collections::BTreeSet;

use serde::Serialize;

use chanscope_api::limits::{
    POST_SEARCH_LIMIT_DEFAULT, POST_SEARCH_LIMIT_MAX, POST_SEARCH_OFFSET_MAX,
};
use chanscope_api::PeerType;

use serverkit::envelope::{ok_body, ApiError};
use serverkit::Params;

use crate::dataset::Dataset;
use crate::ops::objects::{ChannelJson, PostJson, Shape};
use crate::ops::post_filter::{date_range, PostFilter};
use crate::ops::text_query::TextQuery;
use crate::site::Site;

#[derive(Serialize)]
struct Response<'a> {
    count: usize,
    total_count: usize,
    items: Vec<PostJson<'a>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    channels: Option<Vec<ChannelJson<'a>>>,
}

pub fn run(ds: &Dataset, p: &Params, site: &Site) -> Result<Vec<u8>, ApiError> {
    let query = TextQuery::from_params(p)?;
    let limit = p.number("limit", POST_SEARCH_LIMIT_DEFAULT, 1, POST_SEARCH_LIMIT_MAX)?;
    let offset = p.number("offset", 0, 0, POST_SEARCH_OFFSET_MAX)?;
    let filter = PostFilter {
        peer: PostFilter::peer_of(p.choice("peerType", PeerType::All)?),
        country: p.text("country").map(str::to_owned),
        language: p.text("language").map(str::to_owned),
        category: p.text("category").map(str::to_owned),
        hide_forwards: p.flag("hideForwards")?,
        hide_deleted: p.flag("hideDeleted")?,
    };
    let extended = p.flag("extended")?;
    let (start, end) = p.period(|_| None)?;

    let mut found = query.matches(ds);
    found.restrict(date_range(ds, start, end));
    let wanted = offset as usize..(offset + limit) as usize;
    let mut page = Vec::with_capacity(limit as usize);
    let total = if filter.is_empty() {
        page.extend(found.iter().skip(wanted.start).take(wanted.len()));
        found.count()
    } else {
        let mut total = 0;
        for post in found.iter().filter(|&i| filter.accepts(ds, i)) {
            if wanted.contains(&total) {
                page.push(post);
            }
            total += 1;
        }
        total
    };

    let channels = extended.then(|| {
        let ids: BTreeSet<u32> = page.iter().map(|&i| ds.posts[i as usize].channel).collect();
        ids.into_iter()
            .map(|channel| ChannelJson {
                ds,
                site,
                channel,
                shape: Shape::Brief,
            })
            .collect()
    });
    let items: Vec<PostJson> = page
        .into_iter()
        .map(|post| PostJson {
            ds,
            post,
            snippet: query.snippet(ds, &ds.posts[post as usize].text),
        })
        .collect();
    Ok(ok_body(&Response {
        count: items.len(),
        total_count: total,
        items,
        channels,
    }))
}
