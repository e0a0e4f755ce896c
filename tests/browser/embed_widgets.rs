//! Browser tests of what the embedded widgets show over a stubbed `fetch`: they render the answers
//! into the host's element in the chosen language and theme, and widgets of one channel share
//! one request.
#![cfg(target_arch = "wasm32")]

use chanscope::embed::{
    mount_channel_card, mount_multi_post_stats, mount_post_search, mount_subscriber_chart,
};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;

mod dom;
mod embed_support;

use dom::{attributes, click, dispatch, find};
use embed_support::{
    appears, calls, channel_json, has_class, host, options, text, texts, until, Stub,
};

wasm_bindgen_test_configure!(run_in_browser);

// ---- what the widgets show ----

#[wasm_bindgen_test]
async fn a_channel_card_replaces_the_placeholder_with_the_answer() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10001",
        &channel_json(10001, "Radio Ten", "1234567"),
        0,
    );
    let host = host();
    host.set_id("cs-embed-card-host");
    let mut widget = mount_channel_card(
        "#cs-embed-card-host".into(),
        options(r#"{"channel":"10001"}"#),
    )
    .unwrap();
    // The placeholder goes at once.
    assert!(host.query_selector(".placeholder").unwrap().is_none());

    appears(&host, ".cs-card-title").await;
    assert_eq!(host.child_element_count(), 1);
    let root = host.first_element_child().unwrap();
    assert_eq!(
        root.get_attribute("data-chanscope-widget").as_deref(),
        Some("channel card")
    );
    let widget_root = find(&root, ".cs-widget");
    assert_eq!(widget_root.get_attribute("lang").as_deref(), Some("en"));
    assert!(!has_class(&widget_root, "cs-theme-dark"));
    assert_eq!(text(&host, ".cs-card-title"), "Radio Ten");
    assert_eq!(texts(&host, ".cs-card-fact dt")[0], "Subscribers");
    let count = find(&host, ".cs-card-fact .cs-num");
    assert_eq!(count.text_content().as_deref(), Some("1.2M"));
    assert_eq!(count.get_attribute("title").as_deref(), Some("1,234,567"));

    let asked = calls("/channels/get");
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert!(
        asked[0].url.ends_with("/api/channels/get?channelId=10001"),
        "{}",
        asked[0].url
    );
    widget.unmount();
    host.remove();
}

