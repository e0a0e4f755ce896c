//! Long work of many requests as one job (`use_job`): the requests are known before it starts,
//! so the page can say what it costs; at most [`MAX_IN_FLIGHT`] run at once; flood control
//! pauses the job and it resumes by itself; cancelling keeps every answer so far, and going on
//! asks only for the rest.
//!
//! A job is kept under its inputs (the page's address and the API settings) for as long as the
//! console is open, so a page left and opened again, or the same analysis asked twice, shows the
//! answers it has without asking again. Each request also goes through the page-wide cache and
//! the requests in flight ([`CachedClient`]).

use std::any::Any;
use std::cell::RefCell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;
use std::time::Duration;

use web_sys::AbortController;
use yew::prelude::*;

use super::cache::{fingerprint, now_ms};
use super::client::CachedClient;
use super::task::ApiConfig;
use crate::api::browser::BrowserTransport;
use crate::api::{ApiError, ApiErrorKind, ClientConfig, Error, Operation, Transport};
use crate::view::job::{needs_confirmation, time_left_ms, MAX_IN_FLIGHT};

type UnitFuture = Pin<Box<dyn Future<Output = Result<Rc<dyn Any>, Error>>>>;

/// What came back for one unit: its answer, or an error about that unit's object alone (an
/// unknown channel, a refused parameter), which does not stop the others.
type Answer = Result<Rc<dyn Any>, Rc<Error>>;

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

/// One request of a job.
#[derive(Clone)]
pub struct Unit(Rc<dyn Fn(CachedClient) -> UnitFuture>);

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

struct Core {
    key: String,
    units: Vec<Unit>,
    refine: Option<Refine>,
    total: usize,
    results: Vec<Option<Answer>>,
    started: Vec<bool>,
    in_flight: usize,
    phase: Phase,
    paused_until: Option<f64>,
    /// Bumped by every start and stop: answers of an earlier run are dropped.
    run: u64,
    controller: Option<AbortController>,
    client: Option<CachedClient>,
    config: ClientConfig,
    /// Running time before `running_since`, pauses excluded.
    busy_ms: f64,
    running_since: Option<f64>,
    /// Re-renders the page that shows the job.
    notify: Option<Callback<()>>,
    /// Bumped by every change a page shows, so that a handle taken before it compares unequal.
    version: u64,
}

type Shared = Rc<RefCell<Core>>;

/// Jobs kept at once; the least recently opened goes first.
const KEPT_JOBS: usize = 8;

thread_local! {
    static JOBS: RefCell<Vec<Shared>> = const { RefCell::new(Vec::new()) };
}

