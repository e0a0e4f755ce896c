//! The first page of a post search people land on (`/post-search?q=…`), written with its answer:
//! the text (and page size) in the form, the console's first drawing of the results in place of
//! the form's introduction (`chanscope::view::post_page`).
//!
//! Only an address of any time, or of a preset period (`period=30`) for a visitor whose console
//! has kept its zone in the cookie, is written: a period names days in the visitor's zone,
//! counted back from today there and read as the console reads them (`zone::last_days_in`).
//! Nor is one with another field of the form set: the console reads those with parsers of its
//! own (`opening::asked_post_search`).
//!
//! Dates are written in the zone the visitor's console keeps in a cookie (what its settings
//! name, or the browser's own: [`visitor_zone`](super::zone::visitor_zone)), so that a returning visitor's page reads as the
//! console then draws it; without the cookie (a first visit), in UTC, and the console's drawing in
//! the visitor's zone takes the shell's place in one task (`app::show_console`).

use std::net::IpAddr;
use std::sync::Arc;

use axum::http::HeaderMap;
use chanscope::api::envelope::decode;
use chanscope::api::model::PostSearchResponse;
use chanscope::api::opening::{asked_post_search, post_search_request};
use chanscope::api::Operation;
use chanscope::format::Locale;
use chanscope::sanitize::MarkupWriter;
use chanscope::view::post_item::PostText;
use chanscope::view::post_page::write_first_page;
use chanscope::watchlist::write_waiting_watch_button;

use super::ask;
use super::shell::Shell;
use super::zone::{kept_zone, last_days_in, offset_in, visitor_zone};
use crate::state::Gateway;

/// The post-search page for `query`, with its first page of posts in the zone `headers` name.
pub(super) async fn page(
    gw: &Arc<Gateway>,
    client: IpAddr,
    query: &str,
    headers: &HeaderMap,
) -> Option<String> {
    let asked = asked_post_search(query)?;
    let period = match asked.period {
        None => None,
        Some(days) => Some(last_days_in(kept_zone(headers)?, days)?),
    };
    let request = post_search_request(&asked, period);
    request.validate().ok()?;
    let shell = Shell::read(&gw.config.dist, "post-search").await?;
    let answer = ask(gw, client, &request).await?;
    let data: PostSearchResponse = decode(&answer).ok()?;
    let zone = visitor_zone(headers);
    let offset_at = move |secs| offset_in(zone, secs);
    let text = PostText {
        locale: Locale::En,
        offset_at: &offset_at,
    };
    let limit = request
        .limit
        .unwrap_or(chanscope::api::limits::POST_SEARCH_LIMIT_DEFAULT);
    let mut results = MarkupWriter::with_capacity(4096 + data.items.sent() * 2048);
    // The watch button as the console draws it until its watchlist is read.
    write_waiting_watch_button(&mut results, text.locale);
    results.tags(r#"<div class="results post-results">"#);
    write_first_page(&mut results, &text, &data, limit);
    results.tags("</div>");
    let drawn = if data.items.sent() == 0 {
        ".post-results .cs-empty"
    } else {
        ".post-results .post-list"
    };
    let shell = shell.painted(drawn)?.value("ps-q", &asked.q)?;
    let shell = if asked.limit.is_empty() {
        shell
    } else {
        shell.opened("advanced")?.value("ps-limit", &asked.limit)?
    };
    let shell = match asked.period {
        None => shell,
        Some(days) => shell.selected("ps-period", &days.to_string())?,
    };
    shell.results(results.as_str())
}

impl Shell {
    /// The form's folded section `class` open, as the console draws it when a field in it is set.
    fn opened(self, class: &str) -> Option<Shell> {
        let details = format!(r#"<details class="{class}""#);
        let at = self.0.find(&details)? + details.len();
        let open = self.0[at..].starts_with(" open");
        Some(if open {
            self
        } else {
            Shell(format!(r#"{} open=""{}"#, &self.0[..at], &self.0[at..]))
        })
    }
}
