//! `use_task`: one async job at a time per component. A newer job aborts the older one, a
//! cancelled or superseded job can never overwrite a newer result, and unmounting aborts.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::rc::Rc;

use web_sys::AbortController;
use yew::prelude::*;

use super::client::CachedClient;
use crate::api::{ClientConfig, Error};

/// The state of a component's job.
#[derive(Debug)]
pub struct TaskState<T> {
    /// The latest result; kept while a newer job runs, so the page does not blank out.
    pub data: Option<Rc<T>>,
    pub error: Option<Rc<Error>>,
    pub loading: bool,
}

impl<T> Clone for TaskState<T> {
    fn clone(&self) -> Self {
        TaskState {
            data: self.data.clone(),
            error: self.error.clone(),
            loading: self.loading,
        }
    }
}

impl<T> Default for TaskState<T> {
    fn default() -> Self {
        TaskState {
            data: None,
            error: None,
            loading: false,
        }
    }
}

impl<T> TaskState<T> {
    /// The same result and error (the very values, not equal ones) and the same loading flag.
    fn same_as(&self, other: &Self) -> bool {
        let same_data = match (&self.data, &other.data) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        let same_error = match (&self.error, &other.error) {
            (Some(a), Some(b)) => Rc::ptr_eq(a, b),
            (None, None) => true,
            _ => false,
        };
        same_data && same_error && self.loading == other.loading
    }
}

/// One job at a time for a component, whose jobs return `T`; see [`use_task`].
pub struct Task<T: 'static> {
    state: UseStateHandle<TaskState<T>>,
    generation: Rc<Cell<u64>>,
    controller: Rc<RefCell<Option<AbortController>>>,
    config: ClientConfig,
}

impl<T: 'static> Clone for Task<T> {
    fn clone(&self) -> Self {
        Task {
            state: self.state.clone(),
            generation: self.generation.clone(),
            controller: self.controller.clone(),
            config: self.config.clone(),
        }
    }
}

impl<T: 'static> PartialEq for Task<T> {
    fn eq(&self, other: &Self) -> bool {
        self.state.same_as(&other.state) && self.config == other.config
    }
}

impl<T: 'static> Task<T> {
    /// The latest result, error and whether a job runs (cheap: the values are shared).
    pub fn state(&self) -> TaskState<T> {
        (*self.state).clone()
    }

    /// Starts `job`, aborting the one still running. Only the newest job's outcome is kept.
    pub fn run<F, Fut>(&self, job: F)
    where
        F: FnOnce(CachedClient) -> Fut,
        Fut: Future<Output = Result<T, Error>> + 'static,
    {
        let Some((client, generation)) = self.begin() else {
            return;
        };
        let job = job(client);
        let state = self.state.clone();
        let current = self.generation.clone();
        let data = self.state.data.clone();
        let slot = self.controller.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let outcome = job.await;
            if current.get() != generation {
                return;
            }
            // Done: nothing is left to abort.
            slot.take();
            state.set(match outcome {
                Ok(value) => TaskState {
                    data: Some(Rc::new(value)),
                    error: None,
                    loading: false,
                },
                Err(error) => TaskState {
                    data,
                    error: Some(Rc::new(error)),
                    loading: false,
                },
            });
        });
    }

    /// Aborts the running job and marks a new one as loading: its client and its generation, or
    /// `None` (with the error shown) when the browser cannot abort requests.
    fn begin(&self) -> Option<(CachedClient, u64)> {
        let Ok(controller) = AbortController::new() else {
            self.state.set(TaskState {
                data: self.state.data.clone(),
                error: Some(Rc::new(Error::Network(
                    "the browser cannot run requests".into(),
                ))),
                loading: false,
            });
            return None;
        };
        if let Some(previous) = self.controller.replace(Some(controller.clone())) {
            previous.abort();
        }
        let generation = self.generation.get() + 1;
        self.generation.set(generation);
        self.state.set(TaskState {
            data: self.state.data.clone(),
            error: None,
            loading: true,
        });
        Some((
            CachedClient::new(self.config.clone(), controller.signal()),
            generation,
        ))
    }

    /// Stops the running job; the previous result stays, with [`Error::Aborted`] as the error so
    /// the page can say that it was cancelled and offer to run it again.
    pub fn cancel(&self) {
        let running = self.controller.take();
        self.generation.set(self.generation.get() + 1);
        if let Some(controller) = &running {
            controller.abort();
        }
        self.state.set(TaskState {
            data: self.state.data.clone(),
            error: running.map(|_| Rc::new(Error::Aborted)),
            loading: false,
        });
    }

    /// Stops the running job and forgets the result and any error (e.g. when the address no
    /// longer holds a query).
    pub fn reset(&self) {
        if let Some(controller) = self.controller.take() {
            controller.abort();
        }
        self.generation.set(self.generation.get() + 1);
        self.state.set(TaskState::default());
    }
}

/// The client settings in force: base URL and token from the console's settings.
#[derive(Clone, Debug, PartialEq)]
pub struct ApiConfig(pub ClientConfig);

/// A job slot for this component, using the nearest [`ApiConfig`] (or the defaults: `/api`, no
/// token). Unmounting the component aborts its job.
#[hook]
pub fn use_task<T: 'static>() -> Task<T> {
    let config = use_context::<ApiConfig>().map(|c| c.0).unwrap_or_default();
    let state = use_state(TaskState::<T>::default);
    let generation = use_memo((), |_| Cell::new(0u64));
    let controller = use_memo((), |_| RefCell::new(None::<AbortController>));
    {
        let generation = generation.clone();
        let controller = controller.clone();
        use_effect_with((), move |_| {
            move || {
                generation.set(generation.get() + 1);
                if let Some(controller) = controller.take() {
                    controller.abort();
                }
            }
        });
    }
    Task {
        state,
        generation,
        controller,
        config,
    }
}
