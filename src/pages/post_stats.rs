//! Statistics of one post: its counters, the growth of its views over the first days, its reposts
//! and its mentions.

use std::rc::Rc;

use chrono::NaiveDateTime;
use serde::{Deserialize, Serialize};
use yew::prelude::*;

use crate::api::ids::PostId;
use crate::api::limits::VIEW_GROWTH_WINDOW_DAYS;
use crate::api::model::{Forward, PostMention, PostStatsResponse, ViewGrowthPoint};
use crate::api::ops::PostStats;
use crate::api::{Error, ViewGrowthGroup};
use crate::app::{route_href, Route, RouteLink};
use crate::components::status::{fill, EmptyState};
use crate::components::{
    Column, DataTable, LineChart, Point, Row, Series, SortKey, StatTiles, TableCell, Tile,
};
use crate::export::Cell;
use crate::format::{growth_label, parse_growth_date};
use crate::pages::form::{page_header, Field, Select, ViewSwitch};
use crate::pages::form_request::{use_page_form, PageParams, Problems};
use crate::request::Api;
use crate::ui::{use_ui, Ui};

/// A count of the API as a table or tile value.
pub(crate) fn count_i64(n: u64) -> i64 {
    i64::try_from(n).unwrap_or(i64::MAX)
}

/// `?channel=…` of the channel information page.
#[derive(Clone, PartialEq, Serialize)]
struct ChannelLink {
    channel: String,
}

#[derive(Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct Params {
    /// As typed: `t.me/name/123`, `t.me/c/123/45` or a numeric post ID.
    #[serde(skip_serializing_if = "String::is_empty")]
    post: String,
    /// Blank for the API's default (day), or `hour`.
    #[serde(skip_serializing_if = "String::is_empty")]
    group: String,
}

impl Params {
    fn group(&self) -> ViewGrowthGroup {
        self.group.parse().unwrap_or_default()
    }
}

/// The answer with the grouping it was asked for, which the growth dates are read by.
struct PostStatsData {
    group: ViewGrowthGroup,
    response: Rc<PostStatsResponse>,
}

impl PageParams for Params {
    type Request = PostStats;
    type Output = PostStatsData;

    fn to_request(&self, ui: &Ui) -> Result<PostStats, Problems> {
        let post_id = self
            .post
            .parse::<PostId>()
            .map_err(|e| Problems::bad_id(ui, "postId", "postId", e))?;
        let mut op = PostStats::new(post_id);
        op.group = self.group();
        crate::api::Operation::validate(&op).map_err(|invalid| Problems::of(ui, &invalid))?;
        Ok(op)
    }

    async fn fetch(api: Api, request: PostStats) -> Result<PostStatsData, Error> {
        let response = api.send(&request).await?;
        Ok(PostStatsData {
            group: request.group,
            response,
        })
    }
}

