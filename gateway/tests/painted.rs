//! The answer inside the page: the iframe card's page carries the card the widget draws, asked
//! through `/api`'s own path, within `--answer-in-page-ms`; and is sent as before when the
//! answer fails or comes late.

mod common;

use std::time::{Duration, Instant};

use axum::http::StatusCode;
use axum::Router;
use chanscope::api::envelope::decode;
use chanscope::api::model::Channel;
use chanscope::api::HttpResponse;
use chanscope::format::Locale;
use chanscope::sanitize::MarkupWriter;
use chanscope::view::card::{write_card, write_channel_info_card, CardText, CardVariant};
use chrono::FixedOffset;

use common::*;

const SHADOW_CSS: &str = "components-shadow-0123456789abcdef.css";

/// Gives the rig's build an `embed.js` naming the shadow roots' stylesheet, as a real build's.
fn with_embed_js(rig: &Rig) {
    let script = format!(
        "import {{ load }} from \"./chanscope-elements-0123456789abcdef.js\";\n\
         await load(\"a.js\", \"a.wasm\", \"components-0123456789abcdef.css\", \
         new URL(\"./{SHADOW_CSS}\", here), new URL(\"api\", here).href);\n"
    );
    std::fs::write(rig.files.join("dist").join("embed.js"), script).unwrap();
}

/// The card `write_card` writes for `channel` in `locale`, dates in UTC.
fn card(channel: &Channel, variant: CardVariant, locale: Locale) -> String {
    card_at(channel, variant, locale, 0)
}

/// The card with its dates `hours` ahead of UTC.
fn card_at(channel: &Channel, variant: CardVariant, locale: Locale, hours: i32) -> String {
    let offset = |_| FixedOffset::east_opt(hours * 3600).unwrap();
    let text = CardText {
        locale,
        offset_at: &offset,
    };
    let mut m = MarkupWriter::default();
    write_card(&mut m, channel, variant, 3, &text, |_| {});
    m.into_string()
}

fn shadow_root(page: &str) -> Option<&str> {
    let start = page.find("<template shadowrootmode=\"open\">")?;
    let end = page[start..].find("</template>")? + start;
    Some(&page[start..end])
}

