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
use crate::report::{key_values, Figure, Report, Target};
use crate::sandbox::{self, free_port};
use crate::setup::{Setup, WASM_TARGET};
use crate::test::E2E_PACKAGE;
use crate::Result;

/// The token only the gateway holds; the sandbox accepts it and nothing else, as the service
/// would.
const GATEWAY_TOKEN: &str = "xtask-bench-gateway";
/// The scripts take about 11 minutes on two cores (Lighthouse about 15 s a run, three runs a
/// page); a busy machine may take twice that.
const NODE_LIMIT: Duration = Duration::from_secs(1500);
const NPM_LIMIT: Duration = Duration::from_secs(600);
/// The bench-only module that decodes answers with the console's code (src/bin/decode-bench.rs).
const DECODE_BIN: &str = "decode-bench";

/// Targets by the key the scripts print (issue #28: what a person feels; bytes on the wire are
/// reported, and the build's sizes have ceilings in `bench.rs`). Lighthouse's are per page, below.
const TARGETS: &[(&str, &str, Target)] = &[
    (
        "console.messages",
        "errors and warnings in the browser console, the fourteen pages and embed.html",
        Target::AtMost(0.0),
    ),
    (
        "wire.console_kib",
        "console first load of a post search, bytes on the wire, KiB",
        Target::None,
    ),
    (
        "wire.embed_kib",
        "embed.html with three widgets, bytes on the wire, KiB",
        Target::None,
    ),
    (
        "click.post_search.console_ms",
        "post search, 50 results: console, click to painted, ms",
        Target::None,
    ),
    (
        "click.post_search.plain_ms",
        "post search, 50 results: plain DOM, click to painted, ms",
        Target::None,
    ),
    // Issue #44: back to at most 1.5 times the plain page, where it had been (1.1) before the
    // page looked up repost sources and drew its posts' parts as components of their own.
    (
        "click.post_search.ratio",
        "post search, 50 results: console / plain DOM",
        Target::AtMost(1.5),
    ),
    (
        "click.chart.console_ms",
        "chart of 744 hours: console, click to painted, ms",
        Target::None,
    ),
    (
        "click.chart.plain_ms",
        "chart of 744 hours: plain DOM, click to painted, ms",
        Target::None,
    ),
    (
        "click.chart.ratio",
        "chart of 744 hours: console / plain DOM",
        Target::AtMost(2.0),
    ),
    (
        "step.median_ms",
        "a step between two pages through the navigation, click to painted, median, ms",
        Target::AtMost(150.0),
    ),
    (
        "step.max_ms",
        "a step between two pages through the navigation, click to painted, slowest, ms",
        Target::None,
    ),
    (
        "decode.json_parse_ms",
        "decoding 50 posts: JSON.parse, ms",
        Target::None,
    ),
    (
        "decode.wasm_ms",
        "decoding 50 posts: the console (wasm), ms",
        Target::None,
    ),
    (
        "decode.ratio",
        "decoding 50 posts: wasm / JSON.parse",
        Target::None,
    ),
    (
        "health.readings",
        "health check: hourly counts read (90 days)",
        Target::AtLeast(2_160.0),
    ),
    (
        "health.check_ms",
        "health check of 90 days of hourly counts, in the browser, ms",
        Target::AtMost(20.0),
    ),
];

/// Per page: the figure's key suffix, how it reads, its target.
const LIGHTHOUSE_TARGETS: &[(&str, &str, Target)] = &[
    ("performance", "performance", Target::AtLeast(95.0)),
    ("lcp_s", "LCP, s", Target::AtMost(2.5)),
    ("accessibility", "accessibility", Target::AtLeast(100.0)),
    ("best_practices", "best practices", Target::AtLeast(100.0)),
];

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

/// `target/bench/site`: the release build as the gateway serves it, and under `bench/` the
/// plain-DOM reference pages and the decode module, which are never shipped in dist/.
fn site(setup: &Setup, out: &Path) -> Result<PathBuf> {
    let site = out.join("site");
    if site.exists() {
        fs::remove_dir_all(&site).map_err(|e| format!("{}: {e}", site.display()))?;
    }
    copy_dir(&setup.root.join("dist"), &site)?;
    let bench = site.join("bench");
    copy_dir(&project_dir(&setup.root).join("site"), &bench)?;
    build_decode_module(setup, &bench)?;
    Ok(site)
}

