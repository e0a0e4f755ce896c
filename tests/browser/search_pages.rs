//! Browser tests of the keyword mentions, channel search, channel information and post search
//! pages: each page is mounted alone at a given address over a fixed answer (`page_support`),
//! and the tests read the rendered DOM.
#![cfg(target_arch = "wasm32")]

use chanscope::channel_report::ChannelInfoPage;
use chanscope::pages::{ChannelSearchPage, KeywordMentionsPage, PostSearchPage};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlInputElement};
use yew::prelude::*;

mod dom;
mod page_support;

use dom::{attributes, find, parsed};
use page_support::{answering, choose, click, count, count_drawn, mount, text, type_into};

wasm_bindgen_test_configure!(run_in_browser);

/// Post 2 of every list is a deleted repost from channel 7.
fn post(id: u32) -> String {
    let (forwarded, deleted) = if id == 2 { ("7", 1) } else { ("null", 0) };
    format!(
        r#"{{"id":{id},"date":1706530000,"views":12345,"shares_count":3,"comments_count":4,
        "reactions_count":5,"link":"t.me/news/{id}","channel_id":7,"forwarded_from":{forwarded},
        "is_deleted":{deleted},"text":"Full <b>text</b> {id} <img src=x onerror=alert(1)><script>alert(1)</script>",
        "snippet":"a <mark>match</mark> {id}","media":{{"media_type":"photo"}}}}"#
    )
}

fn posts_response(total: u64, ids: std::ops::Range<u32>) -> String {
    let items: Vec<String> = ids.map(post).collect();
    format!(
        r#"{{"count":{},"total_count":{total},"items":[{}],
        "channels":[{{"id":7,"title":"News Channel","username":"@news","link":"t.me/news"}}]}}"#,
        items.len(),
        items.join(",")
    )
}

#[wasm_bindgen_test]
async fn post_search_stops_paging_at_the_offset_maximum() {
    let root = mount(
        "/post-search?q=news&offset=980&extended=true",
        &answering(&posts_response(5000, 981..1001)),
        html! { <PostSearchPage /> },
    )
    .await;
    assert_eq!(count_drawn(&root, ".post-item", 20).await, 20);
    assert_eq!(text(&root, ".summary"), "Showing 981–1,000 of 5,000");
    // Offset 1000 is the API's maximum and still reachable.
    assert!(!find(&root, ".pager-next").has_attribute("disabled"));
    assert_eq!(count(&root, ".pager-limit"), 0);

    click(&root, ".pager-next").await;
    assert_eq!(text(&root, ".summary"), "Showing 1,001–1,020 of 5,000");
    assert!(find(&root, ".pager-next").has_attribute("disabled"));
    assert!(!find(&root, ".pager-prev").has_attribute("disabled"));
    assert!(text(&root, ".pager-limit").contains("first 1,020 results"));
    // The form shows the deep link's query.
    let q: HtmlInputElement = find(&root, "#ps-q").dyn_into().unwrap();
    assert_eq!(q.value(), "news");
}

