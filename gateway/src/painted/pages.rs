//! The console's pages people land on, written with their answer: the page's shell, as
//! `cargo xtask build` prerendered it (`routes/<page>.html`), with the form filled as its address
//! says and the answer in place of the form's introduction, drawn as the console draws it first.
//!
//! The shell is marked `data-painted` with what the console draws the answer as, so that the
//! console takes the shell's place only once it has drawn the same (`app::show_console`). It is
//! not `inert` as other shells are: what is typed into its form before the console is there is
//! carried over (`app::carry_input`), and its submit waits for the console (`static/boot.js`).

use std::net::IpAddr;
use std::path::Path;
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
        SUBSCRIBER_DYNAMICS_PATH => super::dynamics::subscriber_dynamics(gw, client, query).await,
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

/// A page's shell, being filled.
pub(super) struct Shell(pub(super) String);

/// The shell's root, as `cargo xtask build` writes it (`xtask/src/prerender.rs`).
const SHELL_ROOT: &str = r#"id="boot-shell" inert="""#;
/// The introduction a page's form shows until something is asked (`PageForm::status`).
const INTRO: &str = r#"<p class="muted intro">"#;
/// What the console's pages say to a browser that runs no script (`index.html`).
const NOSCRIPT: &str = "<noscript>Chanscope needs JavaScript and WebAssembly.</noscript>";
/// The same, under an answer written into the page.
const NOSCRIPT_PAINTED: &str = "<noscript>The answer above is as the server wrote it; to ask \
    again, change it or read more, Chanscope needs JavaScript and WebAssembly.</noscript>";
/// How a prerendered `select` marks its chosen option.
const SELECTED: &str = r#" selected="selected""#;

impl Shell {
    pub(super) async fn read(dist: &Path, page: &str) -> Option<Shell> {
        let file = dist.join("routes").join(format!("{page}.html"));
        tokio::fs::read_to_string(file).await.ok().map(Shell)
    }

    /// Taking input, and naming what the console draws the answer as (`answer`, a selector).
    pub(super) fn painted(self, answer: &str) -> Option<Shell> {
        let mut root = MarkupWriter::default();
        root.tags(r#"id="boot-shell""#)
            .attribute("data-painted", answer);
        self.replace(SHELL_ROOT, SHELL_ROOT, root.as_str())
    }

    /// The field `id` holding `value`.
    pub(super) fn value(self, id: &str, value: &str) -> Option<Shell> {
        let field = format!(r#"<input id="{id}""#);
        let at = self.0.find(&field)? + field.len();
        let mut written = MarkupWriter::default();
        written.attribute("value", value);
        Some(Shell(format!(
            "{}{}{}",
            &self.0[..at],
            written.as_str(),
            &self.0[at..]
        )))
    }

    /// The `select` `id` with its option `value` chosen.
    pub(super) fn selected(self, id: &str, value: &str) -> Option<Shell> {
        let start = self.0.find(&format!(r#"<select id="{id}""#))?;
        let end = self.0[start..].find("</select>")? + start;
        let option = format!(r#"<option value="{value}""#);
        let select = self.0[start..end].replacen(SELECTED, "", 1);
        let at = select.find(&option)? + option.len();
        let select = format!("{}{SELECTED}{}", &select[..at], &select[at..]);
        Some(Shell(format!(
            "{}{select}{}",
            &self.0[..start],
            &self.0[end..]
        )))
    }

    /// The answer in place of the form's introduction: the page, written. Its `<noscript>`
    /// line no longer says the page needs script for what it now shows without.
    pub(super) fn results(self, results: &str) -> Option<String> {
        let page = self.replace(INTRO, "</p>", results)?;
        Some(page.0.replacen(NOSCRIPT, NOSCRIPT_PAINTED, 1))
    }

    /// The shell with what starts with `start` and ends at the first `end` after it replaced
    /// by `by`.
    fn replace(self, start: &str, end: &str, by: &str) -> Option<Shell> {
        let from = self.0.find(start)?;
        let to = self.0[from..].find(end)? + from + end.len();
        Some(Shell(format!("{}{by}{}", &self.0[..from], &self.0[to..])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_noscript_line_replaced_is_the_console_pages_own() {
        let index = include_str!("../../../index.html");
        assert_eq!(index.matches(NOSCRIPT).count(), 1);
    }
}
