//! What a job will do: its units (one request each) and what identifies it.

use std::any::Any;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

use crate::api::{Error, Operation};
use crate::request::client::CachedClient;

pub(super) type UnitFuture = Pin<Box<dyn Future<Output = Result<Rc<dyn Any>, Error>>>>;

/// One request of a job.
#[derive(Clone)]
pub struct Unit(pub(super) Rc<dyn Fn(CachedClient) -> UnitFuture>);

impl Unit {
    /// The request `op`; its answer is the job's result at this unit's place.
    pub fn call<O: Operation + Clone + 'static>(op: O) -> Unit {
        Unit(Rc::new(move |api: CachedClient| {
            let op = op.clone();
            Box::pin(async move { api.send(&op).await.map(|answer| answer as Rc<dyn Any>) })
        }))
    }

    /// A unit that cannot be asked (its inputs break a rule): it comes back as `error` without
    /// sending anything, so that the job's other units still line up with their inputs.
    pub fn fails(error: Error) -> Unit {
        Unit(Rc::new(move |_| {
            let error = error.clone();
            Box::pin(async move { Err(error) })
        }))
    }
}

/// Tells, from the first unit's answer, how many units the job needs in all.
pub type Refine = Rc<dyn Fn(&Rc<dyn Any>) -> usize>;

/// What a job will do: its units in order, and what identifies it.
pub struct Plan {
    /// The inputs: a job with the same key is the same job.
    pub key: String,
    pub units: Vec<Unit>,
    /// When set, the first unit runs alone and its answer says how many of the units are
    /// needed (a search's first page gives the number of results, so no page past the end is
    /// ever asked for).
    pub refine: Option<Refine>,
}

impl Plan {
    pub fn new(key: impl Into<String>, units: Vec<Unit>) -> Plan {
        Plan {
            key: key.into(),
            units,
            refine: None,
        }
    }

    pub fn refined_by(mut self, refine: impl Fn(&Rc<dyn Any>) -> usize + 'static) -> Plan {
        self.refine = Some(Rc::new(refine));
        self
    }
}
