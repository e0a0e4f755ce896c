//! `use_task`: one async job at a time per component. A newer job aborts the older one, a
//! cancelled or superseded job can never overwrite a newer result, and unmounting aborts.

use std::cell::{Cell, RefCell};
use std::future::Future;
use std::rc::Rc;

use web_sys::{AbortController, AbortSignal};
use yew::prelude::*;

use super::client::CachedClient;
use super::spawn;
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
    runs: Runs,
    config: ClientConfig,
}

impl<T: 'static> Clone for Task<T> {
    fn clone(&self) -> Self {
        Task {
            state: self.state.clone(),
            runs: self.runs.clone(),
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
        let Some((signal, generation)) = self.runs.next() else {
            self.state.set(TaskState {
                data: self.state.data.clone(),
                error: Some(Rc::new(Error::Network(
                    "the browser cannot run requests".into(),
                ))),
                loading: false,
            });
            return;
        };
        self.state.set(TaskState {
            data: self.state.data.clone(),
            error: None,
            loading: true,
        });
        let job = job(CachedClient::new(self.config.clone(), signal));
        let state = self.state.clone();
        let runs = self.runs.clone();
        let data = self.state.data.clone();
        spawn(Box::pin(async move {
            let outcome = job.await;
            if !runs.finish(generation) {
                return;
            }
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
        }));
    }

    /// Stops the running job; the previous result stays, with [`Error::Aborted`] as the error so
    /// the page can say that it was cancelled and offer to run it again.
    pub fn cancel(&self) {
        let was_running = self.runs.stop();
        self.state.set(TaskState {
            data: self.state.data.clone(),
            error: was_running.then(|| Rc::new(Error::Aborted)),
            loading: false,
        });
    }

    /// Stops the running job and forgets the result and any error (e.g. when the address no
    /// longer holds a query).
    pub fn reset(&self) {
        self.runs.stop();
        self.state.set(TaskState::default());
    }
}

/// Which of a slot's jobs is the newest, and how to abort the one running: the bookkeeping of a
/// [`Task`] whatever its jobs return, kept apart from the typed state so that it is compiled once
/// rather than once per result type.
#[derive(Clone, Default)]
struct Runs {
    generation: Rc<Cell<u64>>,
    controller: Rc<RefCell<Option<AbortController>>>,
}

impl Runs {
    /// Aborts the running job and numbers a new one: its cancel signal and generation, or `None`
    /// (nothing changed) when the browser cannot abort requests.
    fn next(&self) -> Option<(AbortSignal, u64)> {
        let controller = AbortController::new().ok()?;
        let signal = controller.signal();
        if let Some(previous) = self.controller.replace(Some(controller)) {
            previous.abort();
        }
        let generation = self.generation.get() + 1;
        self.generation.set(generation);
        Some((signal, generation))
    }

    /// Aborts the running job, if any, and makes sure no earlier job's outcome is kept: whether
    /// one was running.
    fn stop(&self) -> bool {
        let running = self.controller.take();
        self.generation.set(self.generation.get() + 1);
        if let Some(controller) = &running {
            controller.abort();
        }
        running.is_some()
    }

    /// Whether the job numbered `generation` is still the newest; if so it is done, and nothing
    /// is left to abort.
    fn finish(&self, generation: u64) -> bool {
        let newest = self.generation.get() == generation;
        if newest {
            self.controller.take();
        }
        newest
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
    let runs = (*use_memo((), |_| Runs::default())).clone();
    {
        let runs = runs.clone();
        use_effect_with((), move |_| {
            move || {
                runs.stop();
            }
        });
    }
    Task {
        state,
        runs,
        config,
    }
}
