//! The heading every page of the console starts with.

use yew::prelude::*;

use crate::route::Route;
use crate::ui::Ui;

/// The heading every page starts with: the tool's name and what it answers.
pub fn page_header(ui: &Ui, route: Route) -> Html {
    html! {
        <header class="page-header">
            <h1>{ route.title(ui) }</h1>
            <p class="lead">{ route.summary(ui) }</p>
        </header>
    }
}