#[tokio::test]
async fn the_card_page_carries_the_card_the_widget_draws_and_its_call_is_then_a_hit() {
    let rig = Rig::start(healthy(), |_| {}).await;
    with_embed_js(&rig);
    let id = rig.channel_id;
    let page = rig.get(&format!("/embed/channel-card?channel={id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(rig.upstream_calls(), 1);
    // The widget's own call: the same URL, now kept.
    let answer = rig.get(&rig.channel_info()).await;
    assert_eq!(answer.header("x-chanscope-cache"), Some("hit"));
    assert_eq!(rig.upstream_calls(), 1);
    let channel: Channel = decode(&HttpResponse::new(200, answer.body.clone())).unwrap();
    assert!(channel.participants_count > 0 && !channel.title.is_empty());

    let expected = format!(
        "<template shadowrootmode=\"open\"><link rel=\"stylesheet\" href=\"/{SHADOW_CSS}\">\
         <div><div class=\"cs-widget\" lang=\"en\"><div class=\"cs-card-box\">{}</div></div></div>",
        card(&channel, CardVariant::Full, Locale::En)
    );
    assert_eq!(shadow_root(&page.body), Some(expected.as_str()));
    assert!(page.body.contains(&format!(
        "<chanscope-channel-card channel=\"{id}\">{expected}</template></chanscope-channel-card>"
    )));
    // The elements' script, which `embed.js` imports, asked for with the page rather than a
    // round trip after it.
    assert!(
        page.body.contains(&format!(
            "<link rel=\"icon\" href=\"data:,\">\n<link rel=\"stylesheet\" href=\"/{SHADOW_CSS}\">\n\
             <link rel=\"modulepreload\" href=\"/chanscope-elements-0123456789abcdef.js\">\n\
             <script type=\"module\" src=\"/embed.js\"></script>"
        )),
        "{}",
        page.body
    );
    assert!(page.body.contains(&chanscope::format::compact(
        channel.participants_count as i64
    )));
    assert!(!page.body.contains(SECRET));
    let metrics = rig.get("/metrics").await.body;
    assert!(
        metrics.contains(
            "gateway_answers_in_page_total{operation=\"channel-info\",outcome=\"in_time\"} 1\n"
        ),
        "{metrics}"
    );
    // Compressed on the fly for a browser that takes it.
    let packed = rig
        .send(
            axum::http::Method::GET,
            &format!("/embed/channel-card?channel={id}"),
            &[("accept-encoding", "br")],
        )
        .await;
    assert_eq!(packed.header("content-encoding"), Some("br"));
    assert_eq!(String::from_utf8(packed.decoded()).unwrap(), page.body);
}

#[tokio::test]
async fn the_card_is_drawn_in_the_elements_language_theme_and_variant() {
    let rig = Rig::start(healthy(), |_| {}).await;
    with_embed_js(&rig);
    let id = rig.channel_id;
    let page = rig
        .get(&format!(
            "/embed/channel-card?channel={id}&variant=compact&language=ru&theme=dark&timezone=UTC"
        ))
        .await;
    let answer = rig.get(&rig.channel_info()).await;
    let channel: Channel = decode(&HttpResponse::new(200, answer.body.clone())).unwrap();
    let root = shadow_root(&page.body).expect("a card in the page");
    assert!(
        root.contains(&format!(
            "<div class=\"cs-widget cs-theme-dark\" lang=\"ru\"><div class=\"cs-card-box\">{}</div>",
            card(&channel, CardVariant::Compact, Locale::Ru)
        )),
        "{root}"
    );
    assert!(root.contains("<dt>Подписчики</dt>"), "{root}");
}

/// A widget's `timezone` names the zone of its card's date, as the element writes it.
#[tokio::test]
async fn the_cards_date_is_in_the_zone_of_the_elements_timezone() {
    let rig = Rig::start(healthy(), |_| {}).await;
    with_embed_js(&rig);
    let id = rig.channel_id;
    let answer = rig.get(&rig.channel_info()).await;
    let channel: Channel = decode(&HttpResponse::new(200, answer.body.clone())).unwrap();
    // 26 hours apart, these two zones never show one instant on the same day.
    let mut roots = Vec::new();
    for (zone, hours) in [
        ("Pacific/Kiritimati", 14),
        ("Etc/GMT%2B12", -12),
        ("utc", 0),
    ] {
        let page = rig
            .get(&format!("/embed/channel-card?channel={id}&timezone={zone}"))
            .await;
        let root = shadow_root(&page.body)
            .expect("a card in the page")
            .to_owned();
        let card = card_at(&channel, CardVariant::Full, Locale::En, hours);
        assert!(root.contains(&card), "{zone}: {root}");
        roots.push(root);
    }
    assert_ne!(roots[0], roots[1]);
    let fragment = rig
        .get(&format!(
            "/embed/channel-card/painted?channel={id}&timezone=Pacific/Kiritimati"
        ))
        .await;
    assert_eq!(fragment.status, StatusCode::OK);
    assert!(
        fragment
            .body
            .contains(&card_at(&channel, CardVariant::Full, Locale::En, 14)),
        "{}",
        fragment.body
    );
}

#[tokio::test]
async fn what_the_server_cannot_draw_as_the_element_would_is_left_to_the_element() {
    let rig = Rig::start(healthy(), |_| {}).await;
    with_embed_js(&rig);
    let id = rig.channel_id;
    for query in [
        // A channel the service does not know: the element says so itself.
        "channel=@no_such_channel_anywhere".to_owned(),
        // Not an identifier: the element says why.
        "channel=%3F%3F".to_owned(),
        // Dates in a zone the server does not know, or in the browser's.
        format!("channel={id}&timezone=Mars/Olympus"),
        format!("channel={id}&timezone="),
        // Values the element refuses with a message.
        format!("channel={id}&variant=wide"),
        format!("channel={id}&language=de"),
    ] {
        let page = rig.get(&format!("/embed/channel-card?{query}")).await;
        assert_eq!(page.status, StatusCode::OK, "{query}");
        assert_eq!(shadow_root(&page.body), None, "{query}");
        assert!(page.body.contains("></chanscope-channel-card>"), "{query}");
    }
    // Of these, only the unknown channel was asked: the API's answer that it does not exist
    // came in time, and there is no card to draw from it.
    let metrics = rig.get("/metrics").await.body;
    let in_page: Vec<&str> = metrics
        .lines()
        .filter(|line| line.starts_with("gateway_answers_in_page_total{"))
        .collect();
    assert_eq!(
        in_page,
        ["gateway_answers_in_page_total{operation=\"channel-info\",outcome=\"in_time\"} 1"]
    );
    // Turned off.
    let off = Rig::start(healthy(), |c| c.answer_in_page = Duration::ZERO).await;
    with_embed_js(&off);
    let page = off.get(&format!("/embed/channel-card?channel={id}")).await;
    assert_eq!(shadow_root(&page.body), None);
    assert_eq!(off.upstream_calls(), 0);
}

#[tokio::test]
async fn a_slow_upstream_delays_the_page_by_the_limit_at_most() {
    let upstream_delay = Duration::from_secs(5);
    let slow = Router::new().fallback(move || async move {
        tokio::time::sleep(upstream_delay).await;
        "{\"status\":\"ok\",\"response\":{\"id\":5,\"title\":\"Late\"}}"
    });
    let upstream = CountingUpstream::own(slow).await;
    let rig = Rig::on(&upstream, |c| c.answer_in_page = Duration::from_millis(200)).await;
    with_embed_js(&rig);
    let asked = Instant::now();
    let page = rig.get("/embed/channel-card?channel=5").await;
    let took = asked.elapsed();
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(shadow_root(&page.body), None);
    assert!(
        page.body
            .contains("<chanscope-channel-card channel=\"5\"></chanscope-channel-card>"),
        "{}",
        page.body
    );
    // Sent without waiting for the upstream's five seconds (on a busy machine, well within).
    assert!(took < upstream_delay - Duration::from_secs(1), "{took:?}");
    let metrics = rig.get("/metrics").await.body;
    assert!(
        metrics.contains(
            "gateway_answers_in_page_total{operation=\"channel-info\",outcome=\"late\"} 1\n"
        ),
        "{metrics}"
    );
}

/// The channel-info page's shell as `cargo xtask build` writes it, in short.
const CHANNEL_INFO_SHELL: &str = "<!doctype html><body><div class=\"app boot-shell\" \
    id=\"boot-shell\" inert=\"\"><main><section class=\"page channel-info-page\"><form>\
    <input id=\"ci-channel\" type=\"text\" placeholder=\"@durov\"></form>\
    <p class=\"muted intro\">Enter a channel or chat to see its card.</p></section></main></div>\
    <noscript>Chanscope needs JavaScript and WebAssembly.</noscript>\
    <script type=\"module\" src=\"/boot.js\"></script></body>";

/// A gateway whose build has [`CHANNEL_INFO_SHELL`] for channel info's page.
async fn channel_info_rig() -> Rig {
    let rig = Rig::start(healthy(), |_| {}).await;
    std::fs::write(
        rig.files.join("dist/routes/channel-info.html"),
        CHANNEL_INFO_SHELL,
    )
    .unwrap();
    rig
}

#[tokio::test]
async fn the_channel_info_page_carries_the_card_the_console_draws() {
    let rig = channel_info_rig().await;
    let id = rig.channel_id;
    let page = rig.get(&format!("/channel-info?channel={id}")).await;
    assert_eq!(page.status, StatusCode::OK);
    assert_eq!(
        page.header("content-type"),
        Some("text/html; charset=utf-8")
    );
    assert_eq!(page.header("cache-control"), Some("no-cache"));
    // The console's calls still start with the page: the card's is a hit now, the history's not.
    let links = page.header("link").unwrap_or_default().to_owned();
    assert!(links.contains("/api/channels/get?channelId="), "{links}");
    let answer = rig.get(&rig.channel_info()).await;
    assert_eq!(answer.header("x-chanscope-cache"), Some("hit"));
    let channel: Channel = decode(&HttpResponse::new(200, answer.body.clone())).unwrap();

    let utc = |_| FixedOffset::east_opt(0).unwrap();
    let text = CardText {
        locale: Locale::En,
        offset_at: &utc,
    };
    let mut card = MarkupWriter::default();
    write_channel_info_card(&mut card, &channel, &id.to_string(), &text);
    let expected = format!(
        "<!doctype html><body><div class=\"app boot-shell\" id=\"boot-shell\" \
         data-painted=\".channel-info .cs-card\"><main><section class=\"page channel-info-page\">\
         <form><input id=\"ci-channel\" value=\"{id}\" type=\"text\" placeholder=\"@durov\"></form>\
         <div class=\"results channel-info\">{}</div></section></main></div>\
         <noscript>The answer above is as the server wrote it; to ask again, change it or \
         read more, Chanscope needs JavaScript and WebAssembly.</noscript>\
         <script type=\"module\" src=\"/boot.js\"></script></body>",
        card.as_str()
    );
    assert_eq!(page.body, expected);
    assert!(page
        .body
        .contains(&format!("href=\"/subscriber-dynamics?channel={id}\"")));
    assert!(!page.body.contains(SECRET));

    // Compressed on the fly, as it has no copies made at build time.
    let packed = rig
        .send(
            axum::http::Method::GET,
            &format!("/channel-info?channel={id}"),
            &[("accept-encoding", "br")],
        )
        .await;
    assert_eq!(packed.header("content-encoding"), Some("br"));
    assert_eq!(String::from_utf8(packed.decoded()).unwrap(), expected);
}

#[tokio::test]
async fn the_channel_info_cards_date_is_in_the_zone_the_console_keeps() {
    let rig = channel_info_rig().await;
    let id = rig.channel_id;
    let answer = rig.get(&rig.channel_info()).await;
    let channel: Channel = decode(&HttpResponse::new(200, answer.body.clone())).unwrap();
    let card_at = |hours: i32| {
        let offset = |_| FixedOffset::east_opt(hours * 3600).unwrap();
        let text = CardText {
            locale: Locale::En,
            offset_at: &offset,
        };
        let mut card = MarkupWriter::default();
        write_channel_info_card(&mut card, &channel, &id.to_string(), &text);
        card.into_string()
    };
    // 26 hours apart, these two zones never show one instant on the same day.
    let mut pages = Vec::new();
    for (zone, hours) in [("Pacific/Kiritimati", 14), ("Etc/GMT+12", -12)] {
        let page = rig
            .send(
                axum::http::Method::GET,
                &format!("/channel-info?channel={id}"),
                &[("cookie", &format!("theme=dark; chanscope-zone={zone}"))],
            )
            .await;
        assert!(page.body.contains(&card_at(hours)), "{zone}: {}", page.body);
        assert_eq!(page.header("vary"), Some("Cookie"), "{zone}");
        pages.push(page.body);
    }
    assert_ne!(pages[0], pages[1]);
    // A name the server does not know is read as UTC.
    let unknown = rig
        .send(
            axum::http::Method::GET,
            &format!("/channel-info?channel={id}"),
            &[("cookie", "chanscope-zone=Mars/Olympus")],
        )
        .await;
    assert!(unknown.body.contains(&card_at(0)), "{}", unknown.body);
}

#[tokio::test]
async fn a_channel_info_page_without_an_answer_is_its_shell() {
    let rig = channel_info_rig().await;
    for query in ["channel=@no_such_channel_anywhere", "channel=%3F%3F", ""] {
        let page = rig.get(&format!("/channel-info?{query}")).await;
        assert_eq!(page.status, StatusCode::OK, "{query}");
        assert_eq!(page.body, CHANNEL_INFO_SHELL, "{query}");
        assert!(page.header("etag").is_some(), "{query}");
    }
}

#[tokio::test]
async fn an_element_on_a_host_page_gets_the_card_to_show_before_its_module() {
    let portal = "https://portal.example";
    let rig = Rig::start(healthy(), |c| c.allow_origins = vec![portal.to_owned()]).await;
    with_embed_js(&rig);
    let id = rig.channel_id;
    let fragment = rig
        .send(
            axum::http::Method::GET,
            &format!("/embed/channel-card/painted?channel={id}&variant=compact"),
            &[("origin", portal)],
        )
        .await;
    assert_eq!(fragment.status, StatusCode::OK);
    assert_eq!(fragment.header("access-control-allow-origin"), Some(portal));
    let answer = rig.get(&rig.channel_info()).await;
    let channel: Channel = decode(&HttpResponse::new(200, answer.body.clone())).unwrap();
    // The body of the element's shadow root as the widget draws it; the element holds the
    // stylesheet itself.
    assert_eq!(
        fragment.body,
        format!(
            "<div><div class=\"cs-widget\" lang=\"en\"><div class=\"cs-card-box\">{}</div></div></div>",
            card(&channel, CardVariant::Compact, Locale::En)
        )
    );
    // Nothing to draw: no content, and the element waits for its module.
    for query in ["channel=@no_such_channel_anywhere", "channel=1&language=de"] {
        let none = rig
            .get(&format!("/embed/channel-card/painted?{query}"))
            .await;
        assert_eq!(none.status, StatusCode::NO_CONTENT, "{query}");
        assert_eq!(none.body, "", "{query}");
    }
    let other = rig.get("/embed/post-stats/painted?post=t.me/a/1").await;
    assert_eq!(other.status, StatusCode::NO_CONTENT);
    // The element's own options, as on its page.
    let refused = rig
        .get("/embed/channel-card/painted?channel=1&token=x")
        .await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
}

/// The post-statistics page's shell as `cargo xtask build` writes it, in short.
const POST_STATS_SHELL: &str = "<div class=\"app boot-shell\" id=\"boot-shell\" inert=\"\"><form>\
    <input id=\"ps-post\" type=\"text\"><select id=\"ps-group\"><option value=\"day\" \
    selected=\"selected\">By day</option><option value=\"hour\">By hour</option></select></form>\
    <p class=\"muted intro\">Paste a link to a post.</p></div>";

#[tokio::test]
async fn the_post_stats_page_carries_the_tiles_the_console_draws() {
    let rig = Rig::start(healthy(), |_| {}).await;
    std::fs::write(
        rig.files.join("dist/routes/post-stats.html"),
        POST_STATS_SHELL,
    )
    .unwrap();
    let found = rig
        .get("/api/posts/search?q=%D1%81%D0%B5%D0%B3%D0%BE%D0%B4%D0%BD%D1%8F&limit=1")
        .await;
    let post = found.json()["response"]["items"][0]["id"]
        .as_u64()
        .expect("a post");
    let page = rig
        .get(&format!("/post-stats?post={post}&group=hour"))
        .await;
    assert_eq!(page.status, StatusCode::OK);
    let stats = rig
        .get(&format!("/api/posts/stat?postId={post}&group=hour"))
        .await;
    assert_eq!(stats.header("x-chanscope-cache"), Some("hit"));
    let stats: chanscope::api::model::PostStatsResponse =
        decode(&HttpResponse::new(200, stats.body.clone())).unwrap();
    let mut tiles = MarkupWriter::default();
    chanscope::view::tiles::write_post_stats_tiles(&mut tiles, &stats, Locale::En);
    assert_eq!(
        page.body,
        format!(
            "<div class=\"app boot-shell\" id=\"boot-shell\" \
             data-painted=\".post-stats-results .cs-tiles\"><form>\
             <input id=\"ps-post\" value=\"{post}\" type=\"text\"><select id=\"ps-group\">\
             <option value=\"day\">By day</option><option value=\"hour\" selected=\"selected\">\
             By hour</option></select></form><div class=\"results post-stats-results\">{}</div></div>",
            tiles.as_str()
        )
    );
    assert!(tiles
        .as_str()
        .contains("<dt class=\"cs-tile-label\">Views</dt>"));
    // The page's other call, by day being the page's own here, starts with it.
    let links = page.header("link").unwrap_or_default();
    assert!(
        links.contains(&format!("/api/posts/stat?postId={post}&group=hour>")),
        "{links}"
    );
}
