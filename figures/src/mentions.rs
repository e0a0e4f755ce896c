//! Keyword mentions by channel, weighed: each channel's share of all mentions, and its reach per
//! mention.
//!
//! - Share = the channel's mentions / the mentions of every channel listed × 100 %.
//! - Reach per mention = the channel's reach (views of the mentioning posts) / its mentions.

use super::engagement::{Figure, Missing};

/// The channel's share of all `total` mentions, in percent.
pub fn share(mentions: u64, total: u64) -> Figure {
    if total == 0 {
        return Err(Missing::NoPosts);
    }
    Ok(mentions as f64 / total as f64 * 100.0)
}

/// Views per mention.
pub fn reach_per_mention(views: u64, mentions: u64) -> Figure {
    if mentions == 0 {
        return Err(Missing::NoPosts);
    }
    Ok(views as f64 / mentions as f64)
}
