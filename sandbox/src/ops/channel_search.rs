//! Channel and chat search (`/channels/search`): by words of the title (and of the
//! description on request) and by category, within a country and language; largest first.

use serde::Serialize;

use chanscope_api::limits::{
    CHANNEL_SEARCH_LANGUAGE_DEFAULT, CHANNEL_SEARCH_LIMIT_DEFAULT, CHANNEL_SEARCH_LIMIT_MAX,
};
use chanscope_api::PeerType;

use serverkit::envelope::{ok_body, ApiError};
use serverkit::rules::query_or_category;
use serverkit::Params;

use crate::dataset::Dataset;
use crate::ops::objects::{ChannelJson, Shape};
use crate::ops::post_filter::PostFilter;
use crate::search::tokens::tokens;
use crate::site::Site;

#[derive(Serialize)]
struct Response<'a> {
    count: usize,
    items: Vec<ChannelJson<'a>>,
}

pub fn run(ds: &Dataset, p: &Params, site: &Site) -> Result<Vec<u8>, ApiError> {
    let q = query_or_category(p)?;
    let category = p.text("category");
    let country = p
        .text("country")
        .ok_or_else(|| ApiError::new("param country required"))?;
    let language = p
        .text("language")
        .unwrap_or(CHANNEL_SEARCH_LANGUAGE_DEFAULT);
    let peer = PostFilter::peer_of(p.choice("peer_type", PeerType::Channel)?);
    let by_description = p.flag("search_by_description")?;
    let limit = p.number(
        "limit",
        CHANNEL_SEARCH_LIMIT_DEFAULT,
        1,
        CHANNEL_SEARCH_LIMIT_MAX,
    )?;

    let stemmers = ds.index.stemmers();
    let wanted: Vec<(String, String)> = q
        .map(|q| {
            tokens(q)
                .into_iter()
                .map(|t| {
                    let stem = stemmers.stem(&t.form);
                    (t.form, stem)
                })
                .collect()
        })
        .unwrap_or_default();
    let mut found: Vec<u32> = (0..ds.channels.len() as u32)
        .filter(|&i| {
            let c = &ds.channels[i as usize];
            let words = c
                .title_words
                .iter()
                .chain(c.about_words.iter().filter(|_| by_description));
            c.country == country
                && c.language == language
                && peer.is_none_or(|peer| c.peer == peer)
                && category.is_none_or(|v| c.category == v)
                && wanted.iter().all(|(form, stem)| {
                    words
                        .clone()
                        .any(|(f, s)| f.starts_with(form.as_str()) || s == stem)
                })
        })
        .collect();
    found.sort_by_key(|&i| (std::cmp::Reverse(ds.participants(i)), i));
    let items: Vec<ChannelJson> = found
        .into_iter()
        .take(limit as usize)
        .map(|channel| ChannelJson {
            ds,
            site,
            channel,
            shape: Shape::Listed,
        })
        .collect();
    Ok(ok_body(&Response {
        count: items.len(),
        items,
    }))
}
