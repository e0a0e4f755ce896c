//! The form of every page: the submitted form lives in the URL; the draft follows it on
//! navigation; a submit checks first (nothing invalid is sent and every input is kept) and then
//! pushes the params, which runs the page's job of one or more API calls.

use std::future::Future;
use std::rc::Rc;

use yew::prelude::*;

use super::url_state::{use_url_state, AddressQuery};
use crate::api::ids::IdError;
use crate::api::{Error, Invalid, Problem, Rule};
use crate::components::status::{problem_text, ErrorBanner, Loading};
use crate::request::{use_task, CachedClient, Task};
use crate::route::Route;
use crate::ui::{use_ui, Ui};

/// Problems of a submitted form, worded for the interface, each tied to the field (by key) that
/// has to change: an API parameter name, or a key of the page's own such as `channelId.2`.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Problems(Vec<(String, String)>);

impl Problems {
    /// One problem of the field `key`.
    pub fn one(key: impl Into<String>, text: impl Into<String>) -> Self {
        Problems(vec![(key.into(), text.into())])
    }

    /// The problems of a checked request, under the API's parameter names.
    pub fn of(ui: &Ui, invalid: &Invalid) -> Self {
        Problems(
            invalid
                .problems
                .iter()
                .map(|p| (p.param.to_owned(), problem_text(ui, p)))
                .collect(),
        )
    }

    /// A problem with an identifier, under `key`.
    pub fn bad_id(ui: &Ui, key: impl Into<String>, param: &'static str, error: IdError) -> Self {
        let problem = Problem {
            param,
            rule: Rule::BadIdentifier(error),
        };
        Problems::one(key, problem_text(ui, &problem))
    }

    pub fn push(&mut self, other: Problems) {
        self.0.extend(other.0);
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The first problem of the field `key`.
    pub fn get(&self, key: &str) -> Option<String> {
        self.0
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, t)| t.clone())
    }
}

/// The submitted form of a page as kept in the URL, and the job it stands for.
pub trait PageParams: AddressQuery {
    /// Everything the job needs, checked against every documented rule.
    type Request: 'static;
    type Output: 'static;

    fn to_request(&self, ui: &Ui) -> Result<Self::Request, Problems>;

    /// The form as a press of its submit button puts it into the address: tidied (blank rows
    /// dropped, lists joined) and, for a paged search, back at its first page.
    fn for_submit(self) -> Self {
        self
    }

    /// The job: one or more calls of the API.
    fn fetch(
        api: CachedClient,
        request: Self::Request,
    ) -> impl Future<Output = Result<Self::Output, Error>> + 'static;
}

/// The draft being edited, the problems of the last attempt, the job's state and the handlers of
/// the form's buttons.
pub struct PageForm<P: PageParams> {
    /// The params in the address: what the results on screen answer.
    pub params: P,
    /// Whether the address carries a query, i.e. something was asked.
    pub submitted: bool,
    pub draft: UseStateHandle<P>,
    pub problems: Rc<Option<Problems>>,
    pub task: Task<P::Output>,
    pub onsubmit: Callback<SubmitEvent>,
    pub retry: Callback<()>,
    pub cancel: Callback<()>,
    /// Shows other params (e.g. another page of the results) as a new history entry.
    pub navigate: Callback<P>,
}

