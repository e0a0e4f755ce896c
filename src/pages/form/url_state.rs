//! The submitted form of a page kept in the address, and what the address keeps of it.

use serde::de::DeserializeOwned;
use serde::Serialize;
use yew::prelude::*;

use super::PeriodQuery;
use crate::api::PeerType;
use crate::route::{route_href, Route};
use crate::router::{use_location, use_navigator};

/// A form as the address keeps it: written by serde, and read by [`AddressQuery::from_query`].
pub trait AddressQuery:
    Serialize + DeserializeOwned + Default + Clone + PartialEq + 'static
{
    /// The form's period, when its serde reader leaves the period to this pass. A period is
    /// written into the address beside the form's own fields (`#[serde(flatten)]`), but read in
    /// a pass of its own (`skip_deserializing`): serde reads a flattened field by first copying
    /// every pair of the query into a buffer, which cost the four forms read that way 4.2 KB of
    /// the console's wasm (1.6 KB after brotli). Subscriber dynamics reads its pairs itself.
    fn period_mut(&mut self) -> Option<&mut PeriodQuery> {
        None
    }

    /// The form in `query` (`q=brand&period=7`); `None` when the query does not read as one.
    fn from_query(query: &str) -> Option<Self> {
        let mut params: Self = serde_urlencoded::from_str(query).ok()?;
        if let Some(period) = params.period_mut() {
            *period = serde_urlencoded::from_str(query).ok()?;
        }
        Some(params)
    }
}

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
pub fn use_url_state<P: AddressQuery>(route: Route) -> UrlState<P> {
    let location = use_location();
    let navigator = use_navigator();
    let params = P::from_query(&location.query).unwrap_or_default();
    let submit = Callback::from(move |next: P| {
        if let Some(navigator) = &navigator {
            navigator.push(&route_href(route, &next));
        }
    });
    UrlState {
        params,
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
