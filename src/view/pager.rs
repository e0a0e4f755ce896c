//! Where a pager's buttons lead from one page of search results, within the API's offset limit.

use crate::api::limits::POST_SEARCH_OFFSET_MAX;

/// Where the pager's buttons lead from one page of results.
#[derive(Debug, PartialEq)]
pub struct Pages {
    pub prev: Option<u32>,
    pub next: Option<u32>,
    /// More results exist, but the next page would start past the API's `offset` maximum.
    pub capped: bool,
}

/// The pages around the one at `offset` of `limit` results, which shows `shown` of `total`: the
/// newer page starts `limit` earlier (0 at the least); the older one `limit` later, while results
/// remain and its offset is within [`POST_SEARCH_OFFSET_MAX`].
pub fn pages(offset: u32, limit: u32, shown: usize, total: u64) -> Pages {
    let prev = (offset > 0).then(|| offset.saturating_sub(limit));
    let next = u64::from(offset) + u64::from(limit);
    let more = shown > 0 && next < total;
    let capped = more && next > u64::from(POST_SEARCH_OFFSET_MAX);
    Pages {
        prev,
        next: if more && !capped {
            u32::try_from(next).ok()
        } else {
            None
        },
        capped,
    }
}
