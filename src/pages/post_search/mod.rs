//! Post search: full-text search of posts, newest first, one page of results at a time. The
//! form is [`params`], the page of results [`results`], its posts [`list`], each written by
//! [`crate::view::post_item`].

mod list;
mod params;
mod results;

pub(crate) use params::watch_request;

use yew::prelude::*;

use crate::pages::form::DraftForm;

use crate::api::limits::{POST_SEARCH_LIMIT_DEFAULT, POST_SEARCH_LIMIT_MAX};
use crate::components::page_header;
use crate::pages::form::use_page_form;
use crate::pages::form::{Advanced, Check, LimitField};
use crate::pages::text_search::{filter_fields, filters_set, matching_fields, query_fields};
use crate::route::Route;
use crate::ui::use_ui;
use crate::watchlist::{WatchButton, WatchTarget};
use params::Params;
use results::PostResults;

#[function_component(PostSearchPage)]
pub fn post_search_page() -> Html {
    let ui = use_ui();
    let form = use_page_form::<Params>(Route::PostSearch);
    let draft = (*form.draft).clone();
    let advanced_open = !draft.limit.trim().is_empty() || filters_set(&draft);
    let results_ref = use_node_ref();
    let on_page = {
        let (navigate, params) = (form.navigate.clone(), form.params.clone());
        let results_ref = results_ref.clone();
        Callback::from(move |offset: u32| {
            // The pager sits below the list: bring the top of the new page into view.
            if let Some(results) = results_ref.cast::<web_sys::Element>() {
                results.scroll_into_view();
            }
            navigate.emit(Params {
                offset: if offset == 0 {
                    String::new()
                } else {
                    offset.to_string()
                },
                ..params.clone()
            });
        })
    };
    html! {
        <section class="page post-search-page">
            { page_header(&ui, Route::PostSearch) }
            <form class="query-form" onsubmit={form.onsubmit.clone()} novalidate=true>
                { query_fields(&form, &ui, "ps", ui.t("Text to search (q)", "Что искать (q)"),
                    ui.t("Any time", "За всё время").into()) }
                <Check id="ps-extended"
                    label={ui.t("Include channel details (extended)", "С данными каналов (extended)")}
                    hint={ui.t("Each post's channel by name, and its subscribers for ERR", "Канал каждого поста по имени и его подписчики для ERR")}
                    checked={!draft.without_channels}
                    onchange={form.edit(|p: &mut Params, v: bool| p.without_channels = !v)} />
                <Advanced open={advanced_open}>
                    <LimitField id="ps-limit" label={ui.t("Per page (limit)", "На странице (limit)")}
                        value={draft.limit.clone()}
                        hint={ui.t("1 to {max} per page; {default} when blank",
                            "От 1 до {max} на странице; без значения — {default}")}
                        max={POST_SEARCH_LIMIT_MAX} default={POST_SEARCH_LIMIT_DEFAULT}
                        oninput={form.edit(|p: &mut Params, v| p.limit = v)}
                        error={form.error("limit")} />
                    { filter_fields(&form, &ui, "ps") }
                    { matching_fields(&form, &ui, "ps") }
                </Advanced>
                if let Some(error) = form.error("offset") {
                    <p class="field-error">{ error }</p>
                }
                <div class="actions">
                    <button type="submit">{ ui.t("Search posts", "Искать посты") }</button>
                </div>
            </form>
            { form.status(ui.t(
                "Enter text to search posts of all channels, newest first.",
                "Введите текст, чтобы найти посты всех каналов, сначала новые.",
            )) }
            if let Some(data) = form.task.state().data.clone() {
                <WatchButton target={WatchTarget::PostSearch { query: form.params.watch_query() }}
                    name={form.params.q.trim().to_owned()} />
                <div class={form.results_class("post-results")} ref={results_ref}>
                    <PostResults response={(*data).clone()} offset={form.params.offset()}
                        limit={form.params.limit()} {on_page}
                        searching={form.task.state().loading} />
                </div>
            }
        </section>
    }
}
