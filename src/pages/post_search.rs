//! Post search: full-text search of posts, newest first, one page of results at a time.

use std::rc::Rc;

use chrono::DateTime;

use serde::{Deserialize, Serialize};
use yew::prelude::*;

use crate::api::limits::{
    POST_SEARCH_LIMIT_DEFAULT, POST_SEARCH_LIMIT_MAX, POST_SEARCH_OFFSET_MAX,
};
use crate::api::model::{Channel, ForwardedFrom, Post, PostSearchResponse};
use crate::api::ops::PostSearch;
use crate::api::{Error, Operation, PeerType};
use crate::app::{route_href, Route, RouteLink};
use crate::components::status::{fill, EmptyState};
use crate::components::SafeHtml;
use crate::export::{self, Cell, Table};
use crate::format::{compact, iso_seconds};
use crate::pages::channel_info::ChannelQuery;
use crate::pages::channel_search::parse_count;
use crate::pages::form::{
    is_false, page_header, peer_type_or, Advanced, Check, Field, LimitField, PeriodQuery,
    PERIOD_PRESETS,
};
use crate::pages::form_request::{use_page_form, PageParams, Problems};
use crate::pages::text_search::{matching_fields, query_fields, TextQuery, TextSearch};
use crate::request::Api;
use crate::sanitize::{plain_text, sanitize};
use crate::ui::{use_ui, Ui};

#[derive(Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct Params {
    #[serde(skip_serializing_if = "String::is_empty")]
    q: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    limit: String,
    /// Set by the pager, not by the form.
    #[serde(skip_serializing_if = "String::is_empty")]
    offset: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    peer_type: String,
    /// Blank is any time.
    #[serde(flatten)]
    period: PeriodQuery,
    #[serde(skip_serializing_if = "String::is_empty")]
    country: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    language: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    category: String,
    #[serde(skip_serializing_if = "is_false")]
    hide_forwards: bool,
    #[serde(skip_serializing_if = "is_false")]
    hide_deleted: bool,
    #[serde(skip_serializing_if = "is_false")]
    strong_search: bool,
    #[serde(skip_serializing_if = "String::is_empty")]
    minus_words: String,
    #[serde(skip_serializing_if = "is_false")]
    extended_syntax: bool,
    #[serde(skip_serializing_if = "is_false")]
    extended: bool,
}

impl Params {
    fn limit(&self) -> u32 {
        parse_count(&self.limit).unwrap_or(POST_SEARCH_LIMIT_DEFAULT)
    }

    fn offset(&self) -> u32 {
        parse_count(&self.offset).unwrap_or(0)
    }
}

impl PageParams for Params {
    type Request = PostSearch;
    type Output = Rc<PostSearchResponse>;

    fn to_request(&self, ui: &Ui) -> Result<PostSearch, Problems> {
        let mut op = PostSearch::new(self.q.trim());
        op.limit = parse_count(&self.limit);
        op.offset = parse_count(&self.offset);
        op.peer_type = peer_type_or(&self.peer_type, PeerType::All);
        let period = self.period.bounds(ui, PERIOD_PRESETS);
        (op.start_date, op.end_date) = (period.start, period.end);
        op.country = self.country.trim().to_owned();
        op.language = self.language.trim().to_owned();
        op.category = self.category.trim().to_owned();
        op.hide_forwards = self.hide_forwards;
        op.hide_deleted = self.hide_deleted;
        op.strong_search = self.strong_search;
        op.minus_words = self.minus_words.trim().to_owned();
        op.extended_syntax = self.extended_syntax;
        op.extended = self.extended;
        op.validate()
            .map_err(|invalid| Problems::of(ui, &invalid))?;
        Ok(op)
    }

    fn for_submit(self) -> Self {
        Params {
            offset: String::new(),
            ..self
        }
    }

    async fn fetch(api: Api, op: PostSearch) -> Result<Self::Output, Error> {
        api.send(&op).await
    }
}

/// Where the pager's buttons lead from one page of results.
#[derive(Debug, PartialEq)]
struct Pages {
    prev: Option<u32>,
    next: Option<u32>,
    /// More results exist, but the next page would start past the API's `offset` maximum.
    capped: bool,
}

