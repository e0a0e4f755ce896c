//! (being written)
use yew::prelude::*;

#[function_component(MultiPostStatsPage)]
pub fn posts() -> Html {
    html! { <section class="page"><h1>{ "MultiPostStatsPage" }</h1></section> }
}

#[function_component(MultiStoryStatsPage)]
pub fn stories() -> Html {
    html! { <section class="page"><h1>{ "MultiStoryStatsPage" }</h1></section> }
}
