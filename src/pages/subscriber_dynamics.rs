//! Subscriber dynamics: participants of up to five channels or chats over time, overlaid on one
//! chart, with a table and a summary of each channel's change.

use std::collections::BTreeMap;
use std::rc::Rc;

use chrono::{DateTime, NaiveDateTime};
use serde::{Deserialize, Serialize, Serializer};
use yew::prelude::*;

use super::post_stats::count_i64;
use crate::api::batch::{bounded, MAX_CONCURRENT_BATCHES};
use crate::api::ids::ChannelId;
use crate::api::limits::DEFAULT_PERIOD_DAYS;
use crate::api::model::SubscriberCount;
use crate::api::ops::SubscriberDynamics;
use crate::api::{Error, Operation, PeriodGroup};
use crate::app::Route;
use crate::components::status::{fill, EmptyState};
use crate::components::{Column, DataTable, LineChart, Point, Row, Series, SortKey, TableCell};
use crate::export::Cell;
use crate::format::{axis_label, format_percent, parse_series, percent_change, Locale, Period};
use crate::pages::form::{page_header, Field, PeriodFields, PeriodQuery, Select, ViewSwitch};
use crate::pages::form_request::{use_page_form, PageParams, Problems};
use crate::request::Api;
use crate::ui::{use_ui, Ui};

/// Channels one chart overlays; more lines stop being readable.
const MAX_CHANNELS: usize = 5;
/// Period presets in days: a year of subscribers is worth a look, unlike a year of posts.
const PERIOD_PRESETS: &[u32] = &[7, 30, 90, 365];
/// Longest range grouped by hour: 744 records per channel already fill a chart and a table.
const MAX_HOURLY_DAYS: i64 = 31;

/// The form. In the address the channels are one comma-joined `channel` parameter; a repeated
/// `channel` parameter (as other pages may link) is read too. Channel identifiers never contain
/// commas.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
#[serde(from = "Vec<(String, String)>")]
struct Params {
    /// As typed, one per input; never empty, so that one input is always shown.
    #[serde(
        rename = "channel",
        serialize_with = "join_channels",
        skip_serializing_if = "no_channels"
    )]
    channels: Vec<String>,
    /// Blank for the API's default (day), or `hour`, `week`, `month`.
    #[serde(skip_serializing_if = "String::is_empty")]
    group: String,
    /// Blank is the API's last 10 days.
    #[serde(flatten)]
    period: PeriodQuery,
}

impl Default for Params {
    fn default() -> Self {
        Params {
            channels: vec![String::new()],
            group: String::new(),
            period: PeriodQuery::default(),
        }
    }
}

fn join_channels<S: Serializer>(channels: &[String], serializer: S) -> Result<S::Ok, S::Error> {
    let typed: Vec<&str> = channels
        .iter()
        .map(|c| c.trim())
        .filter(|c| !c.is_empty())
        .collect();
    serializer.serialize_str(&typed.join(","))
}

fn no_channels(channels: &[String]) -> bool {
    channels.iter().all(|c| c.trim().is_empty())
}

impl From<Vec<(String, String)>> for Params {
    fn from(pairs: Vec<(String, String)>) -> Self {
        let mut params = Params {
            channels: Vec::new(),
            ..Params::default()
        };
        for (key, value) in pairs {
            match key.as_str() {
                "channel" => params.channels.extend(
                    value
                        .split(',')
                        .map(str::trim)
                        .filter(|c| !c.is_empty())
                        .map(str::to_owned),
                ),
                "group" => params.group = value,
                "period" => params.period.choice = value,
                "startDate" => params.period.start_date = value,
                "endDate" => params.period.end_date = value,
                _ => {}
            }
        }
        if params.channels.is_empty() {
            params.channels.push(String::new());
        }
        params
    }
}

impl Params {
    fn group(&self) -> PeriodGroup {
        self.group.parse().unwrap_or_default()
    }
}

/// One request per channel, named as typed.
struct Request {
    group: PeriodGroup,
    channels: Vec<(String, SubscriberDynamics)>,
}

struct ChannelRecords {
    name: String,
    records: Rc<Vec<SubscriberCount>>,
}

struct Dynamics {
    group: PeriodGroup,
    channels: Vec<ChannelRecords>,
}

impl PageParams for Params {
    type Request = Request;
    type Output = Dynamics;