fn pages(offset: u32, limit: u32, shown: usize, total: u64) -> Pages {
    let prev = (offset > 0).then(|| offset.saturating_sub(limit));
    let next = u64::from(offset) + u64::from(limit);
    let more = shown > 0 && next < total;
    let capped = more && next > u64::from(POST_SEARCH_OFFSET_MAX);
    Pages {
        prev,
        next: if more && !capped {
            u32::try_from(next).ok()
        } else {
            None
        },
        capped,
    }
}

impl TextSearch for Params {
    fn text_query(&mut self) -> TextQuery<'_> {
        TextQuery {
            q: &mut self.q,
            peer_type: &mut self.peer_type,
            period: &mut self.period,
            strong_search: &mut self.strong_search,
            minus_words: &mut self.minus_words,
            extended_syntax: &mut self.extended_syntax,
        }
    }
}

#[function_component(PostSearchPage)]
pub fn page() -> Html {
    let ui = use_ui();
    let form = use_page_form::<Params>(Route::PostSearch);
    let draft = (*form.draft).clone();
    let advanced_open = !draft.limit.trim().is_empty()
        || !draft.country.trim().is_empty()
        || !draft.language.trim().is_empty()
        || !draft.category.trim().is_empty()
        || draft.hide_forwards
        || draft.hide_deleted
        || draft.strong_search
        || !draft.minus_words.trim().is_empty()
        || draft.extended_syntax;
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
    let any_channel = ui.t("Any", "Любая");
    html! {
        <section class="page post-search-page">
            { page_header(&ui, Route::PostSearch) }
            <form class="query-form" onsubmit={form.onsubmit.clone()} novalidate=true>
                { query_fields(&form, &ui, "ps", ui.t("Text to search (q)", "Что искать (q)"),
                    ui.t("Any time", "За всё время").into()) }
                <Check id="ps-extended"
                    label={ui.t("Include channel details (extended)", "С данными каналов (extended)")}
                    hint={ui.t("Shows each post's channel by name", "Показывает канал каждого поста по имени")}
                    checked={draft.extended}
                    onchange={form.edit(|p: &mut Params, v| p.extended = v)} />
                <Advanced open={advanced_open}>
                    <LimitField id="ps-limit" label={ui.t("Per page (limit)", "На странице (limit)")}
                        value={draft.limit.clone()}
                        hint={ui.t("1 to {max} per page; {default} when blank",
                            "От 1 до {max} на странице; без значения — {default}")}
                        max={POST_SEARCH_LIMIT_MAX} default={POST_SEARCH_LIMIT_DEFAULT}
                        oninput={form.edit(|p: &mut Params, v| p.limit = v)}
                        error={form.error("limit")} />
                    <Field id="ps-country" label={ui.t("Channel country", "Страна канала")}
                        value={draft.country.clone()} placeholder={any_channel}
                        oninput={form.edit(|p: &mut Params, v| p.country = v)} />
                    <Field id="ps-language" label={ui.t("Channel language", "Язык канала")}
                        value={draft.language.clone()} placeholder={any_channel}
                        oninput={form.edit(|p: &mut Params, v| p.language = v)} />
                    <Field id="ps-category" label={ui.t("Channel category", "Категория канала")}
                        value={draft.category.clone()} placeholder={any_channel}
                        oninput={form.edit(|p: &mut Params, v| p.category = v)} />
                    <Check id="ps-hide-forwards"
                        label={ui.t("Hide reposts (hideForwards)", "Скрыть репосты (hideForwards)")}
                        checked={draft.hide_forwards}
                        onchange={form.edit(|p: &mut Params, v| p.hide_forwards = v)} />
                    <Check id="ps-hide-deleted"
                        label={ui.t("Hide deleted posts (hideDeleted)", "Скрыть удалённые (hideDeleted)")}
                        checked={draft.hide_deleted}
                        onchange={form.edit(|p: &mut Params, v| p.hide_deleted = v)} />
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
                <div class={form.results_class("post-results")} ref={results_ref}>
                    <PostResults response={(*data).clone()} offset={form.params.offset()}
                        limit={form.params.limit()} {on_page} />
                </div>
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct PostResultsProps {
    response: Rc<PostSearchResponse>,
    offset: u32,
    limit: u32,
    on_page: Callback<u32>,
}

#[function_component(PostResults)]
fn post_results(props: &PostResultsProps) -> Html {
    let ui = use_ui();
    let export_error = use_state(|| None::<String>);
    let data = &props.response;
    let pages = pages(
        props.offset,
        props.limit,
        data.items.len(),
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
    if data.items.is_empty() {
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
    let last = u64::from(props.offset) + data.items.len() as u64;
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

/// The channel a repost came from, when the response names it.
fn forward_source<'a>(data: &'a PostSearchResponse, post: &Post) -> Option<&'a Channel> {
    let id = post.forwarded_from_channel()?;
    data.channels.iter().find(|channel| channel.id == id)
}

/// The page of posts as a file: every field of the posts, the texts as plain text.
fn export_table(ui: &Ui, data: &PostSearchResponse) -> Table {
    let headers = [
        "id",
        "date",
        "timestamp",
        "channel_id",
        "channel_title",
        "channel_username",
        "link",
        "views",
        "shares_count",
        "comments_count",
        "reactions_count",
        "media_type",
        "forwarded_from",
        "is_deleted",
        "snippet",
        "text",
    ];
    let rows = data
        .items
        .iter()
        .map(|post| {
            let channel = data.channel_of(post);
            let forwarded = match &post.forwarded_from {
                Some(ForwardedFrom::Channel(id)) => Cell::Int(*id),
                Some(ForwardedFrom::Other(value)) => Cell::Text(value.to_string()),
                None => Cell::Empty,
            };
            vec![
                Cell::Int(post.id),
                ui.local(post.date)
                    .map_or(Cell::Empty, |at| Cell::Text(iso_seconds(at))),
                Cell::Int(post.date),
                Cell::Int(post.channel_id),
                Cell::from(channel.map(|c| c.title.clone())),
                Cell::from(channel.map(|c| c.username.clone())),
                Cell::from(post.url()),
                Cell::from(post.views),
                Cell::from(post.shares_count),
                Cell::from(post.comments_count),
                Cell::from(post.reactions_count),
                Cell::from(post.media.as_ref().map(|m| m.media_type.clone())),
                forwarded,
                Cell::Int(i64::from(post.is_deleted)),
                Cell::Text(plain_text(&sanitize(&post.snippet))),
                Cell::Text(plain_text(&sanitize(&post.text))),
            ]
        })
        .collect();
    Table {
        headers: headers.iter().map(|h| (*h).to_owned()).collect(),
        rows,
    }
}

/// One post of an answer, by its place in the answer: the item shares the answer rather than a
/// copy of its post, and is the same item as long as the answer is the same one.
#[derive(Properties)]
struct PostItemProps {
    response: Rc<PostSearchResponse>,
    index: usize,
}

impl PartialEq for PostItemProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.response, &other.response) && self.index == other.index
    }
}

