//! Statistics of several posts and of several stories: one page shape for both. Any number of
//! pasted IDs is split into calls of at most 50 (a few running at once) and put back together.

use std::collections::HashSet;
use std::marker::PhantomData;
use std::rc::Rc;

use serde::{Deserialize, Serialize};
use yew::prelude::*;

use super::post_stats::count_i64;
use crate::api::batch::{batch_count, fetch_in_batches, BatchError, MAX_CONCURRENT_BATCHES};
use crate::api::ids::{parse_id_list, ChannelId};
use crate::api::limits::STAT_MULTI_IDS_MAX;
use crate::api::model::{PostStatRecord, StoryStatRecord};
use crate::api::ops::{MultiStats, Posts, StatSubject, Stories};
use crate::api::{Error, Operation};
use crate::app::{route_href, Route, RouteLink};
use crate::components::status::{fill, EmptyState, ErrorBanner};
use crate::components::{Column, DataTable, Row, SortKey, TableCell};
use crate::export::Cell;
use crate::pages::form::page_header;
use crate::pages::form::Field;
use crate::pages::form_request::{use_page_form, PageParams, Problems};
use crate::request::Api;
use crate::ui::{use_ui, Ui};

/// Most IDs one submission may carry: each 50 cost a request of the plan's quota.
const MAX_IDS: usize = 1000;

/// The counters of one post or story.
trait StatsRecord: Clone + 'static {
    fn id(&self) -> i64;
    fn views(&self) -> u64;
    fn shares(&self) -> u64;
    /// `None` for stories, which have no comments.
    fn comments(&self) -> Option<u64>;
    fn reactions(&self) -> u64;
}

impl StatsRecord for PostStatRecord {
    fn id(&self) -> i64 {
        self.post_id
    }
    fn views(&self) -> u64 {
        self.views_count
    }
    fn shares(&self) -> u64 {
        self.shares_count
    }
    fn comments(&self) -> Option<u64> {
        Some(self.comments_count)
    }
    fn reactions(&self) -> u64 {
        self.reactions_count
    }
}

impl StatsRecord for StoryStatRecord {
    fn id(&self) -> i64 {
        self.story_id
    }
    fn views(&self) -> u64 {
        self.views_count
    }
    fn shares(&self) -> u64 {
        self.shares_count
    }
    fn comments(&self) -> Option<u64> {
        None
    }
    fn reactions(&self) -> u64 {
        self.reactions_count
    }
}

/// What differs between the posts page and the stories page besides the operation.
trait Subject: StatSubject<Record: StatsRecord> + Clone + 'static {
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

#[derive(Serialize, Deserialize)]
#[serde(default, bound = "")]
struct Params<S> {
    #[serde(skip_serializing_if = "String::is_empty")]
    channel: String,
    /// As typed, joined by commas when submitted.
    #[serde(skip_serializing_if = "String::is_empty")]
    ids: String,
    #[serde(skip)]
    subject: PhantomData<S>,
}

impl<S> Default for Params<S> {
    fn default() -> Self {
        Params {
            channel: String::new(),
            ids: String::new(),
            subject: PhantomData,
        }
    }
}

impl<S> Clone for Params<S> {
    fn clone(&self) -> Self {
        Params {
            channel: self.channel.clone(),
            ids: self.ids.clone(),
            subject: PhantomData,
        }
    }
}

impl<S> PartialEq for Params<S> {
    fn eq(&self, other: &Self) -> bool {
        self.channel == other.channel && self.ids == other.ids
    }
}

struct Request {
    channel: ChannelId,
    ids: Vec<u64>,
}

/// The merged answer, or the batch that failed.
struct MultiData<R> {
    ids: Vec<u64>,
    batches: usize,
    outcome: Result<Vec<R>, Failure>,
}

/// The failed batch, with its error shared so that the banner keeps its flood-control countdown
/// across renders.
struct Failure {
    batch: BatchError,
    error: Rc<Error>,
}