#[hook]
pub fn use_page_form<P: PageParams>(route: Route) -> PageForm<P> {
    let ui = use_ui();
    let url = use_url_state::<P>(route);
    let draft = use_state(|| url.params.clone());
    let failed = use_state(|| None::<P>);
    // Kept as the form that failed rather than as text, so that the problems follow a change of
    // the interface's language.
    let problems = use_memo(((*failed).clone(), ui.clone()), |(failed, ui)| {
        failed.as_ref().and_then(|p| p.to_request(ui).err())
    });
    let task = use_task::<P::Output>();
    // The form a submit has already started: its request goes out with the click, not after the
    // new address has been drawn, and the address's change then starts nothing more.
    let started = use_mut_ref(|| None::<P>);
    {
        let (draft, failed, task, ui) = (draft.clone(), failed.clone(), task.clone(), ui.clone());
        let started = started.clone();
        use_effect_with(
            (url.params.clone(), url.submitted),
            move |(params, submitted)| {
                draft.set(params.clone());
                failed.set(None);
                let already = started.borrow_mut().take().is_some_and(|s| s == *params);
                if already {
                    // Started by the submit that made this address.
                } else if *submitted {
                    // A hand-edited or outdated link can be invalid: say so next to the fields
                    // rather than send it.
                    match params.to_request(&ui) {
                        Ok(request) => task.run(move |api| P::fetch(api, request)),
                        Err(_) => failed.set(Some(params.clone())),
                    }
                } else if task.state().data.is_some() || task.state().error.is_some() {
                    // Back at the bare page: the old answer no longer matches the address.
                    task.reset();
                }
            },
        );
    }
    let onsubmit = {
        let (draft, failed, task, ui) = (draft.clone(), failed.clone(), task.clone(), ui.clone());
        let (current, submit, started) = (url.params.clone(), url.submit.clone(), started.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let next = (*draft).clone().for_submit();
            match next.to_request(&ui) {
                Err(_) => {
                    // Problems keyed by position must match the rows on screen.
                    draft.set(next.clone());
                    failed.set(Some(next));
                }
                Ok(request) => {
                    failed.set(None);
                    // The same form again adds no history entry; it asks once more (the cache
                    // answers if the last answer is fresh).
                    task.run(move |api| P::fetch(api, request));
                    if next != current {
                        *started.borrow_mut() = Some(next.clone());
                        submit.emit(next);
                    }
                }
            }
        })
    };
    let retry = {
        let (task, ui, params) = (task.clone(), ui.clone(), url.params.clone());
        Callback::from(move |()| {
            if let Ok(request) = params.to_request(&ui) {
                task.run(move |api| P::fetch(api, request));
            }
        })
    };
    let cancel = {
        let task = task.clone();
        Callback::from(move |()| task.cancel())
    };
    PageForm {
        params: url.params,
        submitted: url.submitted,
        draft,
        problems,
        task,
        onsubmit,
        retry,
        cancel,
        navigate: url.submit,
    }
}

/// A form being edited, whatever runs it (one job of a page, or an analysis of many requests):
/// what field builders need to show and change the draft.
pub trait DraftForm<P: Clone + 'static> {
    fn draft(&self) -> &UseStateHandle<P>;

    /// The problem of the field `key` in the last attempt.
    fn error(&self, key: &str) -> Option<String>;

    /// A callback that edits one part of the draft.
    fn edit<V: 'static>(&self, apply: impl Fn(&mut P, V) + 'static) -> Callback<V> {
        let draft = self.draft().clone();
        Callback::from(move |value: V| {
            let mut next = (*draft).clone();
            apply(&mut next, value);
            draft.set(next);
        })
    }
}

impl<P: PageParams> DraftForm<P> for PageForm<P> {
    fn draft(&self) -> &UseStateHandle<P> {
        &self.draft
    }

    fn error(&self, key: &str) -> Option<String> {
        self.problems.as_ref().as_ref().and_then(|p| p.get(key))
    }
}

impl<P: PageParams> PageForm<P> {
    /// Loading, error, or nothing asked yet: everything but the results themselves, which stay
    /// on screen (dimmed) while a newer job runs.
    pub fn status(&self, intro: &'static str) -> Html {
        let state = self.task.state();
        html! {
            <>
                if state.loading {
                    <Loading on_cancel={self.cancel.clone()} />
                }
                if let Some(error) = &state.error {
                    <ErrorBanner error={error.clone()} on_retry={self.retry.clone()} />
                }
                if !self.submitted && state.data.is_none() && !state.loading {
                    <p class="muted intro">{ intro }</p>
                }
            </>
        }
    }

    /// Classes of the results container: dimmed while a newer answer is on its way.
    pub fn results_class(&self, extra: &'static str) -> Classes {
        classes!(
            "results",
            extra,
            self.task.state().loading.then_some("stale")
        )
    }
}
