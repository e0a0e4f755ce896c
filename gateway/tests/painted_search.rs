//! The first page of a post search people land on, written with its answer: the page equals its
//! shell filled with what `view::post_page` writes for the same answer, in UTC or in the zone the
//! console's cookie names; the console's own call is then a cache hit; an address naming days,
//! another page or a form the console would refuse is sent as its shell.

mod common;

use axum::http::{Method, StatusCode};
use chanscope::api::envelope::decode;
use chanscope::api::model::PostSearchResponse;
use chanscope::api::HttpResponse;
use chanscope::format::{format_timestamp, Locale};
use chanscope::sanitize::MarkupWriter;
use chanscope::view::post_item::PostText;
use chanscope::view::post_page::write_first_page;
use chanscope::watchlist::write_waiting_watch_button;
use chrono::FixedOffset;

use common::mcp::upstream_now;
use common::*;

/// The post-search page's shell as `cargo xtask build` writes it, in short.
const SHELL: &str = "<!doctype html><body><div class=\"app boot-shell\" id=\"boot-shell\" \
    inert=\"\"><main><section class=\"page post-search-page\"><form class=\"query-form\">\
    <input id=\"ps-q\" type=\"text\" required=\"\"><select id=\"ps-period\"><option value=\"\" \
    selected=\"selected\">Any time</option><option value=\"7\">Last 7 days</option><option \
    value=\"30\">Last 30 days</option></select><details class=\"advanced\"><summary>More \
    options</summary><div class=\"advanced-body\"><input id=\"ps-limit\" type=\"text\"></div>\
    </details></form><p class=\"muted intro\">Enter text to search posts of all channels, newest \
    first.</p></section></main></div><script type=\"module\" src=\"/boot.js\"></script></body>";

/// "сегодня", which the sandbox's posts hold.
const TODAY: &str = "%D1%81%D0%B5%D0%B3%D0%BE%D0%B4%D0%BD%D1%8F";

fn with_shell(rig: &Rig) {
    std::fs::write(rig.files.join("dist/routes/post-search.html"), SHELL).unwrap();
}

/// The page `SHELL` becomes for `answer` with `q` (and `limit`, if set), dates at `offset`.
fn expected(answer: &PostSearchResponse, limit: Option<u32>, offset: FixedOffset) -> String {
    let offset_at = move |_| offset;
    let text = PostText {
        locale: Locale::En,
        offset_at: &offset_at,
    };
    let mut watch = MarkupWriter::default();
    write_waiting_watch_button(&mut watch, Locale::En);
    let mut m = MarkupWriter::default();
    write_first_page(&mut m, &text, answer, limit.unwrap_or(20));
    let (details, limit_value) = match limit {
        Some(limit) => (" open=\"\"".to_owned(), format!(" value=\"{limit}\"")),
        None => (String::new(), String::new()),
    };
    format!(
        "<!doctype html><body><div class=\"app boot-shell\" id=\"boot-shell\" \
         data-painted=\".post-results .post-list\"><main><section class=\"page post-search-page\">\
         <form class=\"query-form\"><input id=\"ps-q\" value=\"сегодня\" type=\"text\" required=\"\">\
         <select id=\"ps-period\"><option value=\"\" selected=\"selected\">Any time</option><option \
         value=\"7\">Last 7 days</option><option value=\"30\">Last 30 days</option></select><details class=\"advanced\"{details}><summary>More options</summary><div class=\"advanced-body\">\
         <input id=\"ps-limit\"{limit_value} type=\"text\"></div></details></form>\
         {}<div class=\"results post-results\">{}</div></section></main></div>\
         <script type=\"module\" src=\"/boot.js\"></script></body>",
        watch.as_str(),
        m.as_str()
    )
}

/// The answer the console's call gets, which must be the one kept from the page's.
async fn console_call(rig: &Rig, call: &str) -> PostSearchResponse {
    let answer = rig.get(call).await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.header("x-chanscope-cache"), Some("hit"), "{call}");
    decode(&HttpResponse::new(200, answer.body.clone())).unwrap()
}

