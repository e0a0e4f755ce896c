//! The submitted form of a page kept in the address, and what the address keeps of it.

use serde::de::DeserializeOwned;
use serde::Serialize;
use yew::prelude::*;
use yew_router::prelude::*;

use crate::api::PeerType;
use crate::route::Route;

/// The submitted form of a page, kept in the URL query: `P` is read from the address on every
/// navigation (so deep links and back/forward reproduce a view), and `submit` pushes a new
/// history entry. `P` must never hold the token.
pub struct UrlState<P> {
    pub params: P,
    /// Whether the address carries any query at all (a fresh page shows no results yet).
    pub submitted: bool,
    pub submit: Callback<P>,
}

#[hook]
pub fn use_url_state<P>(route: Route) -> UrlState<P>
where
    P: Serialize + DeserializeOwned + Default + Clone + PartialEq + 'static,
{
    let location = use_location();
    let navigator = use_navigator();
    let query = location
        .as_ref()
        .map(|l| l.query_str().trim_start_matches('?').to_owned())
        .unwrap_or_default();
    let params = location
        .as_ref()
        .and_then(|l| l.query::<P>().ok())
        .unwrap_or_default();
    let submit = Callback::from(move |next: P| {
        if let Some(navigator) = &navigator {
            let _ = navigator.push_with_query(&route, &next);
        }
    });
    UrlState {
        params,
        submitted: !query.is_empty(),
        submit,
    }
}

/// `skip_serializing_if` for flags: only set flags go into the address.
pub fn is_false(flag: &bool) -> bool {
    !*flag
}

/// The peer type chosen in a form; blank or unknown text means the operation's default.
pub fn peer_type_or(text: &str, default: PeerType) -> PeerType {
    text.parse().unwrap_or(default)
}
