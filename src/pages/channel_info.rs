//! (being written)
use yew::prelude::*;

#[function_component(ChannelInfoPage)]
pub fn page() -> Html {
    html! { <section class="page"><h1>{ "ChannelInfoPage" }</h1></section> }
}
