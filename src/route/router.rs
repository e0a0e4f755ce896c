//! The address as the console's pages keep their forms in it, over yew-router: [`Route`] is the
//! `Routable` enum, [`Router`] holds yew-router's router (the browser's history, or memory), and
//! `app::App` renders each route's page with yew-router's `Switch`. A page reads the address as a
//! [`Location`] (the path, and the query its form reads itself from) and changes it with a
//! [`Navigator`] that takes an address as a link writes it (`/post-search?q=ton`), so a form and
//! its links share one encoding ([`crate::route::route_href`]).
//!
//! [`Router`] in memory mode (`start`) never touches the browser's history: tests mount pages at
//! an address of their own.

use std::rc::Rc;

use wasm_bindgen::JsValue;
use yew::prelude::*;
use yew_router::history::{AnyHistory, BrowserHistory, History, MemoryHistory};
use yew_router::query::Raw;
use yew_router::AnyRoute;

use super::Route;

/// An address: its path (`/post-search`) and its query without the `?`.
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

    /// The address of the page the browser shows (outside a [`Router`], as in a widget).
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
pub struct Navigator(yew_router::navigator::Navigator);

impl Navigator {
    pub fn push(&self, href: &str) {
        let at = Location::parse(href);
        // `Raw`: the query is already encoded as the pages read it back.
        let Ok(()) = self
            .0
            .push_with_query(&AnyRoute::new(&*at.path), Raw(&*at.query));
    }

    pub fn replace(&self, href: &str) {
        let at = Location::parse(href);
        let Ok(()) = self
            .0
            .replace_with_query(&AnyRoute::new(&*at.path), Raw(&*at.query));
    }
}

#[derive(Properties, PartialEq)]
pub struct RouterProps {
    #[prop_or_default]
    pub children: Html,
    /// Memory mode: the address to start at; the browser's address and history stay as they are.
    #[prop_or_default]
    pub start: Option<AttrValue>,
}

/// yew-router's router over the browser's history, or over memory from `start`.
#[function_component(Router)]
pub fn router(props: &RouterProps) -> Html {
    let history = use_memo(props.start.clone(), |start| match start {
        Some(start) => {
            // An entry holds a path alone; its query is given apart.
            let at = Location::parse(start);
            let memory = MemoryHistory::with_entries(vec![at.path.to_string()]);
            let Ok(()) = memory.replace_with_query(&*at.path, Raw(&*at.query));
            AnyHistory::from(memory)
        }
        None => AnyHistory::from(BrowserHistory::new()),
    });
    html! {
        <yew_router::Router history={(*history).clone()}>
            <LocationProvider>{ props.children.clone() }</LocationProvider>
        </yew_router::Router>
    }
}

#[derive(Properties, PartialEq)]
struct LocationProviderProps {
    children: Html,
}

/// The address (and the page) as contexts that change only when they do. yew-router's own context
/// changes on every report of its history, and it reports once more right after mounting: read
/// through it, every page and the navigation were drawn twice when the console started (in a
/// profile of post search's start in Chromium, a 24 ms draw right after the 74 ms first one). A
/// context provider tells its readers only of a value that differs.
#[function_component(LocationProvider)]
fn location_provider(props: &LocationProviderProps) -> Html {
    let at = yew_router::hooks::use_location().map_or_else(Location::of_window, |at| Location {
        path: at.path().into(),
        query: at.query_str().trim_start_matches('?').into(),
    });
    let route = at.route();
    html! {
        <ContextProvider<Route> context={route}>
            <ContextProvider<Location> context={at}>{ props.children.clone() }</ContextProvider<Location>>
        </ContextProvider<Route>>
    }
}

/// The current address (outside a [`Router`]: the browser's, unchanging).
#[hook]
pub fn use_location() -> Location {
    use_context::<Location>().unwrap_or_else(Location::of_window)
}

/// The current page: unlike [`use_location`], it does not change with the page's query (the
/// navigation and the title need nothing else).
#[hook]
pub fn use_route() -> Route {
    use_context::<Route>().unwrap_or_else(|| Location::of_window().route())
}

/// What changes the address; `None` outside a [`Router`].
#[hook]
pub fn use_navigator() -> Option<Navigator> {
    yew_router::hooks::use_navigator().map(Navigator)
}
