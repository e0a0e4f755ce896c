//! The embeddable widgets: each is the console's components around one request, inside a root
//! that carries its own language, time zone, theme and API settings. Nothing here links into the
//! console's routes: a widget lives on somebody else's page.

use std::rc::Rc;

use chrono::{Duration, DurationRound, Utc};
use yew::prelude::*;

use super::options::{Common, TokenSource};
use crate::api::model::{Channel, Post, PostSearchResponse, PostStatRecord, PostStatsResponse};
use crate::api::ops::{ChannelInfo, MultiPostStats, PostSearch, PostStats, SubscriberDynamics};
use crate::api::{ChannelId, ClientConfig, Operation, PeriodGroup, ViewGrowthGroup};
use crate::components::status::fill;
use crate::components::{
    CardVariant, ChannelCard, Column, DataTable, EmptyState, ErrorBanner, LineChart, Loading,
    Point, Row, SafeHtml, Series, SortKey, StatTiles, TableCell,
};
use crate::export::Cell;
use crate::format::{compact, format_percent, growth_label};
use crate::pages::embedded::{
    axis_format, channel_label, chart_series, count_i64, cumulative, growth_series, post_tiles,
    readings, signed, summarize,
};
use crate::request::{use_task, ApiConfig, Task};
use crate::ui::{use_ui, Ui};

/// What a widget shows; built from the host's options, checked before anything renders.
#[derive(Clone, Debug, PartialEq)]
pub enum WidgetKind {
    ChannelCard {
        request: ChannelInfo,
        variant: CardVariant,
    },
    SubscriberChart {
        channel: ChannelId,
        group: PeriodGroup,
        days: u32,
        controls: bool,
    },
    PostStats {
        request: PostStats,
    },
    PostSearch {
        request: PostSearch,
    },
    MultiPostStats {
        request: MultiPostStats,
    },
}

#[derive(Properties, Clone, PartialEq)]
pub struct WidgetProps {
    pub common: Rc<Common>,
    pub kind: Rc<WidgetKind>,
}

/// The root of every widget: contexts for the components, and one `cs-widget` element that
/// sizes to the host's container.
#[function_component(Widget)]
pub fn widget(props: &WidgetProps) -> Html {
    let common = &props.common;
    let api = ApiConfig(ClientConfig {
        base_url: common.base_url.clone(),
        ..ClientConfig::default()
    });
    let token = common.token.clone();
    let body = match &*props.kind {
        WidgetKind::ChannelCard { request, variant } => html! {
            <ChannelCardWidget request={request.clone()} variant={*variant} {token} />
        },
        WidgetKind::SubscriberChart {
            channel,
            group,
            days,
            controls,
        } => html! {
            <SubscriberChartWidget channel={channel.clone()} group={*group} days={*days}
                controls={*controls} {token} />
        },
        WidgetKind::PostStats { request } => html! {
            <PostStatsWidget request={request.clone()} {token} />
        },
        WidgetKind::PostSearch { request } => html! {
            <PostSearchWidget request={request.clone()} {token} />
        },
        WidgetKind::MultiPostStats { request } => html! {
            <MultiPostStatsWidget request={request.clone()} {token} />
        },
    };
    html! {
        <ContextProvider<Ui> context={common.ui.clone()}>
            <ContextProvider<ApiConfig> context={api}>
                <div class={classes!("cs-widget", common.theme.class())} lang={common.ui.locale.code()}>
                    { body }
                </div>
            </ContextProvider<ApiConfig>>
        </ContextProvider<Ui>>
    }
}

