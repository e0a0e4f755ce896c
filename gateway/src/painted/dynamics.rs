//! Subscriber dynamics written into its page, for an address that names no day (the API's last
//! 10 days, by any grouping): its calls are then the same in every time zone, so the server of
//! the page asks what the page's script would. The switch, the chart (at its default width, which
//! scales with its box) and the summary of the change are `view::dynamics`' markup, as the
//! console draws them; the table of every period under them is the console's to draw.
//!
//! One channel only: the shell's form has one channel's input, and the form of several (an input
//! and a remove button each) is the console's to draw. An address of several channels is sent
//! as its shell, its calls preloaded (`opening`).

use std::net::IpAddr;
use std::sync::Arc;

use chanscope::api::envelope::decode;
use chanscope::api::opening::{asked_dynamics, dynamics_requests};
use chanscope::api::ops::SubscriberDynamics;
use chanscope::api::Operation;
use chanscope::figures::dynamics::readings;
use chanscope::format::Locale;
use chanscope::sanitize::MarkupWriter;
use chanscope::view::dynamics::{write_dynamics_answer, ChannelReadings, DynamicsLook};
use chanscope::view::line_chart::DEFAULT_WIDTH;
use chanscope::view::unreadable::{records_note, RecordNoun};

use super::ask;
use super::shell::Shell;
use crate::state::Gateway;

/// What the console draws the answer as: the shell is kept until it has drawn its summary.
pub(super) const PAINTED: &str = ".dynamics-results .dynamics-summary";

/// The page of subscriber dynamics at `query`, with its answer; `None` where it is not written
/// (see the module's notes).
pub(super) async fn subscriber_dynamics(
    gw: &Arc<Gateway>,
    client: IpAddr,
    query: &str,
) -> Option<String> {
    let asked = asked_dynamics(query)?;
    let requests = dynamics_requests(&asked)?;
    let [(name, request)] = requests.as_slice() else {
        return None;
    };
    let shell = Shell::read(&gw.config.dist, "subscriber-dynamics").await?;
    let answer = ask(gw, client, request).await?;
    let records: <SubscriberDynamics as Operation>::Response = decode(&answer).ok()?;
    let (read, unreadable) = readings(request.group, &records);
    let note = records_note(Locale::En, RecordNoun::Readings, [&records]);
    let look = DynamicsLook {
        locale: Locale::En,
        group: request.group,
        width: DEFAULT_WIDTH,
        unreadable,
        records_note: note.as_deref(),
    };
    let channels = [ChannelReadings {
        name,
        readings: &read,
    }];
    let mut results = MarkupWriter::with_capacity(8192);
    results.tags(r#"<div class="results dynamics-results">"#);
    if !write_dynamics_answer(&mut results, &look, &channels) {
        return None;
    }
    results.tags("</div>");
    shell
        .painted(PAINTED)?
        .value("sd-channel-0", name)?
        .selected("sd-group", request.group.as_str())?
        .results(results.as_str())
}