    fn to_request(&self, ui: &Ui) -> Result<Request, Problems> {
        let mut problems = Problems::default();
        let group = self.group();
        let period = self.period.bounds(ui, PERIOD_PRESETS);
        let mut seen = Vec::new();
        let mut channels = Vec::new();
        for (index, typed) in self.channels.iter().enumerate() {
            let key = format!("channelId.{index}");
            match typed.parse::<ChannelId>() {
                Ok(id) if seen.contains(&id) => problems.push(Problems::one(
                    key,
                    ui.t(
                        "This channel is already in the list.",
                        "Этот канал уже есть в списке.",
                    ),
                )),
                Ok(id) => {
                    seen.push(id.clone());
                    let mut op = SubscriberDynamics::new(id);
                    op.group = group;
                    op.start_date = period.start;
                    op.end_date = period.end;
                    channels.push((typed.trim().to_owned(), op));
                }
                Err(e) => problems.push(Problems::bad_id(ui, key, "channelId", e)),
            }
        }
        if self.channels.len() > MAX_CHANNELS {
            problems.push(Problems::one(
                "channels",
                fill(
                    ui.t(
                        "At most {n} channels at a time.",
                        "Не больше {n} каналов за раз.",
                    ),
                    &[("n", MAX_CHANNELS.to_string())],
                ),
            ));
        }
        let span_days = period.days.unwrap_or(DEFAULT_PERIOD_DAYS);
        if group == PeriodGroup::Hour && span_days > MAX_HOURLY_DAYS {
            problems.push(Problems::one(
                "group",
                fill(
                    ui.t(
                        "Grouping by hour covers at most {n} days; choose a shorter period or group by day.",
                        "По часам — не больше {n} дней; выберите период короче или группировку по дням.",
                    ),
                    &[("n", MAX_HOURLY_DAYS.to_string())],
                ),
            ));
        }
        if let Some((_, op)) = channels.first() {
            if let Err(invalid) = op.validate() {
                problems.push(Problems::of(ui, &invalid));
            }
        }
        if problems.is_empty() {
            Ok(Request { group, channels })
        } else {
            Err(problems)
        }
    }

    fn for_submit(self) -> Self {
        let mut channels: Vec<String> = self
            .channels
            .iter()
            .map(|c| c.trim().to_owned())
            .filter(|c| !c.is_empty())
            .collect();
        if channels.is_empty() {
            channels.push(String::new());
        }
        // Dates typed before another period was chosen would be kept in the address unused.
        let period = if self.period.is_custom() {
            self.period
        } else {
            PeriodQuery {
                choice: self.period.choice,
                ..PeriodQuery::default()
            }
        };
        Params {
            channels,
            period,
            ..self
        }
    }

    async fn fetch(api: Api, request: Request) -> Result<Dynamics, Error> {
        let Request { group, channels } = request;
        let answers = bounded(channels, MAX_CONCURRENT_BATCHES, |(name, op)| {
            let api = api.clone();
            async move {
                let records = api.send(&op).await?;
                Ok::<_, Error>(ChannelRecords { name, records })
            }
        })
        .await
        .map_err(|(_, error)| error)?;
        Ok(Dynamics {
            group,
            channels: answers,
        })
    }
}

/// The participants at the end of one period.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Reading {
    pub(crate) period: Period,
    pub(crate) count: i64,
}

/// The records of one channel in time order (one per period), and how many could not be read.
pub(crate) fn readings(group: PeriodGroup, records: &[SubscriberCount]) -> (Vec<Reading>, usize) {
    let periods: Vec<&str> = records.iter().map(|r| r.period.as_str()).collect();
    let mut by_start = BTreeMap::new();
    let mut unreadable = 0;
    for (parsed, record) in parse_series(group, &periods).into_iter().zip(records) {
        match parsed {
            Ok(period) => {
                by_start.entry(period.start()).or_insert(Reading {
                    period,
                    count: count_i64(record.participants_count),
                });
            }
            Err(_) => unreadable += 1,
        }
    }
    (by_start.into_values().collect(), unreadable)
}

/// A change between two consecutive periods.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Change {
    to: Period,
    by: i64,
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Summary {
    pub(crate) first: Reading,
    pub(crate) last: Reading,
    pub(crate) net: i64,
    pub(crate) percent: Option<f64>,
    /// The largest rise from one period to the next, if any rose.
    gain: Option<Change>,
    /// The largest fall from one period to the next, if any fell.
    drop: Option<Change>,
}

