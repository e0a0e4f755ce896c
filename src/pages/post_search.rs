//! (being written)
use yew::prelude::*;

#[function_component(PostSearchPage)]
pub fn page() -> Html {
    html! { <section class="page"><h1>{ "PostSearchPage" }</h1></section> }
}