impl<S: Subject> PageParams for Params<S> {
    type Request = Request;
    type Output = MultiData<S::Record>;

    fn to_request(&self, ui: &Ui) -> Result<Request, Problems> {
        let mut problems = Problems::default();
        let channel = match self.channel.parse::<ChannelId>() {
            Ok(channel) => Some(channel),
            Err(e) => {
                problems.push(Problems::bad_id(ui, "channelId", "channelId", e));
                None
            }
        };
        let ids = match parse_id_list(&self.ids) {
            Ok(ids) if ids.is_empty() => {
                problems.push(Problems::one(
                    S::IDS_PARAM,
                    ui.t("Enter at least one ID.", "Введите хотя бы один ID."),
                ));
                None
            }
            Ok(ids) if ids.len() > MAX_IDS => {
                problems.push(Problems::one(
                    S::IDS_PARAM,
                    fill(
                        ui.t(
                            "At most {max} IDs at a time (got {n}).",
                            "Не больше {max} ID за раз (сейчас {n}).",
                        ),
                        &[("max", MAX_IDS.to_string()), ("n", ids.len().to_string())],
                    ),
                ));
                None
            }
            Ok(ids) => Some(ids),
            Err(e) => {
                let shown: Vec<&str> = e.bad.iter().take(5).map(String::as_str).collect();
                let more = if e.bad.len() > 5 { ", …" } else { "" };
                problems.push(Problems::one(
                    S::IDS_PARAM,
                    format!(
                        "{}{}{more}",
                        ui.t("Not numeric IDs: ", "Не числовые ID: "),
                        shown.join(", ")
                    ),
                ));
                None
            }
        };
        let (Some(channel), Some(ids)) = (channel, ids) else {
            return Err(problems);
        };
        // Every call is checked against the documented limits before any is sent.
        for batch in ids.chunks(STAT_MULTI_IDS_MAX) {
            MultiStats::<S>::new(channel.clone(), batch.to_vec())
                .validate()
                .map_err(|invalid| Problems::of(ui, &invalid))?;
        }
        Ok(Request { channel, ids })
    }

    fn for_submit(self) -> Self {
        let ids = match parse_id_list(&self.ids) {
            Ok(ids) => ids.iter().map(u64::to_string).collect::<Vec<_>>().join(","),
            Err(_) => self.ids,
        };
        Params {
            channel: self.channel.trim().to_owned(),
            ids,
            subject: PhantomData,
        }
    }

    async fn fetch(api: Api, request: Request) -> Result<MultiData<S::Record>, Error> {
        let Request { channel, ids } = request;
        let batches = batch_count(&ids);
        let fetched = fetch_in_batches(&ids, MAX_CONCURRENT_BATCHES, |batch| {
            let (api, op) = (api.clone(), MultiStats::<S>::new(channel.clone(), batch));
            async move { api.send(&op).await.map(|records| (*records).clone()) }
        })
        .await;
        let outcome = match fetched {
            Ok(records) => Ok(records),
            // A cancelled run is no failure to show: the task keeps the previous answer.
            Err(failed) if matches!(failed.error, Error::Aborted) => return Err(Error::Aborted),
            Err(failed) => Err(Failure {
                error: Rc::new(failed.error.clone()),
                batch: failed,
            }),
        };
        Ok(MultiData {
            ids,
            batches,
            outcome,
        })
    }
}

#[function_component(MultiPostStatsPage)]
pub fn posts() -> Html {
    html! { <MultiStatsPage<Posts> /> }
}

#[function_component(MultiStoryStatsPage)]
pub fn stories() -> Html {
    html! { <MultiStatsPage<Stories> /> }
}

