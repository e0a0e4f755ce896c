//! A listener in the capture phase on an element, for events that do not bubble (`toggle`,
//! `error`) from inside markup the console wrote (a card, a list of posts), where no element of
//! it has a handler of its own.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// Listens for `event` on `node` and everything inside it with `handler`, from when `deps`
/// change (the handler of that render) until they change again or the component goes.
#[hook]
pub fn use_capture<D, H>(node: &NodeRef, event: &'static str, deps: D, handler: H)
where
    D: PartialEq + 'static,
    H: Fn(web_sys::Event) + 'static,
{
    let node = node.clone();
    use_effect_with(deps, move |_| {
        let element = node.cast::<web_sys::Element>();
        let listener = Closure::<dyn Fn(web_sys::Event)>::new(handler);
        let callback = listener
            .as_ref()
            .unchecked_ref::<js_sys::Function>()
            .clone();
        if let Some(element) = &element {
            let _ = element.add_event_listener_with_callback_and_bool(event, &callback, true);
        }
        move || {
            if let Some(element) = &element {
                let _ =
                    element.remove_event_listener_with_callback_and_bool(event, &callback, true);
            }
            drop(listener);
        }
    });
}
