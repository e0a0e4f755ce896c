//! The `main` of the end-to-end targets, on libtest-mimic: each scenario is a trial, filtered,
//! listed and reported as libtest does it, with libtest's flags. A target of many scenarios
//! shares one harness and one browser between them, so they run one at a time in the order
//! listed; the harness starts with the first scenario that runs.

use std::future::Future;
use std::pin::Pin;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use libtest_mimic::{Arguments, Failed, Trial};
use tokio::runtime::{Handle, Runtime};

use crate::{Harness, HarnessOptions, Res};

pub type Scenario = fn(Arc<Harness>) -> Pin<Box<dyn Future<Output = Res<()>> + Send>>;

/// `scenarios![a, b]`: the named async functions as `(name, Scenario)` pairs.
#[macro_export]
macro_rules! scenarios {
    ($($name:ident),* $(,)?) => {
        &[$((stringify!($name), |h| Box::pin($name(h)) as ::std::pin::Pin<Box<dyn ::std::future::Future<Output = $crate::Res<()>> + Send>>)),*]
    };
}

/// Longest a scenario of a shared harness may take.
const SCENARIO_TIMEOUT: Duration = Duration::from_secs(60);

/// The harness of a target, once its first scenario has started it (or the reason it could not).
type Shared = Arc<OnceLock<Result<Arc<Harness>, String>>>;

/// The `main` of a target whose scenarios share one harness.
pub fn main(scenarios: &'static [(&'static str, Scenario)], options: HarnessOptions) -> ExitCode {
    let Some((args, runtime)) = start() else {
        return ExitCode::FAILURE;
    };
    let shared: Shared = Arc::default();
    let trials = scenarios
        .iter()
        .map(|&(name, scenario)| {
            let (handle, shared, options) =
                (runtime.handle().clone(), shared.clone(), options.clone());
            Trial::test(name, move || {
                let harness = harness(&handle, &shared, options)?;
                handle
                    .block_on(run_one(harness, name, scenario))
                    .map_err(Failed::from)
            })
        })
        .collect();
    let ran = finish(&args, trials);
    if let Some(Ok(harness)) = Arc::into_inner(shared).and_then(OnceLock::into_inner) {
        match Arc::try_unwrap(harness) {
            Ok(harness) => runtime.block_on(harness.shutdown()),
            Err(harness) => drop(harness),
        }
    }
    ran
}

/// The `main` of a target of one scenario with a set-up of its own (no shared harness).
pub fn single<F, Fut>(name: &'static str, scenario: F) -> ExitCode
where
    F: FnOnce() -> Fut + Send + 'static,
    Fut: Future<Output = Res<()>>,
{
    let Some((args, runtime)) = start() else {
        return ExitCode::FAILURE;
    };
    let handle = runtime.handle().clone();
    let trial = Trial::test(name, move || {
        handle
            .block_on(async { with_interrupt(scenario()).await })
            .map_err(|e| Failed::from(e.to_string()))
    });
    finish(&args, vec![trial])
}

/// libtest's arguments, one scenario at a time (one browser, two cores), and the runtime the
/// scenarios run on: one browser and one server, two worker threads.
fn start() -> Option<(Arguments, Runtime)> {
    let mut args = Arguments::from_args();
    args.test_threads = Some(1);
    match tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
    {
        Ok(runtime) => Some((args, runtime)),
        Err(e) => {
            eprintln!("cannot start the tokio runtime: {e}");
            None
        }
    }
}

/// Runs the trials; a run that selects nothing fails rather than passes silently.
fn finish(args: &Arguments, trials: Vec<Trial>) -> ExitCode {
    let conclusion = libtest_mimic::run(args, trials);
    if !args.list && conclusion.num_passed + conclusion.num_failed == 0 {
        eprintln!("no e2e scenario matches {:?}", args.filter);
        return ExitCode::FAILURE;
    }
    conclusion.exit_code()
}

/// The target's harness, started by the first scenario that asks; every scenario after a failed
/// start fails with its reason (without a built console or a browser nothing passes).
fn harness(
    handle: &Handle,
    shared: &Shared,
    options: HarnessOptions,
) -> Result<Arc<Harness>, Failed> {
    let started = shared.get_or_init(|| {
        let harness = handle
            .block_on(Harness::start(options))
            .map_err(|e| e.to_string())?;
        println!(
            "site {} · sandbox seed {} now {} · picks {:?}",
            harness.site.origin,
            crate::SEED,
            harness.now,
            harness.picks
        );
        Ok(Arc::new(harness))
    });
    started
        .clone()
        .map_err(|e| format!("e2e harness failed to start: {e}").into())
}

/// Set by Ctrl-C: the scenarios not yet run fail at once, and the run ends the orderly way.
static INTERRUPTED: AtomicBool = AtomicBool::new(false);

/// One scenario of a shared harness, within [`SCENARIO_TIMEOUT`], with a screenshot of the page
/// when it fails.
async fn run_one(harness: Arc<Harness>, name: &str, scenario: Scenario) -> Result<(), String> {
    if INTERRUPTED.load(Ordering::Relaxed) {
        return Err("the run was interrupted".into());
    }
    // The picture of an earlier run's failure would tell of a failure this run may not have.
    let _ = std::fs::remove_file(crate::screenshot_dir().join(format!("failed-{name}.png")));
    let mut task = tokio::spawn(scenario(harness.clone()));
    let outcome = tokio::select! {
        joined = tokio::time::timeout(SCENARIO_TIMEOUT, &mut task) => match joined {
            Ok(Ok(Ok(()))) => Ok(()),
            Ok(Ok(Err(e))) => Err(e.to_string()),
            Ok(Err(join)) => Err(format!("panicked: {join}")),
            Err(_) => {
                task.abort();
                Err(format!("did not finish within {SCENARIO_TIMEOUT:?}"))
            }
        },
        _ = tokio::signal::ctrl_c() => {
            task.abort();
            INTERRUPTED.store(true, Ordering::Relaxed);
            return Err("interrupted".into());
        }
    };
    if outcome.is_err() {
        let _ = harness.browser.screenshot(&format!("failed-{name}")).await;
    }
    outcome
}

/// `work`, or an error as soon as Ctrl-C is pressed: dropping `work` drops the guards of the
/// servers and browser it started, which stop them.
async fn with_interrupt<T>(work: impl Future<Output = Res<T>>) -> Res<T> {
    tokio::select! {
        result = work => result,
        _ = tokio::signal::ctrl_c() => Err("interrupted".into()),
    }
}
