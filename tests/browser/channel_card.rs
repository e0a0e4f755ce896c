//! Browser tests of the channel card: what it shows, that it is the markup the server writes,
//! its "More", its avatar's fallback and its height with an endless title.
#![cfg(target_arch = "wasm32")]

use std::rc::Rc;
use std::time::Duration;

use chanscope::api::model::{Channel, PeerKind, RknVerification};
use chanscope::components::channel_card::{initials, CardVariant, ChannelCard, ChannelCardProps};
use chanscope::sanitize::{MarkupWriter, Written};
use chanscope::view::card::{write_card, CardText};
use wasm_bindgen_test::*;
use web_sys::Element;

mod dom;
mod mount;

use dom::{attributes, click, find, parsed};
use mount::{mount, texts};

wasm_bindgen_test_configure!(run_in_browser);

// ---- channel card ----

fn channel() -> Channel {
    Channel {
        id: 7,
        tg_id: Some(1_001),
        link: "t.me/rustnews".into(),
        peer_type: Some(PeerKind::Channel),
        username: "@rustnews".into(),
        active_usernames: vec!["@rustnews".into(), "@rust_news_ru".into()],
        title: "Rust News".into(),
        about: "Daily news.\nMore: https://example.com/rust. Author @durov".into(),
        category: Some("Технологии".into()),
        country: Some("Россия".into()),
        language: Some("русский".into()),
        image100: "javascript:alert(1)".into(),
        image640: "javascript:alert(1)".into(),
        participants_count: 12_345,
        ci_index: Some(3.25),
        rkn_verification: Some(RknVerification {
            status: "active".into(),
            link: "https://example.org/registry/7".into(),
        }),
        created_at: Some(1_600_000_000),
        ..Channel::default()
    }
}

