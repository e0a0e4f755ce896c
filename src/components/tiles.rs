//! Headline counters as tiles ([`write_tiles`]'s markup), shown by the post-stats page and
//! widget, and the campaign pages.

use std::rc::Rc;

use yew::prelude::*;

use crate::api::model::PostStatsResponse;
use crate::sanitize::MarkupWriter;
use crate::ui::{use_ui, Ui};
use crate::view::tiles::write_tiles;

pub use crate::view::tiles::Tile;

#[derive(Properties, PartialEq)]
pub struct StatTilesProps {
    pub tiles: Rc<Vec<Tile>>,
}

#[function_component(StatTiles)]
pub fn stat_tiles(props: &StatTilesProps) -> Html {
    let ui = use_ui();
    let mut m = MarkupWriter::with_capacity(1024);
    write_tiles(&mut m, &props.tiles, ui.locale);
    Html::from_html_unchecked(AttrValue::from(m.into_string()))
}

/// The post's counters as tiles, in the order the API lists them.
pub fn post_tiles(ui: &Ui, r: &PostStatsResponse) -> Rc<Vec<Tile>> {
    Rc::new(crate::view::tiles::post_tiles(ui.locale, r))
}
