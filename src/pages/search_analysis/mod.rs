//! Search analysis: a post search paged to the API's offset limit (pages of 50 up to offset
//! 1,000, so at most 21 requests and 1,050 posts), then what the whole result says: the top posts
//! by views, ER and ERR, when they are posted (weekday × hour in a chosen zone, with the average
//! views of each cell), the channels that carried the most posts and reach, the media mix, and
//! every post collected as CSV or JSON. The first page runs alone: its `total_count` tells how
//! many more are needed, so no page past the end is asked for.

mod tables;

use std::rc::Rc;

use serde::{Deserialize, Serialize};
use yew::prelude::*;

use crate::api::limits::POST_SEARCH_OFFSET_MAX;
use crate::api::model::PostSearchResponse;
use crate::api::ops::PostSearch;
use crate::api::Operation;
use crate::components::figure::{figure_html, figures_export, rate_html};
use crate::components::page_header;
use crate::components::ExportButtons;
use crate::figures::heatmap::Heatmap;
use crate::figures::search_analysis::{pages_for, Collected, SearchFigures, PAGE};
use crate::format::{fill, local_date_time};
use crate::pages::form::{
    is_false, use_analysis_form, AddressQuery, Advanced, AnalysisParams, DraftForm, Field,
    PeriodQuery, Problems,
};
use crate::pages::text_search::{
    filter_fields, filters_set, matching_fields, post_search_of, query_fields, PostFilters,
    PostSearchParams, TextQuery, TextSearch,
};
use crate::request::{Job, Plan, Unit};
use crate::route::Route;
use crate::ui::{use_ui, Ui, Zone};
use crate::view::post_file::collected_table;

use tables::{channels_table, heat_table, media_table, top_lists};

#[derive(Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
struct Params {
    #[serde(skip_serializing_if = "String::is_empty")]
    q: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    peer_type: String,
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
    /// The zone of the heatmap; blank for the interface's.
    #[serde(skip_serializing_if = "String::is_empty")]
    tz: String,
}

impl Params {
    /// The first page's request; the others differ only in their offset.
    fn request(&self, ui: &Ui) -> Result<PostSearch, Problems> {
        let mut op = post_search_of(self, ui);
        op.limit = Some(PAGE);
        // Channels give the names and the subscribers behind ERR.
        op.extended = true;
        op.validate()
            .map_err(|invalid| Problems::of(ui, &invalid))?;
        Ok(op)
    }

    fn zone(&self, ui: &Ui) -> Option<Zone> {
        if self.tz.trim().is_empty() {
            Some(ui.zone.clone())
        } else {
            Zone::from_name(&self.tz)
        }
    }
}

impl AddressQuery for Params {}

impl AnalysisParams for Params {
    /// A page of the search's posts.
    type Answer = Rc<PostSearchResponse>;

    fn to_plan(&self, ui: &Ui, key: String) -> Result<Plan<Self::Answer>, Problems> {
        let first = self.request(ui)?;
        if self.zone(ui).is_none() {
            return Err(Problems::one(
                "tz",
                ui.t(
                    "This browser does not know that time zone.",
                    "Браузер не знает такой часовой пояс.",
                ),
            ));
        }
        let units = (0..=POST_SEARCH_OFFSET_MAX)
            .step_by(PAGE as usize)
            .map(|offset| {
                let mut op = first.clone();
                op.offset = (offset > 0).then_some(offset);
                Unit::call(op)
            })
            .collect();
        Ok(Plan::new(key, units)
            .refined_by(|first: &Rc<PostSearchResponse>| pages_for(first.total_count).len()))
    }
}

