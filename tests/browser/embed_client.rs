//! Browser tests of the shared request layer and the JavaScript `Client` over a stubbed `fetch`:
//! identical requests share one fetch that is aborted only when its last waiter gives up, and the
//! client resolves to plain objects or rejects with `ChanscopeError`s.
#![cfg(target_arch = "wasm32")]

use std::cell::RefCell;
use std::rc::Rc;

use chanscope::api::model::Channel;
use chanscope::api::ops::ChannelInfo;
use chanscope::api::{ClientConfig, Error};
use chanscope::embed::ScriptClient;
use chanscope::request::CachedClient;
use js_sys::{Array, Function, Object, Promise, Reflect, JSON};
use wasm_bindgen::prelude::*;
use wasm_bindgen_test::*;
use web_sys::AbortController;

mod dom;
mod embed_support;

use embed_support::{calls, channel_json, get, options, settle, sleep_ms, type_error, until, Stub};

wasm_bindgen_test_configure!(run_in_browser);

type Slot = Rc<RefCell<Option<Result<Rc<Channel>, Error>>>>;

/// Sends channel info for `id` through the page's shared request layer, with `signal` as the
/// caller's cancel signal; the outcome lands in the returned slot.
fn send_info(id: &str, signal: web_sys::AbortSignal) -> Slot {
    let slot: Slot = Rc::new(RefCell::new(None));
    let request = ChannelInfo::new(id.parse().unwrap());
    let filled = slot.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let api = CachedClient::new(ClientConfig::default(), signal);
        let outcome = api.send(&request).await;
        *filled.borrow_mut() = Some(outcome);
    });
    slot
}

#[wasm_bindgen_test]
async fn one_of_two_waiters_giving_up_does_not_abort_the_fetch() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10009",
        &channel_json(10009, "Nine", "9"),
        200,
    );
    let (quitter, stayer) = (
        AbortController::new().unwrap(),
        AbortController::new().unwrap(),
    );
    let gave_up = send_info("10009", quitter.signal());
    let waited = send_info("10009", stayer.signal());
    until("the fetch", || calls("channelId=10009").len() == 1).await;
    quitter.abort();
    until("the quitter's outcome", || gave_up.borrow().is_some()).await;
    assert!(matches!(
        gave_up.borrow().as_ref().unwrap(),
        Err(Error::Aborted)
    ));
    assert!(waited.borrow().is_none(), "the answer came before its time");

    until("the answer", || waited.borrow().is_some()).await;
    let channel = waited.borrow_mut().take().unwrap().expect("the answer");
    assert_eq!(channel.title, "Nine");
    let asked = calls("/channels/get");
    assert_eq!(asked.len(), 1);
    assert!(asked[0].answered && !asked[0].aborted);
}

#[wasm_bindgen_test]
async fn the_only_waiter_giving_up_aborts_the_fetch() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10014",
        &channel_json(10014, "Never", "1"),
        5_000,
    );
    let controller = AbortController::new().unwrap();
    let outcome = send_info("10014", controller.signal());
    until("the fetch", || calls("channelId=10014").len() == 1).await;
    controller.abort();
    until("the outcome", || outcome.borrow().is_some()).await;
    assert!(matches!(
        outcome.borrow().as_ref().unwrap(),
        Err(Error::Aborted)
    ));
    until("the abort", || calls("channelId=10014")[0].aborted).await;

    // The abandoned flight is forgotten: the same call later sends afresh.
    let again = send_info("10014", AbortController::new().unwrap().signal());
    until("the second fetch", || calls("channelId=10014").len() == 2).await;
    assert!(again.borrow().is_none());
}

// ---- the client ----

