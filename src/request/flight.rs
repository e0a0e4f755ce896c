//! One request on its way, however many jobs asked for it: they wait on one fetch, and only the
//! last to give up aborts it.
//!
//! A flight is not generic: its answer is kept as `dyn Any` (as the cache keeps it) and read back
//! as the asking operation's response type only by the job waiting ([`Waiter`]). So the
//! bookkeeping is compiled once rather than once per response type: typed, the widgets bundle
//! carried eight near-identical copies of it, one per operation.

use std::any::Any;
use std::cell::RefCell;
use std::collections::HashMap;
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use std::rc::Rc;
use std::task::{Context as TaskContext, Poll, Waker};

use futures::future::{abortable, AbortHandle};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::AbortSignal;

use super::cache::store;
use super::spawn;
use crate::api::browser::BrowserTransport;
use crate::api::{Client, Error, Prepared};

/// The API client in the browser.
pub(super) type BrowserClient = Client<BrowserTransport>;

/// What a request came back with, shared by every job that waited for it.
type Outcome = Result<Rc<dyn Any>, Error>;

thread_local! {
    /// The requests on their way, by cache key.
    static IN_FLIGHT: RefCell<HashMap<String, Flight>> = RefCell::new(HashMap::new());
}

/// The request with cache key `key` if one is on its way.
pub(super) fn in_flight(key: &str) -> Option<Flight> {
    IN_FLIGHT.with(|map| map.borrow().get(key).cloned())
}

/// One request on its way, shared by every job that asked for it.
#[derive(Clone)]
pub(super) struct Flight(Rc<RefCell<Gate>>);

/// What a flight keeps: its key, the jobs waiting, the handle that stops its fetch, and its
/// outcome once it has landed.
struct Gate {
    key: String,
    wakers: Vec<Waker>,
    waiting: usize,
    outcome: Option<Outcome>,
    abort: Option<AbortHandle>,
}

impl Flight {
    /// Lists a flight under cache key `key` and sends `prepared` with `client`; a successful
    /// answer goes into the cache. The fetch stops when the last job waiting gives up: its
    /// future is dropped, and the transport aborts a fetch whose future is dropped.
    pub(super) fn start(key: String, client: &Rc<BrowserClient>, prepared: Prepared) -> Flight {
        let client = client.clone();
        let (fetch, abort) = abortable(async move {
            let outcome: Outcome = client.send_prepared(&prepared).await.map(Rc::from);
            outcome
        });
        let flight = Flight(Rc::new(RefCell::new(Gate {
            key: key.clone(),
            wakers: Vec::new(),
            waiting: 0,
            outcome: None,
            abort: Some(abort),
        })));
        IN_FLIGHT.with(|map| map.borrow_mut().insert(key.clone(), flight.clone()));
        let landing = flight.clone();
        spawn(Box::pin(async move {
            // Aborted: the last job waiting has left, and taken the flight off the table.
            let Ok(outcome) = fetch.await else { return };
            if let Ok(response) = &outcome {
                store(key, response.clone());
            }
            landing.land(outcome);
        }));
        flight
    }

    /// Waits for the answer, as an `R`, until the job's `signal` fires.
    pub(super) fn wait<R: 'static>(self, signal: AbortSignal) -> Waiter<R> {
        Waiter {
            wait: Wait::new(self, signal),
            answer: PhantomData,
        }
    }

    /// The answer is in: nothing is left to abort, the flight leaves the table and its waiters
    /// are woken.
    fn land(&self, outcome: Outcome) {
        let wakers = {
            let mut gate = self.0.borrow_mut();
            gate.outcome = Some(outcome);
            gate.abort = None;
            std::mem::take(&mut gate.wakers)
        };
        self.forget();
        wakers.into_iter().for_each(Waker::wake);
    }

    /// Takes this flight off the table, so the next identical call starts afresh.
    fn forget(&self) {
        let key = self.0.borrow().key.clone();
        IN_FLIGHT.with(|map| {
            let mut map = map.borrow_mut();
            if map.get(&key).is_some_and(|f| Rc::ptr_eq(&f.0, &self.0)) {
                map.remove(&key);
            }
        });
    }
}

/// A job's wait on a flight, bound to the job's own signal.
struct Wait {
    flight: Flight,
    signal: AbortSignal,
    on_abort: Closure<dyn FnMut()>,
    done: bool,
}

impl Wait {
    fn new(flight: Flight, signal: AbortSignal) -> Wait {
        flight.0.borrow_mut().waiting += 1;
        let woken = flight.clone();
        let on_abort = Closure::<dyn FnMut()>::new(move || {
            let wakers = std::mem::take(&mut woken.0.borrow_mut().wakers);
            wakers.into_iter().for_each(Waker::wake);
        });
        // Without the listener an aborted job would still wait for the shared answer.
        let _ = signal.add_event_listener_with_callback("abort", on_abort.as_ref().unchecked_ref());
        Wait {
            flight,
            signal,
            on_abort,
            done: false,
        }
    }

    /// The outcome once landed; until then, `Aborted` (having left) once the job's signal has
    /// fired, else pending.
    fn poll_outcome(&mut self, cx: &mut TaskContext<'_>) -> Poll<Outcome> {
        let landed = self.flight.0.borrow().outcome.clone();
        if let Some(outcome) = landed {
            self.leave();
            return Poll::Ready(outcome);
        }
        if self.signal.aborted() {
            self.leave();
            return Poll::Ready(Err(Error::Aborted));
        }
        self.flight.0.borrow_mut().wakers.push(cx.waker().clone());
        Poll::Pending
    }

    /// This job stops waiting; the last one out of a flight still on its way aborts the fetch.
    fn leave(&mut self) {
        if std::mem::replace(&mut self.done, true) {
            return;
        }
        let _ = self
            .signal
            .remove_event_listener_with_callback("abort", self.on_abort.as_ref().unchecked_ref());
        let mut gate = self.flight.0.borrow_mut();
        gate.waiting -= 1;
        if gate.waiting == 0 && gate.outcome.is_none() {
            if let Some(abort) = gate.abort.take() {
                abort.abort();
            }
            drop(gate);
            self.flight.forget();
        }
    }
}

impl Drop for Wait {
    fn drop(&mut self) {
        self.leave();
    }
}

/// A job's wait for a [`Flight`]: its answer as an `R` when the flight lands, or `Aborted` when
/// the job's own signal fires first.
pub(super) struct Waiter<R> {
    wait: Wait,
    answer: PhantomData<fn() -> R>,
}

impl<R: 'static> Future for Waiter<R> {
    type Output = Result<Rc<R>, Error>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut TaskContext<'_>) -> Poll<Self::Output> {
        self.wait.poll_outcome(cx).map(|outcome| {
            outcome?
                .downcast::<R>()
                .map_err(|_| Error::Decode("a shared answer of another type".into()))
        })
    }
}