#[wasm_bindgen_test]
async fn post_search_renders_posts_safely_and_pages_by_offset() {
    let root = mount(
        "/post-search?q=news&extended=true",
        &answering(&posts_response(45, 1..21)),
        html! { <PostSearchPage /> },
    )
    .await;
    assert_eq!(text(&root, ".summary"), "Showing 1–20 of 45");
    assert!(find(&root, ".pager-prev").has_attribute("disabled"));
    let item = find(&root, ".post-item");
    assert_eq!(text(&item, ".post-snippet mark"), "match");
    assert_eq!(text(&item, ".post-channel"), "News Channel (@news)");
    assert_eq!(
        find(&item, ".post-channel")
            .get_attribute("href")
            .as_deref(),
        Some("/channel-info?channel=%40news")
    );
    assert_eq!(
        find(&item, ".post-open").get_attribute("href").as_deref(),
        Some("https://t.me/news/1")
    );
    assert_eq!(
        find(&item, ".post-stats-link")
            .get_attribute("href")
            .as_deref(),
        Some("/post-stats?post=t.me%2Fnews%2F1")
    );
    assert_eq!(text(&item, ".post-media"), "photo");
    assert_eq!(
        find(&item, ".post-counter dd")
            .get_attribute("title")
            .as_deref(),
        Some("12,345")
    );
    assert_eq!(text(&item, ".post-counter dd"), "12.3K");
    // The full text is built only when opened; untrusted markup: formatting survives, images
    // and scripts do not.
    assert_eq!(count(&item, ".post-text"), 0);
    click(&item, ".post-full summary").await;
    assert_eq!(text(&item, ".post-text b"), "text");
    assert_eq!(count(&root, ".post-item img, .post-item script"), 0);

    assert_eq!(
        text(&root, ".post-item:nth-child(2) .post-source"),
        "News Channel (@news)"
    );
    assert_eq!(count(&root, ".post-deleted-badge"), 1);
    assert_eq!(count(&root, ".post-item.post-deleted"), 1);
    assert_eq!(
        find(&item, ".post-date")
            .get_attribute("datetime")
            .as_deref(),
        Some("2024-01-29T12:06:40+00:00")
    );

    click(&root, ".pager-next").await;
    assert_eq!(text(&root, ".summary"), "Showing 21–40 of 45");
    let q: HtmlInputElement = find(&root, "#ps-q").dyn_into().unwrap();
    assert_eq!(q.value(), "news");
}

/// Whether a plain click on `element` was taken by the router: the browser's own following of
/// the link (a page load) prevented.
fn router_takes_click(element: &Element) -> bool {
    let init = js_sys::Object::new();
    for field in ["bubbles", "cancelable"] {
        js_sys::Reflect::set(&init, &field.into(), &JsValue::TRUE).unwrap();
    }
    let constructor = js_sys::Reflect::get(&js_sys::global(), &"MouseEvent".into()).unwrap();
    let event = js_sys::Reflect::construct(
        constructor.unchecked_ref::<js_sys::Function>(),
        &js_sys::Array::of2(&"click".into(), &init),
    )
    .unwrap();
    !element
        .dispatch_event(event.unchecked_ref::<web_sys::Event>())
        .unwrap()
}

#[wasm_bindgen_test]
async fn post_search_links_to_console_pages_are_followed_by_the_router() {
    for link in [".post-channel", ".post-source", ".post-stats-link"] {
        let root = mount(
            "/post-search?q=news&extended=true",
            &answering(&posts_response(45, 1..21)),
            html! { <PostSearchPage /> },
        )
        .await;
        assert!(router_takes_click(&find(&root, link)), "{link}");
    }
}

#[wasm_bindgen_test]
async fn post_search_checks_limit_before_sending() {
    let root = mount(
        "/post-search",
        &answering(&posts_response(1, 1..2)),
        html! { <PostSearchPage /> },
    )
    .await;
    click(&root, ".query-form button[type=submit]").await;
    assert!(text(&root, ".query-form").contains("q is required"));
    type_into(&root, "#ps-q", "news").await;
    type_into(&root, "#ps-limit", "51").await;
    click(&root, ".query-form button[type=submit]").await;
    assert!(text(&root, ".query-form").contains("limit can be at most 50 (got 51)"));
    assert_eq!(count(&root, ".post-item"), 0);
    // Nothing was cleared.
    let limit: HtmlInputElement = find(&root, "#ps-limit").dyn_into().unwrap();
    assert_eq!(limit.value(), "51");

    type_into(&root, "#ps-limit", "").await;
    click(&root, ".query-form button[type=submit]").await;
    assert_eq!(count(&root, ".post-item"), 1);
    assert_eq!(text(&root, ".summary"), "Showing 1–1 of 1");
}

#[wasm_bindgen_test]
async fn post_search_reads_its_period_and_its_other_fields_from_the_address() {
    let root = mount(
        "/post-search?q=rust&limit=20&period=custom&startDate=2024-02-01&endDate=2024-02-10",
        &answering(&posts_response(1, 1..2)),
        html! { <PostSearchPage /> },
    )
    .await;
    let value = |selector: &str| -> String {
        find(&root, selector)
            .dyn_into::<HtmlInputElement>()
            .unwrap()
            .value()
    };
    assert_eq!(value("#ps-q"), "rust");
    assert_eq!(value("#ps-limit"), "20");
    assert_eq!(value("#ps-start"), "2024-02-01");
    assert_eq!(value("#ps-end"), "2024-02-10");
    assert_eq!(count(&root, ".post-item"), 1);
}

