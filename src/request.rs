//! Requests from components: a short-lived response cache shared by the whole page, one request
//! in flight per identical call (however many components ask), and `use_task`, which runs one
//! async job at a time per component — a newer job aborts the older one, a cancelled or
//! superseded job can never overwrite a newer result, and unmounting aborts.

use std::any::Any;
use std::cell::{Cell, RefCell};
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context as TaskContext, Poll, Waker};

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{AbortController, AbortSignal};
use yew::prelude::*;

use crate::api::browser::BrowserTransport;
use crate::api::{decoder, Client, ClientConfig, Decoder, Error, Operation, Token};

/// Identical requests within this many milliseconds are answered from memory.
pub const CACHE_TTL_MS: f64 = 60_000.0;
/// Entries kept at most; the oldest go first.
const CACHE_CAPACITY: usize = 200;

struct Entry {
    stored_at: f64,
    value: Rc<dyn Any>,
}

thread_local! {
    static CACHE: RefCell<HashMap<String, Entry>> = RefCell::new(HashMap::new());
    static IN_FLIGHT: RefCell<HashMap<String, Rc<RefCell<Flight>>>> =
        RefCell::new(HashMap::new());
}

fn now_ms() -> f64 {
    js_sys::Date::now()
}

fn cached<R: 'static>(key: &str) -> Option<Rc<R>> {
    CACHE.with(|cache| {
        let cache = cache.borrow();
        let entry = cache.get(key)?;
        if now_ms() - entry.stored_at > CACHE_TTL_MS {
            return None;
        }
        entry.value.clone().downcast::<R>().ok()
    })
}

fn store_any(key: String, value: Rc<dyn Any>) {
    CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        let now = now_ms();
        cache.retain(|_, e| now - e.stored_at <= CACHE_TTL_MS);
        if cache.len() >= CACHE_CAPACITY {
            let oldest = cache
                .iter()
                .min_by(|a, b| a.1.stored_at.total_cmp(&b.1.stored_at))
                .map(|(k, _)| k.clone());
            if let Some(oldest) = oldest {
                cache.remove(&oldest);
            }
        }
        cache.insert(
            key,
            Entry {
                stored_at: now,
                value,
            },
        );
    });
}

/// Forgets every cached answer (after the token or the base URL changes, or on "Refresh").
pub fn clear_cache() {
    CACHE.with(|cache| cache.borrow_mut().clear());
}

