//! One request on its way, however many jobs asked for it: they wait on one fetch, and only the
//! last to give up aborts it.
//!
//! A flight is its typed answer beside a [`Gate`], the bookkeeping every flight has whatever it
//! answers (its key, the jobs waiting, the fetch's abort controller). The gate is not generic,
//! so that bookkeeping is compiled once rather than once per response type: with it typed too,
//! the widgets bundle carried eight near-identical copies, one per operation. Together with the
//! boxed jobs of `Task` and of the embed client, this took 1.5 KB off the widgets'
//! brotli-compressed wasm.

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
use super::spawn;
use crate::api::browser::BrowserTransport;
use crate::api::Error;

/// A typed flight as the table holds it: its gate, and its answer slot as `dyn Any` because one
/// table holds the flights of every operation ([`in_flight`] reads one back).
#[derive(Clone)]
struct Listed {
    gate: Rc<RefCell<Gate>>,
    answer: Rc<dyn Any>,
}

thread_local! {
    /// The requests on their way, by cache key.
    static IN_FLIGHT: RefCell<HashMap<String, Listed>> = RefCell::new(HashMap::new());
}

/// The request with cache key `key` if one is on its way.
pub(super) fn in_flight<R: 'static>(key: &str) -> Option<Flight<R>> {
    let listed = listed(key)?;
    Some(Flight {
        gate: listed.gate,
        answer: listed.answer.downcast().ok()?,
    })
}

// Kept out of line, like the cache's `fresh` and `keep`: inlined, they were copied into every
// operation's request path (the four together: 0.7 KB of the widgets' brotli-compressed wasm).

#[inline(never)]
fn listed(key: &str) -> Option<Listed> {
    IN_FLIGHT.with(|map| map.borrow().get(key).cloned())
}

#[inline(never)]
fn list(key: String, gate: Rc<RefCell<Gate>>, answer: Rc<dyn Any>) {
    IN_FLIGHT.with(|map| map.borrow_mut().insert(key, Listed { gate, answer }));
}

/// What a request came back with: its answer, shared by every job that waited for it.
pub(super) type Outcome<R> = Result<Rc<R>, Error>;

/// Where a flight's outcome lands.
type Slot<R> = RefCell<Option<Outcome<R>>>;

/// What a request still to be sent is: the fetch through the transport it is given, decoded.
pub(super) type Fetch<R> = Pin<Box<dyn Future<Output = Result<R, Error>>>>;

/// One request on its way, shared by every job that asked for it, whose answer is an `R`.
pub(super) struct Flight<R> {
    gate: Rc<RefCell<Gate>>,
    answer: Rc<Slot<R>>,
}

impl<R: 'static> Flight<R> {
    /// Lists a flight under cache key `key` and sends it with `fetch`, given a transport bound to
    /// the flight's own abort controller; the answer goes into the cache.
    pub(super) fn start(key: String, fetch: impl FnOnce(BrowserTransport) -> Fetch<R>) -> Self {
        let (gate, transport) = Gate::open(key.clone());
        let fetch = fetch(transport);
        let answer = Rc::new(Slot::<R>::new(None));
        list(key.clone(), gate.clone(), answer.clone());
        let flight = Flight {
            gate: gate.clone(),
            answer: answer.clone(),
        };
        spawn(Box::pin(async move {
            let outcome = fetch.await.map(Rc::new);
            if let Ok(response) = &outcome {
                store(key, response.clone());
            }
            *answer.borrow_mut() = Some(outcome);
            Gate::land(&gate);
        }));
        flight
    }

    /// Waits for the answer until the job's `signal` fires.
    pub(super) fn wait(self, signal: AbortSignal) -> Waiter<R> {
        Waiter {
            wait: Wait::new(self.gate, signal),
            answer: self.answer,
        }
    }
}

/// What every flight has whatever its answer.
struct Gate {
    key: String,
    wakers: Vec<Waker>,
    waiting: usize,
    landed: bool,
    controller: Option<AbortController>,
}

impl Gate {
    /// A gate for a flight under `key`, and a transport that its abort controller stops.
    fn open(key: String) -> (Rc<RefCell<Gate>>, BrowserTransport) {
        let controller = AbortController::new().ok();
        let mut transport = BrowserTransport::new();
        if let Some(controller) = &controller {
            transport = transport.with_cancel_signal(controller.signal());
        }
        let gate = Gate {
            key,
            wakers: Vec::new(),
            waiting: 0,
            landed: false,
            controller,
        };
        (Rc::new(RefCell::new(gate)), transport)
    }

    /// The answer is in: nothing is left to abort, the flight leaves the table and its waiters
    /// are woken.
    fn land(gate: &Rc<RefCell<Gate>>) {
        let wakers = {
            let mut gate = gate.borrow_mut();
            gate.landed = true;
            gate.controller = None;
            std::mem::take(&mut gate.wakers)
        };
        Gate::forget(gate);
        wakers.into_iter().for_each(Waker::wake);
    }

    /// Takes this flight off the table, so the next identical call starts afresh.
    fn forget(gate: &Rc<RefCell<Gate>>) {
        let key = gate.borrow().key.clone();
        IN_FLIGHT.with(|map| {
            let mut map = map.borrow_mut();
            if map.get(&key).is_some_and(|f| Rc::ptr_eq(&f.gate, gate)) {
                map.remove(&key);
            }
        });
    }
}

/// A job's wait on a gate, bound to the job's own signal.
struct Wait {
    gate: Rc<RefCell<Gate>>,
    signal: AbortSignal,
    on_abort: Closure<dyn FnMut()>,
    done: bool,
}

impl Wait {
    fn new(gate: Rc<RefCell<Gate>>, signal: AbortSignal) -> Wait {
        gate.borrow_mut().waiting += 1;
        let woken = gate.clone();
        let on_abort = Closure::<dyn FnMut()>::new(move || {
            let wakers = std::mem::take(&mut woken.borrow_mut().wakers);
            wakers.into_iter().for_each(Waker::wake);
        });
        // Without the listener an aborted job would still wait for the shared answer.
        let _ = signal.add_event_listener_with_callback("abort", on_abort.as_ref().unchecked_ref());
        Wait {
            gate,
            signal,
            on_abort,
            done: false,
        }
    }

    /// While the answer is not in: ready (having left) once the job's signal has fired.
    fn poll_abort(&mut self, cx: &mut TaskContext<'_>) -> Poll<()> {
        if self.signal.aborted() {
            self.leave();
            return Poll::Ready(());
        }
        self.gate.borrow_mut().wakers.push(cx.waker().clone());
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
        let mut gate = self.gate.borrow_mut();
        gate.waiting -= 1;
        if gate.waiting == 0 && !gate.landed {
            if let Some(controller) = gate.controller.take() {
                controller.abort();
            }
            drop(gate);
            Gate::forget(&self.gate);
        }
    }
}

impl Drop for Wait {
    fn drop(&mut self) {
        self.leave();
    }
}

/// A job's wait for a [`Flight`]: done when the flight lands, or `Aborted` when the job's own
/// signal fires first.
pub(super) struct Waiter<R> {
    wait: Wait,
    answer: Rc<Slot<R>>,
}

impl<R> Future for Waiter<R> {
    type Output = Outcome<R>;

    fn poll(mut self: Pin<&mut Self>, cx: &mut TaskContext<'_>) -> Poll<Outcome<R>> {
        let landed = self.answer.borrow().clone();
        if let Some(outcome) = landed {
            self.wait.leave();
            return Poll::Ready(outcome);
        }
        self.wait.poll_abort(cx).map(|()| Err(Error::Aborted))
    }
}
