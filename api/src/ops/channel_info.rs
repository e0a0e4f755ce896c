use crate::ids::ChannelId;
use crate::model::Channel;
use crate::operation::Operation;
use crate::query::Query;
use crate::validate::Invalid;

/// Channel information: the general data of one channel or chat.
#[derive(Clone, Debug, PartialEq)]
pub struct ChannelInfo {
    /// `channelId` (required).
    pub channel_id: ChannelId,
}

impl ChannelInfo {
    pub fn new(channel_id: ChannelId) -> Self {
        ChannelInfo { channel_id }
    }
}

impl Operation for ChannelInfo {
    const PATH: &'static str = "/channels/get";
    const PARAMS: &'static [&'static str] = &["channelId"];
    type Response = Channel;

    /// A parsed [`ChannelId`] is always present and well-formed: nothing left to check.
    fn validate(&self) -> Result<(), Invalid> {
        Ok(())
    }

    fn query(&self) -> Query {
        let mut q = Query::new();
        q.put("channelId", &self.channel_id);
        q
    }
}
