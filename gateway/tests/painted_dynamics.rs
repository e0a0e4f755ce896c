//! Subscriber dynamics inside its page: for an address that names no day, the page carries the
//! switch, the chart and the summary the console draws for the same answer, asked through
//! `/api`'s own path; otherwise it is its shell, as before.

mod common;

use axum::http::StatusCode;
use chanscope::api::envelope::decode;
use chanscope::api::model::{Records, SubscriberCount};
use chanscope::api::{HttpResponse, PeriodGroup};
use chanscope::figures::dynamics::readings;
use chanscope::format::Locale;
use chanscope::sanitize::MarkupWriter;
use chanscope::view::dynamics::{write_dynamics_answer, ChannelReadings, DynamicsLook};
use chanscope::view::line_chart::DEFAULT_WIDTH;
use chanscope::view::unreadable::{records_note, RecordNoun};

use common::mcp::upstream_now;
use common::*;

/// The subscriber-dynamics page's shell as `cargo xtask build` writes it, in short.
const SHELL: &str = "<div class=\"app boot-shell\" id=\"boot-shell\" inert=\"\"><form>\
    <input id=\"sd-channel-0\" type=\"text\" placeholder=\"@durov\"><select id=\"sd-group\">\
    <option value=\"hour\">By hour</option><option value=\"day\" selected=\"selected\">By day\
    </option><option value=\"week\">By week</option></select><select id=\"sd-period\">\
    <option value=\"\" selected=\"selected\">API default (last 10 days)</option>\
    <option value=\"30\">Last 30 days</option><option value=\"90\">Last 90 days</option>\
    <option value=\"custom\">Custom dates</option></select></form>\
    <p class=\"muted intro\">Enter one or more channels.</p></div>";

async fn rig() -> Rig {
    with_shell(Rig::start(healthy(), |_| {}).await)
}

/// Over the sandbox generated at the real clock's hour: a period counts back from the real today.
async fn rig_now() -> Rig {
    with_shell(Rig::start(upstream_now(), |_| {}).await)
}

fn with_shell(rig: Rig) -> Rig {
    std::fs::write(
        rig.files.join("dist/routes/subscriber-dynamics.html"),
        SHELL,
    )
    .unwrap();
    rig
}

/// What the console draws for `answer` of `channel` by `group`, as `view::dynamics` writes it.
fn drawn(answer: &HttpResponse, channel: &str, group: PeriodGroup) -> String {
    let records: Records<SubscriberCount> = decode(answer).unwrap();
    let (read, unreadable) = readings(group, &records);
    assert!(read.len() >= 2, "{} readings", read.len());
    let note = records_note(Locale::En, RecordNoun::Readings, [&records]);
    let look = DynamicsLook {
        locale: Locale::En,
        group,
        width: DEFAULT_WIDTH,
        unreadable,
        records_note: note.as_deref(),
    };
    let mut m = MarkupWriter::default();
    let channels = [ChannelReadings {
        name: channel,
        readings: &read,
    }];
    assert!(write_dynamics_answer(&mut m, &look, &channels));
    m.into_string()
}

/// The shell written with `answer`: the channel typed, the grouping `group_option` and the
/// period `period` (blank for the API's default) chosen, the answer in the introduction's place.
fn written(
    answer: &HttpResponse,
    channel: &str,
    group: PeriodGroup,
    group_option: &str,
    period: &str,
) -> String {
    let choose = |select: &str, value: &str| {
        let start = SHELL.find(&format!("<select id=\"{select}\"")).unwrap();
        let end = SHELL[start..].find("</select>").unwrap() + start;
        let options = SHELL[start..end]
            .replacen(" selected=\"selected\"", "", 1)
            .replacen(
                &format!("<option value=\"{value}\""),
                &format!("<option value=\"{value}\" selected=\"selected\""),
                1,
            );
        (SHELL[start..end].to_owned(), options)
    };
    let (group_was, group_is) = choose("sd-group", group_option);
    let (period_was, period_is) = choose("sd-period", period);
    SHELL
        .replace(
            " inert=\"\"",
            " data-painted=\".dynamics-results .dynamics-summary\"",
        )
        .replace(
            "<input id=\"sd-channel-0\"",
            &format!("<input id=\"sd-channel-0\" value=\"{channel}\""),
        )
        .replace(&group_was, &group_is)
        .replace(&period_was, &period_is)
        .replace(
            "<p class=\"muted intro\">Enter one or more channels.</p>",
            &format!(
                "<div class=\"results dynamics-results\">{}</div>",
                drawn(answer, channel, group)
            ),
        )
}

