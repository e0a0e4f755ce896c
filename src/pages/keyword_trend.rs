//! Keyword trend: how many posts mention each of up to three keywords per day or week of a
//! period, drawn as lines and listed as a table, with the change from the period's first half to
//! its second.
//!
//! Each count is the `total_count` of a post search for one keyword in one window, asked with
//! `limit=1`: one small answer per window, on every plan, counting exactly what the post-search
//! page finds (see [`crate::figures::trend`]).

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use yew::prelude::*;

use crate::api::model::PostSearchResponse;
use crate::api::ops::PostSearch;
use crate::api::{Operation, PeerType};
use crate::components::page_header;
use crate::components::{Column, DataTable, LineChart, Row, TableCell};
use crate::export::Cell;
use crate::figures::points::{Point, Series};
use crate::figures::trend::{summarize, windows, Step, Window, MAX_WINDOWS};
use crate::format::{date_label, fill, format_percent, iso_date};
use crate::pages::form::{
    is_false, peer_type_options, peer_type_or, use_analysis_form, AddressQuery, AnalysisParams,
    Check, DraftForm, Field, PeriodFields, PeriodQuery, Problems, Select,
};
use crate::request::{Job, Plan, Unit};
use crate::route::{route_href, Route, RouteLink, SearchQuery};
use crate::ui::{use_ui, Ui};
use crate::view::sort::SortKey;

/// Presets of the period, in days: 4, 13 and 26 weeks, so that weeks fill the period.
const PRESETS: &[u32] = &[28, 91, 182];
/// The period when none is chosen: the last 4 weeks.
const DEFAULT_DAYS: u32 = 28;

#[derive(Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct Params {
    #[serde(skip_serializing_if = "String::is_empty")]
    q1: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    q2: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    q3: String,
    /// `day`; weeks when blank.
    #[serde(skip_serializing_if = "String::is_empty")]
    step: String,
    #[serde(flatten)]
    period: PeriodQuery,
    #[serde(skip_serializing_if = "String::is_empty")]
    peer_type: String,
    #[serde(skip_serializing_if = "is_false")]
    strong_search: bool,
}

impl Params {
    fn step(&self) -> Step {
        if self.step == "day" {
            Step::Day
        } else {
            Step::Week
        }
    }

    /// The keywords typed, blank ones left out.
    fn keywords(&self) -> Vec<String> {
        [&self.q1, &self.q2, &self.q3]
            .into_iter()
            .map(|q| q.trim().to_owned())
            .filter(|q| !q.is_empty())
            .collect()
    }

    /// The windows of the period in the interface's zone: the days they cover and the
    /// `startDate`/`endDate` of each.
    fn windows(&self, ui: &Ui) -> Result<Vec<(Window, i64, i64)>, Problems> {
        let today = ui.today();
        let bounds = self.period.bounds(ui, PRESETS);
        let first = match (bounds.start, self.period.is_custom()) {
            (Some(start), _) => ui.date_of(start.timestamp()),
            (None, true) => None,
            (None, false) => today.checked_sub_days(chrono::Days::new(u64::from(DEFAULT_DAYS - 1))),
        };
        let last = bounds
            .end
            .and_then(|end| ui.date_of(end.timestamp()))
            .unwrap_or(today);
        let Some(first) = first else {
            return Err(Problems::one(
                "startDate",
                ui.t(
                    "Choose the first day of the period.",
                    "Выберите первый день периода.",
                ),
            ));
        };
        if first > last {
            return Err(Problems::one(
                "startDate",
                ui.t(
                    "The period ends before it starts.",
                    "Период заканчивается раньше, чем начинается.",
                ),
            ));
        }
        let cut = windows(first, last, self.step()).map_err(|too_many| {
            Problems::one(
                "startDate",
                fill(
                    ui.t(
                        "{n} windows is too many: at most {max}. Choose weeks or a shorter period.",
                        "{n} окон — слишком много: не больше {max}. Выберите недели или период короче.",
                    ),
                    &[
                        ("n", too_many.windows.to_string()),
                        ("max", MAX_WINDOWS.to_string()),
                    ],
                ),
            )
        })?;
        Ok(cut
            .into_iter()
            .filter_map(|w| {
                let (start, end) = ui.day_range(w.first, w.last)?;
                Some((w, start, end))
            })
            .collect())
    }
}

impl AddressQuery for Params {}

impl AnalysisParams for Params {
    /// A search's first page: its total is the window's count.
    type Answer = Rc<PostSearchResponse>;

