//! One page of post-search results: the count, the export of the page, the posts and the pager.

use std::rc::Rc;

use yew::prelude::*;

use super::list::PostList;
use crate::api::batch::bounded;
use crate::api::limits::POST_SEARCH_OFFSET_MAX;
use crate::api::model::Channel;
use crate::api::model::PostSearchResponse;
use crate::api::ops::ChannelInfo;
use crate::api::ChannelId;
use crate::components::figure::figures_export;
use crate::components::status::EmptyState;
use crate::components::ExportButtons;
use crate::figures::named::PageTotals;
use crate::format::fill;
use crate::request::use_task;
use crate::sanitize::MarkupWriter;
use crate::ui::use_ui;
use crate::view::job::MAX_IN_FLIGHT;
use crate::view::pager::pages;
use crate::view::post_file::posts_table;
use crate::view::post_item::PostText;
use crate::view::post_page::{write_sources_note, write_summary, write_totals};
use crate::view::sources::unknown_channels;

#[derive(Properties, PartialEq)]
pub(super) struct PostResultsProps {
    pub(super) response: Rc<PostSearchResponse>,
    pub(super) offset: u32,
    pub(super) limit: u32,
    pub(super) on_page: Callback<u32>,
    /// A newer search is on its way: this answer is about to be replaced.
    pub(super) searching: bool,
}

#[function_component(PostResults)]
pub(super) fn post_results(props: &PostResultsProps) -> Html {
    let ui = use_ui();
    let data = &props.response;
    let sources = use_sources(unknown_channels(data), props.searching);
    let pages = pages(
        props.offset,
        props.limit,
        data.items.sent(),
        data.total_count,
    );
    let pager = html! {
        <nav class="pager" aria-label={ui.t("Result pages", "Страницы результатов")}>
            <button type="button" class="secondary pager-prev" disabled={pages.prev.is_none()}
                onclick={page_click(&props.on_page, pages.prev)}>
                { ui.t("← Newer", "← Новее") }
            </button>
            <button type="button" class="secondary pager-next" disabled={pages.next.is_none()}
                onclick={page_click(&props.on_page, pages.next)}>
                { ui.t("Older →", "Старше →") }
            </button>
            if pages.capped {
                <p class="hint pager-limit">
                    { fill(ui.t(
                        "The API returns at most the first {n} results (offset up to {max} plus the page size); narrow the query to reach older posts.",
                        "API отдаёт не больше первых {n} результатов (offset до {max} плюс размер страницы); уточните запрос, чтобы добраться до более старых постов.",
                    ), &[
                        ("n", ui.count(i64::from(POST_SEARCH_OFFSET_MAX) + i64::from(props.limit))),
                        ("max", ui.count(i64::from(POST_SEARCH_OFFSET_MAX))),
                    ]) }
                </p>
            }
        </nav>
    };
    if data.items.sent() == 0 {
        return html! {
            <>
                if props.offset > 0 {
                    <EmptyState title={ui.t("No more posts on this page.", "На этой странице постов нет.")}
                        hint={ui.t("Go back to newer results.", "Вернитесь к более новым результатам.")} />
                    { pager }
                } else {
                    <EmptyState title={ui.t("No posts found.", "Посты не найдены.")}
                        hint={ui.t("Try fewer words, a longer period, fewer filters, or turn strict search off.",
                            "Попробуйте меньше слов, период длиннее, меньше фильтров или выключите строгий поиск.")} />
                }
            </>
        };
    }
    let first = u64::from(props.offset) + 1;
    let last = u64::from(props.offset) + data.items.sent() as u64;
    let offset_at = |secs| ui.zone.offset_at(secs);
    let text = PostText {
        locale: ui.locale,
        offset_at: &offset_at,
    };
    let name = format!("posts-{first}-{last}");
    let export = {
        let (data, ui) = (data.clone(), ui.clone());
        Callback::from(move |()| {
            posts_table(
                data.items.iter(),
                |post| data.channel_of(post),
                |secs| ui.local(secs),
            )
        })
    };
    html! {
        <>
            <div class="post-results-head">
                { markup(|m| write_summary(m, &text, data, first)) }
                <div class="post-export">
                    <ExportButtons name={name.clone()} table={export} />
                </div>
            </div>
            { markup(|m| write_totals(m, &text, data)) }
            { figures_export(&ui, format!("{name}-figures"), PageTotals::of(&data.items).named()) }
            <PostList response={data.clone()} {first} sources={sources.channels.clone()}
                looking={sources.looking} />
            // A footnote on what the page asked besides the search, under the posts it names.
            { markup(|m| write_sources_note(m, &text, sources.unknown.len())) }
            { pager }
        </>
    }
}

/// The channels looked up, those asked, and whether the lookup still runs.
struct Sources {
    channels: Rc<Vec<Channel>>,
    unknown: Vec<i64>,
    looking: bool,
}

/// Looks up each channel of `unknown` once, a few at a time, through the page-wide cache (so
/// the same source on the next page, or asked twice, costs nothing more). A newer search
/// stops the lookups of the answer it replaces: they would only queue before its own.
#[hook]
fn use_sources(unknown: Vec<i64>, searching: bool) -> Sources {
    // The channels found, with the IDs they were looked up for.
    let lookup = use_task::<(Vec<i64>, Rc<Vec<Channel>>)>();
    // One empty list for every render without lookups, so the list sees the same sources.
    let none = use_memo((), |()| Vec::<Channel>::new());
    {
        let lookup = lookup.clone();
        use_effect_with((unknown.clone(), searching), move |(ids, searching)| {
            if *searching {
                if lookup.state().loading {
                    lookup.cancel();
                }
            } else if !ids.is_empty() {
                let ids = ids.clone();
                lookup.run(move |api| async move {
                    let found = bounded(ids.clone(), MAX_IN_FLIGHT, |id| {
                        let api = api.clone();
                        async move {
                            let op = ChannelInfo::new(ChannelId::Numeric(id.max(0) as u64));
                            Ok::<_, ()>(api.send(&op).await.ok())
                        }
                    })
                    .await
                    .unwrap_or_default();
                    let channels = found.into_iter().flatten().map(|c| (*c).clone());
                    Ok((ids, Rc::new(channels.collect())))
                });
            }
        });
    }
    let state = lookup.state();
    // Still to come until a lookup of these very channels has ended, so that the list is not
    // drawn again when the lookup starts (the whole list is one piece of markup).
    let looked_up = state.data.filter(|found| found.0 == unknown);
    let pending = looked_up.is_none() && !unknown.is_empty() && state.error.is_none();
    Sources {
        channels: looked_up.map_or_else(|| none.clone(), |found| found.1.clone()),
        unknown,
        looking: state.loading || pending,
    }
}

fn page_click(on_page: &Callback<u32>, offset: Option<u32>) -> Callback<MouseEvent> {
    let on_page = on_page.clone();
    Callback::from(move |_: MouseEvent| {
        if let Some(offset) = offset {
            on_page.emit(offset);
        }
    })
}

/// What `write` writes, inserted as it is.
fn markup(write: impl FnOnce(&mut MarkupWriter)) -> Html {
    let mut m = MarkupWriter::with_capacity(1024);
    write(&mut m);
    Html::from_html_unchecked(AttrValue::from(m.into_string()))
}
