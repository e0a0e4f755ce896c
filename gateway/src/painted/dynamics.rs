//! Subscriber dynamics written into its page, for an address that names no day (the API's last
//! 10 days, by any grouping), whose calls are the same in every time zone, or a preset period
//! (`period=30`): its days are read in the zone the console keeps in its cookie, as the console
//! reads them (a first visit, without the cookie, gets the shell). The server of the page asks
//! what the page's script would. The switch, the chart (at its default width, which scales with
//! its box) and the summary of the change are `view::dynamics`' markup, as the console draws
//! them; the table of every period under them is the console's to draw. A custom range of dates
//! is left to the console, whose form shows its date inputs.
//!
//! One channel only: the shell's form has one channel's input, and the form of several (an input
//! and a remove button each) is the console's to draw. An address of several channels is sent
//! as its shell, its calls preloaded (`opening`).

use std::net::IpAddr;
use std::sync::Arc;

use axum::http::HeaderMap;
use chanscope::api::envelope::decode;
use chanscope::api::opening::{
    asked_dynamics, dynamics_requests, dynamics_requests_between, DynamicsQuery,
};
use chanscope::api::ops::SubscriberDynamics;
use chanscope::api::Operation;
use chanscope::figures::dynamics::{group_for_range, readings, PERIOD_PRESETS};
use chanscope::format::Locale;
use chanscope::sanitize::MarkupWriter;
use chanscope::view::dynamics::{write_dynamics_answer, ChannelReadings, DynamicsLook};
use chanscope::view::line_chart::DEFAULT_WIDTH;
use chanscope::view::unreadable::{records_note, RecordNoun};
use chrono_tz::Tz;

use super::ask;
use super::shell::Shell;
use super::zone::{kept_zone, last_days_in};
use crate::state::Gateway;

/// What the console draws the answer as: the shell is kept until it has drawn its summary.
pub(super) const PAINTED: &str = ".dynamics-results .dynamics-summary";

/// The page of subscriber dynamics at `query`, with its answer; `None` where it is not written
/// (see the module's notes).
pub(super) async fn subscriber_dynamics(
    gw: &Arc<Gateway>,
    client: IpAddr,
    query: &str,
    headers: &HeaderMap,
) -> Option<String> {
    let asked = asked_dynamics(query)?;
    let requests = if asked.names_no_day() {
        dynamics_requests(&asked)?
    } else {
        over_preset(&asked, kept_zone(headers)?)?
    };
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
    let shell = shell
        .painted(PAINTED)?
        .value("sd-channel-0", name)?
        .selected("sd-group", request.group.as_str())?;
    let shell = if asked.period.is_empty() {
        shell
    } else {
        shell.selected("sd-period", &asked.period)?
    };
    shell.results(results.as_str())
}

/// The calls of an address naming one of the page's preset periods, its days counted back from
/// today in `zone` and read as the console reads them; `None` for any other period, or where
/// the page refuses hourly records over so many days.
fn over_preset(asked: &DynamicsQuery, zone: Tz) -> Option<Vec<(String, SubscriberDynamics)>> {
    let days = asked.preset_days(&PERIOD_PRESETS)?;
    if group_for_range(asked.group(), days) != asked.group() {
        return None;
    }
    let (start, end) = last_days_in(zone, days)?;
    dynamics_requests_between(asked, start, end)
}
