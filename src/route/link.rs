//! Links between the console's pages, followed by the router without reloading.

use yew::prelude::*;

use super::router::{use_navigator, Navigator};

#[derive(Properties, PartialEq)]
pub struct RouteLinkProps {
    /// From [`Route::to_path`](super::Route::to_path) or [`route_href`](super::route_href).
    pub href: AttrValue,
    #[prop_or_default]
    pub classes: Classes,
    #[prop_or_default]
    pub children: Html,
}

/// A link to a page of the console: a plain `<a href>` that the router follows without reloading
/// on a plain click (a click with a modifier key opens a tab as usual; outside a router, as in a
/// widget, the browser follows it).
#[function_component(RouteLink)]
pub fn route_link(props: &RouteLinkProps) -> Html {
    let navigator = use_navigator();
    let onclick = follow(navigator, props.href.clone());
    html! {
        <a href={props.href.clone()} class={props.classes.clone()} {onclick}>
            { props.children.clone() }
        </a>
    }
}

/// The click handler of a link to `href` in the console: the router follows a plain click
/// without reloading; a click with a modifier key, another button, or outside a router (as in a
/// widget) is left to the browser. For a part that draws its own `<a>` rather than a
/// [`RouteLink`] (a long list, where each component is one more part to mount).
pub fn follow(navigator: Option<Navigator>, href: AttrValue) -> Callback<MouseEvent> {
    Callback::from(move |event: MouseEvent| follow_click(navigator.as_ref(), &href, &event))
}

/// [`follow`]'s rule for one click on a link to `href`: for a part whose links are markup, which
/// finds the link clicked itself.
pub fn follow_click(navigator: Option<&Navigator>, href: &str, event: &MouseEvent) {
    let modified = event.ctrl_key() || event.meta_key() || event.shift_key() || event.alt_key();
    let Some(navigator) = navigator else {
        return;
    };
    if event.button() != 0 || modified || event.default_prevented() {
        return;
    }
    event.prevent_default();
    navigator.push(href);
}