#[function_component(PostStatsPage)]
pub fn page() -> Html {
    let ui = use_ui();
    let form = use_page_form::<Params>(Route::PostStats);
    let draft = (*form.draft).clone();
    let groups = vec![
        (
            AttrValue::Static("day"),
            AttrValue::Static(ui.t("By day", "По дням")),
        ),
        (
            AttrValue::Static("hour"),
            AttrValue::Static(ui.t("By hour", "По часам")),
        ),
    ];
    html! {
        <section class="page post-stats-page">
            { page_header(&ui, Route::PostStats) }
            <form class="query-form" onsubmit={form.onsubmit.clone()} novalidate=true>
                <Field id="ps-post" label={ui.t("Post (postId)", "Пост (postId)")}
                    value={draft.post.clone()} required=true placeholder="t.me/durov/123"
                    hint={ui.t("t.me/username/123, t.me/c/1234567/89 (private channel) or the service's numeric post ID",
                        "t.me/username/123, t.me/c/1234567/89 (закрытый канал) или числовой ID поста в сервисе")}
                    oninput={form.edit(|p: &mut Params, v| p.post = v)}
                    error={form.error("postId")} />
                <Select id="ps-group" label={ui.t("View growth by (group)", "Рост просмотров (group)")}
                    value={draft.group().as_str()} options={groups}
                    onchange={form.edit(|p: &mut Params, v: String| {
                        p.group = if v == "day" { String::new() } else { v };
                    })} />
                <div class="actions">
                    <button type="submit">{ ui.t("Show statistics", "Показать статистику") }</button>
                </div>
            </form>
            { form.status(ui.t(
                "Paste a link to a post to see its counters, reposts, mentions and view growth.",
                "Вставьте ссылку на пост, чтобы увидеть счётчики, репосты, упоминания и рост просмотров.",
            )) }
            if let Some(data) = form.task.state().data.clone() {
                <div class={form.results_class("post-stats-results")}>
                    <PostStatsView group={data.group} response={data.response.clone()} />
                </div>
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct PostStatsViewProps {
    group: ViewGrowthGroup,
    response: Rc<PostStatsResponse>,
}

/// The post's counters as tiles, in the order the API lists them.
pub(crate) fn post_tiles(ui: &Ui, r: &PostStatsResponse) -> Rc<Vec<Tile>> {
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

#[function_component(PostStatsView)]
fn post_stats_view(props: &PostStatsViewProps) -> Html {
    let ui = use_ui();
    let r = &props.response;
    let tiles = post_tiles(&ui, r);
    html! {
        <>
            <div class="post-stats-tiles"><StatTiles {tiles} /></div>
            <GrowthView group={props.group} points={Rc::new(r.views.clone())} />
            <ForwardsView forwards={Rc::new(r.forwards.clone())} />
            <MentionsView mentions={Rc::new(r.mentions.clone())} />
        </>
    }
}

/// One readable view-growth record.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Growth {
    pub(crate) at: NaiveDateTime,
    pub(crate) views: f64,
}

/// The readable records in time order, and how many could not be read.
pub(crate) fn growth_series(
    group: ViewGrowthGroup,
    points: &[ViewGrowthPoint],
) -> (Vec<Growth>, usize) {
    let mut read: Vec<Growth> = points
        .iter()
        .filter(|p| p.views_growth.is_finite())
        .filter_map(|p| {
            let at = parse_growth_date(group, &p.date).ok()?;
            Some(Growth {
                at,
                views: p.views_growth,
            })
        })
        .collect();
    let unreadable = points.len() - read.len();
    read.sort_by_key(|g| g.at);
    (read, unreadable)
}

/// Running totals of the growth per period.
pub(crate) fn cumulative(growth: &[Growth]) -> Vec<f64> {
    growth
        .iter()
        .scan(0.0, |total, g| {
            *total += g.views;
            Some(*total)
        })
        .collect()
}

#[derive(Properties, PartialEq)]
struct GrowthProps {
    group: ViewGrowthGroup,
    points: Rc<Vec<ViewGrowthPoint>>,
}

#[function_component(GrowthView)]
fn growth_view(props: &GrowthProps) -> Html {
    let ui = use_ui();
    let running_total = use_state(|| false);
    let (growth, unreadable) = growth_series(props.group, &props.points);
    let heading = html! { <h2>{ ui.t("Growth of views", "Рост просмотров") }</h2> };
    if growth.is_empty() {
        return html! {
            <section class="growth">
                { heading }
                <EmptyState title={ui.t("No view-growth data", "Нет данных о росте просмотров")}
                    hint={fill(ui.t(
                        "The service tracks views over the first {n} days after publication.",
                        "Сервис отслеживает просмотры в первые {n} дней после публикации.",
                    ), &[("n", VIEW_GROWTH_WINDOW_DAYS.to_string())])} />
            </section>
        };
    }
    let totals = cumulative(&growth);
    let labels: Vec<String> = growth
        .iter()
        .map(|g| growth_label(props.group, g.at, ui.locale))
        .collect();
    let shown: Vec<f64> = if *running_total {
        totals.clone()
    } else {
        growth.iter().map(|g| g.views).collect()
    };
    let points = growth
        .iter()
        .zip(&shown)
        .zip(&labels)
        .map(|((g, y), label)| Point {
            x: g.at.and_utc().timestamp() as f64,
            y: *y,
            label: label.clone(),
        })
        .collect();
    let series = Rc::new(vec![Series {
        name: String::new(),
        points,
    }]);
    let (title, per_period_label) = match props.group {
        ViewGrowthGroup::Hour => (
            ui.t("Views gained per hour", "Прирост просмотров за час"),
            ui.t("Per hour", "За час"),
        ),
        ViewGrowthGroup::Day => (
            ui.t("Views gained per day", "Прирост просмотров за день"),
            ui.t("Per day", "За день"),
        ),
    };
    let y_title = if *running_total {
        ui.t(
            "Views gained in all",
            "Прирост просмотров нарастающим итогом",
        )
    } else {
        title
    };
    let on_mode = {
        let running_total = running_total.clone();
        Callback::from(move |chosen: usize| running_total.set(chosen == 1))
    };
    let columns = Rc::new(vec![
        Column::text("date", ui.t("Date", "Дата")),
        Column::numeric("growth", per_period_label),
        Column::numeric("total", ui.t("In all", "Всего")),
    ]);
    let rows: Vec<Row> = growth
        .iter()
        .zip(&totals)
        .zip(&labels)
        .map(|((g, total), label)| {
            vec![
                TableCell::new(
                    html! { { label.clone() } },
                    SortKey::Number(g.at.and_utc().timestamp() as f64),
                    Cell::Text(crate::format::format_growth_date(props.group, g.at)),
                ),
                number_cell(&ui, g.views),
                number_cell(&ui, *total),
            ]
        })
        .collect();
    html! {
        <section class="growth">
            { heading }
            <div class="growth-mode">
                <ViewSwitch label={ui.t("Show", "Показать")}
                    labels={vec![per_period_label, ui.t("Cumulative", "Нарастающим итогом")]}
                    chosen={usize::from(*running_total)} onchange={on_mode} />
            </div>
            <div class="growth-chart">
                <LineChart {series} y_title={y_title} />
            </div>
            if unreadable > 0 {
                <p class="muted">{ fill(ui.t(
                    "{n} records with an unreadable date were left out.",
                    "Записей с нечитаемой датой пропущено: {n}.",
                ), &[("n", unreadable.to_string())]) }</p>
            }
            <div class="growth-table">
                <DataTable {columns} rows={Rc::new(rows)} export_name="view-growth"
                    caption={ui.t("Growth of views", "Рост просмотров")} />
            </div>
        </section>
    }
}

/// A value that may be fractional (`viewsGrowth` is a number): whole ones shown as counts.
fn number_cell(ui: &Ui, value: f64) -> TableCell {
    if value.fract() == 0.0 && value.abs() < 9e15 {
        TableCell::count(ui, value as i64)
    } else {
        TableCell::new(
            html! { { format!("{value:.2}") } },
            SortKey::Number(value),
            Cell::Float(value),
        )
    }
}

/// A link to the page of a post, or the raw link as text when it is not a safe web address.
fn post_link(link: &str, url: Option<String>) -> TableCell {
    let text = link.trim().to_owned();
    let display = match url {
        Some(href) => html! {
            <a href={href} target="_blank" rel="noopener noreferrer">{ text.clone() }</a>
        },
        None if text.is_empty() => html! { { "—" } },
        None => html! { { text.clone() } },
    };
    let sort = SortKey::Text(text.to_lowercase());
    TableCell::new(display, sort, Cell::Text(text))
}

fn time_cell(ui: &Ui, secs: i64) -> TableCell {
    TableCell::new(
        html! { <time>{ ui.timestamp(secs) }</time> },
        SortKey::Number(secs as f64),
        Cell::Int(secs),
    )
}

fn channel_cell(id: i64) -> TableCell {
    let link = html! {
        <RouteLink href={route_href(Route::ChannelInfo, &ChannelLink { channel: id.to_string() })}>
            { id.to_string() }
        </RouteLink>
    };
    TableCell::new(link, SortKey::Number(id as f64), Cell::Int(id))
}

#[derive(Properties, PartialEq)]
struct ForwardsProps {
    forwards: Rc<Vec<Forward>>,
}

#[function_component(ForwardsView)]
fn forwards_view(props: &ForwardsProps) -> Html {
    let ui = use_ui();
    let heading = html! { <h2>{ ui.t("Reposts", "Репосты") }</h2> };
    if props.forwards.is_empty() {
        return html! {
            <section class="forwards-list">
                { heading }
                <EmptyState title={ui.t("No reposts", "Репостов нет")} />
            </section>
        };
    }
    let columns = Rc::new(vec![
        Column::text("post", ui.t("Repost", "Репост")),
        Column::text("date", ui.t("Published", "Опубликован")),
        Column::numeric("channel", ui.t("Channel ID", "ID канала")),
        Column::text("peer-type", ui.t("Type", "Тип")),
    ]);
    let rows: Vec<Row> = props
        .forwards
        .iter()
        .map(|f| {
            vec![
                post_link(&f.post_link, f.url()),
                time_cell(&ui, f.post_date),
                channel_cell(f.channel_id),
                f.peer_type
                    .as_ref()
                    .map_or_else(TableCell::missing, |k| TableCell::text(k.as_str())),
            ]
        })
        .collect();
    html! {
        <section class="forwards-list">
            { heading }
            <DataTable {columns} rows={Rc::new(rows)} export_name="reposts"
                caption={ui.t("Reposts into other channels", "Репосты в другие каналы")} />
        </section>
    }
}

/// The longest raw JSON shown for a mention of an unknown shape.
const RAW_MAX_CHARS: usize = 300;

/// A mention whose element shape the spec does not show, as compact JSON text.
fn raw_text(mention: &PostMention) -> String {
    let text = mention.raw.to_string();
    if text.chars().count() <= RAW_MAX_CHARS {
        text
    } else {
        let mut short: String = text.chars().take(RAW_MAX_CHARS).collect();
        short.push('…');
        short
    }
}

#[derive(Properties, PartialEq)]
struct MentionsProps {
    mentions: Rc<Vec<PostMention>>,
}

#[function_component(MentionsView)]
fn mentions_view(props: &MentionsProps) -> Html {
    let ui = use_ui();
    let heading = html! { <h2>{ ui.t("Mentions", "Упоминания") }</h2> };
    if props.mentions.is_empty() {
        return html! {
            <section class="mentions-list">
                { heading }
                <EmptyState title={ui.t("No mentions", "Упоминаний нет")} />
            </section>
        };
    }
    let columns = Rc::new(vec![
        Column::text("post", ui.t("Post", "Пост")),
        Column::text("date", ui.t("Published", "Опубликован")),
        Column::numeric("channel", ui.t("Channel ID", "ID канала")),
        Column::text("peer-type", ui.t("Type", "Тип")),
        Column::text("data", ui.t("Data as sent", "Данные как есть")),
    ]);
    let rows: Vec<Row> = props
        .mentions
        .iter()
        .map(|m| {
            let known = m.post_link.is_some() || m.post_date.is_some() || m.channel_id.is_some();
            let link = match &m.post_link {
                Some(link) => post_link(link, m.url()),
                None => m
                    .post_id
                    .clone()
                    .map_or_else(TableCell::missing, TableCell::text),
            };
            vec![
                link,
                m.post_date
                    .map_or_else(TableCell::missing, |secs| time_cell(&ui, secs)),
                m.channel_id.map_or_else(TableCell::missing, channel_cell),
                m.peer_type
                    .as_ref()
                    .map_or_else(TableCell::missing, |k| TableCell::text(k.as_str())),
                if known {
                    TableCell::missing()
                } else {
                    let raw = raw_text(m);
                    TableCell::new(
                        html! { <code class="cs-raw">{ raw.clone() }</code> },
                        SortKey::Text(raw.to_lowercase()),
                        Cell::Text(m.raw.to_string()),
                    )
                },
            ]
        })
        .collect();
    html! {
        <section class="mentions-list">
            { heading }
            <DataTable {columns} rows={Rc::new(rows)} export_name="mentions"
                caption={ui.t("Mentions of the post in other channels",
                    "Упоминания поста в других каналах")} />
        </section>
    }
}
