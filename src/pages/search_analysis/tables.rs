//! What a search analysis shows of the whole result: the top posts by views, ER and ERR, posting by
//! weekday and hour, the channels that carried the most posts and reach, and the media mix.

use std::rc::Rc;

use yew::prelude::*;

use crate::api::model::Post;
use crate::components::{Column, DataTable, Row, TableCell};
use crate::export::Cell;
use crate::figures::heatmap::{shade, Heatmap};
use crate::figures::media::MediaKind;
use crate::figures::search_analysis::{
    channels_by_posts, media_mix, top_by_er, top_by_err, top_by_views, Collected,
};
use crate::format::{fill, format_rate};
use crate::route::{route_href, ChannelQuery, PostQuery, Route, RouteLink};
use crate::ui::Ui;
use crate::view::labels::{channel_label, excerpt};
use crate::view::sort::SortKey;

/// Posts in each top list.
const TOP: usize = 10;
/// Shades of the heatmap's cells (0 = no posts).
const SHADES: u32 = 5;

/// A post in a top list: its channel, date and excerpt, linked to its statistics.
fn top_item(ui: &Ui, collected: &Collected, post: &Post, value: String) -> Html {
    let (_, channel) = channel_label(
        post.channel_id,
        collected.channel(post.channel_id),
        ui.locale,
    );
    let post_ref = if post.link.trim().is_empty() {
        post.id.to_string()
    } else {
        post.link.clone()
    };
    let text: String = crate::sanitize::plain_text(&crate::sanitize::sanitize(excerpt(post)))
        .chars()
        .take(120)
        .collect();
    html! {
        <li data-post-id={post.id.to_string()}>
            <span class="top-value">{ value }</span>
            <RouteLink href={route_href(Route::PostStats, &PostQuery { post: post_ref })}>
                { channel }
            </RouteLink>
            <span class="muted">{ format!(" · {}", ui.date(post.date)) }</span>
            <p class="top-text">{ text }</p>
        </li>
    }
}

pub(super) fn top_lists(ui: &Ui, collected: &Collected) -> Html {
    let posts = collected.posts();
    let by_views = top_by_views(posts, TOP);
    let by_er = top_by_er(posts, TOP);
    let by_err = top_by_err(posts, |id| collected.subscribers(id), TOP);
    let list = |title: &'static str, class: &'static str, items: Vec<Html>| {
        html! {
            <section class={classes!("top-list", class)}>
                <h2>{ title }</h2>
                if items.is_empty() {
                    <p class="muted">{ ui.t("No post has this figure.", "Ни у одного поста нет этого показателя.") }</p>
                } else {
                    <ol>{ for items }</ol>
                }
            </section>
        }
    };
    html! {
        <div class="top-lists">
            { list(ui.t("Top by views", "Лучшие по просмотрам"), "top-views", by_views.iter()
                .map(|p| top_item(ui, collected, p, ui.count(i64::try_from(p.views).unwrap_or(i64::MAX)))).collect()) }
            { list(ui.t("Top by ER", "Лучшие по ER"), "top-er", by_er.iter()
                .map(|(p, v)| top_item(ui, collected, p, format_rate(*v, ui.locale))).collect()) }
            { list(ui.t("Top by ERR", "Лучшие по ERR"), "top-err", by_err.iter()
                .map(|(p, v)| top_item(ui, collected, p, format_rate(*v, ui.locale))).collect()) }
        </div>
    }
}

/// Weekday names from Monday.
fn weekdays(ui: &Ui) -> [&'static str; 7] {
    [
        ui.t("Mon", "Пн"),
        ui.t("Tue", "Вт"),
        ui.t("Wed", "Ср"),
        ui.t("Thu", "Чт"),
        ui.t("Fri", "Пт"),
        ui.t("Sat", "Сб"),
        ui.t("Sun", "Вс"),
    ]
}

