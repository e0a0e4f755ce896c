//! Mounting a component in the browser tests and reading its text back.

use std::time::Duration;

use web_sys::Element;
use yew::html::BaseComponent;

use crate::dom::fresh_root;

/// Lets yew render what the last event or mount scheduled.
pub async fn settle() {
    yew::platform::time::sleep(Duration::from_millis(30)).await;
}

/// `C` rendered with `props` into a fresh element, once it has rendered.
pub async fn mount<C>(props: C::Properties) -> Element
where
    C: BaseComponent,
{
    let root = fresh_root();
    yew::Renderer::<C>::with_root_and_props(root.clone(), props).render();
    settle().await;
    root
}

/// The text of each element under `root` that matches `selector`.
pub fn texts(root: &Element, selector: &str) -> Vec<String> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .map(|i| list.item(i).unwrap().text_content().unwrap_or_default())
        .collect()
}