/// The change of a channel over its readings (in time order); `None` without readings. Of equal
/// rises or falls the earliest counts.
pub(crate) fn summarize(readings: &[Reading]) -> Option<Summary> {
    let (first, last) = (*readings.first()?, *readings.last()?);
    let steps = readings.windows(2).filter_map(|pair| match pair {
        [before, after] => Some(Change {
            to: after.period,
            by: after.count.saturating_sub(before.count),
        }),
        _ => None,
    });
    let (mut gain, mut drop) = (None::<Change>, None::<Change>);
    for step in steps {
        if step.by > 0 && gain.is_none_or(|g| step.by > g.by) {
            gain = Some(step);
        }
        if step.by < 0 && drop.is_none_or(|d| step.by < d.by) {
            drop = Some(step);
        }
    }
    Some(Summary {
        first,
        last,
        net: last.count.saturating_sub(first.count),
        percent: percent_change(first.count, last.count),
        gain,
        drop,
    })
}

/// x of the chart: the start of the period read as UTC, the same for every channel.
fn x_of(period: &Period) -> f64 {
    period.start().and_utc().timestamp() as f64
}

pub(crate) fn signed(ui: &Ui, n: i64) -> String {
    if n > 0 {
        format!("+{}", ui.count(n))
    } else {
        ui.count(n)
    }
}

/// One chart series per channel: the counts, or (`relative`) the change since the channel's
/// first reading in percent.
pub(crate) fn chart_series<'a>(
    ui: &Ui,
    channels: impl Iterator<Item = (&'a str, &'a [Reading])>,
    relative: bool,
) -> Vec<Series> {
    channels
        .map(|(name, read)| {
            // Readings are in time order: the first one is the base of the relative view.
            let base = read.first().map_or(0, |r| r.count);
            Series {
                name: name.to_owned(),
                points: read
                    .iter()
                    .filter_map(|r| {
                        let y = if relative {
                            percent_change(base, r.count)?
                        } else {
                            r.count as f64
                        };
                        Some(Point {
                            x: x_of(&r.period),
                            y,
                            label: r.period.label(ui.locale),
                        })
                    })
                    .collect(),
            }
        })
        .collect()
}

/// Short x-axis labels: full period labels ("Week 47, 2026 · 16 Nov – 22 Nov") are for the
/// tooltip.
pub(crate) fn axis_format(group: PeriodGroup, locale: Locale) -> Callback<f64, String> {
    Callback::from(move |x: f64| {
        DateTime::from_timestamp(x as i64, 0)
            .map(|at| axis_label(group, at.naive_utc(), locale))
            .unwrap_or_default()
    })
}

