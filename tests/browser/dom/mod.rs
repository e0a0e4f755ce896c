//! DOM helpers shared by the browser test files.
// Each browser test binary uses its own part of these.
#![allow(dead_code)]

use std::time::Duration;

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Element, HtmlElement};

/// A new element at the end of the body, to mount a component or page in.
pub fn fresh_root() -> Element {
    let document = web_sys::window().unwrap().document().unwrap();
    let root = document.create_element("div").unwrap();
    document.body().unwrap().append_child(&root).unwrap();
    root
}

/// Waits until `ready` holds, checking each 10 ms for up to three seconds, for what a browser does
/// on its own time after a render (a `ResizeObserver`'s report, say). The caller asserts the
/// condition afterwards, so a condition that never holds still fails the test.
pub async fn settle_until(mut ready: impl FnMut() -> bool) {
    for _ in 0..300 {
        if ready() {
            return;
        }
        yew::platform::time::sleep(Duration::from_millis(10)).await;
    }
}

/// The first element under `root` that matches `selector`; there must be one.
pub fn find(root: &Element, selector: &str) -> Element {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("nothing matches {selector}"))
}

/// The attribute `name` of each element under `root` that matches `selector`.
pub fn attributes(root: &Element, selector: &str, name: &str) -> Vec<String> {
    let found = root.query_selector_all(selector).unwrap();
    (0..found.length())
        .map(|i| {
            found
                .item(i)
                .unwrap()
                .unchecked_into::<Element>()
                .get_attribute(name)
                .unwrap()
        })
        .collect()
}

pub fn click(element: &Element) {
    element.dyn_ref::<HtmlElement>().unwrap().click();
}

/// A bubbling event of type `kind` built by the global `constructor` (`Event`,
/// `KeyboardEvent`…) with the text `fields` in its init dictionary. It goes through the
/// constructor because web-sys's typed init dictionaries are not enabled.
pub fn dispatch(target: &Element, constructor: &str, kind: &str, fields: &[(&str, &str)]) {
    let init = js_sys::Object::new();
    js_sys::Reflect::set(&init, &"bubbles".into(), &JsValue::TRUE).unwrap();
    for (name, value) in fields {
        js_sys::Reflect::set(&init, &(*name).into(), &(*value).into()).unwrap();
    }
    let constructor = js_sys::Reflect::get(&js_sys::global(), &constructor.into()).unwrap();
    let event = js_sys::Reflect::construct(
        constructor.unchecked_ref::<js_sys::Function>(),
        &js_sys::Array::of2(&JsValue::from_str(kind), &init),
    )
    .unwrap();
    target
        .dispatch_event(event.unchecked_ref::<web_sys::Event>())
        .unwrap();
}

/// `markup` as the browser parses it, in a `div` of its own (not in the page).
pub fn parsed(markup: &str) -> Element {
    let holder = web_sys::window()
        .unwrap()
        .document()
        .unwrap()
        .create_element("div")
        .unwrap();
    holder.set_inner_html(markup);
    holder
}
