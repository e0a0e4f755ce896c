//! One request on its way, however many jobs asked for it: they wait on one fetch, and only the
//! last to give up aborts it.

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context as TaskContext, Poll, Waker};

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{AbortController, AbortSignal};

use super::cache::store;
use crate::api::browser::BrowserTransport;
use crate::api::{Client, ClientConfig, Error, Operation};

thread_local! {
    /// The requests on their way, by cache key. Each is a `Flight` of its operation's response
    /// type, kept as `dyn Any` because one table holds them all ([`in_flight`] reads one back).
    static IN_FLIGHT: RefCell<HashMap<String, Rc<dyn Any>>> = RefCell::new(HashMap::new());
}

/// The request with cache key `key` if one is on its way.
pub(super) fn in_flight<R: 'static>(key: &str) -> Option<Rc<RefCell<Flight<R>>>> {
    let flight = IN_FLIGHT.with(|map| map.borrow().get(key).cloned())?;
    flight.downcast().ok()
}

/// What a request came back with: its answer, shared by every job that waited for it.
pub(super) type Outcome<R> = Result<Rc<R>, Error>;

/// One request on its way, shared by every job that asked for it, whose answer is an `R`. It has
/// its own abort controller: a job that gives up leaves, and only the last one to leave stops the
/// fetch.
pub(super) struct Flight<R> {
    key: String,
    outcome: Option<Outcome<R>>,
    wakers: Vec<Waker>,
    waiting: usize,
    controller: Option<AbortController>,
}

impl<R: 'static> Flight<R> {
    /// Sends `request` (already validated) under cache key `key`; its answer goes into the cache.
    pub(super) fn start<O>(key: String, config: ClientConfig, request: O) -> Rc<RefCell<Flight<R>>>
    where
        O: Operation<Response = R> + 'static,
    {
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
            let outcome = client.send(&request).await.map(Rc::new);
            if let Ok(response) = &outcome {
                store(key, response.clone());
            }
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
            let this_one = map
                .get(&self.key)
                .and_then(|f| f.downcast_ref::<RefCell<Flight<R>>>())
                .is_some_and(|f| std::ptr::eq(f.as_ptr(), self));
            if this_one {
                map.remove(&self.key);
            }
        });
    }
}

/// A job's wait for a [`Flight`]: done when the flight lands, or `Aborted` when the job's own
/// signal fires first.
pub(super) struct Waiter<R: 'static> {
    flight: Rc<RefCell<Flight<R>>>,
    signal: AbortSignal,
    on_abort: Closure<dyn FnMut()>,
    done: bool,
}

impl<R: 'static> Waiter<R> {
    pub(super) fn new(flight: Rc<RefCell<Flight<R>>>, signal: AbortSignal) -> Waiter<R> {
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

impl<R: 'static> Future for Waiter<R> {
    type Output = Outcome<R>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut TaskContext<'_>) -> Poll<Outcome<R>> {
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

impl<R: 'static> Drop for Waiter<R> {
    fn drop(&mut self) {
        self.leave();
    }
}