#[function_component(SubscriberDynamicsPage)]
pub fn page() -> Html {
    let ui = use_ui();
    let form = use_page_form::<Params>(Route::SubscriberDynamics);
    let draft = (*form.draft).clone();
    let count = draft.channels.len();

    let channel_inputs = draft.channels.iter().enumerate().map(|(index, typed)| {
        let oninput = form.edit(move |p: &mut Params, v: String| {
            if let Some(channel) = p.channels.get_mut(index) {
                *channel = v;
            }
        });
        let remove = {
            let draft = form.draft.clone();
            Callback::from(move |_: MouseEvent| {
                let mut next = (*draft).clone();
                if next.channels.len() > 1 && index < next.channels.len() {
                    next.channels.remove(index);
                }
                draft.set(next);
            })
        };
        let number = (index + 1).to_string();
        let label = fill(
            ui.t("Channel {n} (channelId)", "Канал {n} (channelId)"),
            &[("n", number.clone())],
        );
        html! {
            <div class="dynamics-channel">
                <Field id={format!("sd-channel-{index}")} label={label} value={typed.clone()}
                    required={index == 0} placeholder="@durov" {oninput}
                    error={form.error(&format!("channelId.{index}"))} />
                if count > 1 {
                    <button type="button" class="cs-button cs-button-quiet dynamics-remove"
                        aria-label={fill(ui.t("Remove channel {n}", "Убрать канал {n}"), &[("n", number)])}
                        onclick={remove}>
                        { ui.t("Remove", "Убрать") }
                    </button>
                }
            </div>
        }
    });
    let add = {
        let draft = form.draft.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*draft).clone();
            if next.channels.len() < MAX_CHANNELS {
                next.channels.push(String::new());
            }
            draft.set(next);
        })
    };

    let group_options = PeriodGroup::ALL
        .iter()
        .map(|g| {
            let label = match g {
                PeriodGroup::Hour => ui.t("By hour", "По часам"),
                PeriodGroup::Day => ui.t("By day", "По дням"),
                PeriodGroup::Week => ui.t("By week", "По неделям"),
                PeriodGroup::Month => ui.t("By month", "По месяцам"),
            };
            (AttrValue::Static(g.as_str()), AttrValue::Static(label))
        })
        .collect::<Vec<_>>();
    let group_error = form.error("group");

    html! {
        <section class="page subscriber-dynamics-page">
            { page_header(&ui, Route::SubscriberDynamics) }
            <form class="query-form" onsubmit={form.onsubmit.clone()} novalidate=true>
                <fieldset class="dynamics-channels">
                    <legend>{ fill(ui.t("Channels or chats, up to {n}", "Каналы или чаты, до {n}"),
                        &[("n", MAX_CHANNELS.to_string())]) }</legend>
                    { for channel_inputs }
                    <p class="hint">{ ui.t(
                        "@username, t.me/username, t.me/joinchat/CODE or the service's numeric ID; one request per channel.",
                        "@username, t.me/username, t.me/joinchat/КОД или числовой ID сервиса; по запросу на канал.",
                    ) }</p>
                    if let Some(error) = form.error("channels") {
                        <p class="field-error">{ error }</p>
                    }
                    if count < MAX_CHANNELS {
                        <button type="button" class="cs-button cs-button-quiet dynamics-add" onclick={add}>
                            { ui.t("Add a channel", "Добавить канал") }
                        </button>
                    }
                </fieldset>
                <div class={classes!("dynamics-group", group_error.is_some().then_some("has-error"))}>
                    <Select id="sd-group" label={ui.t("Group by (group)", "Группировка (group)")}
                        value={draft.group().as_str()} options={group_options}
                        hint={fill(ui.t(
                            "Hourly records suit short ranges: at most {n} days.",
                            "По часам — для коротких периодов: не больше {n} дней.",
                        ), &[("n", MAX_HOURLY_DAYS.to_string())])}
                        onchange={form.edit(|p: &mut Params, v: String| {
                            p.group = if v == "day" { String::new() } else { v };
                        })} />
                    if let Some(error) = group_error {
                        <p class="field-error">{ error }</p>
                    }
                </div>
                <PeriodFields id="sd" value={draft.period.clone()}
                    default_label={fill(ui.t(
                        "API default (last {n} days)",
                        "По умолчанию в API (последние {n} дней)",
                    ), &[("n", DEFAULT_PERIOD_DAYS.to_string())])}
                    presets={PERIOD_PRESETS} today_placeholder=false
                    onchange={form.edit(|p: &mut Params, v| p.period = v)}
                    error={form.error("startDate")} />
                <div class="actions">
                    <button type="submit">{ ui.t("Show dynamics", "Показать динамику") }</button>
                </div>
            </form>
            { form.status(ui.t(
                "Enter one or more channels to compare their subscribers over time.",
                "Введите один или несколько каналов, чтобы сравнить число подписчиков во времени.",
            )) }
            if let Some(data) = form.task.state().data.clone() {
                <div class={form.results_class("dynamics-results")}>
                    <DynamicsView {data} />
                </div>
            }
        </section>
    }
}

#[derive(Properties)]
struct DynamicsViewProps {
    data: Rc<Dynamics>,
}

impl PartialEq for DynamicsViewProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.data, &other.data)
    }
}

