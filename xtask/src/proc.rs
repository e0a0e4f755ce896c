//! Running child processes: every step is announced, timed, and fails with a message that names it.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use procgroup::{SIGKILL, SIGTERM};

use crate::result::Result;

/// Prints a step header; the returned guard prints how long the step took when dropped.
pub fn step(name: &str) -> StepTimer {
    println!("\n==> {name}");
    StepTimer {
        name: name.to_owned(),
        started: Instant::now(),
    }
}

pub struct StepTimer {
    name: String,
    started: Instant,
}

impl Drop for StepTimer {
    fn drop(&mut self) {
        println!("    {} took {}", self.name, seconds(self.started.elapsed()));
    }
}

pub fn seconds(d: Duration) -> String {
    format!("{:.1} s", d.as_secs_f64())
}

/// Wraps `program` in coreutils `timeout`, so that a hanging download or build cannot stall CI.
pub fn with_timeout(limit: Duration, program: &str) -> Command {
    let mut cmd = Command::new("timeout");
    cmd.arg("--kill-after=10")
        .arg(format!("{}", limit.as_secs()))
        .arg(program);
    cmd
}

/// Cargo for native work, freed of anything a wasm build might have set.
pub fn native_cargo(root: &Path) -> Command {
    let mut cmd = Command::new("cargo");
    cmd.current_dir(root)
        .env_remove("CARGO_UNSTABLE_BUILD_STD")
        .env_remove("CARGO_TARGET_DIR");
    cmd
}

/// Runs `cmd` with each line of its standard output handed to `each_line`, and its exit status.
/// Past `limit` it gets SIGTERM, so that it can stop what it started, and SIGKILL 15 s later. It
/// stays in this process group (unlike under `timeout`), so Ctrl-C reaches it too.
pub fn stream_lines(
    cmd: &mut Command,
    limit: Duration,
    what: &str,
    mut each_line: impl FnMut(&str),
) -> Result<ExitStatus> {
    let mut child = cmd
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| format!("{what}: could not start {:?}: {e}", cmd.get_program()))?;
    let pid = child.id();
    let (finished, wait) = mpsc::channel::<()>();
    let watchdog = thread::spawn(move || {
        let mut timed_out = false;
        for (signal, after) in [(SIGTERM, limit), (SIGKILL, Duration::from_secs(15))] {
            if wait.recv_timeout(after) != Err(RecvTimeoutError::Timeout) {
                break;
            }
            timed_out = true;
            procgroup::signal_process(pid, signal);
        }
        timed_out
    });
    if let Some(stdout) = child.stdout.take() {
        for line in BufReader::new(stdout).lines().map_while(|l| l.ok()) {
            each_line(&line);
        }
    }
    let status = child.wait().map_err(|e| format!("{what}: {e}"));
    let _ = finished.send(());
    if watchdog.join().unwrap_or(false) {
        return Err(format!("{what}: stopped after {} s", limit.as_secs()));
    }
    status
}

/// Runs a command with inherited output; a non-zero exit is an error naming `what`.
pub fn exec(cmd: &mut Command, what: &str) -> Result {
    let status = cmd
        .status()
        .map_err(|e| format!("{what}: could not start {:?}: {e}", cmd.get_program()))?;
    if status.success() {
        return Ok(());
    }
    match status.code() {
        Some(124) => Err(format!("{what}: timed out")),
        Some(code) => Err(format!("{what}: exited with status {code}")),
        None => Err(format!("{what}: killed by a signal")),
    }
}

/// Runs a command quietly and returns its trimmed standard output when it succeeds.
pub fn output(cmd: &mut Command) -> Option<String> {
    let out = cmd
        .stdin(Stdio::null())
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_owned())
}

/// The first line a tool prints for `--version`, if it runs at all.
pub fn version_of(program: &Path) -> Option<String> {
    output(Command::new(program).arg("--version")).and_then(|s| s.lines().next().map(str::to_owned))
}
