//! What every page of the console shares around it: the header's one box ([`paste_box`]) and
//! its navigation by job ([`nav`]), and the start page ([`home`]), which shows where the work
//! stands rather than a table of the API's operations.

pub mod home;
pub mod nav;
pub mod paste_box;

use yew::prelude::*;

use crate::watchlist::use_watchlist;

pub use home::{Home, NotFound};
pub use nav::JobNav;
pub use paste_box::PasteBox;

#[derive(Properties, PartialEq)]
pub struct NewsCountProps {
    pub title: AttrValue,
}

/// How much the watchlist's last checks found new, when anything. The only part of the header
/// that reads the watchlist: its changes (the store read at start, each answer of a check) draw
/// this count again, not the header and its navigation.
#[function_component(NewsCount)]
pub fn news_count(props: &NewsCountProps) -> Html {
    let news = use_watchlist().map_or(0, |list| list.news());
    if news == 0 {
        return Html::default();
    }
    html! {
        <span class="nav-count" title={props.title.clone()}>{ news.to_string() }</span>
    }
}