#[function_component(DynamicsView)]
fn dynamics_view(props: &DynamicsViewProps) -> Html {
    let ui = use_ui();
    // Channels of very different sizes share one axis: as a change since the first period, a
    // small channel's curve stays readable next to a big one.
    let relative = use_state_eq(|| false);
    let group = props.data.group;
    let channels: Vec<(&str, Vec<Reading>, usize)> = props
        .data
        .channels
        .iter()
        .map(|c| {
            let (read, unreadable) = readings(group, &c.records);
            (c.name.as_str(), read, unreadable)
        })
        .collect();
    if channels.iter().all(|(_, read, _)| read.is_empty()) {
        return html! {
            <EmptyState title={ui.t("No subscriber records for this period.",
                    "За этот период записей о подписчиках нет.")}
                hint={ui.t("Try a longer period or another grouping; the plan may also limit how far back data goes.",
                    "Попробуйте период длиннее или другую группировку; глубину данных может ограничивать и тариф.")} />
        };
    }
    let unreadable: usize = channels.iter().map(|(_, _, n)| n).sum();

    let series = chart_series(
        &ui,
        channels
            .iter()
            .map(|(name, read, _)| (*name, read.as_slice())),
        *relative,
    );
    let on_view = {
        let relative = relative.clone();
        Callback::from(move |chosen: usize| relative.set(chosen == 1))
    };
    let y_title = if *relative {
        ui.t(
            "Change since the first period, %",
            "Изменение с первого периода, %",
        )
    } else {
        ui.t("Subscribers", "Подписчики")
    };
    let axis_format = axis_format(group, ui.locale);

    let mut table: BTreeMap<NaiveDateTime, (Period, Vec<Option<i64>>)> = BTreeMap::new();
    for (column, (_, read, _)) in channels.iter().enumerate() {
        for r in read {
            let row = table
                .entry(r.period.start())
                .or_insert_with(|| (r.period, vec![None; channels.len()]));
            if let Some(cell) = row.1.get_mut(column) {
                *cell = Some(r.count);
            }
        }
    }
    let mut columns = vec![Column::text("period", ui.t("Period", "Период"))];
    columns.extend(
        channels
            .iter()
            .enumerate()
            .map(|(i, (name, _, _))| Column::numeric(format!("channel-{i}"), (*name).to_owned())),
    );
    // Newest first, as the API lists them.
    let rows: Vec<Row> = table
        .values()
        .rev()
        .map(|(period, counts)| {
            let mut row = vec![TableCell::new(
                html! { { period.label(ui.locale) } },
                SortKey::Number(x_of(period)),
                Cell::Text(period.to_api_string()),
            )];
            row.extend(counts.iter().map(|count| match count {
                Some(n) => TableCell::count(&ui, *n),
                None => TableCell::missing(),
            }));
            row
        })
        .collect();

    let summary_rows = channels.iter().map(|(name, read, _)| {
        let Some(s) = summarize(read) else {
            return html! {
                <tr data-channel={name.to_string()}>
                    <th scope="row">{ name.to_string() }</th>
                    <td colspan="6" class="muted">{ ui.t("No records", "Нет записей") }</td>
                </tr>
            };
        };
        let reading = |r: &Reading| {
            html! {
                <>
                    <span class="summary-value">{ ui.count(r.count) }</span>
                    <span class="muted summary-period">{ r.period.label(ui.locale) }</span>
                </>
            }
        };
        let change = |c: Option<Change>| match c {
            Some(c) => html! {
                <>
                    <span class="summary-value">{ signed(&ui, c.by) }</span>
                    <span class="muted summary-period">{ c.to.label(ui.locale) }</span>
                </>
            },
            None => html! { { "—" } },
        };
        let trend = match s.net.signum() {
            1 => "cs-up",
            -1 => "cs-down",
            _ => "cs-flat",
        };
        html! {
            <tr data-channel={name.to_string()}>
                <th scope="row">{ name.to_string() }</th>
                <td class="summary-first">{ reading(&s.first) }</td>
                <td class="summary-last">{ reading(&s.last) }</td>
                <td class={classes!("summary-net", "cs-num", trend)}>{ signed(&ui, s.net) }</td>
                <td class={classes!("summary-percent", "cs-num", trend)}>
                    { s.percent.map_or_else(|| "—".to_owned(), |p| format_percent(p, ui.locale)) }
                </td>
                <td class="summary-gain">{ change(s.gain) }</td>
                <td class="summary-drop">{ change(s.drop) }</td>
            </tr>
        }
    });

    html! {
        <>
            <ViewSwitch label={ui.t("Chart", "График")}
                labels={vec![ui.t("Subscribers", "Подписчики"), ui.t("Change, %", "Изменение, %")]}
                chosen={usize::from(*relative)} onchange={on_view} />
            <div class="dynamics-chart">
                <LineChart series={Rc::new(series)} {y_title} x_format={axis_format} />
            </div>
            if unreadable > 0 {
                <p class="muted">{ fill(ui.t(
                    "{n} records with an unreadable period were left out.",
                    "Записей с нечитаемым периодом пропущено: {n}.",
                ), &[("n", unreadable.to_string())]) }</p>
            }
            <div class="dynamics-summary">
                <h2>{ ui.t("Change over the period", "Изменение за период") }</h2>
                <div class="cs-table-scroll">
                    <table class="cs-table">
                        <thead>
                            <tr>
                                <th scope="col">{ ui.t("Channel", "Канал") }</th>
                                <th scope="col">{ ui.t("First", "Начало") }</th>
                                <th scope="col">{ ui.t("Last", "Конец") }</th>
                                <th scope="col" class="cs-num">{ ui.t("Net change", "Изменение") }</th>
                                <th scope="col" class="cs-num">{ ui.t("Change, %", "Изменение, %") }</th>
                                <th scope="col">{ ui.t("Largest gain", "Наибольший прирост") }</th>
                                <th scope="col">{ ui.t("Largest drop", "Наибольшее падение") }</th>
                            </tr>
                        </thead>
                        <tbody>{ for summary_rows }</tbody>
                    </table>
                </div>
            </div>
            <div class="stats-table dynamics-table">
                <DataTable columns={Rc::new(columns)} rows={Rc::new(rows)}
                    export_name="subscriber-dynamics"
                    caption={ui.t("Subscribers by period", "Подписчики по периодам")} />
            </div>
        </>
    }
}
