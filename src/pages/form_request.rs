//! The page pattern shared by every page: the submitted form lives in the URL; the draft follows
//! it on navigation; a submit validates first (nothing invalid is sent, and the inputs are kept)
//! and then pushes the params, which runs the request.

use std::rc::Rc;

use serde::de::DeserializeOwned;
use serde::Serialize;
use yew::prelude::*;

use crate::api::{Invalid, Operation};
use crate::app::Route;
use crate::components::status::{ErrorBanner, Loading};
use crate::pages::form::{field_error, use_url_state};
use crate::request::{use_task, Task};
use crate::ui::{use_ui, Ui};

/// The submitted form of a page as kept in the URL, and the request it stands for.
pub trait PageParams: Serialize + DeserializeOwned + Default + Clone + PartialEq + 'static {
    type Op: Operation + 'static;

    /// The request, checked against every documented rule.
    fn to_request(&self, ui: &Ui) -> Result<Self::Op, Invalid>;

    /// The params a press of the form's submit button sends: a new search starts on its first
    /// page.
    fn for_new_search(self) -> Self {
        self
    }
}

pub type Response<P> = <<P as PageParams>::Op as Operation>::Response;

/// What a page needs to run its form: the draft being edited, the problems of the last attempt,
/// the request's state and the handlers for the buttons.
pub struct FormRequest<P: PageParams> {
    /// The params in the address: what the results on screen answer.
    pub params: P,
    /// Whether the address carries a query, i.e. something was asked.
    pub submitted: bool,
    pub draft: UseStateHandle<P>,
    pub invalid: Option<Rc<Invalid>>,
    pub task: Task<Rc<Response<P>>>,
    pub onsubmit: Callback<SubmitEvent>,
    pub retry: Callback<()>,
    pub cancel: Callback<()>,
    /// Shows other params (e.g. another page of the results) as a new history entry.
    pub navigate: Callback<P>,
}

fn start<O: Operation + 'static>(task: &Task<Rc<O::Response>>, op: O) {
    task.run(move |api| async move { api.send(&op).await });
}

/// The page pattern: the submitted form lives in the URL; the draft follows it on navigation;
/// a submit validates first (nothing invalid is sent, and the inputs are kept) and then pushes
/// the params, which runs the request.
#[hook]
pub fn use_form_request<P: PageParams>(route: Route) -> FormRequest<P> {
    let ui = use_ui();
    let url = use_url_state::<P>(route);
    let draft = use_state(|| url.params.clone());
    let invalid = use_state(|| None::<Rc<Invalid>>);
    let task = use_task::<Rc<Response<P>>>();
    {
        let (draft, invalid, task, ui) = (draft.clone(), invalid.clone(), task.clone(), ui.clone());
        use_effect_with(
            (url.params.clone(), url.submitted),
            move |(params, submitted)| {
                draft.set(params.clone());
                invalid.set(None);
                if *submitted {
                    // A hand-edited or outdated link can be invalid: say so rather than send it.
                    match params.to_request(&ui) {
                        Ok(op) => start(&task, op),
                        Err(problems) => invalid.set(Some(Rc::new(problems))),
                    }
                } else if task.state().data.is_some() || task.state().error.is_some() {
                    // Back at the bare page: the old answer no longer matches the address.
                    task.reset();
                }
            },
        );
    }
    let onsubmit = {
        let (draft, invalid, task, ui) = (draft.clone(), invalid.clone(), task.clone(), ui.clone());
        let (current, submit) = (url.params.clone(), url.submit.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let next = (*draft).clone().for_new_search();
            match next.to_request(&ui) {
                Err(problems) => invalid.set(Some(Rc::new(problems))),
                Ok(op) => {
                    invalid.set(None);
                    // The same search again adds no history entry; it asks once more (the
                    // cache answers if the last answer is fresh).
                    if next == current {
                        start(&task, op);
                    } else {
                        submit.emit(next);
                    }
                }
            }
        })
    };
    let retry = {
        let (task, ui, params) = (task.clone(), ui.clone(), url.params.clone());
        Callback::from(move |()| {
            if let Ok(op) = params.to_request(&ui) {
                start(&task, op);
            }
        })
    };
    let cancel = {
        let task = task.clone();
        Callback::from(move |()| task.cancel())
    };
    FormRequest {
        params: url.params,
        submitted: url.submitted,
        draft,
        invalid: (*invalid).clone(),
        task,
        onsubmit,
        retry,
        cancel,
        navigate: url.submit,
    }
}

impl<P: PageParams> FormRequest<P> {
    /// A callback that edits one part of the draft.
    pub fn edit<V: 'static>(&self, apply: impl Fn(&mut P, V) + 'static) -> Callback<V> {
        let draft = self.draft.clone();
        Callback::from(move |value: V| {
            let mut next = (*draft).clone();
            apply(&mut next, value);
            draft.set(next);
        })
    }

    /// The problem with `param` of the last attempt, worded for the interface.
    pub fn error(&self, ui: &Ui, param: &str) -> Option<String> {
        field_error(ui, self.invalid.as_deref(), param)
    }

    /// Loading, error, or nothing asked yet: everything but the results themselves, which stay
    /// on screen (dimmed by `busy`) while a newer request runs.
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
