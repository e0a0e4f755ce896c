//! One page of post-search results: the count, the export of the page, the posts and the pager.

use std::rc::Rc;

use yew::prelude::*;

use super::export::export_table;
use super::item::PostItem;
use crate::api::limits::POST_SEARCH_OFFSET_MAX;
use crate::api::model::PostSearchResponse;
use crate::components::status::{unreadable_note, EmptyState, RecordNoun};
use crate::export;
use crate::format::fill;
use crate::ui::use_ui;
use crate::view::pager::pages;

#[derive(Properties, PartialEq)]
pub(super) struct PostResultsProps {
    pub(super) response: Rc<PostSearchResponse>,
    pub(super) offset: u32,
    pub(super) limit: u32,
    pub(super) on_page: Callback<u32>,
}

#[function_component(PostResults)]
pub(super) fn post_results(props: &PostResultsProps) -> Html {
    let ui = use_ui();
    let export_error = use_state(|| None::<String>);
    let data = &props.response;
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
    let count = |n: u64| ui.count(i64::try_from(n).unwrap_or(i64::MAX));
    let download = |extension: &'static str, mime: &'static str| {
        let (data, ui, export_error) = (data.clone(), ui.clone(), export_error.clone());
        let name = format!("posts-{first}-{last}.{extension}");
        Callback::from(move |_: MouseEvent| {
            let table = export_table(&ui, &data);
            let content = match extension {
                "csv" => export::to_csv(&table),
                _ => export::to_json(&table),
            };
            export_error.set(export::download(&name, mime, &content).err());
        })
    };
    html! {
        <>
            <div class="post-results-head">
                <p class="summary">
                    { fill(ui.t("Showing {a}–{b} of {total}", "Показаны {a}–{b} из {total}"), &[
                        ("a", count(first)), ("b", count(last)), ("total", count(data.total_count)),
                    ]) }
                </p>
                { unreadable_note(&ui, RecordNoun::Posts, [&data.items]) }
                <div class="post-export">
                    <button type="button" class="cs-button cs-button-quiet"
                        onclick={download("csv", "text/csv;charset=utf-8")}>{ "CSV" }</button>
                    <button type="button" class="cs-button cs-button-quiet"
                        onclick={download("json", "application/json")}>{ "JSON" }</button>
                    if let Some(error) = &*export_error {
                        <span class="field-error" role="alert">
                            { ui.t("The file could not be created: ", "Не удалось создать файл: ") }
                            { error.clone() }
                        </span>
                    }
                </div>
            </div>
            <ol class="post-list" start={first.to_string()}>
                { for data.items.iter().enumerate().map(|(index, post)| html! {
                    <PostItem key={post.id} response={data.clone()} {index} />
                }) }
            </ol>
            { pager }
        </>
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
