//! The README's commands, run as written: every line of its ```sh blocks, with bash in the
//! repository root, so that what a newcomer copies cannot rot.
//!
//! A command that exits by itself must exit 0 within 300 s. A command that starts a
//! server (`cargo xtask serve`, anything given `--port` or `--listen`, the gateway) runs in a
//! process group of its own, must answer on its port within a bounded time, stays up while the
//! rest of its block runs (the block may talk to it), and is then stopped by signalling that
//! group. A line with a placeholder (`<service host>`) or alternatives (`small|default|large`) is
//! not runnable as written: it fails, named by its README line, and is not guessed at.
//!
//! `cargo xtask test` runs this last, on the checkout it has just built; `cargo xtask readme-check`
//! runs it alone after `cargo xtask build`.

mod commands;
mod process;

use std::fs;
use std::path::Path;
use std::time::Instant;

use crate::proc::{self, step};
use crate::sandbox;
use crate::Result;
use commands::{classify, extract, Kind};
use process::{run_to_end, start_server};

/// Runs the check on a built checkout: the release build in `dist/` (`cargo xtask build`, or the
/// release build of `cargo xtask test`).
pub fn run(root: &Path) -> Result {
    let _t = step("README commands, run as written");
    if !root.join("dist").join("index.html").is_file() {
        return Err("no release build in dist/: run `cargo xtask build` first".into());
    }
    // What `cargo xtask build` adds to the release build (the check skips that command).
    let bin_dir = sandbox::build(root, &[sandbox::SANDBOX, sandbox::GATEWAY])?;
    if !bin_dir.join("gateway").is_file() {
        return Err(format!("no gateway in {}", bin_dir.display()));
    }
    let readme = fs::read_to_string(root.join("README.md"))
        .map_err(|e| format!("reading README.md: {e}"))?;
    let logs = root.join("target").join("readme-check");
    fs::create_dir_all(&logs).map_err(|e| format!("{}: {e}", logs.display()))?;
    let mut failures = Vec::new();
    for block in extract(&readme) {
        // Servers started in this block; dropping them stops their process groups.
        let mut servers = Vec::new();
        for shown in block {
            let started = Instant::now();
            let outcome = match classify(&shown.text) {
                Kind::Skip(reason) => {
                    println!(
                        "    README.md:{} skipped ({reason}): {}",
                        shown.line, shown.text
                    );
                    continue;
                }
                Kind::Unrunnable(reason) => Err(format!("not runnable as written: {reason}")),
                Kind::Exits => run_to_end(root, &logs, &shown),
                Kind::Server(probes) => {
                    start_server(root, &logs, &shown, &probes).map(|s| servers.push(s))
                }
            };
            let took = proc::seconds(started.elapsed());
            match outcome {
                Ok(()) => println!("    README.md:{} ok ({took}): {}", shown.line, shown.text),
                Err(why) => {
                    println!(
                        "    README.md:{} FAILED ({took}): {}",
                        shown.line, shown.text
                    );
                    failures.push(format!(
                        "README.md:{}: `{}`\n  {why}",
                        shown.line, shown.text
                    ));
                }
            }
        }
    }
    if failures.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{} README command(s) do not run as written:\n{}",
        failures.len(),
        failures.join("\n")
    ))
}