fn counter(ui: &Ui, label: &'static str, n: u64) -> Html {
    let n = i64::try_from(n).unwrap_or(i64::MAX);
    html! {
        <div class="post-counter">
            <dt>{ label }</dt>
            <dd title={ui.count(n)}>{ compact(n) }</dd>
        </div>
    }
}

fn channel_link(class: &'static str, query: String, text: String) -> Html {
    html! {
        <RouteLink href={route_href(Route::ChannelInfo, &ChannelQuery { channel: query })} classes={class}>
            { text }
        </RouteLink>
    }
}

/// A channel as text: its title and username when known, else its service ID.
pub(crate) fn channel_label(ui: &Ui, id: i64, channel: Option<&Channel>) -> (String, String) {
    let fallback = || {
        (
            id.to_string(),
            format!("{} #{id}", ui.t("Channel", "Канал")),
        )
    };
    let Some(channel) = channel else {
        return fallback();
    };
    let username = channel.username.trim().trim_start_matches('@');
    let title = channel.title.trim();
    let text = match (title.is_empty(), username.is_empty()) {
        (false, false) => format!("{title} (@{username})"),
        (false, true) => title.to_owned(),
        (true, false) => format!("@{username}"),
        (true, true) => return fallback(),
    };
    let query = if username.is_empty() {
        id.to_string()
    } else {
        format!("@{username}")
    };
    (query, text)
}

