//! The channels a page of post search names but its answer does not describe: post search lists
//! in `channels` only the channels where posts were found (and only with `extended`), so a
//! repost's source, and without `extended` every post's channel, must be looked up to be named.

use crate::api::model::{Channel, PostSearchResponse};

/// The posts' channels and their reposts' sources that the answer's `channels` lack, each once,
/// in the order the posts name them: one channel-info request each names them all.
pub fn unknown_channels(answer: &PostSearchResponse) -> Vec<i64> {
    let mut unknown: Vec<i64> = Vec::new();
    let named = answer
        .items
        .iter()
        .flat_map(|p| [Some(p.channel_id), p.forwarded_from_channel()])
        .flatten();
    for id in named {
        if !answer.channels.iter().any(|c| c.id == id) && !unknown.contains(&id) {
            unknown.push(id);
        }
    }
    unknown
}

/// The channel `id` among the answer's own channels or those looked up.
pub fn channel<'a>(
    answer: &'a PostSearchResponse,
    looked_up: &'a [Channel],
    id: i64,
) -> Option<&'a Channel> {
    answer
        .channels
        .iter()
        .chain(looked_up)
        .find(|channel| channel.id == id)
}