impl PostSearchParams for Params {
    fn post_filters(&mut self) -> PostFilters<'_> {
        PostFilters {
            country: &mut self.country,
            language: &mut self.language,
            category: &mut self.category,
            hide_forwards: &mut self.hide_forwards,
            hide_deleted: &mut self.hide_deleted,
        }
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

#[function_component(SearchAnalysisPage)]
pub fn search_analysis_page() -> Html {
    let ui = use_ui();
    let form = use_analysis_form::<Params>(Route::SearchAnalysis);
    let draft = (*form.draft).clone();
    let advanced_open = filters_set(&draft);
    let zone = form.params.zone(&ui);
    html! {
        <section class="page search-analysis-page">
            { page_header(&ui, Route::SearchAnalysis) }
            <form class="query-form" onsubmit={form.onsubmit.clone()} novalidate=true>
                { query_fields(&form, &ui, "sa", ui.t("Text to search (q)", "Что искать (q)"),
                    ui.t("Any time", "За всё время").into()) }
                <Field id="sa-tz" label={ui.t("Time zone of the heatmap", "Часовой пояс тепловой карты")}
                    value={draft.tz.clone()} placeholder={ui.zone.name().to_owned()}
                    hint={ui.t("Empty: the interface's zone. Otherwise a name such as Europe/Moscow or UTC.",
                        "Пусто — пояс интерфейса. Иначе имя, например Europe/Moscow или UTC.")}
                    oninput={form.edit(|p: &mut Params, v| p.tz = v)} error={form.error("tz")} />
                <Advanced open={advanced_open}>
                    { filter_fields(&form, &ui, "sa") }
                    { matching_fields(&form, &ui, "sa") }
                </Advanced>
                <div class="actions">
                    <button type="submit">{ ui.t("Analyse the whole result", "Анализировать весь результат") }</button>
                </div>
            </form>
            { form.status(
                ui.t("Enter text to collect every post a search finds (up to 1,050) and see what they have in common.",
                    "Введите текст, чтобы собрать все найденные посты (до 1050) и увидеть, что у них общего."),
                ui.t("pages of 50 posts; the first tells how many are needed",
                    "страницы по 50 постов; первая говорит, сколько нужно").into(),
            ) }
            if let (Some(job), Some(zone)) = (&form.job, zone) {
                <div class={form.results_class("analysis-results")}>
                    <Analysis job={job.clone()} {zone} />
                </div>
            }
        </section>
    }
}

#[derive(Properties, PartialEq)]
struct AnalysisProps {
    job: Job<Rc<PostSearchResponse>>,
    zone: Zone,
}

#[function_component(Analysis)]
fn analysis(props: &AnalysisProps) -> Html {
    let ui = use_ui();
    let done = props.job.progress().done;
    // Collecting copies every post: done once per answer that came in, not once per render.
    let collected = use_memo((props.job.clone(), done), |(job, _)| {
        let mut collected = Collected::default();
        for page in job.results().into_iter().flatten() {
            collected.add_page(&page);
        }
        collected
    });
    let heatmap = use_memo((collected.clone(), props.zone.clone()), |(c, zone)| {
        Heatmap::of(c.posts(), |secs| zone.offset_at(secs))
    });
    if collected.pages() == 0 {
        return Html::default();
    }
    let figures = SearchFigures::of(&collected);
    let export = {
        let (collected, zone) = (collected.clone(), props.zone.clone());
        Callback::from(move |()| {
            collected_table(&collected, |secs| {
                local_date_time(secs, &zone.offset_at(secs)).ok()
            })
        })
    };
    html! {
        <>
            <p class="summary analysis-summary">
                { fill(if collected.pages() == 1 {
                    ui.t("{n} posts collected of {total} found, from 1 page.",
                        "Собрано постов: {n} из {total} найденных, страниц: 1.")
                } else {
                    ui.t("{n} posts collected of {total} found, from {pages} pages.",
                        "Собрано постов: {n} из {total} найденных, страниц: {pages}.")
                },
                    &[("n", ui.count(collected.posts().len() as i64)),
                      ("total", ui.count(i64::try_from(collected.total_count()).unwrap_or(i64::MAX))),
                      ("pages", collected.pages().to_string())]) }
            </p>
            <dl class="analysis-figures">
                <div><dt>{ ui.t("Average reach", "Средний охват") }</dt>
                    <dd>{ figure_html(&ui, figures.posts.average_reach, |v| ui.count(v.round() as i64)) }</dd></div>
                <div><dt>{ ui.t("Median reach", "Медианный охват") }</dt>
                    <dd>{ figure_html(&ui, figures.posts.median_reach, |v| ui.count(v.round() as i64)) }</dd></div>
                <div><dt>{ ui.t("Average ER", "Средний ER") }</dt>
                    <dd>{ rate_html(&ui, figures.posts.average_er) }</dd></div>
            </dl>
            <div class="analysis-exports">
                <ExportButtons name="search-analysis-posts" table={export}
                    label={ui.t("Every post collected:", "Все собранные посты:")} />
                { figures_export(&ui, "search-analysis-figures".into(), figures.named()) }
            </div>
            { top_lists(&ui, &collected) }
            { heat_table(&ui, &heatmap) }
            { channels_table(&ui, &collected) }
            { media_table(&ui, collected.posts()) }
        </>
    }
}
