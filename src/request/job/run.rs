//! How a job runs: the jobs kept under their inputs, the units sent three at a time, their
//! answers kept, flood control waited out, and stopping and going on.

use std::any::Any;
use std::cell::RefCell;
use std::rc::Rc;
use std::time::Duration;

use web_sys::AbortController;
use yew::prelude::*;

use super::plan::{Plan, Refine, Unit};
use super::Phase;
use crate::api::browser::BrowserTransport;
use crate::api::{ApiError, ApiErrorKind, ClientConfig, Error, Transport};
use crate::request::cache::{fingerprint, now_ms};
use crate::request::client::CachedClient;
use crate::view::job::MAX_IN_FLIGHT;

/// What came back for one unit: its answer, or an error about that unit's object alone (an
/// unknown channel, a refused parameter), which does not stop the others.
pub(super) type Answer<R> = Result<R, Rc<Error>>;

/// Whether `error` concerns only the object its request asked about, so the job goes on;
/// anything else (the token, the plan, the quota, the network) would fail every request alike.
fn only_this_unit(error: &Error) -> bool {
    matches!(
        error,
        Error::Api(ApiError {
            kind: ApiErrorKind::InvalidParameter
                | ApiErrorKind::OutdatedStatistics
                | ApiErrorKind::Unknown,
            ..
        }) | Error::Invalid(_)
            | Error::Decode(_)
    )
}

/// A job whose units answer `R`.
pub(super) struct Core<R> {
    pub(super) key: String,
    pub(super) units: Vec<Unit<R>>,
    pub(super) refine: Option<Refine<R>>,
    pub(super) total: usize,
    pub(super) results: Vec<Option<Answer<R>>>,
    pub(super) started: Vec<bool>,
    pub(super) in_flight: usize,
    pub(super) phase: Phase,
    pub(super) paused_until: Option<f64>,
    /// Bumped by every start and stop: answers of an earlier run are dropped.
    pub(super) run: u64,
    pub(super) controller: Option<AbortController>,
    pub(super) client: Option<CachedClient>,
    pub(super) config: ClientConfig,
    /// Running time before `running_since`, pauses excluded.
    pub(super) busy_ms: f64,
    pub(super) running_since: Option<f64>,
    /// Re-renders the page that shows the job.
    pub(super) notify: Option<Callback<()>>,
    /// Bumped by every change a page shows, so that a handle taken before it compares unequal.
    pub(super) version: u64,
}

pub(super) type Shared<R> = Rc<RefCell<Core<R>>>;

/// Jobs kept at once; the least recently opened goes first.
const KEPT_JOBS: usize = 8;

thread_local! {
    /// The jobs kept, by key, the most recently opened last. Each is a `Core` of its own answer
    /// type, kept as `dyn Any` because one list holds the jobs of every page ([`job_for`] reads
    /// one back).
    static JOBS: RefCell<Vec<(String, Rc<dyn Any>)>> = const { RefCell::new(Vec::new()) };
}

/// The job of `plan` under `config`: the kept one with the same inputs, or a new one.
pub(super) fn job_for<R: 'static>(plan: Plan<R>, config: &ClientConfig) -> Shared<R> {
    let token = config.token.as_ref().map_or(0, |t| fingerprint(t.expose()));
    let key = format!("{token:016x} {} {}", config.base_url, plan.key);
    JOBS.with(|jobs| {
        let mut jobs = jobs.borrow_mut();
        if let Some(at) = jobs.iter().position(|(kept, _)| *kept == key) {
            let (key, job) = jobs.remove(at);
            // The key names the page, so the job kept under it answers the same type.
            if let Ok(job) = job.downcast::<RefCell<Core<R>>>() {
                jobs.push((key, job.clone()));
                return job;
            }
        }
        if jobs.len() >= KEPT_JOBS {
            jobs.remove(0);
        }
        let count = plan.units.len();
        let job = Rc::new(RefCell::new(Core {
            key: key.clone(),
            units: plan.units,
            refine: plan.refine,
            total: count,
            results: (0..count).map(|_| None).collect(),
            started: vec![false; count],
            in_flight: 0,
            phase: Phase::Idle,
            paused_until: None,
            run: 0,
            controller: None,
            client: None,
            config: config.clone(),
            busy_ms: 0.0,
            running_since: None,
            notify: None,
            version: 0,
        }));
        jobs.push((key, job.clone()));
        job
    })
}

pub(super) fn notify<R>(job: &Shared<R>) {
    let callback = {
        let mut core = job.borrow_mut();
        core.version += 1;
        core.notify.clone()
    };
    if let Some(callback) = callback {
        callback.emit(());
    }
}

/// Starts (or goes on with) the units not answered yet.
pub(super) fn start<R: 'static>(job: &Shared<R>) {
    let waiting = {
        let mut core = job.borrow_mut();
        if core.phase == Phase::Running {
            return;
        }
        // A job stopped with requests still on their way goes on with the same run: their
        // answers land and count, and only what was never asked is sent.
        if core.client.is_none() {
            let Ok(controller) = AbortController::new() else {
                core.phase = Phase::Failed(Rc::new(Error::Network(
                    "the browser cannot run requests".into(),
                )));
                drop(core);
                notify(job);
                return;
            };
            core.run += 1;
            core.in_flight = 0;
            core.started.iter_mut().for_each(|s| *s = false);
            core.client = Some(CachedClient::new(core.config.clone(), controller.signal()));
            core.controller = Some(controller);
        }
        core.phase = Phase::Running;
        core.running_since = Some(now_ms());
        // A flood-control wait still running holds for the new run too: asking before it ends
        // would only earn another one.
        let left = core
            .paused_until
            .map(|at| at - now_ms())
            .filter(|ms| *ms > 0.0);
        if left.is_none() {
            core.paused_until = None;
        }
        left.map(|ms| (ms, core.run))
    };
    if let Some((ms, run)) = waiting {
        resume_after(job, ms, run);
    }
    pump(job);
}