/// A 64-bit FNV-1a fingerprint: cache keys tell tokens apart without holding them.
fn fingerprint(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, byte| {
        (hash ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// What a job may call: the API client bound to the job's cancel signal, through the cache.
#[derive(Clone)]
pub struct CachedClient {
    config: ClientConfig,
    signal: AbortSignal,
}

impl CachedClient {
    pub fn new(config: ClientConfig, signal: AbortSignal) -> Self {
        CachedClient { config, signal }
    }

    /// The same calls with another token (e.g. one a host page's function just returned).
    pub fn with_token(mut self, token: Option<Token>) -> Self {
        self.config.token = token;
        self
    }

    /// Sends `request`, or answers from the cache when the same request (same base URL and
    /// token) succeeded less than [`CACHE_TTL_MS`] ago, or joins the identical request already
    /// on its way.
    pub async fn send<O: Operation>(&self, request: &O) -> Result<Rc<O::Response>, Error> {
        let token = self
            .config
            .token
            .as_ref()
            .map_or(0, |t| fingerprint(t.expose()));
        let client = Client::new(BrowserTransport::new(), self.config.clone());
        let key = format!("{token:016x} {}", client.public_url(request));
        if let Some(hit) = cached::<O::Response>(&key) {
            return Ok(hit);
        }
        let flight = match IN_FLIGHT.with(|map| map.borrow().get(&key).cloned()) {
            Some(flight) => flight,
            None => {
                request.validate()?;
                let url = client.url_with_token(request);
                Flight::start(key, self.config.clone(), url, decoder::<O>())
            }
        };
        let value = Waiter::new(flight, self.signal.clone()).await?;
        value
            .downcast::<O::Response>()
            .map_err(|_| Error::Decode("two operations share one cache key".into()))
    }

    pub fn config(&self) -> &ClientConfig {
        &self.config
    }
}

type Outcome = Result<Rc<dyn Any>, Error>;

/// One request on its way, shared by every job that asked for it. It has its own abort
/// controller: a job that gives up leaves, and only the last one to leave stops the fetch.
struct Flight {
    key: String,
    outcome: Option<Outcome>,
    wakers: Vec<Waker>,
    waiting: usize,
    controller: Option<AbortController>,
}

impl Flight {
    /// Not generic over the operation, so that the console holds one copy of it: `url` is the
    /// validated request's and `decode` reads its answer.
    fn start(
        key: String,
        config: ClientConfig,
        url: String,
        decode: Decoder,
    ) -> Rc<RefCell<Flight>> {
        let controller = AbortController::new().ok();
        let mut transport = BrowserTransport::new();
        if let Some(controller) = &controller {
            transport = transport.with_cancel_signal(controller.signal());
        }
        let flight = Rc::new(RefCell::new(Flight {
            key: key.clone(),
            outcome: None,
            wakers: Vec::new(),
            waiting: 0,
            controller,
        }));
        IN_FLIGHT.with(|map| map.borrow_mut().insert(key.clone(), flight.clone()));
        let shared = flight.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let client = Client::new(transport, config);
            let outcome = match client.send_url(&url, decode).await {
                Ok(response) => {
                    let response: Rc<dyn Any> = Rc::from(response);
                    store_any(key, response.clone());
                    Ok(response)
                }
                Err(error) => Err(error),
            };
            let wakers = {
                let mut flight = shared.borrow_mut();
                flight.outcome = Some(outcome);
                flight.controller = None;
                std::mem::take(&mut flight.wakers)
            };
            shared.borrow().forget();
            wakers.into_iter().for_each(Waker::wake);
        });
        flight
    }

    /// Takes this flight off the table, so the next identical call starts afresh.
    fn forget(&self) {
        IN_FLIGHT.with(|map| {
            let mut map = map.borrow_mut();
            if map
                .get(&self.key)
                .is_some_and(|f| std::ptr::eq(f.as_ptr(), self))
            {
                map.remove(&self.key);
            }
        });
    }
}

/// A job's wait for a [`Flight`]: done when the flight lands, or `Aborted` when the job's own
/// signal fires first.
struct Waiter {
    flight: Rc<RefCell<Flight>>,
    signal: AbortSignal,
    on_abort: Closure<dyn FnMut()>,
    done: bool,
}

impl Waiter {
    fn new(flight: Rc<RefCell<Flight>>, signal: AbortSignal) -> Waiter {
        flight.borrow_mut().waiting += 1;
        let woken = flight.clone();
        let on_abort = Closure::<dyn FnMut()>::new(move || {
            let wakers = std::mem::take(&mut woken.borrow_mut().wakers);
            wakers.into_iter().for_each(Waker::wake);
        });
        // Without the listener an aborted job would still wait for the shared answer.
        let _ = signal.add_event_listener_with_callback("abort", on_abort.as_ref().unchecked_ref());
        Waiter {
            flight,
            signal,
            on_abort,
            done: false,
        }
    }

    /// This job stops waiting; the last one out aborts the fetch.
    fn leave(&mut self) {
        if std::mem::replace(&mut self.done, true) {
            return;
        }
        let _ = self
            .signal
            .remove_event_listener_with_callback("abort", self.on_abort.as_ref().unchecked_ref());
        let mut flight = self.flight.borrow_mut();
        flight.waiting -= 1;
        if flight.waiting == 0 && flight.outcome.is_none() {
            if let Some(controller) = flight.controller.take() {
                controller.abort();
            }
            flight.forget();
        }
    }
}

impl Future for Waiter {
    type Output = Outcome;

    fn poll(mut self: Pin<&mut Self>, cx: &mut TaskContext<'_>) -> Poll<Outcome> {
        let landed = self.flight.borrow().outcome.clone();
        if let Some(outcome) = landed {
            self.leave();
            return Poll::Ready(outcome);
        }
        if self.signal.aborted() {
            self.leave();
            return Poll::Ready(Err(Error::Aborted));
        }
        self.flight.borrow_mut().wakers.push(cx.waker().clone());
        Poll::Pending
    }
}

impl Drop for Waiter {
    fn drop(&mut self) {
        self.leave();
    }
}

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

impl<T> PartialEq for TaskState<T> {
    fn eq(&self, other: &Self) -> bool {
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

/// One job at a time for a component; see [`use_task`].
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
        *self.state == *other.state && self.config == other.config
    }
}

impl<T: 'static> Task<T> {
    pub fn state(&self) -> &TaskState<T> {
        &self.state
    }

    /// Starts `job`, aborting the one still running. Only the newest job's outcome is kept.
    pub fn run<F, Fut>(&self, job: F)
    where
        F: FnOnce(CachedClient) -> Fut,
        Fut: Future<Output = Result<T, Error>> + 'static,
    {
        let Ok(controller) = AbortController::new() else {
            self.state.set(TaskState {
                data: self.state.data.clone(),
                error: Some(Rc::new(Error::Network(
                    "the browser cannot run requests".into(),
                ))),
                loading: false,
            });
            return;
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
        let future = job(CachedClient::new(self.config.clone(), controller.signal()));
        let state = self.state.clone();
        let current = self.generation.clone();
        let data = self.state.data.clone();
        let slot = self.controller.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let outcome = future.await;
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
    let state = use_state(TaskState::default);
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
