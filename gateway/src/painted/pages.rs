//! The console's pages people land on, written with their answer: the page's shell, as
//! `cargo xtask build` prerendered it (`routes/<page>.html`), with the form filled as its address
//! says and the answer in place of the form's introduction, drawn as the console draws it first.
//!
//! The shell is marked `data-painted` with what the console draws the answer as, so that the
//! console takes the shell's place only once it has drawn the same (`app::show_console`). It is
//! not `inert` as other shells are: what is typed into its form before the console is there is
//! carried over (`app::carry_input`), and its submit waits for the console (`static/boot.js`).

use std::net::IpAddr;
use std::sync::Arc;

use axum::http::HeaderMap;
use chanscope::api::envelope::decode;
use chanscope::api::model::{Channel, PostStatsResponse};
use chanscope::api::opening::{
    asked_channel, asked_post, channel_info_request, post_stats_request, CHANNEL_INFO_PATH,
    POST_SEARCH_PATH, POST_STATS_PATH, SUBSCRIBER_DYNAMICS_PATH,
};
use chanscope::api::Operation;
use chanscope::format::Locale;
use chanscope::sanitize::MarkupWriter;
use chanscope::view::card::{write_channel_info_card, CardText};
use chanscope::view::tiles::write_post_stats_tiles;

use super::shell::Shell;
use super::zone::{offset_in, visitor_zone};
use super::{ask, post_search};
use crate::state::Gateway;

/// Whether the console's page at `path` is one the gateway writes its answer into.
pub fn paints(path: &str) -> bool {
    matches!(
        path.trim_end_matches('/'),
        CHANNEL_INFO_PATH | POST_STATS_PATH | SUBSCRIBER_DYNAMICS_PATH | POST_SEARCH_PATH
    )
}

/// The console's page at `path` for `query`, with its answer; `None` when it cannot be written
/// in time (the page is then sent as its shell alone). `headers` are the request's (the visitor's
/// zone, in a cookie).
pub async fn page(
    gw: &Arc<Gateway>,
    client: IpAddr,
    path: &str,
    query: &str,
    headers: &HeaderMap,
) -> Option<String> {
    match path.trim_end_matches('/') {
        CHANNEL_INFO_PATH => channel_info(gw, client, query, headers).await,
        POST_STATS_PATH => post_stats(gw, client, query).await,
        SUBSCRIBER_DYNAMICS_PATH => {
            super::dynamics::subscriber_dynamics(gw, client, query, headers).await
        }
        POST_SEARCH_PATH => post_search::page(gw, client, query, headers).await,
        _ => None,
    }
}

/// Channel info: the channel in the form, its card (with the report's links) in place of the
/// introduction, its date in the visitor's zone. The report under the card is the console's to
/// draw.
async fn channel_info(
    gw: &Arc<Gateway>,
    client: IpAddr,
    query: &str,
    headers: &HeaderMap,
) -> Option<String> {
    let asked = asked_channel(query)?;
    let request = channel_info_request(&asked).ok()?;
    request.validate().ok()?;
    let shell = Shell::read(&gw.config.dist, "channel-info").await?;
    let answer = ask(gw, client, &request).await?;
    let channel: Channel = decode(&answer).ok()?;
    let zone = visitor_zone(headers);
    let offset_at = |secs| offset_in(zone, secs);
    let text = CardText {
        locale: Locale::En,
        offset_at: &offset_at,
    };
    let mut results = MarkupWriter::with_capacity(4096);
    results.tags(r#"<div class="results channel-info">"#);
    write_channel_info_card(&mut results, &channel, &asked, &text);
    results.tags("</div>");
    shell
        .painted(".channel-info .cs-card")?
        .value("ci-channel", &asked)?
        .results(results.as_str())
}

/// Post statistics: the post and its grouping in the form, its counters as tiles in place of
/// the introduction. What comes under them (reach, the growth chart, reposts) is the
/// console's to draw; its calls start with the page (`opening`'s preloads).
async fn post_stats(gw: &Arc<Gateway>, client: IpAddr, query: &str) -> Option<String> {
    let asked = asked_post(query)?;
    let request = post_stats_request(&asked.post, &asked.group).ok()?;
    request.validate().ok()?;
    let shell = Shell::read(&gw.config.dist, "post-stats").await?;
    let answer = ask(gw, client, &request).await?;
    let stats: PostStatsResponse = decode(&answer).ok()?;
    let mut results = MarkupWriter::with_capacity(2048);
    results.tags(r#"<div class="results post-stats-results">"#);
    write_post_stats_tiles(&mut results, &stats, Locale::En);
    results.tags("</div>");
    shell
        .painted(".post-stats-results .cs-tiles")?
        .value("ps-post", &asked.post)?
        .selected("ps-group", request.group.as_str())?
        .results(results.as_str())
}
