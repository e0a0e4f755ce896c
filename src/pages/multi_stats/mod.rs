//! Statistics of several posts and of several stories: one page shape for both. Any number of
//! pasted IDs is split into calls of at most 50 (a few running at once) and put back together
//! ([`params`]); the table is the shared [`StatsTable`].

mod params;

use std::rc::Rc;

use yew::prelude::*;

use crate::pages::form::DraftForm;

use crate::api::ids::parse_id_list;
use crate::api::limits::STAT_MULTI_IDS_MAX;
use crate::api::model::Records;
use crate::api::ops::{Posts, StatSubject, Stories};
use crate::components::page_header;
use crate::components::status::{unreadable_note, EmptyState, ErrorBanner, RecordNoun};
use crate::components::{stats_summary, stats_table, StatsTableText};
use crate::figures::multi_stats::{missing_ids, Counters, StatsRecord};
use crate::format::fill;
use crate::pages::form::use_page_form;
use crate::pages::form::Field;
use crate::route::{route_href, PostQuery, Route, RouteLink};
use crate::ui::{use_ui, Ui};
use params::Params;

/// What differs between the posts page and the stories page besides the operation.
pub(super) trait Subject: StatSubject<Record: StatsRecord> + Clone + 'static {
    const ROUTE: Route;
    /// Prefix of element ids and exported file names.
    const KEY: &'static str;
    /// Whether an ID opens the statistics page of one post.
    const LINKS_TO_POST_STATS: bool;

    /// Label of the ID list, its hint, and the header of the ID column.
    fn ids_texts(ui: &Ui) -> (&'static str, &'static str, &'static str);
}

impl Subject for Posts {
    const ROUTE: Route = Route::MultiPostStats;
    const KEY: &'static str = "multi-post-stats";
    const LINKS_TO_POST_STATS: bool = true;

    fn ids_texts(ui: &Ui) -> (&'static str, &'static str, &'static str) {
        (
            ui.t("Post IDs (postsIds)", "ID постов (postsIds)"),
            ui.t(
                "The service's numeric post IDs (the id of a post in post search), separated by commas, spaces or new lines. Links such as t.me/name/123 hold the message number in the channel, not the service's ID, so they are not accepted here; open one post by link on the Post stats page. More than 50 IDs are sent in several requests.",
                "Числовые ID постов в сервисе (поле id в поиске постов) через запятую, пробел или с новой строки. Ссылки вида t.me/name/123 содержат номер сообщения в канале, а не ID сервиса, поэтому здесь не подходят; пост по ссылке откройте на странице «Статистика поста». Больше 50 ID отправляются несколькими запросами.",
            ),
            ui.t("Post ID", "ID поста"),
        )
    }
}

impl Subject for Stories {
    const ROUTE: Route = Route::MultiStoryStats;
    const KEY: &'static str = "multi-story-stats";
    const LINKS_TO_POST_STATS: bool = false;

    fn ids_texts(ui: &Ui) -> (&'static str, &'static str, &'static str) {
        (
            ui.t("Story IDs (storiesIds)", "ID историй (storiesIds)"),
            ui.t(
                "The service's numeric story IDs, separated by commas, spaces or new lines; links are not accepted. More than 50 IDs are sent in several requests.",
                "Числовые ID историй в сервисе через запятую, пробел или с новой строки; ссылки не подходят. Больше 50 ID отправляются несколькими запросами.",
            ),
            ui.t("Story ID", "ID истории"),
        )
    }
}

#[function_component(MultiPostStatsPage)]
pub fn multi_post_stats_page() -> Html {
    html! { <MultiStatsPage<Posts> /> }
}

#[function_component(MultiStoryStatsPage)]
pub fn multi_story_stats_page() -> Html {
    html! { <MultiStatsPage<Stories> /> }
}

