//! (being written)
use yew::prelude::*;

#[function_component(PostStatsPage)]
pub fn page() -> Html {
    html! { <section class="page"><h1>{ "PostStatsPage" }</h1></section> }
}
