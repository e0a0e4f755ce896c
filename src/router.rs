//! The console's router: the address as a context (`path` and `query`), kept in step with the
//! browser's history. The console needs four things of a router — the page of the path, the
//! query of the address, pushing and replacing an address without a reload, and Back/Forward —
//! and these take a page of code instead of a library's generality (paths with parameters,
//! basenames, typed history state) in every download.
//!
//! [`Router`] in memory mode (`start`) never touches the browser's history: tests mount pages at
//! an address of their own.

use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use crate::route::Route;

/// The current address: its path (`/post-search`) and its query without the `?`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub path: Rc<str>,
    pub query: Rc<str>,
}

impl Location {
    /// An address as a link writes it: `/post-search?q=ton` (a fragment is dropped).
    pub fn parse(href: &str) -> Self {
        let href = href.split('#').next().unwrap_or_default();
        let (path, query) = href.split_once('?').unwrap_or((href, ""));
        Location {
            path: path.into(),
            query: query.into(),
        }
    }

    /// The address of the page the browser shows.
    fn of_window() -> Self {
        let location = web_sys::window().map(|w| w.location());
        let read = |f: fn(&web_sys::Location) -> Result<String, JsValue>| {
            location
                .as_ref()
                .and_then(|l| f(l).ok())
                .unwrap_or_default()
        };
        let search = read(web_sys::Location::search);
        Location {
            path: read(web_sys::Location::pathname).into(),
            query: search.trim_start_matches('?').into(),
        }
    }

    /// The route of the path (a trailing `/` does not count); `NotFound` for any other.
    pub fn route(&self) -> Route {
        Route::of_path(&self.path)
    }

    /// The query read into `P`, as a form keeps itself in the address.
    pub fn query<P: serde::de::DeserializeOwned>(&self) -> Option<P> {
        serde_urlencoded::from_str(&self.query).ok()
    }
}

/// Changes the address: a new history entry (`push`) or the current one rewritten (`replace`).
#[derive(Clone, PartialEq)]
pub struct Navigator {
    memory: bool,
    set: Callback<Location>,
}

impl Navigator {
    pub fn push(&self, href: &str) {
        self.go(href, false);
    }

    pub fn replace(&self, href: &str) {
        self.go(href, true);
    }

    fn go(&self, href: &str, replace: bool) {
        let next = Location::parse(href);
        if !self.memory {
            if let Some(history) = web_sys::window().and_then(|w| w.history().ok()) {
                let _ = if replace {
                    history.replace_state_with_url(&JsValue::NULL, "", Some(href))
                } else {
                    history.push_state_with_url(&JsValue::NULL, "", Some(href))
                };
            }
        }
        self.set.emit(next);
    }
}

#[derive(Clone, PartialEq)]
struct RouterContext {
    location: Location,
    navigator: Navigator,
}

#[derive(Properties, PartialEq)]
pub struct RouterProps {
    #[prop_or_default]
    pub children: Html,
    /// Memory mode: the address to start at; the browser's address and history stay as they are.
    #[prop_or_default]
    pub start: Option<AttrValue>,
}

#[function_component(Router)]
pub fn router(props: &RouterProps) -> Html {
    let memory = props.start.is_some();
    let location = {
        let start = props.start.clone();
        use_state_eq(move || start.map_or_else(Location::of_window, |s| Location::parse(&s)))
    };
    // Back and Forward: the browser has changed the address already; read it.
    {
        let location = location.clone();
        use_effect_with(memory, move |memory| {
            let listener = (!*memory).then(|| {
                let on_pop = Closure::<dyn Fn()>::new(move || location.set(Location::of_window()));
                if let Some(window) = web_sys::window() {
                    let _ = window.add_event_listener_with_callback(
                        "popstate",
                        on_pop.as_ref().unchecked_ref(),
                    );
                }
                on_pop
            });
            move || {
                if let (Some(on_pop), Some(window)) = (listener, web_sys::window()) {
                    let _ = window.remove_event_listener_with_callback(
                        "popstate",
                        on_pop.as_ref().unchecked_ref(),
                    );
                }
            }
        });
    }
    let navigator = {
        let location = location.clone();
        use_memo(memory, move |memory| Navigator {
            memory: *memory,
            set: Callback::from(move |next| location.set(next)),
        })
    };
    let context = RouterContext {
        location: (*location).clone(),
        navigator: (*navigator).clone(),
    };
    html! {
        <ContextProvider<RouterContext> {context}>
            { props.children.clone() }
        </ContextProvider<RouterContext>>
    }
}

/// The current address (outside a [`Router`]: the browser's, unchanging).
#[hook]
pub fn use_location() -> Location {
    use_context::<RouterContext>().map_or_else(Location::of_window, |c| c.location)
}

/// What changes the address; `None` outside a [`Router`].
#[hook]
pub fn use_navigator() -> Option<Navigator> {
    use_context::<RouterContext>().map(|c| c.navigator)
}