/// Sends `request` now and whenever it (or the token source) changes; `retry` sends it again.
#[hook]
fn use_operation<O>(request: O, token: TokenSource) -> (Task<Rc<O::Response>>, Callback<()>)
where
    O: Operation + Clone + PartialEq + 'static,
    O::Response: 'static,
{
    let task = use_task::<Rc<O::Response>>();
    let retry = {
        let task = task.clone();
        let request = request.clone();
        let token = token.clone();
        Callback::from(move |()| {
            let (request, token) = (request.clone(), token.clone());
            task.run(move |api| async move {
                let api = api.with_token(token.resolve().await?);
                api.send(&request).await
            });
        })
    };
    {
        let retry = retry.clone();
        use_effect_with((request, token), move |_| retry.emit(()));
    }
    (task, retry)
}

/// The channel's title for a heading (its identifier until it is known). It is the same call as
/// a channel card of the channel on the page makes, so the two share one request.
#[hook]
fn use_channel_name(channel: ChannelId, token: TokenSource) -> String {
    let fallback = channel.to_string();
    let (info, _) = use_operation(ChannelInfo::new(channel), token);
    info.state()
        .data
        .as_deref()
        .map(|c| c.title.trim().to_owned())
        .filter(|t| !t.is_empty())
        .unwrap_or(fallback)
}

/// Loading (with Cancel) or the error with its remedy; `None` once there is data to show.
fn status<T>(task: &Task<T>, retry: &Callback<()>) -> Option<Html> {
    let state = task.state();
    if state.loading {
        let cancel = {
            let task = task.clone();
            Callback::from(move |()| task.cancel())
        };
        return Some(html! { <Loading on_cancel={cancel} /> });
    }
    if let Some(error) = &state.error {
        return Some(html! { <ErrorBanner error={error.clone()} on_retry={retry.clone()} /> });
    }
    state.data.is_none().then(Html::default)
}

