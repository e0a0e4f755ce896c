//! The scenario runner of the end-to-end targets: one harness and one browser for every
//! scenario, one after another, reported the way libtest reports tests. Arguments that are not
//! flags filter scenarios by name, as libtest's do.

use std::future::Future;
use std::pin::Pin;
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::{Harness, HarnessOptions, Res};

pub type Scenario = fn(Arc<Harness>) -> Pin<Box<dyn Future<Output = Res<()>> + Send>>;

/// `scenarios![a, b]`: the named async functions as `(name, Scenario)` pairs.
#[macro_export]
macro_rules! scenarios {
    ($($name:ident),* $(,)?) => {
        &[$((stringify!($name), |h| Box::pin($name(h)) as ::std::pin::Pin<Box<dyn ::std::future::Future<Output = $crate::Res<()>> + Send>>)),*]
    };
}

/// Longest a scenario may take.
const SCENARIO_TIMEOUT: Duration = Duration::from_secs(60);

/// The `main` of a scenario target.
pub fn main(scenarios: &'static [(&'static str, Scenario)], options: HarnessOptions) -> ExitCode {
    // libtest's flags are accepted and ignored; those that take a separate value skip it too,
    // so that `--test-threads 1` does not read as a filter that selects nothing.
    const WITH_VALUE: [&str; 6] = [
        "--test-threads",
        "--skip",
        "--format",
        "--color",
        "--logfile",
        "-Z",
    ];
    let mut filters = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if WITH_VALUE.contains(&arg.as_str()) {
            args.next();
        } else if !arg.starts_with('-') {
            filters.push(arg);
        }
    }
    crate::block_on(run(scenarios, options, filters))
}

async fn run(
    scenarios: &'static [(&'static str, Scenario)],
    options: HarnessOptions,
    filters: Vec<String>,
) -> ExitCode {
    let chosen: Vec<&(&'static str, Scenario)> = scenarios
        .iter()
        .filter(|(name, _)| filters.is_empty() || filters.iter().any(|f| name.contains(f.as_str())))
        .collect();
    println!("\nrunning {} e2e scenarios", chosen.len());
    if chosen.is_empty() {
        eprintln!("no scenario matches {filters:?}");
        return ExitCode::FAILURE;
    }
    let started = Instant::now();
    let harness = match Harness::start(options).await {
        Ok(h) => Arc::new(h),
        Err(e) => {
            // Never a silent pass or skip: without a built console or a browser this fails.
            eprintln!("e2e harness failed to start: {e}");
            return ExitCode::FAILURE;
        }
    };
    println!(
        "site {} · sandbox seed {} now {} · picks {:?}",
        harness.site.origin,
        crate::SEED,
        harness.now,
        harness.picks
    );
    let passed = AtomicUsize::new(0);
    // Ctrl-C ends the run the orderly way too: the browser and chromedriver are stopped below.
    let failed = tokio::select! {
        failed = run_scenarios(&harness, &chosen, &passed) => failed,
        _ = tokio::signal::ctrl_c() => {
            eprintln!("interrupted");
            vec![("(interrupted)", "the run was interrupted".to_owned())]
        }
    };
    let passed = passed.load(Ordering::Relaxed);
    for (name, message) in &failed {
        println!("\n---- {name} ----\n{message}");
    }
    match Arc::try_unwrap(harness) {
        Ok(h) => h.shutdown().await,
        Err(h) => drop(h),
    }
    println!(
        "\ntest result: {}. {passed} passed; {} failed; finished in {:.1} s\n",
        if failed.is_empty() { "ok" } else { "FAILED" },
        failed.len(),
        started.elapsed().as_secs_f64()
    );
    if failed.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Runs the scenarios one after another; the failures with their messages.
async fn run_scenarios(
    harness: &Arc<Harness>,
    chosen: &[&(&'static str, Scenario)],
    passed: &AtomicUsize,
) -> Vec<(&'static str, String)> {
    let mut failed = Vec::new();
    for (name, scenario) in chosen.iter().copied() {
        // The picture of an earlier run's failure would tell of a failure this run may not have.
        let _ = std::fs::remove_file(crate::screenshot_dir().join(format!("failed-{name}.png")));
        let t = Instant::now();
        let mut task = tokio::spawn(scenario(harness.clone()));
        let outcome = match tokio::time::timeout(SCENARIO_TIMEOUT, &mut task).await {
            Ok(Ok(Ok(()))) => Ok(()),
            Ok(Ok(Err(e))) => Err(e.to_string()),
            Ok(Err(join)) => Err(format!("panicked: {join}")),
            Err(_) => {
                task.abort();
                Err(format!("did not finish within {SCENARIO_TIMEOUT:?}"))
            }
        };
        match outcome {
            Ok(()) => {
                passed.fetch_add(1, Ordering::Relaxed);
                println!("test {name} ... ok ({:.1} s)", t.elapsed().as_secs_f64());
            }
            Err(message) => {
                println!(
                    "test {name} ... FAILED ({:.1} s)",
                    t.elapsed().as_secs_f64()
                );
                let _ = harness.browser.screenshot(&format!("failed-{name}")).await;
                failed.push((*name, message));
            }
        }
    }
    failed
}

/// The `main` of a target of one scenario with a set-up of its own (no shared harness): `name`
/// run on the runtime of [`crate::block_on`], stopped by Ctrl-C, reported as libtest reports.
pub fn single<F>(name: &str, scenario: F) -> ExitCode
where
    F: Future<Output = Res<()>>,
{
    crate::block_on(async {
        println!("\nrunning 1 e2e scenario");
        let started = Instant::now();
        let result = tokio::select! {
            result = scenario => result,
            _ = tokio::signal::ctrl_c() => Err("interrupted".into()),
        };
        let verdict = if result.is_ok() { "ok" } else { "FAILED" };
        if let Err(e) = &result {
            println!("\n---- {name} ----\n{e}");
        }
        println!(
            "test {name} ... {verdict}\n\ntest result: {verdict}. {} passed; {} failed; \
             finished in {:.1} s\n",
            usize::from(result.is_ok()),
            usize::from(result.is_err()),
            started.elapsed().as_secs_f64()
        );
        if result.is_ok() {
            ExitCode::SUCCESS
        } else {
            ExitCode::FAILURE
        }
    })
}