#[wasm_bindgen_test]
async fn client_channel_info_resolves_to_plain_data() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10010",
        &channel_json(10010, "Plain", "1234567"),
        0,
    );
    let client = ScriptClient::new(JsValue::UNDEFINED).unwrap();
    let info = settle(client.channel_info(options(r#"{"channelId":"10010"}"#)))
        .await
        .expect("resolves");
    let prototype = Object::get_prototype_of(&info);
    assert_eq!(
        JsValue::from(prototype),
        get(&get(&js_sys::global(), "Object"), "prototype")
    );
    assert_eq!(get(&info, "title").as_string().as_deref(), Some("Plain"));
    assert_eq!(get(&info, "id").as_f64(), Some(10010.0));
    // Sent as text, given back as a number: the model's own output.
    assert_eq!(get(&info, "participants_count").as_f64(), Some(1_234_567.0));
    assert_eq!(
        get(&info, "username").as_string().as_deref(),
        Some("@chan10010")
    );
    assert!(get(&info, "tg_id").is_null());
    assert_eq!(calls("/channels/get").len(), 1);
}

#[wasm_bindgen_test]
async fn two_client_calls_at_once_share_one_fetch() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10008",
        &channel_json(10008, "Eight", "8"),
        100,
    );
    let client = ScriptClient::new(JsValue::UNDEFINED).unwrap();
    let one = client.channel_info(options(r#"{"channelId":"10008"}"#));
    let two = client.channel_info(options(r#"{"channelId":10008}"#));
    let both = settle(Promise::all(&Array::of2(&one, &two)))
        .await
        .expect("both resolve");
    let both = Array::from(&both);
    let (a, b) = (both.get(0), both.get(1));
    assert_eq!(get(&a, "title").as_string().as_deref(), Some("Eight"));
    assert_eq!(
        JSON::stringify(&a).unwrap().as_string(),
        JSON::stringify(&b).unwrap().as_string()
    );
    let asked = calls("/channels/get");
    assert_eq!(asked.len(), 1, "{asked:?}");
    assert!(asked[0].answered && !asked[0].aborted);
}

#[wasm_bindgen_test]
async fn client_refuses_bad_parameters_without_fetching() {
    let _stub = Stub::install();
    let client = ScriptClient::new(JsValue::UNDEFINED).unwrap();

    let error = settle(client.channel_search(options(r#"{"country":"us","q":"ab"}"#)))
        .await
        .expect_err("rejects");
    assert!(error.is_instance_of::<js_sys::Error>());
    assert_eq!(
        get(&error, "name").as_string().as_deref(),
        Some("ChanscopeError")
    );
    assert_eq!(get(&error, "kind").as_string().as_deref(), Some("invalid"));
    let problems = Array::from(&get(&error, "problems"));
    assert_eq!(problems.length(), 1);
    assert_eq!(
        get(&problems.get(0), "param").as_string().as_deref(),
        Some("q")
    );
    assert_eq!(
        get(&problems.get(0), "message").as_string().as_deref(),
        Some("q must be at least 3 characters long (it has 2)")
    );

    let unknown = settle(client.channel_info(options(r#"{"channelId":"10000","group":"day"}"#)))
        .await
        .expect_err("rejects");
    assert_eq!(
        type_error(unknown),
        "Chanscope Client.channelInfo: unknown option \"group\"; the options are \"channelId\""
    );
    let misspelt = settle(client.channel_info(options(r#"{"channelid":"10000"}"#)))
        .await
        .expect_err("rejects");
    assert_eq!(
        type_error(misspelt),
        "Chanscope Client.channelInfo: unknown option \"channelid\"; did you mean \"channelId\"?"
    );
    assert_eq!(
        type_error(
            ScriptClient::new(options(r#"{"theme":"pink"}"#))
                .err()
                .unwrap()
        ),
        "Chanscope Client: unknown option \"theme\"; the options are \"baseUrl\", \"token\""
    );
    sleep_ms(30).await;
    assert!(calls("").is_empty(), "{:?}", calls(""));
}

#[wasm_bindgen_test]
async fn client_reports_flood_control_with_its_wait() {
    let stub = Stub::install();
    stub.error("/channels/get?channelId=10011", "flood_control_7");
    let client = ScriptClient::new(JsValue::UNDEFINED).unwrap();
    let error = settle(client.channel_info(options(r#"{"channelId":"10011"}"#)))
        .await
        .expect_err("rejects");
    assert_eq!(
        get(&error, "name").as_string().as_deref(),
        Some("ChanscopeError")
    );
    assert_eq!(
        get(&error, "kind").as_string().as_deref(),
        Some("flood_control")
    );
    assert_eq!(get(&error, "retryAfter").as_f64(), Some(7.0));
    assert_eq!(
        get(&error, "code").as_string().as_deref(),
        Some("flood_control_7")
    );
    assert_eq!(calls("/channels/get").len(), 1);
}

#[wasm_bindgen_test]
async fn a_token_function_is_asked_and_its_token_sent() {
    let stub = Stub::install();
    stub.ok(
        "/channels/get?channelId=10012",
        &channel_json(10012, "Token", "12"),
        0,
    );
    let token = Function::new_no_args(
        "window.__csTokenCalls = (window.__csTokenCalls || 0) + 1; \
         return Promise.resolve('tok-123');",
    );
    let init = Object::new();
    Reflect::set(&init, &"token".into(), &token).unwrap();
    Reflect::set(
        &init,
        &"baseUrl".into(),
        &"https://stats.example/api/".into(),
    )
    .unwrap();
    let client = ScriptClient::new(init.into()).unwrap();
    let info = settle(client.channel_info(options(r#"{"channelId":"10012"}"#)))
        .await
        .expect("resolves");
    assert_eq!(get(&info, "title").as_string().as_deref(), Some("Token"));
    assert_eq!(get(&js_sys::global(), "__csTokenCalls").as_f64(), Some(1.0));
    let asked = calls("/channels/get");
    assert_eq!(asked.len(), 1);
    assert_eq!(
        asked[0].url,
        "https://stats.example/api/channels/get?channelId=10012&token=tok-123"
    );
}
