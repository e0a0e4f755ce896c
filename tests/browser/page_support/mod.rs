//! A page of the console mounted alone, at an address, over an "API" that is a `data:` URL
//! answering every request with one fixed envelope (the request's path and query land in the
//! URL's fragment, which fetch ignores); and the steps a test takes on it.

use chanscope::api::browser::BrowserTransport;
use chanscope::api::{ClientConfig, RetryPolicy, Transport};
use chanscope::request::ApiConfig;
use chanscope::route::Router;
use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::dom::{self, dispatch, find, fresh_root, settle_until};

#[derive(Properties, PartialEq)]
pub struct HarnessProps {
    path: AttrValue,
    base_url: AttrValue,
    children: Html,
}

#[function_component(Harness)]
pub fn harness(props: &HarnessProps) -> Html {
    let config = ApiConfig(ClientConfig {
        base_url: props.base_url.to_string(),
        retry: RetryPolicy::none(),
        ..ClientConfig::default()
    });
    html! {
        <Router start={Some(props.path.clone())}>
            <ContextProvider<ApiConfig> context={config}>
                { props.children.clone() }
            </ContextProvider<ApiConfig>>
        </Router>
    }
}

/// A base URL under which every operation answers `response` (a JSON value as text).
pub fn answering(response: &str) -> String {
    let body = format!(r#"{{"status":"ok","response":{response}}}"#);
    format!(
        "data:application/json;charset=utf-8,{}#",
        String::from(js_sys::encode_uri_component(&body))
    )
}

/// Lets the page render what the last event scheduled (150 ms), and waits, up to three seconds
/// more, for the answers it asked for: until no loading state shows.
pub async fn settle() {
    BrowserTransport::new()
        .sleep(std::time::Duration::from_millis(150))
        .await;
    settle_until(|| {
        let document = web_sys::window().unwrap().document().unwrap();
        document
            .query_selector("[aria-busy='true']")
            .unwrap()
            .is_none()
    })
    .await;
}

pub async fn mount(path: &str, base_url: &str, page: Html) -> Element {
    let root = fresh_root();
    let props = HarnessProps {
        path: path.to_owned().into(),
        base_url: base_url.to_owned().into(),
        children: page,
    };
    yew::Renderer::<Harness>::with_root_and_props(root.clone(), props).render();
    settle().await;
    root
}

pub fn text(root: &Element, selector: &str) -> String {
    find(root, selector).text_content().unwrap_or_default()
}

/// How many elements match `selector` once a page drawn over several tasks (`components::later`) has
/// reached `expected` of them, or after three seconds of waiting for it.
pub async fn count_drawn(root: &Element, selector: &str, expected: u32) -> u32 {
    settle_until(|| count(root, selector) >= expected).await;
    count(root, selector)
}

pub fn count(root: &Element, selector: &str) -> u32 {
    root.query_selector_all(selector).unwrap().length()
}

pub async fn type_into(root: &Element, selector: &str, value: &str) {
    let input: HtmlInputElement = find(root, selector).dyn_into().unwrap();
    input.set_value(value);
    dispatch(&input, "Event", "input", &[]);
    settle().await;
}

pub async fn choose(root: &Element, selector: &str, value: &str) {
    let select: HtmlSelectElement = find(root, selector).dyn_into().unwrap();
    select.set_value(value);
    dispatch(&select, "Event", "change", &[]);
    settle().await;
}

pub async fn click(root: &Element, selector: &str) {
    dom::click(&find(root, selector));
    settle().await;
}
