//! Browser tests of the reusable components other than the table and the chart: each is mounted
//! into a fresh element and the DOM it produces is read back.
#![cfg(target_arch = "wasm32")]

use std::cell::Cell as StdCell;
use std::rc::Rc;
use std::time::Duration;

use chanscope::api::model::{Channel, PeerKind, RknVerification};
use chanscope::api::validate::{Invalid, Problem, Rule};
use chanscope::api::{ApiError, Error};
use chanscope::components::channel_card::{initials, CardVariant, ChannelCard, ChannelCardProps};
use chanscope::components::rich_text::{SafeHtml, SafeHtmlProps};
use chanscope::components::status::{ErrorBanner, ErrorBannerProps, Loading, LoadingProps};
use chanscope::components::tiles::{StatTiles, StatTilesProps, Tile};
use chanscope::sanitize::{MarkupWriter, Written};
use chanscope::ui::Ui;
use chanscope::view::card::{write_card, CardText};
use wasm_bindgen_test::*;
use web_sys::Element;
use yew::prelude::*;

mod dom;
mod mount;

use dom::{attributes, click, find};
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
        let parsed = web_sys::window()
            .unwrap()
            .document()
            .unwrap()
            .create_element("div")
            .unwrap();
        parsed.set_inner_html(m.as_str());
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

// ---- rich text ----

#[wasm_bindgen_test]
async fn rich_text_keeps_marks_and_drops_scripts() {
    let root = mount::<SafeHtml>(SafeHtmlProps {
        html: r#"<mark>курс</mark> <script>window.pwned=1</script><b onclick="x()">b</b><img src=x onerror=alert(1)><a href="javascript:alert(1)">bad</a><a href="https://e.example">ok</a>"#.into(),
        class: Classes::new(),
    })
    .await;
    let rich = find(&root, ".cs-rich-text");
    assert_eq!(texts(&rich, "mark"), ["курс"]);
    assert_eq!(rich.query_selector_all("script, img").unwrap().length(), 0);
    assert!(!find(&rich, "b").has_attribute("onclick"));
    assert_eq!(rich.text_content().as_deref(), Some("курс bbadok"));
    let link = find(&rich, "a");
    assert_eq!(rich.query_selector_all("a").unwrap().length(), 1);
    assert_eq!(
        link.get_attribute("href").as_deref(),
        Some("https://e.example")
    );
    assert_eq!(
        link.get_attribute("rel").as_deref(),
        Some("noopener noreferrer nofollow")
    );
}

// ---- status ----

/// A banner whose Retry does nothing, and that never retries by itself.
async fn banner(error: Error, retry: bool) -> Element {
    mount::<ErrorBanner>(ErrorBannerProps {
        error: Rc::new(error),
        on_retry: retry.then(|| Callback::from(|()| ())),
        auto_retry: false,
    })
    .await
}

#[wasm_bindgen_test]
async fn error_banner_says_what_happened_and_what_to_do() {
    let root = banner(Error::Api(ApiError::from_message("token_invalid")), true).await;
    let alert = find(&root, "[role=alert]");
    assert_eq!(
        alert.text_content().as_deref(),
        Some("The API token is missing or not valid.Open Settings and paste a valid token.Retry")
    );

    let root = banner(
        Error::Api(ApiError::from_message("no_active_subscription")),
        false,
    )
    .await;
    assert_eq!(
        texts(&root, ".cs-banner-what"),
        ["Your plan does not include this operation."]
    );
    assert!(root.query_selector("button").unwrap().is_none());

    let root = banner(
        Error::Api(ApiError::from_message("quota_keywords_reached")),
        false,
    )
    .await;
    assert_eq!(
        texts(&root, ".cs-banner-what"),
        ["The keyword quota of your plan is used up."]
    );

    let root = banner(
        Error::Api(ApiError::from_message("param country required")),
        false,
    )
    .await;
    assert_eq!(
        texts(&root, ".cs-banner-problems li"),
        ["param country required"]
    );

    let root = banner(
        Error::Invalid(Invalid {
            problems: vec![
                Problem {
                    param: "q",
                    rule: Rule::TooShort { min: 3, given: 2 },
                },
                Problem {
                    param: "limit",
                    rule: Rule::AboveMax {
                        max: 100,
                        given: 500,
                    },
                },
            ],
        }),
        false,
    )
    .await;
    assert_eq!(
        texts(&root, ".cs-banner-problems li"),
        [
            "q must be at least 3 characters long (it has 2).",
            "limit can be at most 100 (got 500)."
        ]
    );

    let root = banner(Error::Http { status: 503 }, false).await;
    assert_eq!(
        texts(&root, ".cs-banner p"),
        [
            "The server answered with HTTP status 503.",
            "The service is temporarily unavailable; retry in a minute."
        ]
    );

    let root = banner(Error::Pending, false).await;
    assert_eq!(
        texts(&root, ".cs-banner p"),
        ["The data is being prepared.", "Retry in a few seconds."]
    );

    let root = banner(Error::Decode("secret-ish detail".into()), false).await;
    assert_eq!(
        texts(&root, ".cs-banner-what"),
        ["The service sent a response the console cannot read."]
    );
    assert!(!root.text_content().unwrap().contains("secret-ish"));

    let root = banner(Error::Network("GET /api?token=abc failed".into()), false).await;
    assert!(!root.text_content().unwrap().contains("token"));

    let root = banner(Error::Aborted, true).await;
    assert!(root.query_selector("[role=alert]").unwrap().is_none());
    assert_eq!(
        texts(&root, "[role=status] .cs-banner-what"),
        ["The request was cancelled."]
    );
    assert_eq!(texts(&root, "button"), ["Run again"]);
}