#[function_component(PostItem)]
fn post_item(props: &PostItemProps) -> Html {
    let ui = use_ui();
    let data = &*props.response;
    let Some(post) = data.items.get(props.index) else {
        return Html::default();
    };
    let (channel_query, channel_text) = channel_label(&ui, post.channel_id, data.channel_of(post));
    let media = post
        .media
        .as_ref()
        .map(|m| m.media_type.trim().to_owned())
        .filter(|t| !t.is_empty());
    let repost = post.forwarded_from.as_ref().map(|from| match from {
        ForwardedFrom::Channel(id) => {
            let (query, text) = channel_label(&ui, *id, forward_source(data, post));
            html! {
                <span class="badge post-repost">
                    { ui.t("Repost from ", "Репост из ") }{ channel_link("post-source", query, text) }
                </span>
            }
        }
        ForwardedFrom::Other(_) => html! {
            <span class="badge post-repost">{ ui.t("Repost", "Репост") }</span>
        },
    });
    let snippet = if post.snippet.trim().is_empty() {
        post.text.clone()
    } else {
        post.snippet.clone()
    };
    let published = DateTime::from_timestamp(post.date, 0).map(|at| at.to_rfc3339());
    let post_ref = if post.link.trim().is_empty() {
        post.id.to_string()
    } else {
        post.link.trim().to_owned()
    };
    html! {
        <li class={classes!("post-item", post.is_deleted.then_some("post-deleted"))}
            data-post-id={post.id.to_string()}>
            <header class="post-head">
                <time class="post-date" datetime={published}>{ ui.timestamp(post.date) }</time>
                { channel_link("post-channel", channel_query, channel_text) }
                if let Some(media) = media {
                    <span class="badge post-media">{ media }</span>
                }
                { repost }
                if post.is_deleted {
                    <span class="badge post-deleted-badge">{ ui.t("Deleted", "Удалён") }</span>
                }
            </header>
            <SafeHtml html={snippet.clone()} class="post-snippet" />
            if !post.text.trim().is_empty() && post.text != snippet {
                <FullText text={post.text.clone()} />
            }
            <footer class="post-foot">
                <dl class="post-counters">
                    { counter(&ui, ui.t("Views", "Просмотры"), post.views) }
                    { counter(&ui, ui.t("Shares", "Репосты"), post.shares_count) }
                    { counter(&ui, ui.t("Comments", "Комментарии"), post.comments_count) }
                    { counter(&ui, ui.t("Reactions", "Реакции"), post.reactions_count) }
                </dl>
                <div class="post-links">
                    if let Some(href) = post.url() {
                        <a class="cs-link post-open" href={href} rel="noopener noreferrer" target="_blank">
                            { ui.t("Open in the messenger", "Открыть в мессенджере") }
                        </a>
                    }
                    <RouteLink href={route_href(Route::PostStats, &PostQuery { post: post_ref })} classes="post-stats-link">
                        { ui.t("Post statistics", "Статистика поста") }
                    </RouteLink>
                </div>
            </footer>
        </li>
    }
}

/// `?post=…` of the post statistics page.
#[derive(Clone, PartialEq, Serialize)]
struct PostQuery {
    post: String,
}

#[derive(Properties, PartialEq)]
struct FullTextProps {
    text: AttrValue,
}

/// A post's full text behind "Full text": sanitized and built only once it is opened, since most
/// of a page's texts are never read and each can be long.
#[function_component(FullText)]
fn full_text(props: &FullTextProps) -> Html {
    let ui = use_ui();
    let open = use_state_eq(|| false);
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |event: Event| {
            if let Some(details) = event.target_dyn_into::<web_sys::Element>() {
                open.set(details.has_attribute("open"));
            }
        })
    };
    html! {
        <details class="post-full" {ontoggle}>
            <summary>{ ui.t("Full text", "Полный текст") }</summary>
            if *open {
                <SafeHtml html={props.text.clone()} class="post-text" />
            }
        </details>
    }
}
