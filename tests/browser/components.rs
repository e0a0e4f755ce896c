//! Browser tests of the reusable components other than the table, the chart and the channel card
//! (`channel_card.rs`): each is mounted into a fresh element and the DOM it produces is read back.
#![cfg(target_arch = "wasm32")]

use std::cell::Cell as StdCell;
use std::rc::Rc;
use std::time::Duration;

use chanscope::api::validate::{Invalid, Problem, Rule};
use chanscope::api::{ApiError, Error};
use chanscope::components::rich_text::{SafeHtml, SafeHtmlProps};
use chanscope::components::status::{
    EmptyState, EmptyStateProps, ErrorBanner, ErrorBannerProps, Loading, LoadingProps, Reading,
    ReadingProps,
};
use chanscope::components::tiles::{StatTiles, StatTilesProps, Tile};
use chanscope::ui::Ui;
use wasm_bindgen_test::*;
use web_sys::Element;
use yew::prelude::*;

mod dom;
mod mount;

use dom::{attributes, click, find};
use mount::{mount, texts};

wasm_bindgen_test_configure!(run_in_browser);

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

/// While the store is read, the first visit's empty state holds its room: the same markup as
/// the empty state that then takes its place, hidden, with the reading said to screen readers.
#[wasm_bindgen_test]
async fn reading_holds_the_room_of_the_empty_state_that_follows() {
    let reading = mount::<Reading>(ReadingProps {
        what: "Reading the watchlist…".into(),
        empty: "Nothing watched yet".into(),
    })
    .await;
    assert_eq!(attributes(&reading, ".cs-reading", "aria-busy"), ["true"]);
    assert_eq!(texts(&reading, "[role=status]"), ["Reading the watchlist…"]);
    let held = find(&reading, ".cs-empty");
    assert_eq!(held.class_name(), "cs-empty cs-held");
    assert_eq!(held.get_attribute("aria-hidden").as_deref(), Some("true"));

    let empty = mount::<EmptyState>(EmptyStateProps {
        title: "Nothing watched yet".into(),
        hint: None,
        held: false,
    })
    .await;
    let shown = find(&empty, ".cs-empty");
    assert_eq!(shown.class_name(), "cs-empty");
    assert_eq!(shown.get_attribute("aria-hidden"), None);
    assert_eq!(held.inner_html(), shown.inner_html());
    assert_eq!(
        held.get_bounding_client_rect().height(),
        shown.get_bounding_client_rect().height()
    );
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