#[function_component(MultiStatsPage)]
fn multi_stats_page<S: Subject>() -> Html {
    let ui = use_ui();
    let form = use_page_form::<Params<S>>(S::ROUTE);
    let draft = (*form.draft).clone();
    let (ids_label, ids_hint, _) = S::ids_texts(&ui);
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
                    { match &data.outcome {
                        Ok(records) => html! {
                            <StatsResults<S> ids={Rc::new(data.ids.clone())}
                                records={Rc::new(records.clone())} />
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
struct StatsResultsProps<S: Subject> {
    ids: Rc<Vec<u64>>,
    records: Rc<Vec<S::Record>>,
}

impl<S: Subject> PartialEq for StatsResultsProps<S> {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.ids, &other.ids) && Rc::ptr_eq(&self.records, &other.records)
    }
}

#[function_component(StatsResults)]
fn stats_results<S: Subject>(props: &StatsResultsProps<S>) -> Html {
    let ui = use_ui();
    let (_, _, id_title) = S::ids_texts(&ui);
    let returned: HashSet<i64> = props.records.iter().map(StatsRecord::id).collect();
    let missing: Vec<u64> = props
        .ids
        .iter()
        .copied()
        .filter(|id| i64::try_from(*id).map_or(true, |id| !returned.contains(&id)))
        .collect();
    let with_comments = props.records.iter().any(|r| r.comments().is_some());

    let mut columns = vec![
        Column::numeric("id", id_title),
        Column::numeric("views", ui.t("Views", "Просмотры")),
        Column::numeric("shares", ui.t("Shares", "Пересылки")),
    ];
    if with_comments {
        columns.push(Column::numeric("comments", ui.t("Comments", "Комментарии")));
    }
    columns.push(Column::numeric("reactions", ui.t("Reactions", "Реакции")));

    let id_cell = |id: i64| {
        let display = if S::LINKS_TO_POST_STATS {
            html! {
                <RouteLink href={route_href(Route::PostStats, &PostLink { post: id.to_string() })}>
                    { id.to_string() }
                </RouteLink>
            }
        } else {
            html! { { id.to_string() } }
        };
        TableCell::new(display, SortKey::Number(id as f64), Cell::Int(id))
    };
    let rows: Vec<Row> = props
        .records
        .iter()
        .map(|r| {
            let mut row = vec![
                id_cell(r.id()),
                TableCell::count(&ui, count_i64(r.views())),
                TableCell::count(&ui, count_i64(r.shares())),
            ];
            if with_comments {
                row.push(
                    r.comments()
                        .map_or_else(TableCell::missing, |c| TableCell::count(&ui, count_i64(c))),
                );
            }
            row.push(TableCell::count(&ui, count_i64(r.reactions())));
            row
        })
        .collect();
    let sum = |value: fn(&S::Record) -> u64| {
        props
            .records
            .iter()
            .map(value)
            .fold(0u64, u64::saturating_add)
    };
    let mut totals = vec![
        TableCell::text(ui.t("Total", "Итого")),
        TableCell::count(&ui, count_i64(sum(|r| r.views()))),
        TableCell::count(&ui, count_i64(sum(|r| r.shares()))),
    ];
    if with_comments {
        totals.push(TableCell::count(
            &ui,
            count_i64(sum(|r| r.comments().unwrap_or(0))),
        ));
    }
    totals.push(TableCell::count(&ui, count_i64(sum(|r| r.reactions()))));

    html! {
        <>
            if props.records.is_empty() {
                <EmptyState title={ui.t("No statistics came back for these IDs.",
                        "Для этих ID статистика не пришла.")}
                    hint={ui.t("Check that the IDs are the service's IDs and belong to this channel.",
                        "Проверьте, что это ID сервиса и что они относятся к этому каналу.")} />
            } else {
                <div class="stats-table">
                    <DataTable columns={Rc::new(columns)} rows={Rc::new(rows)} totals={Some(totals)}
                        export_name={S::KEY}
                        caption={fill(ui.t("{n} returned", "Получено: {n}"),
                            &[("n", props.records.len().to_string())])} />
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

/// `?post=…` of the statistics page of one post.
#[derive(Clone, PartialEq, Serialize)]
struct PostLink {
    post: String,
}