pub(super) fn heat_table(ui: &Ui, heatmap: &Heatmap) -> Html {
    let max = heatmap.max_posts();
    let days = weekdays(ui);
    html! {
        <section class="heatmap">
            <h2>{ ui.t("When the posts were published", "Когда публиковали посты") }</h2>
            <div class="heatmap-scroll">
                <table class="heatmap-table">
                    <caption>{ fill(ui.t(
                        "Posts by weekday and hour ({total} in all); hover or focus a cell for the average views.",
                        "Посты по дням недели и часам (всего {total}); наведите на ячейку, чтобы увидеть средние просмотры.",
                    ), &[("total", ui.count(heatmap.total() as i64))]) }</caption>
                    <thead><tr>
                        <td></td>
                        { for (0..24).map(|h| html! { <th scope="col">{ format!("{h:02}") }</th> }) }
                    </tr></thead>
                    <tbody>
                        { for heatmap.cells.iter().enumerate().map(|(d, row)| html! {
                            <tr>
                                <th scope="row">{ days[d] }</th>
                                { for row.iter().enumerate().map(|(h, cell)| {
                                    let average = match cell.average_views() {
                                        Ok(v) => ui.count(v.round() as i64),
                                        Err(_) => "—".to_owned(),
                                    };
                                    let title = fill(ui.t("{day} {hour}:00 — {n} posts, average views {avg}",
                                        "{day} {hour}:00 — постов: {n}, средние просмотры {avg}"),
                                        &[("day", days[d].to_owned()), ("hour", format!("{h:02}")),
                                          ("n", cell.posts.to_string()), ("avg", average)]);
                                    html! {
                                        <td class={format!("heat heat-{}", shade(cell.posts, max, SHADES))}
                                            title={title.clone()} aria-label={title} tabindex="0"
                                            data-posts={cell.posts.to_string()}>
                                            { if cell.posts > 0 { cell.posts.to_string() } else { String::new() } }
                                        </td>
                                    }
                                }) }
                            </tr>
                        }) }
                    </tbody>
                </table>
            </div>
            if heatmap.skipped > 0 {
                <p class="muted">{ fill(ui.t("{n} posts with a date that cannot be placed were left out.",
                    "Постов с датой, которую нельзя разместить: {n}."), &[("n", heatmap.skipped.to_string())]) }</p>
            }
        </section>
    }
}

pub(super) fn channels_table(ui: &Ui, collected: &Collected) -> Html {
    let columns = Rc::new(vec![
        Column::text("channel", ui.t("Channel", "Канал")),
        Column::numeric("posts", ui.t("Posts", "Посты")),
        Column::numeric("share", ui.t("Share of posts, %", "Доля постов, %")),
        Column::numeric("reach", ui.t("Reach (views)", "Охват (просмотры)")),
    ]);
    let rows: Vec<Row> = channels_by_posts(collected.posts())
        .into_iter()
        .map(|share| {
            let (reference, title) =
                channel_label(share.channel_id, collected.channel(share.channel_id), ui.locale);
            vec![
                TableCell::new(
                    html! {
                        <RouteLink href={route_href(Route::ChannelInfo, &ChannelQuery::new(reference))}>
                            { title.clone() }
                        </RouteLink>
                    },
                    SortKey::Text(title.to_lowercase()),
                    Cell::Text(title),
                ),
                TableCell::count(ui, i64::from(share.posts)),
                TableCell::rate(ui, Ok(share.share)),
                TableCell::count(ui, i64::try_from(share.reach).unwrap_or(i64::MAX)),
            ]
        })
        .collect();
    html! {
        <section class="analysis-channels">
            <h2>{ ui.t("Channels that carried the posts", "Каналы, где вышли посты") }</h2>
            <DataTable {columns} rows={Rc::new(rows)} export_name="search-analysis-channels"
                caption={ui.t("Channels by posts; sort by reach with its column", "Каналы по числу постов; сортировка по охвату — по столбцу")} />
        </section>
    }
}

/// A kind of media in words; a type the console does not know is shown as the service names it.
fn media_label(ui: &Ui, kind: &MediaKind) -> String {
    let known = match kind {
        MediaKind::Photo => ui.t("Photo", "Фото"),
        MediaKind::Video => ui.t("Video", "Видео"),
        MediaKind::Document => ui.t("Document", "Документ"),
        MediaKind::Audio => ui.t("Audio", "Аудио"),
        MediaKind::Animation => ui.t("Animation", "Анимация"),
        MediaKind::Sticker => ui.t("Sticker", "Стикер"),
        MediaKind::LinkPreview => ui.t("Link preview", "Превью ссылки"),
        MediaKind::None => ui.t("No media", "Без медиа"),
        MediaKind::Other(_) => return kind.key().to_owned(),
    };
    known.to_owned()
}

pub(super) fn media_table(ui: &Ui, posts: &[Post]) -> Html {
    let columns = Rc::new(vec![
        Column::text("media", ui.t("Media", "Медиа")),
        Column::numeric("posts", ui.t("Posts", "Посты")),
        Column::numeric("percent", ui.t("Share, %", "Доля, %")),
    ]);
    let rows: Vec<Row> = media_mix(posts)
        .into_iter()
        .map(|share| {
            vec![
                TableCell::text(media_label(ui, &share.kind)),
                TableCell::count(ui, i64::from(share.posts)),
                TableCell::rate(ui, Ok(share.percent)),
            ]
        })
        .collect();
    html! {
        <section class="analysis-media">
            <h2>{ ui.t("Media mix", "Типы медиа") }</h2>
            <DataTable {columns} rows={Rc::new(rows)} export_name="search-analysis-media"
                caption={ui.t("Posts by the media attached", "Посты по вложенным медиа")} />
        </section>
    }
}
