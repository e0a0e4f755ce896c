//! The placements of tracked campaigns as known causes of a channel's rises, for its health
//! check: a rise right after an advert the user bought is that advert's, not a bought jump.

use crate::api::ids::ChannelId;
use crate::api::model::{web_url, Channel};
use crate::figures::health::Cause;

use super::campaign::{check, Campaign};

/// Whether `promoted` (as a campaign names it) is `channel`: by username (as `@name` or a
/// `t.me/name` link, in any case), or by the service's numeric ID.
fn names(promoted: &ChannelId, channel: &Channel) -> bool {
    let username = channel.username.trim_start_matches('@');
    match promoted {
        ChannelId::Username(name) | ChannelId::Link(name) => {
            !username.is_empty() && name.eq_ignore_ascii_case(username)
        }
        ChannelId::Numeric(id) => i64::try_from(*id).is_ok_and(|id| id == channel.id),
        ChannelId::Invite(_) => false,
    }
}

/// The placements of `campaigns` that promote `channel` and say when they went out, as causes.
/// A campaign that does not pass its check, and a placement without a date, are left out: the
/// check cannot place them in time.
pub fn placement_causes(campaigns: &[Campaign], channel: &Channel) -> Vec<Cause> {
    campaigns
        .iter()
        .filter_map(|campaign| Some((campaign, check(campaign).ok()?)))
        .filter(|(_, checked)| names(&checked.promoted, channel))
        .flat_map(|(campaign, checked)| {
            checked
                .placements
                .into_iter()
                .zip(&campaign.placements)
                .filter_map(|(placement, entry)| {
                    Some(Cause {
                        at: placement.at?,
                        source: campaign.name.clone(),
                        post: web_url(entry.post.trim()).unwrap_or_default(),
                        views: None,
                        placement: true,
                    })
                })
                .collect::<Vec<_>>()
        })
        .collect()
}