#[function_component(MultiStatsPage)]
fn multi_stats_page<S: Subject>() -> Html {
    let ui = use_ui();
    let form = use_page_form::<Params<S>>(S::ROUTE);
    let draft = (*form.draft).clone();
    let (ids_label, ids_hint, id_title) = S::ids_texts(&ui);
    let typed = parse_id_list(&draft.ids).map(|ids| ids.len()).unwrap_or(0);
    let plan = (typed > 0).then(|| {
        fill(
            ui.t(
                "IDs: {n}; requests of at most 50 each: {k}",
                "ID: {n}; запросов по 50 и меньше: {k}",
            ),
            &[
                ("n", typed.to_string()),
                ("k", typed.div_ceil(STAT_MULTI_IDS_MAX).to_string()),
            ],
        )
    });
    let retry = form.retry.clone();
    html! {
        <section class={classes!("page", "multi-stats-page", format!("{}-page", S::KEY))}>
            { page_header(&ui, S::ROUTE) }
            <form class="query-form" onsubmit={form.onsubmit.clone()} novalidate=true>
                <Field id={format!("{}-channel", S::KEY)}
                    label={ui.t("Channel (channelId)", "Канал (channelId)")}
                    value={draft.channel.clone()} required=true placeholder="@durov"
                    hint={ui.t("@username, t.me/username, t.me/joinchat/CODE or the service's numeric ID",
                        "@username, t.me/username, t.me/joinchat/КОД или числовой ID сервиса")}
                    oninput={form.edit(|p: &mut Params<S>, v| p.channel = v)}
                    error={form.error("channelId")} />
                <div class="id-list">
                    <Field id={format!("{}-ids", S::KEY)} label={ids_label} multiline=true
                        value={draft.ids.clone()} required=true placeholder="1234567, 1234568"
                        hint={ids_hint}
                        oninput={form.edit(|p: &mut Params<S>, v| p.ids = v)}
                        error={form.error(S::IDS_PARAM)} />
                    if let Some(plan) = plan {
                        <p class="muted id-count">{ plan }</p>
                    }
                </div>
                <div class="actions">
                    <button type="submit">{ ui.t("Show statistics", "Показать статистику") }</button>
                </div>
            </form>
            { form.status(ui.t(
                "Enter a channel and the IDs of its posts or stories.",
                "Введите канал и ID его постов или историй.",
            )) }
            if let Some(data) = form.task.state().data.clone() {
                <div class={form.results_class("multi-stats-results")}>
                    <p class="summary batch-summary">
                        { fill(ui.t("IDs: {n}; requests sent: {k}", "ID: {n}; отправлено запросов: {k}"),
                            &[("n", data.ids.len().to_string()), ("k", data.batches.to_string())]) }
                    </p>
                    if let Ok(rows) = &data.outcome {
                        { unreadable_note(&ui, if S::LINKS_TO_POST_STATS { RecordNoun::Posts } else { RecordNoun::Stories }, [&**rows]) }
                    }
                    { match &data.outcome {
                        Ok(rows) => html! {
                            <MultiStatsResults ids={Rc::new(data.ids.clone())} rows={rows.clone()}
                                subscribers={data.subscribers}
                                id_title={id_title} links_to_post_stats={S::LINKS_TO_POST_STATS}
                                export_name={S::KEY} />
                        },
                        Err(failed) => html! {
                            <div class="batch-failure">
                                <p class="batch-failed">{ fill(ui.t(
                                    "Request {i} of {k} (IDs {from}–{to}) failed; no results are shown.",
                                    "Запрос {i} из {k} (ID {from}–{to}) не удался; результаты не показаны.",
                                ), &[
                                    ("i", (failed.batch.batch + 1).to_string()),
                                    ("k", failed.batch.batches.to_string()),
                                    ("from", failed.batch.ids.first().map(u64::to_string).unwrap_or_default()),
                                    ("to", failed.batch.ids.last().map(u64::to_string).unwrap_or_default()),
                                ]) }</p>
                                <ErrorBanner error={failed.error.clone()}
                                    on_retry={retry.clone()} />
                            </div>
                        },
                    } }
                </div>
            }
        </section>
    }
}

#[derive(Properties)]
struct MultiStatsResultsProps {
    ids: Rc<Vec<u64>>,
    rows: Rc<Records<Counters>>,
    subscribers: Option<u64>,
    /// The header of the ID column.
    id_title: AttrValue,
    /// Whether an ID opens the statistics page of one post.
    links_to_post_stats: bool,
    export_name: AttrValue,
}

impl PartialEq for MultiStatsResultsProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.ids, &other.ids)
            && Rc::ptr_eq(&self.rows, &other.rows)
            && self.subscribers == other.subscribers
            && self.id_title == other.id_title
            && self.links_to_post_stats == other.links_to_post_stats
            && self.export_name == other.export_name
    }
}

/// The table of what came back, and the IDs that did not. Not generic over the page's subject,
/// so that both pages share one copy.
#[function_component(MultiStatsResults)]
fn multi_stats_results(props: &MultiStatsResultsProps) -> Html {
    let ui = use_ui();
    let missing = missing_ids(&props.ids, &props.rows);
    let post_link = |id: i64| {
        let query = PostQuery {
            post: id.to_string(),
        };
        html! {
            <RouteLink href={route_href(Route::PostStats, &query)}>{ id.to_string() }</RouteLink>
        }
    };
    let id_link = props
        .links_to_post_stats
        .then_some(&post_link as &dyn Fn(i64) -> Html);
    html! {
        <>
            if props.rows.is_empty() {
                <EmptyState title={ui.t("No statistics came back for these IDs.",
                        "Для этих ID статистика не пришла.")}
                    hint={ui.t("Check that the IDs are the service's IDs and belong to this channel.",
                        "Проверьте, что это ID сервиса и что они относятся к этому каналу.")} />
            } else {
                <div class="stats-table">
                    { stats_summary(&ui, &props.rows, props.subscribers, &props.export_name) }
                    { stats_table(&ui, &props.rows, StatsTableText {
                        subscribers: props.subscribers,
                        id_title: props.id_title.clone(),
                        export_name: props.export_name.clone(),
                        caption: fill(ui.t("{n} returned", "Получено: {n}"),
                            &[("n", props.rows.len().to_string())]).into(),
                    }, id_link) }
                </div>
            }
            if !missing.is_empty() {
                <div class="not-returned">
                    <p>{ fill(ui.t("Not returned ({n}):", "Не пришли ({n}):"),
                        &[("n", missing.len().to_string())]) }</p>
                    <ul class="id-chips">
                        { for missing.iter().map(|id| html! { <li>{ id.to_string() }</li> }) }
                    </ul>
                </div>
            }
        </>
    }
}