#[tokio::test]
async fn the_page_carries_the_chart_and_summary_the_console_draws_and_its_call_is_then_a_hit() {
    let rig = rig().await;
    let id = rig.channel_id;
    for (query, group, option) in [
        (format!("channel={id}"), PeriodGroup::Day, "day"),
        (
            format!("channel={id}&group=week"),
            PeriodGroup::Week,
            "week",
        ),
    ] {
        let page = rig.get(&format!("/subscriber-dynamics?{query}")).await;
        assert_eq!(page.status, StatusCode::OK, "{query}");
        let links = page.header("link").unwrap_or_default().to_owned();
        let call = match group {
            PeriodGroup::Day => format!("/api/channels/subscribers?channelId={id}"),
            _ => format!("/api/channels/subscribers?channelId={id}&group={option}"),
        };
        assert!(links.contains(&format!("<{call}>")), "{links}");
        // The console's own call: the same URL, now kept.
        let answer = rig.get(&call).await;
        assert_eq!(answer.header("x-chanscope-cache"), Some("hit"), "{query}");
        let answer = HttpResponse::new(200, answer.body.clone());
        let expected = written(&answer, &id.to_string(), group, option, "");
        assert_eq!(page.body, expected, "{query}");
        assert!(page.body.contains("<svg class=\"cs-chart-svg\""), "{query}");
        assert!(
            page.body.contains("<td class=\"summary-net cs-num"),
            "{query}"
        );
        assert!(!page.body.contains(SECRET));
    }
    assert_eq!(rig.upstream_calls(), 2);
}

#[tokio::test]
async fn a_day_a_refused_form_or_several_channels_are_left_to_the_console() {
    let rig = rig().await;
    let id = rig.channel_id;
    for query in [
        // Days in the visitor's zone, which a first visit (no cookie) does not tell.
        format!("channel={id}&period=30"),
        format!("channel={id}&period=custom&startDate=2025-12-01"),
        format!("channel={id}&endDate=2025-12-01"),
        // What the page refuses.
        "channel=%3F%3F".to_owned(),
        String::new(),
        format!("channel={id},{id}"),
        // Several channels: the form of several is the console's to draw.
        format!("channel={id},@other_channel"),
    ] {
        let page = rig.get(&format!("/subscriber-dynamics?{query}")).await;
        assert_eq!(page.status, StatusCode::OK, "{query}");
        assert_eq!(page.body, SHELL, "{query}");
    }
    // Only several channels are asked for, by their preloads, not by the page.
    assert_eq!(rig.upstream_calls(), 0);
    let page = rig
        .get(&format!("/subscriber-dynamics?channel={id},@other_channel"))
        .await;
    let links = page.header("link").unwrap_or_default();
    assert!(
        links.contains(&format!("</api/channels/subscribers?channelId={id}>"))
            && links.contains("</api/channels/subscribers?channelId=%40other_channel>"),
        "{links}"
    );
    // A channel the service does not know: its error is the console's to show.
    let page = rig
        .get("/subscriber-dynamics?channel=@no_such_channel_anywhere")
        .await;
    assert_eq!(page.body, SHELL);
}

/// A preset period counts its days back from today in the zone the console keeps in its
/// cookie, as the console does: the page carries the answer, and the console's call (its days
/// read in that zone) is then a cache hit.
#[tokio::test]
async fn a_preset_period_is_read_in_the_zone_the_console_keeps() {
    let rig = rig_now().await;
    let id = rig.channel_id;
    let (page, day) = rig
        .get_in_kolkata(&format!("/subscriber-dynamics?channel={id}&period=30"))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    let (start, end) = last_30_days_in_kolkata(day);
    let call = format!("/api/channels/subscribers?channelId={id}&startDate={start}&endDate={end}");
    let answer = rig.get(&call).await;
    assert_eq!(answer.header("x-chanscope-cache"), Some("hit"), "{call}");
    let answer = HttpResponse::new(200, answer.body.clone());
    let expected = written(&answer, &id.to_string(), PeriodGroup::Day, "day", "30");
    assert_eq!(page.body, expected);
    assert_eq!(page.header("vary"), Some("Cookie"));
    assert_eq!(rig.upstream_calls(), 1);

    // Hourly records over 90 days are refused by the page, and a custom range shows its date
    // inputs: both the console's to draw.
    for query in [
        format!("channel={id}&period=90&group=hour"),
        format!("channel={id}&period=custom&startDate=2025-12-01"),
        format!("channel={id}&period=31"),
    ] {
        let page = rig
            .send(
                axum::http::Method::GET,
                &format!("/subscriber-dynamics?{query}"),
                &[("cookie", "chanscope-zone=Asia/Kolkata")],
            )
            .await;
        assert_eq!(page.body, SHELL, "{query}");
    }
    assert_eq!(rig.upstream_calls(), 1);
}
