//! (being written)
use yew::prelude::*;

#[function_component(KeywordMentionsPage)]
pub fn page() -> Html {
    html! { <section class="page"><h1>{ "KeywordMentionsPage" }</h1></section> }
}