/// Stops sending; `phase` says why (the user, or the page closing). Requests already on their
/// way are not aborted: the API has them and counts them, so their answers are kept when they
/// land, and going on never asks for them again.
pub(super) fn stop<R>(job: &Shared<R>, phase: Phase) {
    {
        let mut core = job.borrow_mut();
        if core.phase != Phase::Running {
            return;
        }
        settle_time(&mut core);
        core.phase = phase;
    }
    notify(job);
}

/// Forgets every answer, and drops those still on their way (an identical request of the next
/// run joins them or finds them in the response cache).
pub(super) fn forget<R>(job: &Shared<R>) {
    let mut core = job.borrow_mut();
    settle_time(&mut core);
    core.run += 1;
    core.controller = None;
    core.client = None;
    core.in_flight = 0;
    let count = core.units.len();
    core.started = vec![false; count];
    core.results = (0..count).map(|_| None).collect();
    core.total = count;
    core.busy_ms = 0.0;
    core.phase = Phase::Idle;
}

fn settle_time<R>(core: &mut Core<R>) {
    if let Some(since) = core.running_since.take() {
        core.busy_ms += now_ms() - since;
    }
}

/// The next unit to send, if one may go now.
fn next_unit<R>(core: &Core<R>) -> Option<usize> {
    if core.phase != Phase::Running
        || core.paused_until.is_some()
        || core.in_flight >= MAX_IN_FLIGHT
    {
        return None;
    }
    // A refining first unit runs alone: until it lands the job's size is not known.
    if core.refine.is_some() && core.results.first().is_some_and(Option::is_none) {
        return (core.in_flight == 0 && !core.started[0]).then_some(0);
    }
    (0..core.total).find(|&i| core.results[i].is_none() && !core.started[i])
}

fn pump<R: 'static>(job: &Shared<R>) {
    loop {
        let (index, future, run) = {
            let mut core = job.borrow_mut();
            // Stopped with every answer in (the last ones landed after Cancel) is done too.
            let open = matches!(core.phase, Phase::Running | Phase::Stopped | Phase::Idle);
            if open && core.in_flight == 0 && core.results[..core.total].iter().all(Option::is_some)
            {
                settle_time(&mut core);
                core.phase = Phase::Done;
                core.controller = None;
                core.client = None;
                break;
            }
            let (Some(index), Some(client)) = (next_unit(&core), core.client.clone()) else {
                break;
            };
            core.started[index] = true;
            core.in_flight += 1;
            (index, (core.units[index].0)(client), core.run)
        };
        let job = job.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let outcome = future.await;
            landed(&job, run, index, outcome);
        });
    }
    notify(job);
}

/// A unit's answer: kept, or the job paused (flood control) or failed.
fn landed<R: 'static>(job: &Shared<R>, run: u64, index: usize, outcome: Result<R, Error>) {
    let pause = {
        let mut core = job.borrow_mut();
        if core.run != run {
            return;
        }
        core.in_flight -= 1;
        core.started[index] = false;
        match outcome {
            Ok(answer) => {
                if index == 0 {
                    if let Some(refine) = core.refine.clone() {
                        core.total = refine(&answer).clamp(1, core.units.len());
                    }
                }
                core.results[index] = Some(Ok(answer));
                None
            }
            // A refining first unit has to answer: without it the job's size is unknown.
            Err(error) if only_this_unit(&error) && (index > 0 || core.refine.is_none()) => {
                core.results[index] = Some(Err(Rc::new(error)));
                None
            }
            Err(error) => match flood_wait(&error) {
                Some(secs) => {
                    // Paused from now on; a longer wait asked for later wins.
                    let until = now_ms() + f64::from(secs) * 1000.0;
                    let later = core.paused_until.is_none_or(|at| until > at);
                    if later {
                        settle_time(&mut core);
                        core.paused_until = Some(until);
                    }
                    later.then_some(secs)
                }
                None => {
                    // Nothing new is sent; the requests on their way still land and are kept.
                    if core.phase == Phase::Running {
                        settle_time(&mut core);
                        core.phase = Phase::Failed(Rc::new(error));
                    }
                    None
                }
            },
        }
    };
    if let Some(secs) = pause {
        resume_after(job, f64::from(secs) * 1000.0, run);
    }
    pump(job);
}

/// Goes on with run `run` after `ms` of flood-control wait.
fn resume_after<R: 'static>(job: &Shared<R>, ms: f64, run: u64) {
    let job = job.clone();
    wasm_bindgen_futures::spawn_local(async move {
        BrowserTransport::new()
            .sleep(Duration::from_millis(ms.ceil() as u64))
            .await;
        resume(&job, run);
    });
}

/// Seconds to wait before asking again, when the error says to wait: flood control, or a
/// proxy's 429 (10 s when it does not say how long).
fn flood_wait(error: &Error) -> Option<u32> {
    error.retry_after_secs().or(match error {
        Error::TooManyRequests { .. } => Some(10),
        _ => None,
    })
}

fn resume<R: 'static>(job: &Shared<R>, run: u64) {
    {
        let mut core = job.borrow_mut();
        if core.run != run || core.paused_until.is_none_or(|at| at > now_ms() + 50.0) {
            return;
        }
        core.paused_until = None;
        if core.phase == Phase::Running {
            core.running_since = Some(now_ms());
        }
    }
    pump(job);
}
