//! A page whose call the service asks to wait for: the banner waits the few seconds out and asks
//! again by itself, and the form keeps what it held.
#![cfg(target_arch = "wasm32")]

mod dom;
mod job_support;

use chanscope::api::{ClientConfig, RetryPolicy};
use chanscope::pages::PostSearchPage;
use chanscope::request::ApiConfig;
use chanscope::route::Router;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use dom::{find, fresh_root, settle_until};
use job_support::*;

wasm_bindgen_test_configure!(run_in_browser);

#[function_component(SearchAt)]
fn search_at() -> Html {
    let config = ApiConfig(ClientConfig {
        retry: RetryPolicy::none(),
        ..ClientConfig::default()
    });
    html! {
        <Router start={Some(AttrValue::from("/post-search?q=wait&limit=50"))}>
            <ContextProvider<ApiConfig> context={config}>
                <PostSearchPage />
            </ContextProvider<ApiConfig>>
        </Router>
    }
}

#[wasm_bindgen_test]
async fn a_short_flood_wait_is_retried_by_itself_and_the_form_kept() {
    let stub = Stub::install();
    // Whether the page asks with `extended` or not, the first answer asks to wait 1 s.
    for address in [url("wait", 0), format!("{}&extended=1", url("wait", 0))] {
        stub.error(&address, "flood_control_1", 0);
        stub.ok(&address, 7, 0);
    }
    let root = fresh_root();
    yew::Renderer::<SearchAt>::with_root(root.clone()).render();
    settle_until(|| root.query_selector(".cs-banner-todo").unwrap().is_some()).await;
    assert_eq!(
        find(&root, ".cs-banner-what").text_content().as_deref(),
        Some("The service asks to wait before the next request.")
    );
    assert_eq!(
        find(&root, ".cs-banner-todo").text_content().as_deref(),
        Some("Retrying in 1 s.")
    );
    settle_until(|| root.query_selector(".cs-banner").unwrap().is_none()).await;
    assert!(root.query_selector(".cs-banner").unwrap().is_none());
    let asked = calls("wait");
    assert_eq!(asked.len(), 2, "{asked:?}");
    assert!(asked.iter().all(|c| c.answered), "{asked:?}");
    let q: HtmlInputElement = find(&root, "#ps-q").dyn_into().unwrap();
    assert_eq!(q.value(), "wait");
    drop(stub);
}