#[wasm_bindgen_test]
async fn channel_search_checks_the_rules_then_shows_cards() {
    let response = r#"{"count":2,"items":[
        {"id":1,"title":"First","username":"@first","participants_count":1500},
        {"id":2,"title":"Second","username":"","participants_count":20}]}"#;
    let root = mount(
        "/channel-search",
        &answering(response),
        html! { <ChannelSearchPage /> },
    )
    .await;
    click(&root, ".query-form button[type=submit]").await;
    let form = text(&root, ".query-form");
    assert!(form.contains("at least one is required"), "{form}");
    assert!(form.contains("country is required"), "{form}");

    type_into(&root, "#cs-q", "ab").await;
    type_into(&root, "#cs-country", "ru").await;
    click(&root, ".query-form button[type=submit]").await;
    assert!(text(&root, ".query-form").contains("q must be at least 3 characters long (it has 2)"));
    assert_eq!(count(&root, ".channel-grid"), 0);

    type_into(&root, "#cs-q", "abc").await;
    type_into(&root, "#cs-limit", "101").await;
    click(&root, ".query-form button[type=submit]").await;
    assert!(text(&root, ".query-form").contains("limit can be at most 100 (got 101)"));

    type_into(&root, "#cs-limit", "100").await;
    click(&root, ".query-form button[type=submit]").await;
    assert_eq!(text(&root, ".summary"), "2 channels found");
    assert_eq!(count(&root, ".channel-grid > li"), 2);
    assert_eq!(
        attributes(&root, ".channel-grid .cs-card-actions a", "href"),
        [
            "/channel-info?channel=%40first",
            "/subscriber-dynamics?channel=%40first",
            "/channel-info?channel=2",
            "/subscriber-dynamics?channel=2",
        ]
    );
}

#[wasm_bindgen_test]
async fn keyword_mentions_joins_channels_and_totals_the_counts() {
    let response = r#"{"items":[
        {"channel_id":10,"mentions_count":3,"views_count":1000,"last_mention_date":1706530000},
        {"channel_id":11,"mentions_count":2,"views_count":2500,"last_mention_date":1706440000}],
        "channels":[{"id":10,"title":"Ten","username":"@ten","participants_count":100},
                    {"id":11,"title":"Eleven","username":"","participants_count":200}]}"#;
    let root = mount(
        "/keyword-mentions?q=rust",
        &answering(response),
        html! { <KeywordMentionsPage /> },
    )
    .await;
    assert_eq!(count(&root, ".mentions-table tbody tr"), 2);
    assert_eq!(text(&root, ".summary"), "2 channels, 5 mentions");
    let totals = text(&root, ".mentions-table tfoot");
    assert!(
        totals.contains("Total") && totals.contains('5') && totals.contains("3,500"),
        "{totals}"
    );
    // Shares of the 5 mentions: 3 → 60 %, 2 → 40 %; reach per mention 1,000 / 3 and 2,500 / 2.
    let cells = |row: usize| {
        let found = root
            .query_selector_all(&format!(".mentions-table tbody tr:nth-child({row}) td"))
            .unwrap();
        (0..found.length())
            .filter_map(|i| found.item(i)?.text_content())
            .collect::<Vec<_>>()
    };
    // After the box that picks the row for compare channels.
    assert_eq!(cells(1)[4..8], ["3", "60%", "1,000", "333"]);
    assert_eq!(cells(2)[4..8], ["2", "40%", "2,500", "1,250"]);
    assert!(totals.contains("700"), "{totals}");
    let first = find(&root, ".mentions-table tbody tr a");
    assert_eq!(first.text_content().as_deref(), Some("Ten"));
    assert_eq!(
        first.get_attribute("href").as_deref(),
        Some("/channel-info?channel=%40ten")
    );
}