#[wasm_bindgen_test]
async fn language_and_theme_options_reach_the_widget() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10002",
        &channel_json(10002, "Радио", "1234567"),
        0,
    );
    let host = host();
    let mut widget = mount_channel_card(
        host.clone().into(),
        options(r#"{"channel":"10002","language":"ru","theme":"dark","variant":"compact"}"#),
    )
    .unwrap();
    appears(&host, ".cs-card-title").await;
    let root = find(&host, ".cs-widget");
    assert_eq!(root.get_attribute("lang").as_deref(), Some("ru"));
    assert!(has_class(&root, "cs-theme-dark"));
    assert!(host.query_selector(".cs-card-compact").unwrap().is_some());
    assert_eq!(text(&host, ".cs-card-title"), "Радио");
    assert_eq!(texts(&host, ".cs-card-fact dt")[0], "Подписчики");
    assert_eq!(
        find(&host, ".cs-card-fact .cs-num")
            .get_attribute("title")
            .as_deref(),
        Some("1\u{a0}234\u{a0}567")
    );
    // `system` follows the visitor's scheme; the default pins nothing on the widget.
    widget.update(options(r#"{"theme":"system"}"#)).unwrap();
    until("the system theme", || {
        host.query_selector(".cs-widget.cs-theme-system")
            .ok()
            .flatten()
            .is_some()
    })
    .await;
    assert!(!has_class(&find(&host, ".cs-widget"), "cs-theme-dark"));
    widget.update(options(r#"{"theme":"auto"}"#)).unwrap();
    until("no theme class", || {
        find(&host, ".cs-widget").class_name() == "cs-widget"
    })
    .await;
    widget.unmount();
    host.remove();
}

#[wasm_bindgen_test]
async fn post_search_shows_snippets_with_marks_as_elements() {
    let stub = Stub::install();
    stub.ok(
        "/posts/search?q=borrow checker",
        r#"{"count":1,"total_count":"12","items":[{"id":501,"date":1704067200,"views":1500,
            "shares_count":3,"comments_count":0,"reactions_count":0,"link":"t.me/alpha/5",
            "channel_id":42,"text":"full text","snippet":"Learning the <mark>borrow checker</mark> today"}],
            "channels":[{"id":42,"title":"Alpha","username":"@alpha"}]}"#,
        0,
    );
    let host = host();
    let mut widget = mount_post_search(
        host.clone().into(),
        options(r#"{"query":"borrow checker"}"#),
    )
    .unwrap();
    let snippet = appears(&host, ".cs-widget-snippet").await;

    let mark = find(&snippet, "mark");
    assert_eq!(mark.text_content().as_deref(), Some("borrow checker"));
    assert_eq!(
        snippet.text_content().as_deref(),
        Some("Learning the borrow checker today")
    );
    assert!(!host.text_content().unwrap().contains("<mark>"));
    assert_eq!(
        text(&host, ".cs-widget-note").trim(),
        "1 of 12 posts, newest first"
    );
    assert_eq!(
        text(&host, ".cs-widget-post-channel").trim(),
        "Alpha (@alpha)"
    );
    assert_eq!(
        find(&host, ".cs-widget-post")
            .get_attribute("data-post-id")
            .as_deref(),
        Some("501")
    );
    assert_eq!(
        attributes(&host, ".cs-widget-post a.cs-link", "href"),
        ["https://t.me/alpha/5"]
    );
    let asked = calls("/posts/search");
    assert_eq!(asked.len(), 1);
    assert!(asked[0].url.contains("limit=5"), "{}", asked[0].url);
    assert!(asked[0].url.contains("extended=1"), "{}", asked[0].url);
    widget.unmount();
    host.remove();
}

#[wasm_bindgen_test]
async fn multi_post_stats_show_a_totals_row() {
    let stub = Stub::install();
    stub.ok(
        "/posts/stat-multi?channelId=10003&postsIds=101,102",
        r#"[{"postId":101,"viewsCount":1000,"sharesCount":5,"commentsCount":2,"reactionsCount":10},
            {"postId":"102","viewsCount":"2500","sharesCount":7,"commentsCount":0,"reactionsCount":1}]"#,
        0,
    );
    stub.ok(
        "/channels/get?channelId=10003",
        &channel_json(10003, "Third", "10000"),
        0,
    );
    let host = host();
    let mut widget = mount_multi_post_stats(
        host.clone().into(),
        options(r#"{"channel":"10003","posts":"101, 102"}"#),
    )
    .unwrap();
    appears(&host, "tr.cs-table-totals").await;
    // ER: (5 + 2 + 10) / 1,000 = 1.7 % and (7 + 0 + 1) / 2,500 = 0.32 %, on average 1.01 %.
    // ERR: 1,000 and 2,500 views of 10,000 subscribers; the set's 1,750 on average, 17.5 %.
    until("the subscribers behind ERR", || {
        texts(&host, "tr.cs-table-totals > *")
            .last()
            .map(String::as_str)
            == Some("17.5%")
    })
    .await;
    assert_eq!(
        texts(&host, "tr.cs-table-totals > *"),
        ["Total", "3,500", "12", "2", "11", "1%", "17.5%"]
    );
    assert_eq!(
        texts(&host, "tbody tr:first-child > td"),
        ["101", "1,000", "5", "2", "10", "1.7%", "10%"]
    );
    assert_eq!(texts(&host, "tbody tr").len(), 2);
    assert_eq!(calls("/posts/stat-multi").len(), 1);
    widget.unmount();
    host.remove();
}

// ---- one request for identical calls ----

#[wasm_bindgen_test]
async fn a_card_and_a_chart_of_one_channel_share_one_channel_request() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10007",
        &channel_json(10007, "Shared", "300"),
        100,
    );
    stub.ok(
        "/channels/subscribers?channelId=10007",
        r#"[{"period":"2024-01-03","participants_count":300},
            {"period":"2024-01-02","participants_count":250},
            {"period":"2024-01-01","participants_count":200}]"#,
        0,
    );
    let (card_host, chart_host) = (host(), host());
    let mut card =
        mount_channel_card(card_host.clone().into(), options(r#"{"channel":"10007"}"#)).unwrap();
    let mut chart = mount_subscriber_chart(
        chart_host.clone().into(),
        options(r#"{"channel":"10007","controls":false}"#),
    )
    .unwrap();

    appears(&card_host, ".cs-card-title").await;
    until("the chart's heading", || {
        texts(&chart_host, ".cs-widget-title") == ["Subscribers · Shared"]
    })
    .await;
    appears(&chart_host, ".cs-widget-value").await;
    assert_eq!(text(&chart_host, ".cs-widget-value"), "300");

    let info = calls("/channels/get");
    assert_eq!(info.len(), 1, "{info:?}");
    assert!(info[0].answered && !info[0].aborted);
    assert_eq!(calls("/channels/subscribers").len(), 1);
    card.unmount();
    chart.unmount();
    card_host.remove();
    chart_host.remove();
}

#[wasm_bindgen_test]
async fn the_chart_controls_ask_for_the_chosen_range() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10017",
        &channel_json(10017, "Ranged", "1"),
        0,
    );
    stub.ok(
        "/channels/subscribers?channelId=10017",
        r#"[{"period":"2024-01-02","participants_count":20},
            {"period":"2024-01-01","participants_count":10}]"#,
        0,
    );
    let host = host();
    let mut chart = mount_subscriber_chart(
        host.clone().into(),
        options(r#"{"channel":"10017","days":90}"#),
    )
    .unwrap();
    appears(&host, ".cs-widget-value").await;
    let range = find(&host, ".cs-widget-controls select");
    let select = range.dyn_ref::<web_sys::HtmlSelectElement>().unwrap();
    assert_eq!(select.value(), "90");
    select.set_value("7");
    dispatch(&range, "Event", "change", &[]);
    until("the second request", || {
        calls("/channels/subscribers").len() == 2
    })
    .await;

    // Each asks from `days` ago, rounded down to the hour.
    let start = |url: &str| -> f64 {
        let at = url.find("startDate=").expect("a start date") + "startDate=".len();
        url[at..].split('&').next().unwrap().parse().unwrap()
    };
    let asked = calls("/channels/subscribers");
    let now = js_sys::Date::now() / 1000.0;
    for (call, days) in asked.iter().zip([90.0, 7.0]) {
        let back = now - start(&call.url);
        assert!(
            (days * 86_400.0..days * 86_400.0 + 3_600.0).contains(&back),
            "{} asks {back} s back",
            call.url
        );
    }
    assert_eq!(calls("/channels/get").len(), 1);
    chart.unmount();
    host.remove();
}

#[wasm_bindgen_test]
async fn a_cancelled_card_leaves_the_shared_request_to_the_other() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10013",
        &channel_json(10013, "Kept", "5"),
        300,
    );
    let (first, second) = (host(), host());
    let mut a =
        mount_channel_card(first.clone().into(), options(r#"{"channel":"10013"}"#)).unwrap();
    let mut b =
        mount_channel_card(second.clone().into(), options(r#"{"channel":"10013"}"#)).unwrap();
    let cancel = appears(&first, ".cs-loading button").await;
    appears(&second, ".cs-loading").await;
    click(&cancel);

    appears(&second, ".cs-card-title").await;
    assert_eq!(text(&second, ".cs-card-title"), "Kept");
    // The cancelled card says so and shows no data.
    appears(&first, ".cs-banner-info").await;
    assert_eq!(text(&first, ".cs-banner-retry"), "Run again");
    assert!(first.query_selector(".cs-card-title").unwrap().is_none());
    let asked = calls("/channels/get");
    assert_eq!(asked.len(), 1);
    assert!(asked[0].answered && !asked[0].aborted);
    a.unmount();
    b.unmount();
    first.remove();
    second.remove();
}
