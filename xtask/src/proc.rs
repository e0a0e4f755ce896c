//! Running child processes: every step is announced, timed, and fails with a message that names it.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::Result;

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
pub fn version_of(program: &std::path::Path) -> Option<String> {
    output(Command::new(program).arg("--version")).and_then(|s| s.lines().next().map(str::to_owned))
}
