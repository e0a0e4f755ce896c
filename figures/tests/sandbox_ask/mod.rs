//! What the sandbox's own operations answer, asked as the console asks them, for the tests that
//! judge figures on its labelled channels.

use chanscope_api::envelope::decode;
use chanscope_api::model::{Records, SubscriberCount};
use chanscope_api::ops::SubscriberDynamics;
use chanscope_api::{ChannelId, HttpResponse, Operation, PeriodGroup};
use chanscope_figures::dynamics::{readings, Reading};
use chrono::DateTime;
use sandbox::dataset::Dataset;
use sandbox::ops::OPERATIONS;
use sandbox::site::Site;
use serverkit::Params;

/// What operation `op` answers from the sandbox's dataset.
pub fn ask<O: Operation>(ds: &Dataset, op: &O) -> O::Response {
    try_ask(ds, op).unwrap()
}

/// What operation `op` answers, `None` when it answers with an error (a post that does not
/// exist, say).
#[allow(dead_code)]
pub fn try_ask<O: Operation>(ds: &Dataset, op: &O) -> Option<O::Response> {
    let params = Params(
        op.query()
            .pairs()
            .iter()
            .map(|(k, v)| ((*k).to_owned(), v.clone()))
            .collect(),
    );
    let operation = OPERATIONS.iter().find(|o| o.path == O::PATH).unwrap();
    let body = (operation.run)(ds, &params, &Site::new("127.0.0.1:8090")).ok()?;
    decode(&HttpResponse::new(200, String::from_utf8(body).ok()?)).ok()
}

/// The readings of channel `id` over the last 90 days by `group`, as the channel page and the
/// campaigns ask for them; every record readable.
pub fn subscribers(ds: &Dataset, id: &ChannelId, group: PeriodGroup) -> Vec<Reading> {
    let now = DateTime::from_timestamp(ds.current(), 0).unwrap();
    let records: Records<SubscriberCount> =
        ask(ds, &SubscriberDynamics::last_days(id, group, 90, now));
    let (read, unreadable) = readings(group, &records);
    assert_eq!(unreadable, 0);
    read
}
