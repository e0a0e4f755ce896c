//! Compare channels: 2 to 10 channels side by side — subscribers and their change over 7, 30
//! and 90 days, citation index, ERR over posts the user lists, verification, restrictions and
//! age — with their subscriber curves on one chart. Per channel it asks for the channel's
//! information and its subscribers by day over 91 days, and the statistics of the posts listed
//! for it when there are any.

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use yew::prelude::*;

use crate::api::ids::{parse_id_list, ChannelId};
use crate::api::limits::STAT_MULTI_IDS_MAX;
use crate::api::model::{Channel, PostStatRecord, Records, SubscriberCount};
use crate::api::ops::{ChannelInfo, MultiPostStats};
use crate::api::{Operation, PeriodGroup};
use crate::components::chart::period_axis;
use crate::components::{Column, DataTable, ErrorBanner, LineChart, Row, TableCell};
use crate::export::Cell;
use crate::format::{fill, format_percent};
use crate::pages::form::{use_analysis_form, AnalysisParams, DraftForm, Problems, ViewSwitch};
use crate::pages::page_header;
use crate::request::{Job, Plan, Unit};
use crate::route::{route_href, ChannelQuery, Route, RouteLink};
use crate::ui::{use_ui, Ui};
use crate::view::compare::{CompareRow, CHANGE_DAYS, HISTORY_DAYS};
use crate::view::dynamics::{chart_series, last_days_request, readings, Reading};
use crate::view::labels::channel_ref;
use crate::view::multi_stats::Counters;
use crate::view::restrictions::flag_text;
use crate::view::sort::SortKey;

/// Channels compared at most (and at least).
const MOST: usize = 10;
const LEAST: usize = 2;

/// The form: channels as typed, and the post IDs listed for each, in the same order.
#[derive(Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
struct Params {
    /// Joined by commas (no channel identifier holds one).
    #[serde(skip_serializing_if = "String::is_empty")]
    channels: String,
    /// One list per channel, joined by `|`; each list as typed.
    #[serde(skip_serializing_if = "String::is_empty")]
    posts: String,
}

/// One row of the form.
#[derive(Clone, Default, PartialEq)]
struct Entry {
    channel: String,
    posts: String,
}

impl Params {
    /// The rows of the form; at least [`LEAST`] so that there is something to fill in.
    fn entries(&self) -> Vec<Entry> {
        let channels: Vec<&str> = self.channels.split(',').collect();
        let posts: Vec<&str> = self.posts.split('|').collect();
        let mut entries: Vec<Entry> = (0..channels.len().max(posts.len()))
            .map(|i| Entry {
                channel: channels.get(i).unwrap_or(&"").trim().to_owned(),
                posts: posts.get(i).unwrap_or(&"").trim().to_owned(),
            })
            .collect();
        if self.channels.is_empty() && self.posts.is_empty() {
            entries.clear();
        }
        while entries.len() < LEAST {
            entries.push(Entry::default());
        }
        entries
    }

    fn with_entries(entries: &[Entry]) -> Params {
        let joined = |part: fn(&Entry) -> &str, by: &str| {
            let parts: Vec<&str> = entries.iter().map(part).collect();
            if parts.iter().all(|p| p.is_empty()) {
                String::new()
            } else {
                parts.join(by)
            }
        };
        let mut params = Params {
            channels: joined(|e| &e.channel, ","),
            posts: joined(|e| &e.posts, "|"),
        };
        // Blank rows past the first two were added by the user: without their commas they
        // would read back as no rows, and "Add a channel" on a blank form would add none.
        if params.channels.is_empty() && params.posts.is_empty() && entries.len() > LEAST {
            params.channels = ",".repeat(entries.len() - 1);
        }
        params
    }