#[wasm_bindgen_test]
async fn keyword_mentions_offers_custom_dates_and_refuses_a_reversed_period() {
    let root = mount(
        "/keyword-mentions?q=rust&period=custom&startDate=2024-02-10&endDate=2024-02-01",
        &answering(r#"{"items":[],"channels":[]}"#),
        html! { <KeywordMentionsPage /> },
    )
    .await;
    let start: HtmlInputElement = find(&root, "#km-start").dyn_into().unwrap();
    assert_eq!(start.value(), "2024-02-10");
    assert!(
        text(&root, ".query-form").contains("The start date must not be later than the end date")
    );
    assert_eq!(count(&root, ".mentions-table"), 0);

    choose(&root, "#km-period", "7").await;
    assert_eq!(count(&root, "#km-start"), 0);
    click(&root, ".query-form button[type=submit]").await;
    assert!(text(&root, ".cs-empty").contains("No channel mentions this"));
}

#[wasm_bindgen_test]
async fn channel_info_links_to_the_channel_pages() {
    let response = r#"{"id":5,"title":"Durov","username":"@durov","link":"t.me/durov",
        "participants_count":1000}"#;
    let root = mount(
        "/channel-info?channel=t.me%2Fdurov",
        &answering(response),
        html! { <ChannelInfoPage /> },
    )
    .await;
    assert_eq!(count(&root, ".channel-info .cs-card-full"), 1);
    let hrefs = attributes(&root, ".channel-info .cs-card-actions a", "href");
    assert_eq!(hrefs[0], "/subscriber-dynamics?channel=t.me%2Fdurov");
    assert_eq!(hrefs[1], "/post-search?q=%40durov");

    type_into(&root, "#ci-channel", "t.me/durov/12").await;
    click(&root, ".query-form button[type=submit]").await;
    assert!(text(&root, ".query-form").contains("is a post, not a channel"));
}

