//! Channel information (`/channels/get`): one channel with every field.

use serverkit::envelope::{ok_body, ApiError};
use serverkit::Params;

use crate::dataset::Dataset;
use crate::ops::ids;
use crate::ops::objects::{ChannelJson, Shape};
use crate::site::Site;

pub fn run(ds: &Dataset, p: &Params, site: &Site) -> Result<Vec<u8>, ApiError> {
    let channel = ids::channel(p, ds)?;
    Ok(ok_body(&ChannelJson {
        ds,
        site,
        channel,
        shape: Shape::Full,
    }))
}