/// A widget's box: its heading (with any controls beside it) above its body.
fn frame(class: &'static str, heading: String, controls: Html, body: Html) -> Html {
    html! {
        <section class={class}>
            <header class="cs-widget-head">
                <h3 class="cs-widget-title">{ heading }</h3>
                { controls }
            </header>
            { body }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct ChannelCardWidgetProps {
    request: ChannelInfo,
    variant: CardVariant,
    token: TokenSource,
}

#[function_component(ChannelCardWidget)]
fn channel_card_widget(props: &ChannelCardWidgetProps) -> Html {
    let (task, retry) = use_operation(props.request.clone(), props.token.clone());
    if let Some(shown) = status(&task, &retry) {
        return shown;
    }
    let channel: Rc<Channel> = task.state().data.as_deref().cloned().unwrap_or_default();
    html! { <ChannelCard {channel} variant={props.variant} /> }
}

#[derive(Properties, PartialEq)]
struct SubscriberChartWidgetProps {
    channel: ChannelId,
    group: PeriodGroup,
    days: u32,
    controls: bool,
    token: TokenSource,
}

/// The ranges the controls offer, in days.
const RANGES: [u32; 4] = [7, 30, 90, 365];
/// Hourly records are asked for over at most this many days.
pub const HOUR_GROUP_MAX_DAYS: u32 = 31;

/// The request for the last `days` days, its start rounded down to the hour so that widgets
/// (and the gateway's cache) see identical calls.
fn dynamics_request(channel: &ChannelId, group: PeriodGroup, days: u32) -> SubscriberDynamics {
    let now = Utc::now();
    let start = now - Duration::days(i64::from(days));
    let mut request = SubscriberDynamics::new(channel.clone());
    request.start_date = Some(start.duration_trunc(Duration::hours(1)).unwrap_or(start));
    request.group = group;
    request
}

#[function_component(SubscriberChartWidget)]
fn subscriber_chart_widget(props: &SubscriberChartWidgetProps) -> Html {
    let ui = use_ui();
    let chosen = use_state_eq(|| (props.group, props.days));
    {
        // New options from the host replace what the controls chose.
        let chosen = chosen.clone();
        use_effect_with((props.group, props.days), move |picked| chosen.set(*picked));
    }
    let (group, days) = *chosen;
    let request = use_memo(
        (props.channel.clone(), group, days),
        |(channel, group, days)| dynamics_request(channel, *group, *days),
    );
    let (task, retry) = use_operation((*request).clone(), props.token.clone());
    let name = use_channel_name(props.channel.clone(), props.token.clone());

    let controls = props.controls.then(|| {
        let on_group = {
            let chosen = chosen.clone();
            Callback::from(move |e: Event| {
                let value = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
                if let Ok(group) = value.parse::<PeriodGroup>() {
                    chosen.set((group, chosen.1));
                }
            })
        };
        let on_range = {
            let chosen = chosen.clone();
            Callback::from(move |e: Event| {
                let value = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
                if let Ok(days) = value.parse::<u32>() {
                    // Hourly records over a long range would be thousands of points.
                    let group = if chosen.0 == PeriodGroup::Hour && days > HOUR_GROUP_MAX_DAYS {
                        PeriodGroup::Day
                    } else {
                        chosen.0
                    };
                    chosen.set((group, days));
                }
            })
        };
        let groups = [
            (PeriodGroup::Day, ui.t("By day", "По дням")),
            (PeriodGroup::Week, ui.t("By week", "По неделям")),
            (PeriodGroup::Month, ui.t("By month", "По месяцам")),
        ];
        html! {
            <div class="cs-widget-controls">
                <label class="cs-widget-control">
                    <span class="cs-visually-hidden">{ ui.t("Period", "Период") }</span>
                    <select class="cs-select" onchange={on_range}>
                        { for RANGES.iter().map(|d| html! {
                            <option value={d.to_string()} selected={*d == days}>
                                { fill(ui.t("Last {n} days", "Последние {n} дн."), &[("n", d.to_string())]) }
                            </option>
                        }) }
                    </select>
                </label>
                <label class="cs-widget-control">
                    <span class="cs-visually-hidden">{ ui.t("Grouping", "Группировка") }</span>
                    <select class="cs-select" onchange={on_group}>
                        { for groups.iter().map(|(g, label)| html! {
                            <option value={g.as_str()} selected={*g == group}>{ *label }</option>
                        }) }
                    </select>
                </label>
            </div>
        }
    });

    let body = status(&task, &retry).unwrap_or_else(|| {
        let records = task.state().data.as_deref().cloned().unwrap_or_default();
        let (read, _) = readings(group, &records);
        let Some(summary) = summarize(&read) else {
            return html! {
                <EmptyState title={ui.t("No subscriber records for this period.",
                    "За этот период записей о подписчиках нет.")} />
            };
        };
        // One channel, named in the heading: no legend.
        let series = Rc::new(chart_series(
            &ui,
            [("", read.as_slice())].into_iter(),
            false,
        ));
        let trend = match summary.net.signum() {
            1 => "cs-up",
            -1 => "cs-down",
            _ => "cs-flat",
        };
        html! {
            <>
                <p class="cs-widget-figure">
                    <span class="cs-widget-value">{ ui.count(summary.last.count) }</span>
                    <span class={classes!("cs-widget-change", trend)}>
                        { signed(&ui, summary.net) }
                        if let Some(p) = summary.percent {
                            { format!(" ({})", format_percent(p, ui.locale)) }
                        }
                    </span>
                </p>
                <LineChart {series} y_title={ui.t("Subscribers", "Подписчики")}
                    x_format={axis_format(group, ui.locale)} height={200.0} />
            </>
        }
    });
    frame(
        "cs-widget-subscribers",
        fill(
            ui.t("Subscribers · {c}", "Подписчики · {c}"),
            &[("c", name.clone())],
        ),
        controls.unwrap_or_default(),
        body,
    )
}

#[derive(Properties, PartialEq)]
struct PostStatsWidgetProps {
    request: PostStats,
    token: TokenSource,
}

#[function_component(PostStatsWidget)]
fn post_stats_widget(props: &PostStatsWidgetProps) -> Html {
    let ui = use_ui();
    let (task, retry) = use_operation(props.request.clone(), props.token.clone());
    let group = props.request.group;
    let body = status(&task, &retry).unwrap_or_else(|| {
        let response: Rc<PostStatsResponse> =
            task.state().data.as_deref().cloned().unwrap_or_default();
        let (growth, _) = growth_series(group, &response.views);
        let chart = if growth.is_empty() {
            html! { <EmptyState title={ui.t("No view-growth data", "Нет данных о росте просмотров")} /> }
        } else {
            let points = growth
                .iter()
                .zip(cumulative(&growth))
                .map(|(g, total)| Point {
                    x: g.at.and_utc().timestamp() as f64,
                    y: total,
                    label: growth_label(group, g.at, ui.locale),
                })
                .collect();
            let series = Rc::new(vec![Series {
                name: String::new(),
                points,
            }]);
            let y_title = match group {
                ViewGrowthGroup::Hour => ui.t("Views since publication, by hour", "Просмотры с публикации, по часам"),
                ViewGrowthGroup::Day => ui.t("Views since publication, by day", "Просмотры с публикации, по дням"),
            };
            html! { <LineChart {series} {y_title} height={180.0} /> }
        };
        html! {
            <>
                <StatTiles tiles={post_tiles(&ui, &response)} />
                { chart }
            </>
        }
    });
    frame(
        "cs-widget-post-stats",
        fill(
            ui.t("Post {p}", "Пост {p}"),
            &[("p", props.request.post_id.to_string())],
        ),
        Html::default(),
        body,
    )
}

#[derive(Properties, PartialEq)]
struct PostSearchWidgetProps {
    request: PostSearch,
    token: TokenSource,
}

#[function_component(PostSearchWidget)]
fn post_search_widget(props: &PostSearchWidgetProps) -> Html {
    let ui = use_ui();
    let (task, retry) = use_operation(props.request.clone(), props.token.clone());
    let body = status(&task, &retry).unwrap_or_else(|| {
        let data: Rc<PostSearchResponse> =
            task.state().data.as_deref().cloned().unwrap_or_default();
        if data.items.is_empty() {
            return html! {
                <EmptyState title={ui.t("No posts found.", "Постов не найдено.")} />
            };
        }
        let total = i64::try_from(data.total_count).unwrap_or(i64::MAX);
        html! {
            <>
                <p class="cs-widget-note">
                    { fill(ui.t("{n} of {total} posts, newest first", "{n} из {total} постов, сначала новые"),
                        &[("n", data.items.len().to_string()), ("total", ui.count(total))]) }
                </p>
                <ol class="cs-widget-posts">
                    { for data.items.iter().map(|post| post_item(&ui, &data, post)) }
                </ol>
            </>
        }
    });
    frame(
        "cs-widget-search",
        fill(
            ui.t("Posts about “{q}”", "Посты по запросу «{q}»"),
            &[("q", props.request.q.clone())],
        ),
        Html::default(),
        body,
    )
}

fn post_item(ui: &Ui, data: &PostSearchResponse, post: &Post) -> Html {
    let channel = data.channels.iter().find(|c| c.id == post.channel_id);
    let (_, channel_text) = channel_label(ui, post.channel_id, channel);
    let snippet = if post.snippet.trim().is_empty() {
        post.text.clone()
    } else {
        post.snippet.clone()
    };
    // "7 views"; Russian takes the abbreviation, which needs no plural form ("7 просм.").
    let counter = |label: &'static str, short: &'static str, n: u64| {
        let n = i64::try_from(n).unwrap_or(i64::MAX);
        html! {
            <span class="cs-widget-counter" title={format!("{label}: {}", ui.count(n))}>
                { compact(n) }{ " " }{ short }
            </span>
        }
    };
    html! {
        <li class="cs-widget-post" data-post-id={post.id.to_string()}>
            <div class="cs-widget-post-head">
                <span class="cs-widget-post-channel">{ channel_text }</span>
                <time class="cs-muted">{ ui.timestamp(post.date) }</time>
            </div>
            <SafeHtml html={snippet} class="cs-widget-snippet" />
            <div class="cs-widget-post-foot">
                { counter(ui.t("Views", "Просмотры"),
                    if post.views == 1 { ui.t("view", "просм.") } else { ui.t("views", "просм.") },
                    post.views) }
                { counter(ui.t("Shares", "Репосты"),
                    if post.shares_count == 1 { ui.t("share", "репост.") } else { ui.t("shares", "репост.") },
                    post.shares_count) }
                if let Some(href) = post.url() {
                    <a class="cs-link" href={href} rel="noopener noreferrer" target="_blank">
                        { ui.t("Open", "Открыть") }
                    </a>
                }
            </div>
        </li>
    }
}

#[derive(Properties, PartialEq)]
struct MultiPostStatsWidgetProps {
    request: MultiPostStats,
    token: TokenSource,
}

#[function_component(MultiPostStatsWidget)]
fn multi_post_stats_widget(props: &MultiPostStatsWidgetProps) -> Html {
    let ui = use_ui();
    let (task, retry) = use_operation(props.request.clone(), props.token.clone());
    let body = status(&task, &retry).unwrap_or_else(|| {
        let records: Rc<Vec<PostStatRecord>> =
            task.state().data.as_deref().cloned().unwrap_or_default();
        if records.is_empty() {
            return html! {
                <EmptyState title={ui.t("The service returned no statistics for these posts.",
                    "Сервис не вернул статистику по этим постам.")} />
            };
        }
        let columns = Rc::new(vec![
            Column::text("post", ui.t("Post", "Пост")),
            Column::numeric("views", ui.t("Views", "Просмотры")),
            Column::numeric("shares", ui.t("Shares", "Пересылки")),
            Column::numeric("comments", ui.t("Comments", "Комментарии")),
            Column::numeric("reactions", ui.t("Reactions", "Реакции")),
        ]);
        let counts = |r: &PostStatRecord| {
            [r.views_count, r.shares_count, r.comments_count, r.reactions_count].map(count_i64)
        };
        let rows: Vec<Row> = records
            .iter()
            .map(|r| {
                let mut row = vec![TableCell::new(
                    html! { { r.post_id.to_string() } },
                    SortKey::Number(r.post_id as f64),
                    Cell::Text(r.post_id.to_string()),
                )];
                row.extend(counts(r).iter().map(|n| TableCell::count(&ui, *n)));
                row
            })
            .collect();
        let sums = records.iter().fold([0i64; 4], |mut sum, r| {
            for (s, n) in sum.iter_mut().zip(counts(r)) {
                *s = s.saturating_add(n);
            }
            sum
        });
        let mut totals = vec![TableCell::text(ui.t("Total", "Итого"))];
        totals.extend(sums.iter().map(|n| TableCell::count(&ui, *n)));
        let missing: Vec<String> = props
            .request
            .ids
            .iter()
            .filter(|id| !records.iter().any(|r| r.post_id.unsigned_abs() == **id))
            .map(u64::to_string)
            .collect();
        html! {
            <>
                <DataTable {columns} rows={Rc::new(rows)} totals={totals}
                    export_name="post-stats" caption={ui.t("Statistics of posts", "Статистика постов")} />
                if !missing.is_empty() {
                    <p class="cs-widget-note cs-widget-missing">
                        { fill(ui.t("Not returned by the service: {ids}", "Сервис не вернул: {ids}"),
                            &[("ids", missing.join(", "))]) }
                    </p>
                }
            </>
        }
    });
    let name = use_channel_name(props.request.channel_id.clone(), props.token.clone());
    frame(
        "cs-widget-multi",
        fill(ui.t("Posts · {c}", "Посты · {c}"), &[("c", name)]),
        Html::default(),
        body,
    )
}