    /// The channels to compare with the posts listed for each (blank rows left out).
    fn requests(&self, ui: &Ui) -> Result<Vec<(ChannelId, Vec<u64>)>, Problems> {
        let mut problems = Problems::default();
        let mut chosen = Vec::new();
        for (i, entry) in self.entries().iter().enumerate() {
            if entry.channel.is_empty() && entry.posts.is_empty() {
                continue;
            }
            let channel = entry
                .channel
                .parse::<ChannelId>()
                .map_err(|e| {
                    problems.push(Problems::bad_id(ui, format!("channel.{i}"), "channelId", e))
                })
                .ok();
            let posts = match parse_id_list(&entry.posts) {
                Ok(ids) if ids.len() > STAT_MULTI_IDS_MAX => {
                    problems.push(Problems::one(
                        format!("posts.{i}"),
                        fill(
                            ui.t(
                                "At most {max} posts per channel (got {n}).",
                                "Не больше {max} постов на канал (сейчас {n}).",
                            ),
                            &[
                                ("max", STAT_MULTI_IDS_MAX.to_string()),
                                ("n", ids.len().to_string()),
                            ],
                        ),
                    ));
                    None
                }
                Ok(ids) => Some(ids),
                Err(e) => {
                    problems.push(Problems::one(
                        format!("posts.{i}"),
                        format!(
                            "{}{}",
                            ui.t("Not numeric IDs: ", "Не числовые ID: "),
                            e.bad.join(", ")
                        ),
                    ));
                    None
                }
            };
            if let (Some(channel), Some(posts)) = (channel, posts) {
                chosen.push((channel, posts));
            }
        }
        let filled = self
            .entries()
            .iter()
            .filter(|e| !e.channel.is_empty())
            .count();
        if !(LEAST..=MOST).contains(&filled) {
            problems.push(Problems::one(
                "channels",
                fill(
                    ui.t(
                        "Enter {least} to {most} channels (now {n}).",
                        "Укажите от {least} до {most} каналов (сейчас {n}).",
                    ),
                    &[
                        ("least", LEAST.to_string()),
                        ("most", MOST.to_string()),
                        ("n", filled.to_string()),
                    ],
                ),
            ));
        }
        if problems.is_empty() {
            Ok(chosen)
        } else {
            Err(problems)
        }
    }
}

/// Where each channel's answers are among the job's units.
#[derive(Clone, PartialEq)]
struct Layout {
    /// Per channel: its information, its subscribers, and its posts' statistics when listed.
    units: Vec<(usize, usize, Option<usize>)>,
    names: Vec<String>,
    listed: Vec<Vec<u64>>,
}

impl Layout {
    fn of(chosen: &[(ChannelId, Vec<u64>)]) -> Layout {
        let mut next = 0;
        let mut take = || {
            next += 1;
            next - 1
        };
        let units = chosen
            .iter()
            .map(|(_, posts)| (take(), take(), (!posts.is_empty()).then(&mut take)))
            .collect();
        Layout {
            units,
            names: chosen.iter().map(|(c, _)| c.to_string()).collect(),
            listed: chosen.iter().map(|(_, p)| p.clone()).collect(),
        }
    }
}

impl AnalysisParams for Params {
    fn to_plan(&self, ui: &Ui, key: String) -> Result<Plan, Problems> {
        let chosen = self.requests(ui)?;
        let now = chrono::Utc::now();
        let mut units = Vec::new();
        for (channel, posts) in &chosen {
            let history = last_days_request(channel, PeriodGroup::Day, HISTORY_DAYS, now);
            history
                .validate()
                .map_err(|invalid| Problems::of(ui, &invalid))?;
            units.push(Unit::call(ChannelInfo::new(channel.clone())));
            units.push(Unit::call(history));
            if !posts.is_empty() {
                let stats = MultiPostStats::new(channel.clone(), posts.clone());
                stats
                    .validate()
                    .map_err(|invalid| Problems::of(ui, &invalid))?;
                units.push(Unit::call(stats));
            }
        }
        Ok(Plan::new(key, units))
    }
}

