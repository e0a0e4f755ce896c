//! The browser section of `cargo xtask bench`: the release build in headless Chromium, served by
//! the gateway in front of a sandbox, as visitors get it. Bytes on the wire of a first visit,
//! Lighthouse on each page, click-to-painted against plain-DOM reference pages, and the decoding
//! of an answer against `JSON.parse`. The measuring is done by the Node project in
//! `xtask/browser-bench/` (Playwright and Lighthouse); this module installs it, builds what it
//! needs, starts and stops the servers, and holds the targets.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::proc::{exec, native_cargo, step, stream_lines, with_timeout};
use crate::report::{key_values, Report};
use crate::result::Result;
use crate::sandbox::{self, free_port};
use crate::setup::Setup;
use crate::test::E2E_PACKAGE;

mod site;
mod targets;

use site::site;
use targets::{add_figures, notes};

/// The token only the gateway holds; the sandbox accepts it and nothing else, as the service
/// would.
const GATEWAY_TOKEN: &str = "xtask-bench-gateway";
/// The scripts take about 11 minutes on two cores (Lighthouse about 15 s a run, three runs a
/// page); a busy machine may take twice that.
const NODE_LIMIT: Duration = Duration::from_secs(1500);
const NPM_LIMIT: Duration = Duration::from_secs(600);

/// The Node project: package.json and its lock, the scripts, the reference pages (`site/`).
pub fn project_dir(root: &Path) -> PathBuf {
    root.join("xtask").join("browser-bench")
}

pub fn run(setup: &Setup, bin_dir: &Path, report: &mut Report) -> Result {
    let _t = step("bench: the release build in headless Chromium");
    let measured = serve_and_measure(setup, bin_dir);
    let printed = measured.as_deref().unwrap_or_default();
    let notes = notes(printed);
    add_figures(report, printed, &notes);
    let errors: Vec<String> = notes
        .iter()
        .filter(|(key, _)| key.starts_with("error."))
        .map(|(key, text)| format!("{key}: {text}"))
        .collect();
    measured?;
    if errors.is_empty() {
        Ok(())
    } else {
        Err(format!("browser benchmark: {}", errors.join("; ")))
    }
}

/// Prepares everything, starts the sandbox and the gateway, runs the scripts and stops the
/// servers; returns what the scripts printed.
fn serve_and_measure(setup: &Setup, bin_dir: &Path) -> Result<String> {
    let out = setup.root.join("target").join("bench");
    fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;
    let prefix = node_packages(setup)?;
    let site = site(setup, &out)?;
    let picks = picks(&setup.root, &out)?;

    let sandbox_port = free_port()?;
    let sandbox_args = [
        "--seed",
        picks.get("seed").ok_or("bench-picks printed no seed")?,
        "--size",
        picks.get("size").ok_or("bench-picks printed no size")?,
        "--now",
        picks.get("now").ok_or("bench-picks printed no now")?,
        "--token",
        &format!("{GATEWAY_TOKEN}=search+stat:XL"),
    ];
    let _sandbox = sandbox::start(bin_dir, sandbox_port, &sandbox_args)?;
    let gateway_port = free_port()?;
    let gateway_log = out.join("gateway.log");
    let _gateway = sandbox::start_gateway(
        bin_dir,
        gateway_port,
        &format!("http://127.0.0.1:{sandbox_port}/api"),
        GATEWAY_TOKEN,
        // One visitor here makes a few hundred calls in minutes; the default per-client limit
        // (5 a second) would answer some with flood control instead of what is measured.
        &[
            "--dist",
            &site.to_string_lossy(),
            "--rate",
            "1000",
            "--burst",
            "1000",
        ],
        &gateway_log,
    )?;
    println!(
        "    gateway http://127.0.0.1:{gateway_port} (log: {}) → sandbox port {sandbox_port}",
        gateway_log.display()
    );
    run_scripts(
        setup,
        &prefix,
        &format!("http://127.0.0.1:{gateway_port}"),
        &out,
    )
}

/// Installs the Node project's locked packages into the tools directory, unless that exact lock
/// is installed already; returns the prefix they are in.
fn node_packages(setup: &Setup) -> Result<PathBuf> {
    let project = project_dir(&setup.root);
    let prefix = setup.tools.join("browser-bench");
    let lock = fs::read(project.join("package-lock.json"))
        .map_err(|e| format!("reading the browser bench's package-lock.json: {e}"))?;
    // Written after a successful install only, so an interrupted one is redone.
    let installed = prefix.join("installed-package-lock.json");
    if fs::read(&installed).ok().as_ref() == Some(&lock) {
        println!(
            "    found Lighthouse and Playwright in {}",
            prefix.display()
        );
        return Ok(prefix);
    }
    let _t = step("npm ci: Lighthouse and Playwright (browser bench)");
    fs::create_dir_all(&prefix).map_err(|e| format!("{}: {e}", prefix.display()))?;
    for file in ["package.json", "package-lock.json"] {
        fs::copy(project.join(file), prefix.join(file))
            .map_err(|e| format!("copying {file} to {}: {e}", prefix.display()))?;
    }
    exec(
        with_timeout(NPM_LIMIT, "npm")
            .args(["ci", "--no-audit", "--no-fund"])
            .current_dir(&prefix),
        "npm ci (browser bench)",
    )?;
    fs::write(&installed, &lock).map_err(|e| format!("{}: {e}", installed.display()))?;
    Ok(prefix)
}

/// The end-to-end suite's picks for a dataset as of the last whole hour (`bench-picks`), kept in
/// `out/picks.txt` for the scripts.
fn picks(root: &Path, out: &Path) -> Result<BTreeMap<String, String>> {
    let _t = step("bench: inputs that find something in the sandbox (bench-picks)");
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_err(|e| e.to_string())?
        .as_secs();
    let printed = native_cargo(root)
        .args(["run", "--quiet", "-p", E2E_PACKAGE, "--bin", "bench-picks"])
        .env("CHANSCOPE_E2E_NOW", (now - now % 3600).to_string())
        .stderr(Stdio::inherit())
        .output()
        .map_err(|e| format!("running bench-picks: {e}"))?;
    if !printed.status.success() {
        return Err("bench-picks failed".into());
    }
    let text = String::from_utf8_lossy(&printed.stdout).into_owned();
    let path = out.join("picks.txt");
    fs::write(&path, &text).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(key_values(&text)
        .into_iter()
        .map(|(k, v)| (k.to_owned(), v.to_owned()))
        .collect())
}

/// Runs the scripts against `origin`, echoing what they print; returns their output.
fn run_scripts(setup: &Setup, prefix: &Path, origin: &str, out: &Path) -> Result<String> {
    let mut printed = String::new();
    let status = stream_lines(
        Command::new("node")
            .arg(project_dir(&setup.root).join("run.mjs"))
            .arg("--prefix")
            .arg(prefix)
            .args(["--origin", origin])
            .arg("--picks")
            .arg(out.join("picks.txt"))
            .arg("--out")
            .arg(out)
            .stdin(Stdio::null()),
        NODE_LIMIT,
        "the browser benchmark's scripts",
        |line| {
            println!("    {line}");
            printed.push_str(line);
            printed.push('\n');
        },
    )?;
    // They exit with 1 when a part failed, and say which in an `error.<part>` line.
    if status.success() || status.code() == Some(1) {
        Ok(printed)
    } else {
        Err(format!("the browser benchmark's scripts failed ({status})"))
    }
}
