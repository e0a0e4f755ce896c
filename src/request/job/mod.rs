//! Long work of many requests as one job (`use_job`): the requests are known before it starts,
//! so the page can say what it costs; at most [`MAX_IN_FLIGHT`] run at once; flood control
//! pauses the job and it resumes by itself; cancelling keeps every answer so far, and going on
//! asks only for the rest.
//!
//! A job is kept under its inputs (the page's address and the API settings) for as long as the
//! console is open, so a page left and opened again, or the same analysis asked twice, shows the
//! answers it has without asking again. Each request also goes through the page-wide cache and
//! the requests in flight ([`CachedClient`]).

mod plan;
mod run;

use std::rc::Rc;

use yew::prelude::*;

pub use plan::{Plan, Unit};
use run::{forget, job_for, start, stop, Shared};

use super::cache::now_ms;
use super::task::ApiConfig;
use crate::api::Error;
use crate::view::job::{needs_confirmation, time_left_ms};

/// Where a job stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Phase {
    /// Not started, or left when its page closed: waits for a confirmation or starts by itself.
    Idle,
    Running,
    /// Cancelled by the user; what it has stays.
    Stopped,
    /// A request failed with an error that waiting does not cure; what it has stays.
    Failed(Rc<Error>),
    Done,
}

/// A job as a page shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    pub phase: Phase,
    /// Requests the job needs in all (known exactly once a refining first answer is in).
    pub total: usize,
    pub done: usize,
    pub in_flight: usize,
    /// Flood control: the `Date.now()` at which the job goes on by itself.
    pub paused_until: Option<f64>,
    pub time_left_ms: Option<f64>,
}

impl Progress {
    pub fn remaining(&self) -> usize {
        self.total.saturating_sub(self.done)
    }

    pub fn running(&self) -> bool {
        self.phase == Phase::Running
    }
}

/// A page's handle on its job, whose units answer `R`, as the job stood when the handle was taken.
pub struct Job<R> {
    core: Shared<R>,
    confirm_above: u32,
    version: u64,
}

impl<R> Clone for Job<R> {
    fn clone(&self) -> Self {
        Job {
            core: self.core.clone(),
            confirm_above: self.confirm_above,
            version: self.version,
        }
    }
}

impl<R> PartialEq for Job<R> {
    /// The same job with no change in between: the components it is given to re-render only
    /// when it moved on.
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.core, &other.core)
            && self.confirm_above == other.confirm_above
            && self.version == other.version
    }
}

impl<R: 'static> Job<R> {
    pub fn progress(&self) -> Progress {
        let core = self.core.borrow();
        let running_ms = core.running_since.map_or(0.0, |since| now_ms() - since);
        let done = core.results[..core.total]
            .iter()
            .filter(|r| r.is_some())
            .count();
        Progress {
            phase: core.phase.clone(),
            total: core.total,
            done,
            in_flight: core.in_flight,
            paused_until: core.paused_until,
            time_left_ms: time_left_ms(done, core.total, core.busy_ms + running_ms),
        }
    }

    /// Whether the job waits for the user to confirm its cost before it starts.
    pub fn awaits_confirmation(&self) -> bool {
        let progress = self.progress();
        progress.phase == Phase::Idle
            && needs_confirmation(progress.remaining(), self.confirm_above)
    }

    /// The error unit `index` came back with, when it concerned that unit alone.
    pub fn error(&self, index: usize) -> Option<Rc<Error>> {
        let core = self.core.borrow();
        match core.results.get(index)? {
            Some(Err(error)) => Some(error.clone()),
            _ => None,
        }
    }

    /// Starts the job, or goes on with what it has not asked yet.
    pub fn start(&self) {
        start(&self.core);
    }

    /// Stops the job: nothing more is sent, the requests on their way land and are kept, and
    /// [`Job::start`] goes on with what was never asked.
    pub fn cancel(&self) {
        stop(&self.core, Phase::Stopped);
    }

    /// Forgets every answer and asks again (the cache still answers what it holds).
    pub fn restart(&self) {
        forget(&self.core);
        start(&self.core);
    }
}

impl<R: Clone + 'static> Job<R> {
    /// The answer of unit `index`, if it is in (and is not an error).
    pub fn result(&self, index: usize) -> Option<R> {
        let core = self.core.borrow();
        match core.results.get(index)? {
            Some(Ok(answer)) => Some(answer.clone()),
            _ => None,
        }
    }

    /// The answers in unit order, `None` where one is not in yet (or is an error).
    pub fn results(&self) -> Vec<Option<R>> {
        (0..self.core.borrow().total)
            .map(|index| self.result(index))
            .collect()
    }
}

/// The job of `plan` for this page (none when the page has no complete inputs). It starts by
/// itself when it costs no more than `confirm_above` requests; otherwise it waits for
/// [`Job::start`]. Closing the page stops it; opening the page again goes on from there.
#[hook]
pub fn use_job<R: 'static>(plan: Option<Plan<R>>, confirm_above: u32) -> Option<Job<R>> {
    let config = use_context::<ApiConfig>().map(|c| c.0).unwrap_or_default();
    let key = plan.as_ref().map(|p| p.key.clone());
    let core = use_memo((key, config.clone()), move |(_, config)| {
        plan.map(|plan| job_for(plan, config))
    });
    let update = use_force_update();
    {
        let core = (*core).clone();
        use_effect_with(core.as_ref().map(|c| c.borrow().key.clone()), move |_| {
            if let Some(core) = &core {
                core.borrow_mut().notify = Some(Callback::from(move |()| update.force_update()));
                let job = Job {
                    core: core.clone(),
                    confirm_above,
                    version: 0,
                };
                if job.progress().phase == Phase::Idle && !job.awaits_confirmation() {
                    job.start();
                }
            }
            move || {
                if let Some(core) = core {
                    core.borrow_mut().notify = None;
                    stop(&core, Phase::Idle);
                }
            }
        });
    }
    (*core).clone().map(|core| {
        let version = core.borrow().version;
        Job {
            core,
            confirm_above,
            version,
        }
    })
}
