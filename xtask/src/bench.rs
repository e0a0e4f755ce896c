//! `cargo xtask bench`: figures the issues set targets for, measured on a real build.

use std::collections::HashMap;
use std::fs;
use std::path::Path;
use std::process::Command;
use std::time::Duration;

use crate::build::run_release_build;
use crate::proc::{output, step, with_timeout};
use crate::sandbox;
use crate::setup::Setup;
use crate::Result;

/// The whole console's wasm and JavaScript, gzipped, must stay under this.
const CONSOLE_GZIP_BUDGET: u64 = 250 * 1024;

/// The sandbox's targets (issue #3), at the default dataset size on this 2-core machine.
const SANDBOX_TARGETS: [(&str, f64, &str); 4] = [
    (
        "startup_ms",
        5_000.0,
        "start-up with the default dataset, ms",
    ),
    ("p50_ms", 5.0, "/posts/search p50, ms"),
    ("p99_ms", 20.0, "/posts/search p99, ms"),
    ("peak_rss_mib", 1_024.0, "peak memory, MiB"),
];

/// The gateway's targets (issue #6): cached calls on loopback, and the share of a console
/// session's calls that reach the upstream (two visitors; the second is served from the cache,
/// so anything at or above one half means the cache or the coalescing does not work).
const GATEWAY_TARGETS: [(&str, f64, &str); 4] = [
    ("p50_ms", 2.0, "cached call p50, ms"),
    ("p99_ms", 20.0, "cached call p99, ms"),
    ("ratio", 0.49, "upstream calls per console call"),
    ("errors", 0.0, "failed requests"),
];

pub fn run(root: &Path) -> Result {
    let setup = Setup::run(root)?;
    let console = console_size(&setup, root);
    let speed = sandbox::build(root).and_then(|bin_dir| {
        // Both run, so that one missed target does not hide the other's figures.
        let sandbox = measure(
            &bin_dir,
            "sandbox-bench",
            "bench: sandbox start-up, /posts/search latency and memory",
            &SANDBOX_TARGETS,
        );
        let gateway = measure(
            &bin_dir,
            "gateway-bench",
            "bench: gateway cached-call latency and upstream calls of a console session",
            &GATEWAY_TARGETS,
        );
        sandbox.and(gateway)
    });
    console.and(speed)
}

/// Runs a bench binary of the sandbox crate with the default dataset (`sandbox-bench`: post
/// searches; `gateway-bench`: cached calls through the gateway; each 5,000 requests over 4
/// keep-alive connections, 60 s at most) and checks its `key=value` figures against `targets`.
fn measure(bin_dir: &Path, bench: &str, title: &str, targets: &[(&str, f64, &str)]) -> Result {
    let _t = step(title);
    let out = with_timeout(
        Duration::from_secs(120),
        &bin_dir.join(bench).to_string_lossy(),
    )
    .args(["--size", "default"])
    .output()
    .map_err(|e| format!("running {bench}: {e}"))?;
    let text = String::from_utf8_lossy(&out.stdout);
    print!(
        "{}",
        text.lines()
            .map(|l| format!("    {l}\n"))
            .collect::<String>()
    );
    if !out.status.success() {
        return Err(format!(
            "{bench} failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    let figures: HashMap<&str, f64> = text
        .split_whitespace()
        .filter_map(|pair| pair.split_once('='))
        .filter_map(|(k, v)| Some((k, v.parse().ok()?)))
        .collect();
    let mut missed = Vec::new();
    for &(key, limit, what) in targets {
        let value = figures
            .get(key)
            .copied()
            .ok_or_else(|| format!("{bench} printed no {key}"))?;
        let verdict = if value <= limit { "within" } else { "OVER" };
        println!("    {what}: {value} (target ≤ {limit}): {verdict}");
        if value > limit {
            missed.push(what);
        }
    }
    if missed.is_empty() {
        Ok(())
    } else {
        Err(format!("{bench} targets missed: {}", missed.join(", ")))
    }
}

fn console_size(setup: &Setup, root: &Path) -> Result {
    run_release_build(setup)?;
    let _t = step("bench: size of the release build");
    let dist = root.join("dist");
    let mut rows = Vec::new();
    for entry in fs::read_dir(&dist).map_err(|e| format!("reading dist/: {e}"))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_owned();
        if matches!(ext.as_str(), "wasm" | "js" | "css" | "html") {
            let raw = fs::metadata(&path).map_err(|e| e.to_string())?.len();
            let gz = gzip_size(&path)?;
            rows.push((path, ext, raw, gz));
        }
    }
    rows.sort_by_key(|r| std::cmp::Reverse(r.2));
    println!("    {:<48} {:>10} {:>10}", "file", "raw B", "gzip B");
    for (path, _, raw, gz) in &rows {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        println!("    {name:<48} {raw:>10} {gz:>10}");
    }
    let code: u64 = rows
        .iter()
        .filter(|r| r.1 == "wasm" || r.1 == "js")
        .map(|r| r.3)
        .sum();
    println!(
        "    wasm + JS gzip: {code} B ({:.1} KiB); budget {} KiB: {}",
        code as f64 / 1024.0,
        CONSOLE_GZIP_BUDGET / 1024,
        if code <= CONSOLE_GZIP_BUDGET {
            "within"
        } else {
            "OVER"
        }
    );
    if code <= CONSOLE_GZIP_BUDGET {
        Ok(())
    } else {
        Err(format!("the console is {code} B gzip, over its budget"))
    }
}

fn gzip_size(path: &Path) -> Result<u64> {
    let out = output(
        Command::new("sh")
            .arg("-c")
            .arg(format!("gzip -9 -c '{}' | wc -c", path.display())),
    )
    .ok_or("gzip failed")?;
    out.trim()
        .parse()
        .map_err(|e| format!("gzip size of {}: {e}", path.display()))
}
