//! Browser tests (wasm-bindgen-test in headless Chromium): the console shell renders, and the
//! fetch transport reports answers, refusals and cancellation as the client expects.
#![cfg(target_arch = "wasm32")]

use chanscope::api::browser::BrowserTransport;
use chanscope::api::envelope::decode;
use chanscope::api::model::ChannelSearchResponse;
use chanscope::api::{Transport, TransportError};
use chanscope::app::{App, TOOLS};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

async fn next_frame() {
    BrowserTransport::new()
        .sleep(std::time::Duration::from_millis(20))
        .await;
}

#[wasm_bindgen_test]
async fn the_shell_lists_the_eight_tools() {
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    yew::Renderer::<App>::with_root(root.clone()).render();
    next_frame().await;

    let items = root.query_selector_all("li.tool").unwrap();
    assert_eq!(items.length(), 8);
    let text = root.text_content().unwrap();
    for tool in TOOLS {
        assert!(text.contains(tool.name), "missing {}", tool.name);
    }
    assert_eq!(
        root.query_selector("h1")
            .unwrap()
            .unwrap()
            .text_content()
            .as_deref(),
        Some("Chanscope")
    );
}

#[wasm_bindgen_test]
async fn a_fetched_envelope_is_decoded() {
    let body = r#"{"status":"ok","response":{"count":1,"items":[{"id":42,"title":"Радио","participants_count":"1200"}]}}"#;
    let url = format!(
        "data:application/json;charset=utf-8,{}",
        js_sys::encode_uri_component(body)
    );
    let answer = BrowserTransport::new().get(&url).await.unwrap();
    assert_eq!(answer.status, 200);
    assert_eq!(answer.body, body);
    let found: ChannelSearchResponse = decode(&answer).unwrap();
    assert_eq!(found.items[0].id, 42);
    assert_eq!(found.items[0].title, "Радио");
    assert_eq!(found.items[0].participants_count, 1200);
}

#[wasm_bindgen_test]
async fn a_refused_connection_is_a_network_error() {
    // Port 9 (discard) is closed on loopback.
    let result = BrowserTransport::new().get("http://127.0.0.1:9/api").await;
    assert!(
        matches!(result, Err(TransportError::Network(_))),
        "{result:?}"
    );
}

#[wasm_bindgen_test]
async fn a_cancelled_signal_aborts_the_request() {
    let controller = web_sys::AbortController::new().unwrap();
    controller.abort();
    let transport = BrowserTransport::new().with_cancel_signal(controller.signal());
    let result = transport.get("data:text/plain,never").await;
    assert_eq!(result, Err(TransportError::Aborted));
}

#[wasm_bindgen_test]
async fn sleep_waits_about_as_long_as_asked() {
    let started = js_sys::Date::now();
    BrowserTransport::new()
        .sleep(std::time::Duration::from_millis(120))
        .await;
    let waited = js_sys::Date::now() - started;
    assert!((100.0..2000.0).contains(&waited), "waited {waited} ms");
}

/// A loopback URL that accepts connections and never answers: `cargo xtask test` starts the
/// server and sets this at compile time.
const SILENT_URL: &str = env!("CHANSCOPE_SILENT_URL");

#[wasm_bindgen_test]
async fn a_request_without_an_answer_times_out() {
    let started = js_sys::Date::now();
    let result = BrowserTransport::new()
        .with_timeout(std::time::Duration::from_millis(300))
        .get(SILENT_URL)
        .await;
    let waited = js_sys::Date::now() - started;
    assert_eq!(result, Err(TransportError::Timeout));
    assert!(
        (250.0..5000.0).contains(&waited),
        "gave up after {waited} ms"
    );
}

#[wasm_bindgen_test]
async fn cancelling_a_running_request_aborts_it() {
    let controller = web_sys::AbortController::new().unwrap();
    let transport = BrowserTransport::new().with_cancel_signal(controller.signal());
    wasm_bindgen_futures::spawn_local(async move {
        next_frame().await;
        controller.abort();
    });
    let started = js_sys::Date::now();
    let result = transport.get(SILENT_URL).await;
    let waited = js_sys::Date::now() - started;
    assert_eq!(result, Err(TransportError::Aborted));
    // Ended by the cancel, not by the 30 s default timeout.
    assert!(waited < 5000.0, "ended after {waited} ms");
}
