//! (being written)
use yew::prelude::*;

#[function_component(SubscriberDynamicsPage)]
pub fn page() -> Html {
    html! { <section class="page"><h1>{ "SubscriberDynamicsPage" }</h1></section> }
}
