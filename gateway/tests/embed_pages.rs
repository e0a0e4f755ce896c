//! The iframe pages `/embed/<widget>?<options>`: framed only by the `--allow-origin` origins,
//! their options as the element's attributes, and the console still framed by nobody.

mod common;

use axum::http::{Method, StatusCode};

use common::*;

/// The `frame-ancestors` directive of an answer's policy.
fn frame_ancestors(answer: &Answer) -> String {
    let policy = answer.header("content-security-policy").unwrap_or_default();
    let directives: Vec<&str> = policy
        .split(';')
        .map(str::trim)
        .filter(|d| d.starts_with("frame-ancestors"))
        .collect();
    assert_eq!(directives.len(), 1, "{policy}");
    directives[0].to_owned()
}

/// `path` from a gateway with no `--allow-origin`, which must answer it with a page.
async fn page_without_origins(path: &str) -> Answer {
    let rig = Rig::start(healthy(), |_| {}).await;
    let page = rig.get(path).await;
    assert_eq!(page.status, StatusCode::OK, "{path}");
    page
}

#[tokio::test]
async fn the_allowed_origins_may_frame_the_widget_pages() {
    let portals = ["https://portal.example", "http://localhost:8081"];
    let rig = Rig::start(healthy(), |c| {
        c.allow_origins = portals.iter().map(|p| (*p).to_owned()).collect()
    })
    .await;
    let page = rig
        .get("/embed/channel-card?channel=%40harbour&variant=compact")
        .await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(page.header("cache-control"), Some("no-cache"));
    assert_eq!(
        frame_ancestors(&page),
        "frame-ancestors https://portal.example http://localhost:8081"
    );
    assert_eq!(page.header("x-frame-options"), None);
    // The rest of the console's policy stays: the page's scripts come from the gateway only.
    let policy = page.header("content-security-policy").unwrap();
    assert!(
        policy.starts_with("default-src 'self'; script-src 'self' 'wasm-unsafe-eval';"),
        "{policy}"
    );
    assert!(policy.contains("connect-src 'self';"), "{policy}");
    assert!(
        page.body.contains(
            "<chanscope-channel-card channel=\"@harbour\" variant=\"compact\"></chanscope-channel-card>"
        ),
        "{}",
        page.body
    );
    assert!(page
        .body
        .contains("<script type=\"module\" src=\"/embed.js\"></script>"));
    // A build without `embed.js` names no elements' script to preload.
    assert!(!page.body.contains("modulepreload"), "{}", page.body);
    // No height messages unless asked for.
    assert!(
        page.body
            .contains("<body style=\"margin:0\"><main><chanscope-"),
        "{}",
        page.body
    );
    // No request for an icon that is not there, and the page's one landmark around the widget.
    assert!(
        page.body.contains("<link rel=\"icon\" href=\"data:,\">"),
        "{}",
        page.body
    );
    assert!(
        page.body
            .contains("</chanscope-channel-card></main></body>"),
        "{}",
        page.body
    );

    let sized = rig
        .get("/embed/post-search?query=rates&peer-type=channel&autoheight=1")
        .await;
    assert_eq!(sized.status, StatusCode::OK);
    assert!(
        sized.body.contains(
            "<body style=\"margin:0\" data-autoheight data-origins=\"https://portal.example http://localhost:8081\"><main>\
             <chanscope-post-search query=\"rates\" peer-type=\"channel\"></chanscope-post-search>"
        ),
        "{}",
        sized.body
    );

    // The console's pages and files are still framed by nobody.
    for path in ["/", "/channel-info"] {
        let console = rig.get(path).await;
        assert_eq!(
            frame_ancestors(&console),
            "frame-ancestors 'none'",
            "{path}"
        );
    }
    assert_eq!(rig.upstream_calls(), 0);
}

#[tokio::test]
async fn without_allowed_origins_nobody_may_frame_them() {
    let page = page_without_origins("/embed/subscriber-chart?channel=10000&days=90").await;
    assert_eq!(frame_ancestors(&page), "frame-ancestors 'none'");
    assert!(page
        .body
        .contains("<chanscope-subscriber-chart channel=\"10000\" days=\"90\">"));
}

#[tokio::test]
async fn option_values_cannot_break_out_of_their_attribute() {
    let page =
        page_without_origins("/embed/post-search?query=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E")
            .await;
    assert!(!page.body.contains("<script>alert"), "{}", page.body);
    assert!(
        page.body
            .contains("query=\"&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;\""),
        "{}",
        page.body
    );
}

#[tokio::test]
async fn unknown_widgets_and_option_names_are_refused() {
    let rig = Rig::start(healthy(), |_| {}).await;
    let none = rig.get("/embed/channel-cards?channel=1").await;
    assert_eq!(none.status, StatusCode::NOT_FOUND);
    assert_eq!(none.body, "no such widget\n");
    let camel = rig.get("/embed/post-search?query=x&peerType=chat").await;
    assert_eq!(camel.status, StatusCode::BAD_REQUEST);
    assert!(camel.body.contains("kebab-case"), "{}", camel.body);
    assert!(camel.body.contains("\"peerType\""), "{}", camel.body);
    // Lower-case names that are no attribute of the element are refused as well.
    for (query, name) in [
        ("onclick=alert(1)", "onclick"),
        ("style=position:fixed", "style"),
        ("base-url=https://evil.example/api", "base-url"),
        ("token=abc", "token"),
    ] {
        let refused = rig
            .get(&format!("/embed/channel-card?channel=1&{query}"))
            .await;
        assert_eq!(refused.status, StatusCode::BAD_REQUEST, "{query}");
        assert!(
            refused.body.starts_with(&format!(
                "\"{name}\" is no option of chanscope-channel-card; its options"
            )),
            "{}",
            refused.body
        );
        assert!(!refused.body.contains("<chanscope"), "{}", refused.body);
    }
    let post = rig
        .send(Method::POST, "/embed/post-stats?post=1", &[])
        .await;
    assert_eq!(post.status, StatusCode::METHOD_NOT_ALLOWED);
}