/// The job of `plan` under `config`: the kept one with the same inputs, or a new one.
fn job_for(plan: Plan, config: &ClientConfig) -> Shared {
    let token = config.token.as_ref().map_or(0, |t| fingerprint(t.expose()));
    let key = format!("{token:016x} {} {}", config.base_url, plan.key);
    JOBS.with(|jobs| {
        let mut jobs = jobs.borrow_mut();
        if let Some(at) = jobs.iter().position(|j| j.borrow().key == key) {
            let job = jobs.remove(at);
            jobs.push(job.clone());
            return job;
        }
        if jobs.len() >= KEPT_JOBS {
            jobs.remove(0);
        }
        let count = plan.units.len();
        let job = Rc::new(RefCell::new(Core {
            key,
            units: plan.units,
            refine: plan.refine,
            total: count,
            results: vec![None; count],
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
        jobs.push(job.clone());
        job
    })
}

fn notify(job: &Shared) {
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
fn start(job: &Shared) {
    let waiting = {
        let mut core = job.borrow_mut();
        if core.phase == Phase::Running {
            return;
        }
        let Ok(controller) = AbortController::new() else {
            core.phase = Phase::Failed(Rc::new(Error::Network(
                "the browser cannot run requests".into(),
            )));
            drop(core);
            notify(job);
            return;
        };
        // Answers of an earlier run still on their way are dropped here, but not lost: they land
        // in the response cache, which answers this run's identical request.
        core.run += 1;
        core.in_flight = 0;
        core.started.iter_mut().for_each(|s| *s = false);
        core.client = Some(CachedClient::new(core.config.clone(), controller.signal()));
        core.controller = Some(controller);
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

/// Stops the running units; `phase` says why (the user, or the page closing).
fn stop(job: &Shared, phase: Phase) {
    {
        let mut core = job.borrow_mut();
        if core.phase != Phase::Running {
            return;
        }
        core.run += 1;
        if let Some(controller) = core.controller.take() {
            controller.abort();
        }
        core.client = None;
        core.in_flight = 0;
        core.started.iter_mut().for_each(|s| *s = false);
        settle_time(&mut core);
        core.phase = phase;
    }
    notify(job);
}

fn settle_time(core: &mut Core) {
    if let Some(since) = core.running_since.take() {
        core.busy_ms += now_ms() - since;
    }
}

/// The next unit to send, if one may go now.
fn next_unit(core: &Core) -> Option<usize> {
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

fn pump(job: &Shared) {
    loop {
        let (index, future, run) = {
            let mut core = job.borrow_mut();
            if core.phase == Phase::Running
                && core.in_flight == 0
                && core.results[..core.total].iter().all(Option::is_some)
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
fn landed(job: &Shared, run: u64, index: usize, outcome: Result<Rc<dyn Any>, Error>) {
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
fn resume_after(job: &Shared, ms: f64, run: u64) {
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

fn resume(job: &Shared, run: u64) {
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

/// A page's handle on its job, as the job stood when the handle was taken.
#[derive(Clone)]
pub struct Job {
    core: Shared,
    confirm_above: u32,
    version: u64,
}

impl PartialEq for Job {
    /// The same job with no change in between: the components it is given to re-render only
    /// when it moved on.
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.core, &other.core)
            && self.confirm_above == other.confirm_above
            && self.version == other.version
    }
}

impl Job {
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

    /// The answer of unit `index`, if it is in (and is not an error).
    pub fn result<T: 'static>(&self, index: usize) -> Option<Rc<T>> {
        let core = self.core.borrow();
        match core.results.get(index)? {
            Some(Ok(answer)) => answer.clone().downcast::<T>().ok(),
            _ => None,
        }
    }

    /// The error unit `index` came back with, when it concerned that unit alone.
    pub fn error(&self, index: usize) -> Option<Rc<Error>> {
        let core = self.core.borrow();
        match core.results.get(index)? {
            Some(Err(error)) => Some(error.clone()),
            _ => None,
        }
    }

    /// The answers in unit order, `None` where one is not in yet (or is an error).
    pub fn results<T: 'static>(&self) -> Vec<Option<Rc<T>>> {
        (0..self.core.borrow().total)
            .map(|index| self.result::<T>(index))
            .collect()
    }

    /// Starts the job, or goes on with what it has not asked yet.
    pub fn start(&self) {
        start(&self.core);
    }

    /// Stops the job; its answers stay, and [`Job::start`] goes on from there.
    pub fn cancel(&self) {
        stop(&self.core, Phase::Stopped);
    }

    /// Forgets every answer and asks again (the cache still answers what it holds).
    pub fn restart(&self) {
        stop(&self.core, Phase::Idle);
        {
            let mut core = self.core.borrow_mut();
            let count = core.units.len();
            core.results = vec![None; count];
            core.total = count;
            core.busy_ms = 0.0;
            core.phase = Phase::Idle;
        }
        start(&self.core);
    }
}

/// The job of `plan` for this page (none when the page has no complete inputs). It starts by
/// itself when it costs no more than `confirm_above` requests; otherwise it waits for
/// [`Job::start`]. Closing the page stops it; opening the page again goes on from there.
#[hook]
pub fn use_job(plan: Option<Plan>, confirm_above: u32) -> Option<Job> {
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