#[wasm_bindgen_test]
async fn channel_card_shows_identity_counts_and_safe_links() {
    let root = mount::<ChannelCard>(ChannelCardProps {
        channel: Rc::new(channel()),
        variant: CardVariant::Full,
        actions: {
            let mut m = MarkupWriter::default();
            m.tags(r#"<a class="page-action" href="/subscriber-dynamics">Dynamics</a>"#);
            m.finish()
        },
        heading: 2,
    })
    .await;
    assert_eq!(texts(&root, "h2.cs-card-title"), ["Rust News"]);
    let title_link = find(&root, ".cs-card-title a");
    assert_eq!(
        title_link.get_attribute("href").as_deref(),
        Some("https://t.me/rustnews")
    );
    assert_eq!(
        title_link.get_attribute("rel").as_deref(),
        Some("noopener noreferrer")
    );
    assert_eq!(
        title_link.get_attribute("target").as_deref(),
        Some("_blank")
    );
    assert_eq!(texts(&root, ".cs-card-username"), ["@rustnews"]);
    assert_eq!(texts(&root, ".cs-card-aliases"), ["Also: @rust_news_ru"]);
    let participants = find(&root, ".cs-card-facts dd .cs-num");
    assert_eq!(participants.text_content().as_deref(), Some("12.3K"));
    assert_eq!(
        participants.get_attribute("title").as_deref(),
        Some("12,345")
    );
    let facts = texts(&root, ".cs-card-facts dt");
    assert_eq!(
        facts,
        [
            "Subscribers",
            "Citation index",
            "Type",
            "Category",
            "Country",
            "Language",
            "Created",
            "Messenger ID",
            "Service ID"
        ]
    );
    assert!(texts(&root, ".cs-card-facts dd").contains(&"Channel".to_owned()));
    // The javascript: avatar is refused: initials instead of an image.
    assert_eq!(root.query_selector_all("img").unwrap().length(), 0);
    assert_eq!(texts(&root, ".cs-avatar-initials"), ["RN"]);
    assert_eq!(texts(&root, ".cs-badge-ok"), ["✓ Registered"]);
    let about = find(&root, ".cs-card-about");
    assert_eq!(about.query_selector_all("br").unwrap().length(), 1);
    assert_eq!(
        attributes(&about, "a", "href"),
        ["https://example.com/rust", "https://t.me/durov"]
    );
    assert_eq!(texts(&about, "a"), ["https://example.com/rust", "@durov"]);
    assert_eq!(texts(&root, ".cs-card-actions .page-action"), ["Dynamics"]);
    assert!(root.query_selector(".cs-card-warning").unwrap().is_none());
}

/// The card the console draws is the markup the gateway sends for the same channel: the
/// component's DOM and the written markup, parsed by the browser, serialise alike.
#[wasm_bindgen_test]
async fn the_card_drawn_is_the_markup_the_server_writes() {
    let mut long = channel();
    long.about = "Word ".repeat(60);
    for (variant, heading) in [(CardVariant::Full, 2), (CardVariant::Compact, 3)] {
        let root = mount::<ChannelCard>(ChannelCardProps {
            channel: Rc::new(long.clone()),
            variant,
            actions: Written::default(),
            heading,
        })
        .await;
        let utc = |_| chrono::FixedOffset::east_opt(0).unwrap();
        let mut m = MarkupWriter::default();
        let text = CardText {
            locale: chanscope::format::Locale::En,
            offset_at: &utc,
        };
        write_card(&mut m, &long, variant, heading, &text, |_| {});
        let parsed = parsed(m.as_str());
        let drawn = find(&root, ".cs-card-box");
        assert_eq!(drawn.inner_html(), parsed.inner_html());
        assert!(drawn.inner_html().contains("Service ID") == (variant == CardVariant::Full));
    }
}

#[wasm_bindgen_test]
async fn more_opens_and_closes_a_long_description() {
    let mut long = channel();
    long.about = "Word ".repeat(60);
    let root = mount::<ChannelCard>(ChannelCardProps {
        channel: Rc::new(long),
        variant: CardVariant::Full,
        actions: Written::default(),
        heading: 2,
    })
    .await;
    let more = find(&root, ".cs-card-more");
    assert_eq!(
        more.get_attribute("aria-expanded").as_deref(),
        Some("false")
    );
    click(&more);
    assert_eq!(
        find(&root, ".cs-card-about").class_name(),
        "cs-card-about cs-rich-text cs-open"
    );
    assert_eq!(more.get_attribute("aria-expanded").as_deref(), Some("true"));
    assert_eq!(more.text_content().as_deref(), Some("Less"));
    click(&more);
    assert_eq!(
        find(&root, ".cs-card-about").class_name(),
        "cs-card-about cs-rich-text"
    );
    assert_eq!(more.text_content().as_deref(), Some("More"));
}

#[wasm_bindgen_test]
async fn compact_card_uses_the_small_avatar_and_warns_of_restrictions() {
    // A server that accepts and never answers: the image stays loading, so it stays shown.
    let silent = env!("CHANSCOPE_SILENT_URL");
    let mut restricted = channel();
    restricted.image100 = format!("{silent}a100.jpg");
    restricted.image640 = format!("{silent}a640.jpg");
    let mut flag = serde_json::Map::new();
    flag.insert("red_label".into(), serde_json::Value::Bool(true));
    restricted.service_restrictions = vec![flag];
    let root = mount::<ChannelCard>(ChannelCardProps {
        channel: Rc::new(restricted),
        variant: CardVariant::Compact,
        actions: Written::default(),
        heading: 3,
    })
    .await;
    assert_eq!(texts(&root, "h3.cs-card-title").len(), 1);
    assert_eq!(
        find(&root, "img.cs-avatar").get_attribute("src"),
        Some(format!("{silent}a100.jpg"))
    );
    assert_eq!(
        texts(&root, ".cs-card-warning"),
        ["⚠ Restrictions: Red label: inflated subscribers"]
    );
    assert!(root.query_selector(".cs-card-aliases").unwrap().is_none());
    assert!(root.query_selector(".cs-card-actions").unwrap().is_none());
    assert!(!texts(&root, ".cs-card-facts dt").contains(&"Created".to_owned()));
    assert_eq!(initials("  новости  дня!"), "НД");
    assert_eq!(initials("…"), "?");
}

#[wasm_bindgen_test]
async fn an_avatar_that_fails_to_load_gives_way_to_initials() {
    let mut broken = channel();
    // Port 9 (discard) is closed on loopback: the request is refused at once.
    broken.image100 = "http://127.0.0.1:9/a100.jpg".into();
    broken.title = "Новости дня".into();
    let root = mount::<ChannelCard>(ChannelCardProps {
        channel: Rc::new(broken),
        variant: CardVariant::Compact,
        actions: Written::default(),
        heading: 3,
    })
    .await;
    // The avatar loads lazily: only once it is in view does the browser try (and fail).
    root.scroll_into_view();
    for _ in 0..50 {
        if root.query_selector("img.cs-avatar").unwrap().is_none() {
            break;
        }
        yew::platform::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(root.query_selector("img.cs-avatar").unwrap().is_none());
    assert_eq!(texts(&root, ".cs-avatar-initials"), ["НД"]);
}

/// The stylesheet the components bring, in the test page's head (once).
fn with_component_styles() {
    let document = web_sys::window().unwrap().document().unwrap();
    if document.get_element_by_id("cs-test-styles").is_some() {
        return;
    }
    let style = document.create_element("style").unwrap();
    style.set_id("cs-test-styles");
    style.set_text_content(Some(include_str!("../../static/components.css")));
    document.head().unwrap().append_child(&style).unwrap();
}

#[wasm_bindgen_test]
async fn an_authors_endless_title_keeps_the_card_its_normal_height() {
    with_component_styles();
    let card = |title: String| ChannelCardProps {
        channel: Rc::new(Channel {
            title,
            about: String::new(),
            ..channel()
        }),
        variant: CardVariant::Compact,
        actions: Written::default(),
        heading: 3,
    };
    let height = |root: &Element| find(root, ".cs-card").get_bounding_client_rect().height();
    let short = mount::<ChannelCard>(card("Market news".into())).await;
    short.set_attribute("style", "width: 360px").unwrap();
    // 2,000 characters: words, one unbroken run, and right-to-left overrides that must not flip
    // what follows the title.
    let endless = format!(
        "\u{202E}{}{}\u{202D}",
        "very long title ".repeat(100),
        "x".repeat(400)
    );
    assert!(endless.chars().count() >= 2_000);
    let long = mount::<ChannelCard>(card(endless.clone())).await;
    long.set_attribute("style", "width: 360px").unwrap();
    mount::settle().await;
    let (short_height, long_height) = (height(&short), height(&long));
    // Two lines of title at most: one line more than a one-line title (~22 px), never more.
    assert!(
        long_height <= short_height + 30.0,
        "{long_height} px against {short_height} px"
    );
    let title = find(&long, ".cs-card-title");
    assert_eq!(title.get_attribute("title"), Some(endless));
    assert!(title.get_bounding_client_rect().width() <= 360.0);
    short.remove();
    long.remove();
}
