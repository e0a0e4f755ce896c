//! The submitted form of a page kept in the address, and what the address keeps of it.

use serde::de::DeserializeOwned;
use serde::Serialize;
use yew::prelude::*;

use crate::api::PeerType;
use crate::route::{route_href, use_location, use_navigator, Route};

/// A form as the address keeps it: written and read by serde. A form with a period keeps it
/// beside its own fields (a [`super::PeriodQuery`] under `#[serde(flatten)]`).
pub trait AddressQuery:
    Serialize + DeserializeOwned + Default + Clone + PartialEq + 'static
{
    /// The form in `query` (`q=brand&period=7`); `None` when the query does not read as one.
    fn from_query(query: &str) -> Option<Self> {
        serde_urlencoded::from_str(query).ok()
    }
}

/// The submitted form of a page, kept in the URL query: `P` is read from the address once per
/// navigation (so deep links and back/forward reproduce a view; renders in between reuse it), and
/// `submit` pushes a new history entry. `P` must never hold the token.
pub struct UrlState<P> {
    pub params: P,
    /// Whether the address carries any query at all (a fresh page shows no results yet).
    pub submitted: bool,
    pub submit: Callback<P>,
}

#[hook]
pub fn use_url_state<P: AddressQuery>(route: Route) -> UrlState<P> {
    let location = use_location();
    let navigator = use_navigator();
    let params = use_memo(location.query.clone(), |query| {
        P::from_query(query).unwrap_or_default()
    });
    let submit = Callback::from(move |next: P| {
        if let Some(navigator) = &navigator {
            navigator.push(&route_href(route, &next));
        }
    });
    UrlState {
        params: (*params).clone(),
        submitted: !location.query.is_empty(),
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
