//! Keyword mentions by channel (`/words/mentions-by-channels`): per channel, how many matching
//! posts, their views, and the date of the latest; busiest channels first.

use serde::Serialize;

use chanscope_api::limits::DEFAULT_PERIOD_DAYS;
use chanscope_api::PeerType;

use serverkit::envelope::{ok_body, ApiError};
use serverkit::Params;

use crate::dataset::{Dataset, DAY};
use crate::ops::objects::{ChannelJson, Shape};
use crate::ops::post_filter::{date_range, PostFilter};
use crate::ops::text_query::TextQuery;
use crate::site::Site;

#[derive(Serialize)]
struct Item {
    channel_id: u64,
    mentions_count: u64,
    views_count: u64,
    last_mention_date: i64,
}

#[derive(Serialize)]
struct Response<'a> {
    items: Vec<Item>,
    channels: Vec<ChannelJson<'a>>,
}

pub fn run(ds: &Dataset, p: &Params, site: &Site) -> Result<Vec<u8>, ApiError> {
    let query = TextQuery::from_params(p)?;
    let filter = PostFilter {
        peer: PostFilter::peer_of(p.choice("peerType", PeerType::All)?),
        hide_forwards: p.flag("hideForwards")?,
        ..PostFilter::default()
    };
    // Without a start, the 10 days up to the end (or now).
    let (start, end) =
        p.period(|end| Some(end.unwrap_or(ds.current()) - DEFAULT_PERIOD_DAYS * DAY))?;
    let mut found = query.matches(ds);
    found.restrict(date_range(ds, start, end));

    // (mentions, views, last date) per channel index.
    let mut per_channel = vec![(0u64, 0u64, i64::MIN); ds.channels.len()];
    for post in found.iter().filter(|&i| filter.accepts(ds, i)) {
        let entry = &mut per_channel[ds.posts[post as usize].channel as usize];
        entry.0 += 1;
        entry.1 += ds.views(post);
        entry.2 = entry.2.max(ds.posts[post as usize].date);
    }
    let mut channels: Vec<u32> = (0..ds.channels.len() as u32)
        .filter(|&c| per_channel[c as usize].0 > 0)
        .collect();
    channels.sort_by(|&a, &b| {
        let (x, y) = (per_channel[a as usize], per_channel[b as usize]);
        y.0.cmp(&x.0).then(y.2.cmp(&x.2)).then(a.cmp(&b))
    });
    let items = channels
        .iter()
        .map(|&c| {
            let (mentions, views, last) = per_channel[c as usize];
            Item {
                channel_id: ds.channels[c as usize].id,
                mentions_count: mentions,
                views_count: views,
                last_mention_date: last,
            }
        })
        .collect();
    let channels = channels
        .into_iter()
        .map(|channel| ChannelJson {
            ds,
            site,
            channel,
            shape: Shape::Listed,
        })
        .collect();
    Ok(ok_body(&Response { items, channels }))
}