fn copy_dir(from: &Path, to: &Path) -> Result {
    fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for entry in fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let target = to.join(path.file_name().unwrap_or_default());
        if path.is_dir() {
            copy_dir(&path, &target)?;
        } else {
            fs::copy(&path, &target).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// The decode module, built as the console is (release profile, wasm-bindgen for the web,
/// wasm-opt with the level and passes `index.html` gives Trunk for the console), into `dir`.
fn build_decode_module(setup: &Setup, dir: &Path) -> Result {
    let _t = step("bench: the decode module (release wasm, wasm-bindgen, wasm-opt)");
    exec(
        setup.release_command("cargo").args([
            "build",
            "--quiet",
            "--release",
            "--no-default-features",
            "--target",
            WASM_TARGET,
            "--bin",
            DECODE_BIN,
        ]),
        "building the decode module",
    )?;
    let wasm = setup
        .release_target_dir()
        .join(WASM_TARGET)
        .join("release")
        .join(format!("{DECODE_BIN}.wasm"));
    exec(
        setup
            .wasm_command("wasm-bindgen")
            .args([
                "--target",
                "web",
                "--no-typescript",
                "--out-name",
                DECODE_BIN,
            ])
            .arg("--out-dir")
            .arg(dir)
            .arg(&wasm),
        "wasm-bindgen of the decode module",
    )?;
    let bindgen_output = dir.join(format!("{DECODE_BIN}_bg.wasm"));
    let index_path = setup.root.join("index.html");
    let index = fs::read_to_string(&index_path)
        .map_err(|e| format!("reading {}: {e}", index_path.display()))?;
    exec(
        setup
            .wasm_command("wasm-opt")
            .arg(format!("--output={}", bindgen_output.display()))
            .args(console_wasm_opt_args(&index)?)
            .arg(&bindgen_output),
        "wasm-opt of the decode module",
    )
}

/// The arguments Trunk gives wasm-opt for the console, as `index.html` asks for them: `-O` with
/// the link's `data-wasm-opt` level, then its `data-wasm-opt-params`.
fn console_wasm_opt_args(index: &str) -> Result<Vec<String>> {
    let link = index
        .lines()
        .find(|line| line.contains(r#"rel="rust""#) && line.contains(r#"data-bin="chanscope""#))
        .ok_or("index.html has no rust link for the console")?;
    let attribute = |name: &str| {
        let start = link.find(&format!(r#"{name}=""#))? + name.len() + 2;
        let end = start + link[start..].find('"')?;
        Some(&link[start..end])
    };
    let level = attribute("data-wasm-opt").ok_or("the console's link has no data-wasm-opt")?;
    let mut args = vec![format!("-O{level}")];
    args.extend(
        attribute("data-wasm-opt-params")
            .unwrap_or_default()
            .split_whitespace()
            .map(str::to_owned),
    );
    Ok(args)
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

/// The `key=value` lines the scripts printed, in order.
fn printed_pairs(printed: &str) -> impl Iterator<Item = (&str, &str)> {
    printed
        .lines()
        .filter_map(|line| line.split_once('='))
        .filter(|(key, _)| !key.is_empty() && !key.contains(char::is_whitespace))
}

/// Values that are not numbers: errors (`error.<part>`) and failing audits.
fn notes(printed: &str) -> BTreeMap<&str, &str> {
    printed_pairs(printed)
        .filter(|(_, value)| value.parse::<f64>().is_err())
        .collect()
}

/// Every figure with its target: the fixed ones whether printed or not (missing is a miss), and
/// Lighthouse's for each page the scripts reported on, in their order.
fn add_figures(report: &mut Report, printed: &str, notes: &BTreeMap<&str, &str>) {
    let figures: BTreeMap<&str, f64> = printed_pairs(printed)
        .filter_map(|(key, value)| Some((key, value.parse().ok()?)))
        .collect();
    for &(key, what, target) in TARGETS {
        report.add(Figure::new(key, what, figures.get(key).copied()).target(target));
    }
    let mut pages: Vec<&str> = Vec::new();
    for (key, _) in printed_pairs(printed) {
        if let Some(page) = key
            .strip_prefix("lighthouse.")
            .and_then(|k| k.split('.').next())
        {
            if !pages.contains(&page) {
                pages.push(page);
            }
        }
    }
    for page in pages {
        for &(metric, what, target) in LIGHTHOUSE_TARGETS {
            let key = format!("lighthouse.{page}.{metric}");
            let failing = notes
                .get(format!("{key}.failing").as_str())
                .map(|ids| format!("failing audits: {}", ids.replace(',', ", ")));
            let value = figures.get(key.as_str()).copied();
            report.add(
                Figure::new(key, format!("{page}: {what}"), value)
                    .target(target)
                    .detail(failing),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_decode_module_is_optimised_as_index_html_asks_for_the_console() {
        let index = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../index.html"))
            .unwrap();
        assert_eq!(
            console_wasm_opt_args(&index).unwrap(),
            ["-Oz", "--flatten", "--rereloop", "-Oz", "-Oz"]
        );
        let plain = r#"<link data-trunk rel="rust" data-bin="chanscope" data-wasm-opt="s" />"#;
        assert_eq!(console_wasm_opt_args(plain).unwrap(), ["-Os"]);
        assert!(console_wasm_opt_args("<html></html>").is_err());
    }
}
