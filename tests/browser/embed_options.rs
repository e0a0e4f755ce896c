//! Browser tests of the embedding API's options (`mount*`, `WidgetHandle`) over a stubbed `fetch`:
//! bad options are refused with readable `TypeError`s and mount nothing, an update changes what a
//! widget shows or is refused whole, and an unmount leaves the host's element empty with no request
//! running.
#![cfg(target_arch = "wasm32")]

use chanscope::api::ops::MultiPostStats;
use chanscope::api::{ChannelId, Operation};
use chanscope::embed::{
    mount_channel_card, mount_multi_post_stats, mount_post_search, mount_subscriber_chart,
};
use js_sys::{Array, Object, Reflect};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;

mod dom;
mod embed_support;

use dom::find;
use embed_support::{
    appears, calls, channel_json, has_class, host, options, refused, sleep_ms, text, texts,
    type_error, until, Stub,
};

wasm_bindgen_test_configure!(run_in_browser);

// ---- bad options ----

#[wasm_bindgen_test]
async fn bad_options_throw_readable_type_errors_and_mount_nothing() {
    let _stub = Stub::install();
    let host = host();
    let before = host.inner_html();
    let card = |json: &str| refused(mount_channel_card(host.clone().into(), options(json)));

    assert_eq!(
        card("{}"),
        "Chanscope channel card: option \"channel\" is required (@username, t.me/username, \
         t.me/joinchat/… or the service's numeric ID)"
    );
    assert_eq!(
        card(r#"{"chanel":"@alpha"}"#),
        "Chanscope channel card: unknown option \"chanel\"; did you mean \"channel\"?"
    );
    assert_eq!(
        card(r#"{"channel":"10000","colour":"dark"}"#),
        "Chanscope channel card: unknown option \"colour\"; the options are \"baseUrl\", \
         \"channel\", \"language\", \"theme\", \"timezone\", \"token\", \"variant\""
    );
    assert_eq!(
        card(r#"{"channel":"10000","thme":"dark"}"#),
        "Chanscope channel card: unknown option \"thme\"; did you mean \"theme\"?"
    );
    assert_eq!(
        card(r#"{"channel":"10000","theme":"pink"}"#),
        "Chanscope channel card: option \"theme\" must be one of \"auto\", \"system\", \"light\", \"dark\", \
         not \"pink\""
    );
    assert_eq!(
        card(r#"{"channel":"10000","language":"de"}"#),
        "Chanscope channel card: option \"language\" must be \"en\" or \"ru\", not \"de\""
    );
    assert_eq!(
        card(r#"{"channel":"10000","timezone":"Mars/Base"}"#),
        "Chanscope channel card: option \"timezone\" must be an IANA time zone such as \
         \"Europe/Berlin\" or \"UTC\", not \"Mars/Base\""
    );
    assert_eq!(
        card(r#""10000""#),
        "Chanscope channel card: options must be an object, e.g. { channel: \"@name\" }"
    );
    assert_eq!(
        card(r#"["@alpha"]"#),
        "Chanscope channel card: options must be an object, e.g. { channel: \"@name\" }"
    );
    assert_eq!(
        refused(mount_subscriber_chart(
            host.clone().into(),
            options(r#"{"channel":"10000","days":"many"}"#)
        )),
        "Chanscope subscriber chart: option \"days\" must be a whole number, not string"
    );
    assert_eq!(
        refused(mount_post_search(
            host.clone().into(),
            options(r#"{"query":"rust","limit":80}"#)
        )),
        "Chanscope post search: option \"limit\" must be from 1 to 50, not 80"
    );

    // 51 posts: the API takes 50, and the words are the Rust layer's own.
    let ids: Vec<u64> = (1..=51).collect();
    let posts: Array = ids.iter().map(|&id| JsValue::from(id as f64)).collect();
    let multi = Object::new();
    Reflect::set(&multi, &"channel".into(), &"10000".into()).unwrap();
    Reflect::set(&multi, &"posts".into(), &posts).unwrap();
    let rust_words = MultiPostStats::new("10000".parse::<ChannelId>().unwrap(), ids)
        .validate()
        .unwrap_err()
        .to_string();
    assert_eq!(
        rust_words,
        "postsIds takes at most 50 identifiers per request (got 51)"
    );
    assert_eq!(
        refused(mount_multi_post_stats(host.clone().into(), multi.into())),
        format!("Chanscope posts statistics: {rust_words}")
    );

    // Targets that are not an element.
    let valid = || options(r#"{"channel":"10000"}"#);
    assert_eq!(
        refused(mount_channel_card(JsValue::from(42), valid())),
        "Chanscope channel card: the first argument must be an element or a CSS selector, e.g. \
         \"#channel\""
    );
    assert_eq!(
        refused(mount_channel_card("#no-such-host".into(), valid())),
        "Chanscope channel card: no element matches \"#no-such-host\""
    );
    assert_eq!(
        refused(mount_channel_card("##".into(), valid())),
        "Chanscope channel card: \"##\" is not a valid CSS selector"
    );

    // Nothing was mounted or asked for.
    sleep_ms(50).await;
    assert_eq!(host.inner_html(), before);
    assert!(calls("").is_empty(), "{:?}", calls(""));
    host.remove();
}

#[wasm_bindgen_test]
async fn a_second_widget_in_one_element_is_refused() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10020",
        &channel_json(10020, "Twenty", "20"),
        0,
    );
    let host = host();
    let mut first = mount_channel_card(host.clone().into(), options(r#"{"channel":"10020"}"#))
        .expect("the first widget mounts");
    appears(&host, ".cs-card-title").await;
    let shown = host.inner_html();

    assert_eq!(
        refused(mount_channel_card(
            host.clone().into(),
            options(r#"{"channel":"10021"}"#)
        )),
        "Chanscope channel card: this element already holds a widget; unmount it first"
    );
    sleep_ms(30).await;
    assert_eq!(host.inner_html(), shown);
    assert!(calls("channelId=10021").is_empty());

    // Once the first is gone the element takes a new one.
    first.unmount();
    let mut second = mount_channel_card(host.clone().into(), options(r#"{"channel":"10020"}"#))
        .expect("the element is free again");
    second.unmount();
    // Its destroy waits for its creation; let both happen within this test.
    sleep_ms(50).await;
    assert_eq!(host.inner_html(), "");
    host.remove();
}

// ---- update and unmount ----

#[wasm_bindgen_test]
async fn update_shows_the_new_channel_and_refuses_bad_options() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10004",
        &channel_json(10004, "First", "10"),
        0,
    );
    stub.ok(
        "/channels/get?channelId=10005",
        &channel_json(10005, "Second", "20"),
        0,
    );
    let host = host();
    let mut widget = mount_channel_card(
        host.clone().into(),
        options(r#"{"channel":"10004","language":"ru"}"#),
    )
    .unwrap();
    appears(&host, ".cs-card-title").await;
    assert_eq!(text(&host, ".cs-card-title"), "First");

    widget.update(options(r#"{"channel":"10005"}"#)).unwrap();
    until("the second channel", || {
        texts(&host, ".cs-card-title") == ["Second"]
    })
    .await;
    assert_eq!(calls("channelId=10005").len(), 1);
    // The other options stay.
    assert_eq!(
        find(&host, ".cs-widget").get_attribute("lang").as_deref(),
        Some("ru")
    );

    let shown = host.inner_html();
    assert_eq!(
        type_error(widget.update(options(r#"{"theme":"pink"}"#)).unwrap_err()),
        "Chanscope channel card: option \"theme\" must be one of \"auto\", \"system\", \"light\", \"dark\", \
         not \"pink\""
    );
    assert_eq!(
        type_error(widget.update(JsValue::from(7)).unwrap_err()),
        "Chanscope channel card: options must be an object, e.g. { channel: \"@name\" }"
    );
    // A refused update changes nothing, now or later.
    sleep_ms(50).await;
    assert_eq!(host.inner_html(), shown);
    assert_eq!(calls("/channels/get").len(), 2);
    // …and is not kept: the next good update starts from the options in force.
    widget.update(options(r#"{"theme":"dark"}"#)).unwrap();
    sleep_ms(30).await;
    assert!(has_class(&find(&host, ".cs-widget"), "cs-theme-dark"));
    assert_eq!(text(&host, ".cs-card-title"), "Second");

    widget.unmount();
    assert_eq!(
        type_error(
            widget
                .update(options(r#"{"channel":"10004"}"#))
                .unwrap_err()
        ),
        "Chanscope channel card: this widget was unmounted; mount a new one"
    );
    host.remove();
}

#[wasm_bindgen_test]
async fn unmount_empties_the_element_and_aborts_the_running_request() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10006",
        &channel_json(10006, "Slow", "1"),
        5_000,
    );
    let host = host();
    let mut widget =
        mount_channel_card(host.clone().into(), options(r#"{"channel":"10006"}"#)).unwrap();
    appears(&host, ".cs-loading").await;
    until("the fetch", || calls("channelId=10006").len() == 1).await;

    widget.unmount();
    assert_eq!(host.inner_html(), "");
    assert_eq!(host.child_element_count(), 0);
    assert!(host.is_connected(), "the host element stays on the page");
    until("the abort", || calls("channelId=10006")[0].aborted).await;
    assert!(!calls("channelId=10006")[0].answered);

    widget.unmount();
    sleep_ms(30).await;
    assert_eq!(host.inner_html(), "");
    assert_eq!(calls("/channels/get").len(), 1);
    host.remove();
}

#[wasm_bindgen_test]
async fn a_widget_unmounted_as_soon_as_mounted_leaves_no_request_running() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10015",
        &channel_json(10015, "Brief", "1"),
        5_000,
    );
    let host = host();
    // What React's strict mode does: mount, unmount and mount again in one go.
    let mut first =
        mount_channel_card(host.clone().into(), options(r#"{"channel":"10015"}"#)).unwrap();
    first.unmount();
    assert_eq!(host.inner_html(), "");
    let mut second =
        mount_channel_card(host.clone().into(), options(r#"{"channel":"10016"}"#)).unwrap();
    second.unmount();
    sleep_ms(100).await;
    assert_eq!(host.inner_html(), "");
    let asked = calls("/channels/get");
    assert!(asked.iter().all(|c| c.aborted), "{asked:?}");
    host.remove();
}