#[function_component(CompareChannelsPage)]
pub fn compare_channels_page() -> Html {
    let ui = use_ui();
    let form = use_analysis_form::<Params>(Route::CompareChannels);
    let entries = form.draft.entries();
    let set_entry = |i: usize, posts: bool| {
        form.edit(move |p: &mut Params, value: String| {
            let mut entries = p.entries();
            if let Some(entry) = entries.get_mut(i) {
                if posts {
                    entry.posts = value;
                } else {
                    entry.channel = value;
                }
            }
            *p = Params::with_entries(&entries);
        })
    };
    let add = form.edit(|p: &mut Params, ()| {
        let mut entries = p.entries();
        if entries.len() < MOST {
            entries.push(Entry::default());
        }
        *p = Params::with_entries(&entries);
    });
    let remove = |i: usize| {
        form.edit(move |p: &mut Params, ()| {
            let mut entries = p.entries();
            if i < entries.len() {
                entries.remove(i);
            }
            *p = Params::with_entries(&entries);
        })
    };
    let layout = form.params.requests(&ui).ok().map(|c| Layout::of(&c));
    html! {
        <section class="page compare-page">
            { page_header(&ui, Route::CompareChannels) }
            <form class="query-form compare-form" onsubmit={form.onsubmit.clone()} novalidate=true>
                <fieldset class="wide compare-rows">
                    <legend>{ ui.t("Channels", "Каналы") }</legend>
                    { for entries.iter().enumerate().map(|(i, entry)| {
                        let channel_error = form.error(&format!("channel.{i}"));
                        let posts_error = form.error(&format!("posts.{i}"));
                        let on_remove = remove(i);
                        html! {
                            <div class="compare-row">
                                <div class={classes!("field", channel_error.is_some().then_some("has-error"))}>
                                    <label for={format!("cc-channel-{i}")}>
                                        { fill(ui.t("Channel {n}", "Канал {n}"), &[("n", (i + 1).to_string())]) }
                                    </label>
                                    <input id={format!("cc-channel-{i}")} type="text" value={entry.channel.trim().to_owned()}
                                        placeholder="@username" spellcheck="false"
                                        aria-invalid={channel_error.is_some().then_some("true")}
                                        oninput={set_entry(i, false).reform(|e: InputEvent| e.target_unchecked_into::<web_sys::HtmlInputElement>().value())} />
                                    if let Some(error) = channel_error { <p class="field-error">{ error }</p> }
                                </div>
                                <div class={classes!("field", posts_error.is_some().then_some("has-error"))}>
                                    <label for={format!("cc-posts-{i}")}>{ ui.t("Posts for ERR (optional)", "Посты для ERR (необязательно)") }</label>
                                    <input id={format!("cc-posts-{i}")} type="text" value={entry.posts.clone()}
                                        placeholder={ui.t("post IDs, e.g. 30001234, 30001240", "ID постов, например 30001234, 30001240")}
                                        spellcheck="false" aria-invalid={posts_error.is_some().then_some("true")}
                                        oninput={set_entry(i, true).reform(|e: InputEvent| e.target_unchecked_into::<web_sys::HtmlInputElement>().value())} />
                                    if let Some(error) = posts_error { <p class="field-error">{ error }</p> }
                                </div>
                                if entries.len() > LEAST {
                                    <button type="button" class="secondary compare-remove"
                                        aria-label={fill(ui.t("Remove channel {n}", "Убрать канал {n}"), &[("n", (i + 1).to_string())])}
                                        onclick={on_remove.reform(|_: MouseEvent| ())}>{ "×" }</button>
                                }
                            </div>
                        }
                    }) }
                    if let Some(error) = form.error("channels") {
                        <p class="field-error">{ error }</p>
                    }
                    if entries.len() < MOST {
                        <button type="button" class="secondary compare-add" onclick={add.reform(|_: MouseEvent| ())}>
                            { ui.t("Add a channel", "Добавить канал") }
                        </button>
                    }
                </fieldset>
                <div class="actions">
                    <button type="submit">{ ui.t("Compare", "Сравнить") }</button>
                </div>
            </form>
            { form.status(
                ui.t("Enter 2 to 10 channels (@username, a t.me link or the service's ID) to see them side by side.",
                    "Укажите от 2 до 10 каналов (@username, ссылку t.me или ID сервиса), чтобы сравнить их."),
                ui.t("per channel: its information, 91 days of subscribers, and the posts listed",
                    "на канал: данные канала, подписчики за 91 день и указанные посты").into(),
            ) }
            if let (Some(job), Some(layout)) = (&form.job, layout) {
                <div class={form.results_class("compare-results")}>
                    <Comparison job={job.clone()} layout={Rc::new(layout)} />
                </div>
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct ComparisonProps {
    job: Job,
    layout: Rc<Layout>,
}

/// What one channel's answers give so far.
struct Compared {
    name: String,
    channel: Option<Rc<Channel>>,
    readings: Vec<Reading>,
    row: Option<CompareRow>,
}

fn compared(job: &Job, layout: &Layout, now: i64) -> Vec<Compared> {
    layout
        .units
        .iter()
        .zip(&layout.names)
        .zip(&layout.listed)
        .map(|((&(info, history, stats), name), listed)| {
            let channel = job.result::<Channel>(info);
            let readings = job
                .result::<Records<SubscriberCount>>(history)
                .map(|records| readings(PeriodGroup::Day, &records).0)
                .unwrap_or_default();
            let counters: Vec<Counters> = stats
                .and_then(|i| job.result::<Records<PostStatRecord>>(i))
                .map(|records| records.iter().map(Counters::of).collect())
                .unwrap_or_default();
            let complete = stats.is_none_or(|i| job.result::<Records<PostStatRecord>>(i).is_some())
                || listed.is_empty();
            let row = channel
                .as_ref()
                .filter(|_| complete)
                .map(|c| CompareRow::of(c, &readings, &counters, now));
            Compared {
                name: channel
                    .as_ref()
                    .map(|c| c.title.trim().to_owned())
                    .filter(|t| !t.is_empty())
                    .unwrap_or_else(|| name.clone()),
                channel,
                readings,
                row,
            }
        })
        .collect()
}

#[function_component(Comparison)]
fn comparison(props: &ComparisonProps) -> Html {
    let ui = use_ui();
    let relative = use_state(|| true);
    let now = (js_sys::Date::now() / 1000.0) as i64;
    let channels = compared(&props.job, &props.layout, now);
    if channels
        .iter()
        .all(|c| c.channel.is_none() && c.readings.is_empty())
    {
        return Html::default();
    }
    let series = chart_series(
        ui.locale,
        channels
            .iter()
            .filter(|c| !c.readings.is_empty())
            .map(|c| (c.name.as_str(), c.readings.as_slice())),
        *relative,
    );
    let y_title = if *relative {
        ui.t(
            "Change since the first day, %",
            "Изменение с первого дня, %",
        )
    } else {
        ui.t("Subscribers", "Подписчики")
    };
    let on_view = {
        let relative = relative.clone();
        Callback::from(move |chosen: usize| relative.set(chosen == 1))
    };
    let failed: Vec<(String, Rc<crate::api::Error>)> = props
        .layout
        .units
        .iter()
        .zip(&props.layout.names)
        .filter_map(|(&(info, history, stats), name)| {
            let job = &props.job;
            let error = job
                .error(info)
                .or_else(|| job.error(history))
                .or_else(|| stats.and_then(|i| job.error(i)))?;
            Some((name.clone(), error))
        })
        .collect();
    html! {
        <>
            { for failed.into_iter().map(|(name, error)| html! {
                <div class="compare-failed" data-channel={name.clone()}>
                    <p class="compare-failed-name">{ name }</p>
                    <ErrorBanner {error} />
                </div>
            }) }
            { table(&ui, &channels) }
            <ViewSwitch label={ui.t("Chart", "График")}
                labels={vec![ui.t("Subscribers", "Подписчики"), ui.t("Change, %", "Изменение, %")]}
                chosen={usize::from(*relative)} onchange={on_view} />
            <div class="compare-chart">
                <LineChart series={Rc::new(series)} {y_title}
                    x_format={period_axis(PeriodGroup::Day, ui.locale)} />
            </div>
        </>
    }
}

fn table(ui: &Ui, channels: &[Compared]) -> Html {
    let mut columns = vec![
        Column::text("channel", ui.t("Channel", "Канал")),
        Column::numeric("subscribers", ui.t("Subscribers", "Подписчики")),
    ];
    for days in CHANGE_DAYS {
        let n = [("n", days.to_string())];
        columns.push(Column::numeric(
            format!("change-{days}"),
            fill(ui.t("Change, {n} days", "Изменение за {n} дн."), &n),
        ));
        columns.push(Column::numeric(
            format!("percent-{days}"),
            fill(ui.t("Change, {n} days, %", "Изменение за {n} дн., %"), &n),
        ));
    }
    columns.extend([
        Column::numeric(
            "citation-index",
            ui.t("Citation index", "Индекс цитирования"),
        ),
        Column::numeric(
            "err",
            ui.t("ERR of listed posts, %", "ERR указанных постов, %"),
        ),
        Column::text("verified", ui.t("Verified", "Верификация")),
        Column::text("restrictions", ui.t("Restrictions", "Ограничения")),
        Column::numeric("age", ui.t("Age, days", "Возраст, дней")),
    ]);
    let rows: Vec<Row> = channels
        .iter()
        .filter_map(|c| Some((c, c.channel.as_ref()?, c.row.as_ref()?)))
        .map(|(c, channel, row)| {
            let link = route_href(Route::ChannelInfo, &ChannelQuery::new(channel_ref(channel)));
            let mut cells = vec![
                TableCell::new(
                    html! { <RouteLink href={link}>{ c.name.clone() }</RouteLink> },
                    SortKey::Text(c.name.to_lowercase()),
                    Cell::Text(c.name.clone()),
                ),
                row.subscribers.map_or_else(TableCell::missing, |n| {
                    TableCell::count(ui, i64::try_from(n).unwrap_or(i64::MAX))
                }),
            ];
            for change in &row.changes {
                match change {
                    Ok(change) => {
                        cells.push(TableCell::new(
                            html! { { crate::view::counts::signed(change.net, ui.locale) } },
                            SortKey::Number(change.net as f64),
                            Cell::Int(change.net),
                        ));
                        cells.push(TableCell::figure(ui, change.percent, |v| {
                            format_percent(v, ui.locale)
                        }));
                    }
                    Err(missing) => {
                        cells.push(TableCell::figure(ui, Err(*missing), |v| v.to_string()));
                        cells.push(TableCell::figure(ui, Err(*missing), |v| v.to_string()));
                    }
                }
            }
            cells.push(row.citation_index.map_or_else(TableCell::missing, |ci| {
                TableCell::new(
                    html! { { format!("{ci:.1}") } },
                    SortKey::Number(ci),
                    Cell::Float(ci),
                )
            }));
            cells.push(TableCell::rate(ui, row.err));
            cells.push(TableCell::text(if row.verified {
                ui.t("Yes", "Да")
            } else {
                ui.t("No", "Нет")
            }));
            let restrictions: Vec<String> = row
                .restrictions
                .iter()
                .map(|f| flag_text(f, ui.locale))
                .collect();
            cells.push(TableCell::text(if restrictions.is_empty() {
                ui.t("None", "Нет").to_owned()
            } else {
                restrictions.join("; ")
            }));
            cells.push(
                row.age_days
                    .map_or_else(TableCell::missing, |d| TableCell::count(ui, d)),
            );
            cells
        })
        .collect();
    if rows.is_empty() {
        return Html::default();
    }
    html! {
        <div class="compare-table">
            <DataTable columns={Rc::new(columns)} rows={Rc::new(rows)} export_name="compare-channels"
                caption={ui.t("Channels side by side", "Каналы рядом")} />
            <p class="hint">{ ui.t(
                "Change over N days: the last day's subscribers against those N days earlier. ERR: average views of the posts listed / subscribers × 100%.",
                "Изменение за N дней: подписчики последнего дня против подписчиков N дней назад. ERR: средние просмотры указанных постов / подписчики × 100%.",
            ) }</p>
        </div>
    }
}