#[wasm_bindgen_test]
async fn post_search_shows_the_readable_posts_and_says_how_many_were_not() {
    let mut items: Vec<String> = (1..51).map(post).collect();
    items[9] = items[9].replace(r#""views":12345"#, r#""views":true"#);
    items[3] = items[3].replace(
        r#""media":{"media_type":"photo"}"#,
        r#""media":{"url":"example.com/read","site_name":"Example","title":"A page","description":"About it"}"#,
    );
    let response = format!(
        r#"{{"count":50,"total_count":900,"items":[{}],"channels":[]}}"#,
        items.join(",")
    );
    let root = mount(
        "/post-search?q=news",
        &answering(&response),
        html! { <PostSearchPage /> },
    )
    .await;
    assert_eq!(count_drawn(&root, ".post-item", 49).await, 49);
    assert_eq!(
        text(&root, ".cs-unreadable"),
        "1 of 50 posts could not be read."
    );
    // The range and the pager count the 50 posts sent.
    assert_eq!(text(&root, ".summary"), "Showing 1–50 of 900");
    assert!(!find(&root, ".pager-next").has_attribute("disabled"));
    assert_eq!(count(&root, "[data-post-id=\"10\"]"), 0);
    let preview = find(&root, "[data-post-id=\"4\"] .cs-link-preview");
    assert_eq!(
        preview.text_content().as_deref(),
        Some("ExampleA pageAbout it")
    );
    let link = find(&root, ".cs-link-preview a");
    assert_eq!(
        link.get_attribute("href").as_deref(),
        Some("https://example.com/read")
    );
}

#[wasm_bindgen_test]
async fn post_search_writes_what_the_api_sends_as_text_never_as_markup() {
    let hostile = r#"<img src=x onerror=alert(1)>\"><b>x</b>"#;
    let item = post(1)
        .replace(r#""media":{"media_type":"photo"}"#, &format!(
            r#""media":{{"media_type":"{hostile}","url":"javascript:alert(1)","title":"{hostile}"}}"#
        ))
        .replace(r#""link":"t.me/news/1""#, r#""link":"t.me/news/1\" onclick=\"alert(1)""#);
    let response = format!(
        r#"{{"count":1,"total_count":1,"items":[{item}],
        "channels":[{{"id":7,"title":"{hostile}","username":"@news","link":"t.me/news"}}]}}"#
    );
    let root = mount(
        "/post-search?q=news",
        &answering(&response),
        html! { <PostSearchPage /> },
    )
    .await;
    let item = find(&root, ".post-item");
    assert_eq!(count(&item, "img, b, [onerror], [onclick]"), 0);
    assert!(text(&item, ".post-channel").starts_with(r#"<img src=x onerror=alert(1)>"><b>x</b>"#));
    assert_eq!(
        text(&item, ".post-media"),
        r#"<img src=x onerror=alert(1)>"><b>x</b>"#
    );
    // A title whose address is not a web URL is text, not a link.
    assert_eq!(count(&item, ".cs-link-preview a"), 0);
    assert_eq!(
        text(&item, ".cs-link-preview-title"),
        r#"<img src=x onerror=alert(1)>"><b>x</b>"#
    );
}

/// The first page of results the console draws is what the gateway writes into the page for the
/// same answer and zone (`view::post_page`): the drawn results and the written markup, parsed by
/// the browser, serialise alike; dates in the zone the settings name, as the cookie tells the
/// server.
#[wasm_bindgen_test]
async fn post_search_draws_the_first_page_the_server_writes() {
    use chanscope::api::model::PostSearchResponse;
    use chanscope::sanitize::MarkupWriter;
    use chanscope::ui::{Ui, Zone};
    use chanscope::view::post_item::PostText;
    use chanscope::view::post_page::write_first_page;

    let mut items: Vec<String> = (1..21).map(post).collect();
    items[9] = items[9].replace(r#""views":12345"#, r#""views":true"#);
    items[3] = items[3].replace(
        r#""media":{"media_type":"photo"}"#,
        r#""media":{"url":"example.com/read","site_name":"Example","title":"A page"}"#,
    );
    items[5] = items[5].replace(r#""views":12345"#, r#""views":0"#);
    let response = format!(
        r#"{{"count":20,"total_count":45,"items":[{}],
        "channels":[{{"id":7,"title":"News Channel","username":"@news","link":"t.me/news","participants_count":1000}}]}}"#,
        items.join(",")
    );
    let ui = Ui {
        locale: chanscope::format::Locale::En,
        zone: Zone::from_name("Asia/Kolkata").unwrap(),
    };
    let root = mount(
        "/post-search?q=news",
        &answering(&response),
        html! { <ContextProvider<Ui> context={ui}><PostSearchPage /></ContextProvider<Ui>> },
    )
    .await;
    assert_eq!(count_drawn(&root, ".post-item", 19).await, 19);
    let answer: PostSearchResponse =
        chanscope::api::envelope::decode(&chanscope::api::HttpResponse::new(
            200,
            format!(r#"{{"status":"ok","response":{response}}}"#),
        ))
        .unwrap();
    let india = |_| chrono::FixedOffset::east_opt(5 * 3600 + 30 * 60).unwrap();
    let words = PostText {
        locale: chanscope::format::Locale::En,
        offset_at: &india,
    };
    let mut m = MarkupWriter::default();
    write_first_page(&mut m, &words, &answer, 20);
    let drawn = find(&root, ".post-results");
    assert_eq!(drawn.inner_html(), parsed(m.as_str()).inner_html());
    // 1706530000 is 29 Jan 2024, 12:06 UTC: 17:36 in India.
    assert_eq!(text(&root, ".post-date"), "29 Jan 2024, 17:36");
    assert_eq!(
        text(&root, ".cs-unreadable"),
        "1 of 20 posts could not be read."
    );

    // Nothing found.
    let none = r#"{"count":0,"total_count":0,"items":[],"channels":[]}"#;
    let root = mount(
        "/post-search?q=nothing",
        &answering(none),
        html! { <PostSearchPage /> },
    )
    .await;
    assert_eq!(count_drawn(&root, ".post-results .cs-empty", 1).await, 1);
    let answer: PostSearchResponse = chanscope::api::envelope::decode(
        &chanscope::api::HttpResponse::new(200, format!(r#"{{"status":"ok","response":{none}}}"#)),
    )
    .unwrap();
    let mut m = MarkupWriter::default();
    write_first_page(&mut m, &words, &answer, 20);
    assert_eq!(
        find(&root, ".post-results").inner_html(),
        parsed(m.as_str()).inner_html()
    );
}
