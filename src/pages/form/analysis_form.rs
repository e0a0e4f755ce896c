//! The form of an analysis of many requests: kept in the address like every page's, checked
//! before anything is sent, and run as one job ([`crate::request::use_job`]) whose cost is said
//! first and which asks before it starts when that cost is above the user's threshold.

use std::rc::Rc;

use serde::Serialize;
use yew::prelude::*;

use super::page_form::{DraftForm, Problems};
use super::url_state::{use_url_state, AddressQuery};
use crate::components::status::JobPanel;
use crate::request::{use_job, Job, Plan};
use crate::route::{route_href, Route};
use crate::settings::SettingsContext;
use crate::ui::{use_ui, Ui};
use crate::view::job::DEFAULT_CONFIRM_ABOVE;

/// The inputs of an analysis as the address keeps them, and the requests they stand for.
pub trait AnalysisParams: AddressQuery {
    /// What each of the analysis's requests answers.
    type Answer: Clone + 'static;

    /// Every request the analysis makes, checked against every documented rule. `key` names
    /// the inputs as the requests will see them (see [`plan_key`]).
    fn to_plan(&self, ui: &Ui, key: String) -> Result<Plan<Self::Answer>, Problems>;
}

/// The key of an analysis's job: its page and inputs, and today's date in the interface's zone
/// (a period of "the last 28 days" asks for other days tomorrow).
fn plan_key<P: Serialize>(route: Route, params: &P, ui: &Ui) -> String {
    format!(
        "{} {} {}",
        route_href(route, params),
        ui.today(),
        ui.zone.name()
    )
}

pub struct AnalysisForm<P: AnalysisParams> {
    /// The inputs in the address: what the results on screen answer.
    pub params: P,
    pub submitted: bool,
    pub draft: UseStateHandle<P>,
    problems: Rc<Option<Problems>>,
    /// The job of the inputs in the address, when they are complete and valid.
    pub job: Option<Job<P::Answer>>,
    pub onsubmit: Callback<SubmitEvent>,
}

#[hook]
pub fn use_analysis_form<P: AnalysisParams>(route: Route) -> AnalysisForm<P> {
    let ui = use_ui();
    let url = use_url_state::<P>(route);
    let draft = use_state(|| url.params.clone());
    let failed = use_state(|| None::<P>);
    let problems = use_memo(((*failed).clone(), ui.clone()), |(failed, ui)| {
        failed
            .as_ref()
            .and_then(|p| p.to_plan(ui, String::new()).err())
    });
    let confirm_above = use_context::<SettingsContext>()
        .map_or(DEFAULT_CONFIRM_ABOVE, |c| c.settings.confirm_above);
    let plan = url
        .submitted
        .then(|| {
            url.params
                .to_plan(&ui, plan_key(route, &url.params, &ui))
                .ok()
        })
        .flatten();
    let job = use_job(plan, confirm_above);
    {
        let (draft, failed, ui) = (draft.clone(), failed.clone(), ui.clone());
        use_effect_with(
            (url.params.clone(), url.submitted),
            move |(params, submitted)| {
                draft.set(params.clone());
                // A hand-edited link can be invalid: say so next to the fields.
                let invalid = *submitted && params.to_plan(&ui, String::new()).is_err();
                failed.set(invalid.then(|| params.clone()));
            },
        );
    }
    let onsubmit = {
        let (draft, failed, ui, job) = (draft.clone(), failed.clone(), ui.clone(), job.clone());
        let (current, submit) = (url.params.clone(), url.submit.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let next = (*draft).clone();
            if next.to_plan(&ui, String::new()).is_err() {
                failed.set(Some(next));
                return;
            }
            failed.set(None);
            match &job {
                // The same inputs again: go on with what is not answered yet (nothing, when
                // the job is done), unless it waits for a confirmation.
                Some(job) if next == current => {
                    if !job.awaits_confirmation() {
                        job.start();
                    }
                }
                _ => submit.emit(next),
            }
        })
    };
    AnalysisForm {
        params: url.params,
        submitted: url.submitted,
        draft,
        problems,
        job,
        onsubmit,
    }
}

impl<P: AnalysisParams> DraftForm<P> for AnalysisForm<P> {
    fn draft(&self) -> &UseStateHandle<P> {
        &self.draft
    }

    fn error(&self, key: &str) -> Option<String> {
        self.problems.as_ref().as_ref().and_then(|p| p.get(key))
    }
}

impl<P: AnalysisParams> AnalysisForm<P> {
    /// The job's cost, progress and buttons; `intro` before anything is asked. `what` says
    /// what the requests fetch.
    pub fn status(&self, intro: &'static str, what: String) -> Html {
        match &self.job {
            Some(job) => html! { <JobPanel<P::Answer> job={job.clone()} what={what} /> },
            None if !self.submitted => html! { <p class="muted intro">{ intro }</p> },
            None => Html::default(),
        }
    }

    /// Classes of the results. They are not dimmed while the job runs, unlike a page's: what
    /// came in is final and worth reading while the rest comes.
    pub fn results_class(&self, extra: &'static str) -> Classes {
        classes!("results", extra)
    }
}