#[wasm_bindgen_test]
async fn error_banner_speaks_russian() {
    #[function_component(RussianBanner)]
    fn russian_banner() -> Html {
        let ui = Ui {
            locale: chanscope::format::Locale::Ru,
            ..Ui::default()
        };
        html! {
            <ContextProvider<Ui> context={ui}>
                <ErrorBanner error={Rc::new(Error::Timeout)} />
            </ContextProvider<Ui>>
        }
    }
    let root = mount::<RussianBanner>(()).await;
    assert_eq!(
        texts(&root, ".cs-banner-what"),
        ["Сервис не ответил вовремя."]
    );
}

#[wasm_bindgen_test]
async fn flood_control_counts_down_before_retry() {
    let root = banner(Error::Api(ApiError::from_message("flood_control_2")), true).await;
    assert_eq!(texts(&root, ".cs-banner-todo"), ["You can retry in 2 s."]);
    assert!(find(&root, "button").has_attribute("disabled"));
    yew::platform::time::sleep(Duration::from_millis(1_100)).await;
    assert_eq!(texts(&root, ".cs-banner-todo"), ["You can retry in 1 s."]);
    yew::platform::time::sleep(Duration::from_millis(1_200)).await;
    assert_eq!(texts(&root, ".cs-banner-todo"), ["You can retry now."]);
    assert!(!find(&root, "button").has_attribute("disabled"));
}

#[wasm_bindgen_test]
async fn a_cut_answer_and_http_429_advise_a_retry() {
    let root = banner(Error::Incomplete, true).await;
    assert_eq!(
        texts(&root, ".cs-banner-what"),
        ["The answer was cut short on its way."]
    );
    assert!(!root.text_content().unwrap().contains("update"));
    assert_eq!(texts(&root, "button"), ["Retry"]);

    let wait = Error::TooManyRequests {
        retry_after_secs: Some(1),
    };
    let root = banner(wait, true).await;
    assert_eq!(
        texts(&root, ".cs-banner-what"),
        ["The service asks to wait before the next request."]
    );
    assert_eq!(texts(&root, ".cs-banner-todo"), ["You can retry in 1 s."]);
    assert!(find(&root, "button").has_attribute("disabled"));
    yew::platform::time::sleep(Duration::from_millis(1_200)).await;
    assert_eq!(texts(&root, ".cs-banner-todo"), ["You can retry now."]);
}

#[wasm_bindgen_test]
async fn loading_is_a_busy_status_with_cancel() {
    let cancelled = Rc::new(StdCell::new(0));
    let counter = cancelled.clone();
    let root = mount::<Loading>(LoadingProps {
        on_cancel: Callback::from(move |()| counter.set(counter.get() + 1)),
        label: None,
    })
    .await;
    let status = find(&root, "[role=status]");
    assert_eq!(status.get_attribute("aria-busy").as_deref(), Some("true"));
    assert_eq!(texts(&root, ".cs-loading-label"), ["Loading…"]);
    click(&find(&root, "button"));
    assert_eq!(cancelled.get(), 1);
}

#[wasm_bindgen_test]
async fn tiles_show_compact_and_exact_values() {
    let root = mount::<StatTiles>(StatTilesProps {
        tiles: Rc::new(vec![
            Tile::new("Views", 1_234_567).with_hint("since publication"),
            Tile::new("Shares", 42),
        ]),
    })
    .await;
    assert_eq!(texts(&root, ".cs-tile-label"), ["Views", "Shares"]);
    assert_eq!(texts(&root, ".cs-tile-value"), ["1.2M", "42"]);
    // The exact figure where the compact one rounds; "42" is already exact.
    assert_eq!(texts(&root, ".cs-tile-exact"), ["1,234,567"]);
    assert_eq!(
        attributes(&root, ".cs-tile-value", "title"),
        ["1,234,567", "42"]
    );
    assert_eq!(texts(&root, ".cs-tile-hint"), ["since publication"]);
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
