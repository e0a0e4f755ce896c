//! (being written)
use yew::prelude::*;

#[function_component(ChannelSearchPage)]
pub fn page() -> Html {
    html! { <section class="page"><h1>{ "ChannelSearchPage" }</h1></section> }
}