    fn to_plan(&self, ui: &Ui, key: String) -> Result<Plan<Self::Answer>, Problems> {
        let keywords = self.keywords();
        if keywords.is_empty() {
            return Err(Problems::one(
                "q1",
                ui.t("Enter at least one keyword.", "Введите хотя бы одно слово."),
            ));
        }
        let windows = self.windows(ui)?;
        let mut units = Vec::with_capacity(keywords.len() * windows.len());
        for q in &keywords {
            for (_, start, end) in &windows {
                let mut op = PostSearch::new(q.clone());
                op.limit = Some(1);
                op.peer_type = peer_type_or(&self.peer_type, PeerType::All);
                op.strong_search = self.strong_search;
                op.start_date = chrono::DateTime::from_timestamp(*start, 0);
                op.end_date = chrono::DateTime::from_timestamp(*end, 0);
                op.validate()
                    .map_err(|invalid| Problems::of(ui, &invalid))?;
                units.push(Unit::call(op));
            }
        }
        Ok(Plan::new(key, units))
    }
}

#[function_component(KeywordTrendPage)]
pub fn keyword_trend_page() -> Html {
    let ui = use_ui();
    let form = use_analysis_form::<Params>(Route::KeywordTrend);
    let draft = (*form.draft).clone();
    let steps = vec![
        ("".into(), ui.t("Week", "Неделя").into()),
        ("day".into(), ui.t("Day", "День").into()),
    ];
    let keyword_field = |n: usize, value: &str, edit: fn(&mut Params, String)| {
        html! {
            <Field id={format!("kt-q{n}")} label={fill(ui.t("Keyword {n}", "Слово {n}"), &[("n", n.to_string())])}
                value={value.to_owned()} required={n == 1}
                oninput={form.edit(move |p: &mut Params, v| edit(p, v))}
                error={form.error(&format!("q{n}"))} />
        }
    };
    let windows = form.params.windows(&ui).unwrap_or_default();
    html! {
        <section class="page keyword-trend-page">
            { page_header(&ui, Route::KeywordTrend) }
            <form class="query-form" onsubmit={form.onsubmit.clone()} novalidate=true>
                { keyword_field(1, &draft.q1, |p, v| p.q1 = v) }
                { keyword_field(2, &draft.q2, |p, v| p.q2 = v) }
                { keyword_field(3, &draft.q3, |p, v| p.q3 = v) }
                <Select id="kt-step" label={ui.t("Count per", "Считать за")}
                    value={draft.step.clone()} options={steps}
                    onchange={form.edit(|p: &mut Params, v| p.step = v)} />
                <PeriodFields id="kt" value={draft.period.clone()}
                    default_label={ui.t("Last 4 weeks", "Последние 4 недели")} presets={PRESETS}
                    onchange={form.edit(|p: &mut Params, v| p.period = v)}
                    error={form.error("startDate")} />
                <Select id="kt-peer-type" label={ui.t("Source (peerType)", "Источник (peerType)")}
                    value={peer_type_or(&draft.peer_type, PeerType::All).as_str()}
                    options={peer_type_options(&ui)}
                    onchange={form.edit(|p: &mut Params, v| p.peer_type = v)} />
                <Check id="kt-strong-search"
                    label={ui.t("Strict search (strongSearch)", "Строгий поиск (strongSearch)")}
                    checked={draft.strong_search}
                    onchange={form.edit(|p: &mut Params, v| p.strong_search = v)} />
                <div class="actions">
                    <button type="submit">{ ui.t("Show the trend", "Показать динамику") }</button>
                </div>
                <p class="hint wide">{ ui.t(
                    "One post search per keyword and window (limit 1): its total is the number of posts that mention the keyword then.",
                    "Один поиск постов на слово и окно (limit 1): его итог — число постов с этим словом за окно.",
                ) }</p>
            </form>
            { form.status(
                ui.t("Enter up to three keywords to see how often posts mention them.",
                    "Введите до трёх слов, чтобы увидеть, как часто посты их упоминают."),
                ui.t("one post search per keyword and window", "поиск постов на слово и окно").into(),
            ) }
            if let Some(job) = &form.job {
                <div class={form.results_class("trend-results")}>
                    <TrendResults job={job.clone()} keywords={Rc::new(form.params.keywords())}
                        windows={Rc::new(windows.into_iter().map(|(w, _, _)| w).collect::<Vec<_>>())} />
                </div>
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct TrendResultsProps {
    job: Job<Rc<PostSearchResponse>>,
    keywords: Rc<Vec<String>>,
    windows: Rc<Vec<Window>>,
}

/// Each keyword's total and halves, once every window is in.
fn halves(ui: &Ui, keywords: &[String], counts: &[Vec<Option<u64>>]) -> Html {
    let columns = Rc::new(vec![
        Column::text("keyword", ui.t("Keyword", "Слово")),
        Column::numeric("total", ui.t("Total", "Всего")),
        Column::numeric("first-half", ui.t("First half", "Первая половина")),
        Column::numeric("second-half", ui.t("Second half", "Вторая половина")),
        Column::numeric("change", ui.t("Change, %", "Изменение, %")),
    ]);
    let count = |n: u64| TableCell::count(ui, i64::try_from(n).unwrap_or(i64::MAX));
    let rows: Vec<Row> = keywords
        .iter()
        .zip(counts)
        .map(|(q, c)| {
            let s = summarize(&c.iter().map(|n| n.unwrap_or(0)).collect::<Vec<_>>());
            let search = route_href(Route::PostSearch, &SearchQuery { q: q.clone() });
            vec![
                TableCell::new(
                    html! { <RouteLink href={search}>{ q.clone() }</RouteLink> },
                    SortKey::Text(q.to_lowercase()),
                    Cell::Text(q.clone()),
                ),
                count(s.total),
                count(s.first_half),
                count(s.second_half),
                TableCell::figure(ui, s.change, |v| format_percent(v, ui.locale)),
            ]
        })
        .collect();
    html! {
        <div class="trend-summary">
            <DataTable columns={columns} rows={Rc::new(rows)} export_name="keyword-trend-halves"
                caption={ui.t("First half of the period against the second", "Первая половина периода против второй")} />
            <p class="hint">{ ui.t(
                "Change: (second half − first half) / first half × 100%. With an odd number of windows the middle one counts in the total only.",
                "Изменение: (вторая половина − первая) / первая × 100%. При нечётном числе окон среднее входит только в итог.",
            ) }</p>
        </div>
    }
}

/// The counts so far: a line per keyword, a row per window, and each keyword's halves.
#[function_component(TrendResults)]
fn trend_results(props: &TrendResultsProps) -> Html {
    let ui = use_ui();
    let answers = props.job.results();
    let per_window = props.windows.len();
    if per_window == 0 || answers.iter().all(Option::is_none) {
        return Html::default();
    }
    // counts[k][w]: None until that window's answer is in.
    let counts: Vec<Vec<Option<u64>>> = props
        .keywords
        .iter()
        .enumerate()
        .map(|(k, _)| {
            (0..per_window)
                .map(|w| {
                    answers
                        .get(k * per_window + w)
                        .cloned()
                        .flatten()
                        .map(|a| a.total_count)
                })
                .collect()
        })
        .collect();
    let label = |w: &Window| {
        let day = |d| date_label(d, ui.locale);
        if w.first == w.last {
            day(w.first)
        } else {
            format!("{} – {}", day(w.first), day(w.last))
        }
    };
    let series: Vec<Series> = props
        .keywords
        .iter()
        .zip(&counts)
        .map(|(q, row)| Series {
            name: q.clone(),
            points: props
                .windows
                .iter()
                .zip(row)
                .filter_map(|(w, n)| {
                    Some(Point {
                        x: w.first.and_hms_opt(0, 0, 0)?.and_utc().timestamp() as f64,
                        y: (*n)? as f64,
                        label: label(w),
                    })
                })
                .collect(),
        })
        .collect();
    let mut columns = vec![Column::text("window", ui.t("Window", "Окно"))];
    columns.extend(
        props
            .keywords
            .iter()
            .enumerate()
            .map(|(k, q)| Column::numeric(format!("q{}", k + 1), q.clone())),
    );
    let rows: Vec<Row> = props
        .windows
        .iter()
        .enumerate()
        .map(|(w, window)| {
            let mut row = vec![TableCell::new(
                html! { { label(window) } },
                SortKey::Number(w as f64),
                Cell::Text(format!(
                    "{}/{}",
                    iso_date(window.first),
                    iso_date(window.last)
                )),
            )];
            row.extend(counts.iter().map(|c| {
                c[w].map_or_else(TableCell::missing, |n| {
                    TableCell::count(&ui, i64::try_from(n).unwrap_or(i64::MAX))
                })
            }));
            row
        })
        .collect();
    let complete = counts.iter().all(|c| c.iter().all(Option::is_some));
    let x_format = {
        let locale = ui.locale;
        Callback::from(move |x: f64| {
            chrono::DateTime::from_timestamp(x as i64, 0)
                .map(|at| {
                    crate::format::axis_label(crate::api::PeriodGroup::Day, at.naive_utc(), locale)
                })
                .unwrap_or_default()
        })
    };
    html! {
        <>
            <div class="trend-chart">
                <LineChart series={Rc::new(series)} y_title={ui.t("Posts", "Посты")} {x_format} />
            </div>
            if complete {
                { halves(&ui, &props.keywords, &counts) }
            }
            <DataTable columns={Rc::new(columns)} rows={Rc::new(rows)} export_name="keyword-trend"
                caption={ui.t("Posts per window", "Посты по окнам")} />
        </>
    }
}
