//! What a job will do: its units (one request each) and what identifies it.

use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use crate::api::{Error, Operation};
use crate::request::client::CachedClient;

pub(super) type UnitFuture<R> = Pin<Box<dyn Future<Output = Result<R, Error>>>>;

/// One request of a job, whose answer is an `R`.
pub struct Unit<R>(pub(super) Rc<dyn Fn(CachedClient) -> UnitFuture<R>>);

impl<R> Clone for Unit<R> {
    fn clone(&self) -> Self {
        Unit(self.0.clone())
    }
}

impl<T: 'static> Unit<Rc<T>> {
    /// The request `op`; its answer is the job's result at this unit's place.
    pub fn call<O>(op: O) -> Unit<Rc<T>>
    where
        O: Operation<Response = T> + Clone + 'static,
    {
        Unit(Rc::new(move |api: CachedClient| {
            let op = op.clone();
            Box::pin(async move { api.send(&op).await })
        }))
    }
}

impl<R: 'static> Unit<R> {
    /// A unit that cannot be asked (its inputs break a rule): it comes back as `error` without
    /// sending anything, so that the job's other units still line up with their inputs.
    pub fn fails(error: Error) -> Unit<R> {
        Unit(Rc::new(move |_| {
            let error = error.clone();
            Box::pin(async move { Err(error) })
        }))
    }

    /// A unit that runs `ask`: a request with a fallback that depends on its answer (hours,
    /// else days) is one unit, though it may send two.
    pub fn asking<F, Fut>(ask: F) -> Unit<R>
    where
        F: Fn(CachedClient) -> Fut + 'static,
        Fut: Future<Output = Result<R, Error>> + 'static,
    {
        Unit(Rc::new(move |api| Box::pin(ask(api))))
    }

    /// The same request, its answer given as `into` makes it: a job whose units ask several
    /// operations holds their answers as one enum (`Unit::call(op).map(Answer::Channel)`).
    pub fn map<S: 'static>(self, into: fn(R) -> S) -> Unit<S> {
        Unit(Rc::new(move |api| {
            let answer = (self.0)(api);
            Box::pin(async move { answer.await.map(into) })
        }))
    }
}

/// Tells, from the first unit's answer, how many units the job needs in all.
pub type Refine<R> = Rc<dyn Fn(&R) -> usize>;

/// What a job will do: its units in order, each answering an `R`, and what identifies it.
pub struct Plan<R> {
    /// The inputs: a job with the same key is the same job.
    pub key: String,
    pub units: Vec<Unit<R>>,
    /// When set, the first unit runs alone and its answer says how many of the units are
    /// needed (a search's first page gives the number of results, so no page past the end is
    /// ever asked for).
    pub refine: Option<Refine<R>>,
}

impl<R> Plan<R> {
    pub fn new(key: impl Into<String>, units: Vec<Unit<R>>) -> Plan<R> {
        Plan {
            key: key.into(),
            units,
            refine: None,
        }
    }

    pub fn refined_by(mut self, refine: impl Fn(&R) -> usize + 'static) -> Plan<R> {
        self.refine = Some(Rc::new(refine));
        self
    }
}
