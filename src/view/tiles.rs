//! Headline counters as tiles, written as markup: a compact number to read at a glance, the
//! exact one beneath it when the compact one rounds. The one source of the tiles' markup for
//! the console, the widgets and the gateway, which sends post statistics' tiles inside the page
//! (see `view::card` for why markup written once).

use crate::api::model::PostStatsResponse;
use crate::figures::counts::count_i64;
use crate::format::{compact, group_thousands, Locale};
use crate::sanitize::MarkupWriter;

/// One counter.
#[derive(Clone, Debug, PartialEq)]
pub struct Tile {
    pub label: String,
    pub value: i64,
    /// A short explanation under the value (e.g. "since publication").
    pub hint: Option<String>,
}

impl Tile {
    pub fn new(label: impl Into<String>, value: i64) -> Self {
        Tile {
            label: label.into(),
            value,
            hint: None,
        }
    }

    pub fn with_hint(mut self, hint: impl Into<String>) -> Self {
        self.hint = Some(hint.into());
        self
    }
}

/// `tiles` as a definition list, the numbers grouped in `locale`'s style.
pub fn write_tiles(m: &mut MarkupWriter, tiles: &[Tile], locale: Locale) {
    m.tags(r#"<dl class="cs-tiles">"#);
    for tile in tiles {
        let exact = group_thousands(tile.value, locale);
        let short = compact(tile.value);
        // The exact figure only when the compact one rounds ("1.2M" above "1,234,567").
        let digits = |s: &str| s.chars().filter(char::is_ascii_digit).collect::<String>();
        m.tags(r#"<div class="cs-tile"><dt class="cs-tile-label">"#)
            .text(&tile.label)
            .tags(r#"</dt><dd class="cs-tile-value""#)
            .attribute("title", &exact)
            .tags(">")
            .text(&short)
            .tags("</dd>");
        if digits(&short) != digits(&exact) {
            m.tags(r#"<dd class="cs-tile-exact">"#)
                .text(&exact)
                .tags("</dd>");
        }
        if let Some(hint) = &tile.hint {
            m.tags(r#"<dd class="cs-tile-hint">"#)
                .text(hint)
                .tags("</dd>");
        }
        m.tags("</div>");
    }
    m.tags("</dl>");
}

/// The post's counters as tiles, in the order the API lists them.
pub fn post_tiles(locale: Locale, r: &PostStatsResponse) -> Vec<Tile> {
    let t = |en: &'static str, ru: &'static str| if locale == Locale::En { en } else { ru };
    vec![
        Tile::new(t("Views", "Просмотры"), count_i64(r.views_count)),
        Tile::new(t("Shares", "Пересылки"), count_i64(r.shares_count))
            .with_hint(t("Including private messages", "Включая личные сообщения")),
        Tile::new(t("Comments", "Комментарии"), count_i64(r.comments_count)),
        Tile::new(t("Reactions", "Реакции"), count_i64(r.reactions_count)),
        Tile::new(t("Reposts", "Репосты"), count_i64(r.forwards_count))
            .with_hint(t("Into other channels", "В другие каналы")),
        Tile::new(t("Mentions", "Упоминания"), count_i64(r.mentions_count)).with_hint(t(
            "Links to the post elsewhere",
            "Ссылки на пост в других каналах",
        )),
    ]
}

/// The results of the post-statistics page as the console draws them first: the post's tiles.
pub fn write_post_stats_tiles(m: &mut MarkupWriter, r: &PostStatsResponse, locale: Locale) {
    m.tags(r#"<div class="post-stats-tiles">"#);
    write_tiles(m, &post_tiles(locale, r), locale);
    m.tags("</div>");
}
