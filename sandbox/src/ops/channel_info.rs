//! Channel information (`/channels/get`): one channel with every field.

use crate::data::Dataset;
use crate::errors::{ok_body, ApiError};
use crate::json::{ChannelJson, Shape};
use crate::params::Params;

pub fn run(ds: &Dataset, p: &Params) -> Result<Vec<u8>, ApiError> {
    let channel = p.channel(ds)?;
    Ok(ok_body(&ChannelJson {
        ds,
        channel,
        shape: Shape::Full,
    }))
}
