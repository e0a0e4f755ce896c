//! Headline counters: a compact number to read at a glance, the exact one beneath it; and the
//! counters of one post as tiles, shown by the post-stats page and widget.

use std::rc::Rc;

use yew::prelude::*;

use crate::api::model::PostStatsResponse;
use crate::figures::counts::count_i64;
use crate::format::compact;
use crate::ui::{use_ui, Ui};

/// One counter.
#[derive(Clone, Debug, PartialEq)]
pub struct Tile {
    pub label: AttrValue,
    pub value: i64,
    /// A short explanation under the value (e.g. "since publication").
    pub hint: Option<AttrValue>,
}

impl Tile {
    pub fn new(label: impl Into<AttrValue>, value: i64) -> Self {
        Tile {
            label: label.into(),
            value,
            hint: None,
        }
    }

    pub fn with_hint(mut self, hint: impl Into<AttrValue>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

#[derive(Properties, PartialEq)]
pub struct StatTilesProps {
    pub tiles: Rc<Vec<Tile>>,
}

#[function_component(StatTiles)]
pub fn stat_tiles(props: &StatTilesProps) -> Html {
    let ui = use_ui();
    html! {
        <dl class="cs-tiles">
            { for props.tiles.iter().map(|tile| {
                let exact = ui.count(tile.value);
                let short = compact(tile.value);
                // The exact figure only when the compact one rounds ("1.2M" above "1,234,567").
                let rounded = short.chars().filter(char::is_ascii_digit).ne(exact.chars().filter(char::is_ascii_digit));
                html! {
                    <div class="cs-tile">
                        <dt class="cs-tile-label">{ tile.label.clone() }</dt>
                        <dd class="cs-tile-value" title={exact.clone()}>{ short }</dd>
                        if rounded {
                            <dd class="cs-tile-exact">{ exact }</dd>
                        }
                        if let Some(hint) = &tile.hint {
                            <dd class="cs-tile-hint">{ hint.clone() }</dd>
                        }
                    </div>
                }
            }) }
        </dl>
    }
}

/// The post's counters as tiles, in the order the API lists them.
pub fn post_tiles(ui: &Ui, r: &PostStatsResponse) -> Rc<Vec<Tile>> {
    Rc::new(vec![
        Tile::new(ui.t("Views", "Просмотры"), count_i64(r.views_count)),
        Tile::new(ui.t("Shares", "Пересылки"), count_i64(r.shares_count))
            .with_hint(ui.t("Including private messages", "Включая личные сообщения")),
        Tile::new(ui.t("Comments", "Комментарии"), count_i64(r.comments_count)),
        Tile::new(ui.t("Reactions", "Реакции"), count_i64(r.reactions_count)),
        Tile::new(ui.t("Reposts", "Репосты"), count_i64(r.forwards_count))
            .with_hint(ui.t("Into other channels", "В другие каналы")),
        Tile::new(ui.t("Mentions", "Упоминания"), count_i64(r.mentions_count)).with_hint(ui.t(
            "Links to the post elsewhere",
            "Ссылки на пост в других каналах",
        )),
    ])
}