#[tokio::test]
async fn the_search_page_carries_the_first_page_the_console_draws_in_utc() {
    let rig = Rig::start(healthy(), |_| {}).await;
    with_shell(&rig);
    let page = rig.get(&format!("/post-search?q={TODAY}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(rig.upstream_calls(), 1);
    let call = format!("/api/posts/search?q={TODAY}&extended=1");
    let links = page.header("link").unwrap_or_default();
    assert!(links.contains(&format!("<{call}>")), "{links}");
    assert!(
        page.vary().contains(&"cookie".to_owned()),
        "{:?}",
        page.vary()
    );
    let answer = console_call(&rig, &call).await;
    assert_eq!(rig.upstream_calls(), 1);
    assert!(answer.items.sent() > 1);
    let utc = FixedOffset::east_opt(0).unwrap();
    assert_eq!(page.body, expected(&answer, None, utc));
    // The first post's date as the console draws it in UTC, and its views.
    let first = &answer.items[0];
    let at = chrono::DateTime::from_timestamp(first.date, 0).unwrap();
    let written = at.format("%-d %b %Y, %H:%M").to_string();
    assert_eq!(format_timestamp(first.date, &utc, Locale::En), written);
    assert!(
        page.body.contains(&format!(">{written}</time>")),
        "{written}"
    );
    assert!(!page.body.contains(SECRET));
    println!("written page: {} bytes", page.body.len());
}

#[tokio::test]
async fn the_dates_are_in_the_zone_the_cookie_names() {
    let rig = Rig::start(healthy(), |_| {}).await;
    with_shell(&rig);
    let url = format!("/post-search?q={TODAY}&limit=5");
    let call = format!("/api/posts/search?q={TODAY}&limit=5&extended=1");
    // India: +05:30 all year round.
    let kolkata = rig
        .send(
            Method::GET,
            &url,
            &[("cookie", "theme=dark; chanscope-zone=Asia/Kolkata")],
        )
        .await;
    let answer = console_call(&rig, &call).await;
    let india = FixedOffset::east_opt(5 * 3600 + 30 * 60).unwrap();
    assert_eq!(kolkata.body, expected(&answer, Some(5), india));
    let utc = FixedOffset::east_opt(0).unwrap();
    assert_ne!(kolkata.body, expected(&answer, Some(5), utc));
    let first = &answer.items[0];
    let local = chrono::DateTime::from_timestamp(first.date, 0)
        .unwrap()
        .with_timezone(&india)
        .format("%-d %b %Y, %H:%M")
        .to_string();
    assert!(
        kolkata.body.contains(&format!(">{local}</time>")),
        "{local}"
    );
    // New York in January: −05:00.
    let new_york = rig
        .send(
            Method::GET,
            &url,
            &[("cookie", "chanscope-zone=America/New_York")],
        )
        .await;
    let est = FixedOffset::west_opt(5 * 3600).unwrap();
    // (The sandbox's posts are of December and January: no summer time in them.)
    assert_eq!(new_york.body, expected(&answer, Some(5), est));
    // A zone the server does not know, and `UTC`, are UTC.
    for cookie in ["chanscope-zone=Mars/Olympus", "chanscope-zone=UTC"] {
        let page = rig.send(Method::GET, &url, &[("cookie", cookie)]).await;
        assert_eq!(page.body, expected(&answer, Some(5), utc), "{cookie}");
    }
}

#[tokio::test]
async fn a_search_naming_days_another_page_or_a_refused_form_is_its_shell() {
    let rig = Rig::start(healthy(), |_| {}).await;
    with_shell(&rig);
    for query in [
        format!("q={TODAY}&period=7"),
        format!("q={TODAY}&startDate=2025-12-01"),
        format!("q={TODAY}&endDate=2025-12-31"),
        format!("q={TODAY}&offset=20"),
        format!("q={TODAY}&peerType=chat"),
        format!("q={TODAY}&limit=many"),
        format!("q={TODAY}&limit=51"),
        "q=+".to_owned(),
        String::new(),
    ] {
        let page = rig.get(&format!("/post-search?{query}")).await;
        assert_eq!(page.status, StatusCode::OK, "{query}");
        assert_eq!(page.body, SHELL, "{query}");
    }
    assert_eq!(rig.upstream_calls(), 0);
}

/// A preset period counts its days back from today in the zone the console keeps in its
/// cookie, as the console does: the page carries the first page over those days, and the
/// console's call (its days read in that zone) is then a cache hit. Without the cookie, the
/// page is the shell.
#[tokio::test]
async fn a_preset_period_is_read_in_the_zone_the_console_keeps() {
    // The sandbox at the real clock's hour: the period counts back from the real today.
    let rig = Rig::start(upstream_now(), |_| {}).await;
    with_shell(&rig);
    let url = format!("/post-search?q={TODAY}&period=30");
    let (page, day) = rig.get_in_kolkata(&url).await;
    let (start, end) = last_30_days_in_kolkata(day);
    let kolkata = FixedOffset::east_opt(KOLKATA_SECS).unwrap();
    let call = format!("/api/posts/search?q={TODAY}&startDate={start}&endDate={end}&extended=1");
    let answer = console_call(&rig, &call).await;
    assert!(answer.items.sent() > 1, "{} posts", answer.items.sent());
    let any_time = "<option value=\"\" selected=\"selected\">Any time</option><option \
                    value=\"7\">Last 7 days</option><option value=\"30\">";
    let thirty = "<option value=\"\">Any time</option><option value=\"7\">Last 7 days</option>\
                  <option value=\"30\" selected=\"selected\">";
    let written = expected(&answer, None, kolkata).replacen(any_time, thirty, 1);
    assert_eq!(page.body, written);
    assert_eq!(rig.upstream_calls(), 1);

    // A first visit, without the cookie: the shell, and nothing asked.
    let shell = rig.get(&url).await;
    assert_eq!(shell.body, SHELL);
    assert_eq!(rig.upstream_calls(), 1);
}
