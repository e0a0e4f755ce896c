//! The channel and the post a request names, in any of the forms the API accepts, looked up
//! in the dataset.

use chanscope_api::{ChannelId, PostId};

use serverkit::{ApiError, Params};

use crate::dataset::Dataset;

/// The channel `channelId` names, in any of its forms.
pub fn channel(p: &Params, ds: &Dataset) -> Result<u32, ApiError> {
    const NAME: &str = "channelId";
    let id: ChannelId = p
        .required(NAME)?
        .parse()
        .map_err(|_| ApiError::invalid(NAME))?;
    let found = match &id {
        ChannelId::Username(name) | ChannelId::Link(name) => ds.channel_by_username(name),
        ChannelId::Invite(code) => ds.channel_by_invite(code),
        ChannelId::Numeric(n) => ds.channel_by_id(*n),
    };
    found.ok_or_else(|| ApiError::new("channel not found"))
}

/// The post `postId` names, in any of its forms, if it exists at the current time.
pub fn post(p: &Params, ds: &Dataset) -> Result<u32, ApiError> {
    const NAME: &str = "postId";
    let id: PostId = p
        .required(NAME)?
        .parse()
        .map_err(|_| ApiError::invalid(NAME))?;
    let message_of = |channel: Option<u32>, message: u64| {
        let channel = &ds.channels[channel? as usize];
        let n = usize::try_from(message).ok()?.checked_sub(1)?;
        channel.posts.get(n).copied().filter(|&i| ds.is_visible(i))
    };
    let found = match &id {
        PostId::Link { username, message } => {
            message_of(ds.channel_by_username(username), *message)
        }
        // Private links carry the messenger's ID; the service's own ID is accepted too.
        PostId::Private { channel, message } => message_of(
            ds.channel_by_tg_id(*channel)
                .or_else(|| ds.channel_by_id(*channel)),
            *message,
        ),
        PostId::Numeric(n) => ds.post_by_id(*n),
    };
    found.ok_or_else(|| ApiError::new("post not found"))
}
