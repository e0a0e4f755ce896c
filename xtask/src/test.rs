//! `cargo xtask test`: every check the project has, in the order that fails fastest.

use std::net::TcpListener;
use std::path::Path;
use std::time::Instant;
use std::{fs, thread};

use crate::browser_tests::browser_test_targets;
use crate::build::run_release_build;
use crate::headless::{chromium, serve_dist};
use crate::proc::{self, exec, native_cargo, step};
use crate::readme;
use crate::result::Result;
use crate::sandbox;
use crate::setup::{inspector, Setup, WASM_TARGET};

/// What a first run leaves under `target/` (a clean clone: 5.7 GB), with room to spare.
const DISK_NEEDED_GB: f64 = 8.0;

pub fn run(root: &Path) -> Result {
    let started = Instant::now();
    warn_if_disk_is_short(root);
    let setup = Setup::run(root)?;
    // The browser tests compile in the URL of a server that never answers (see `silent_server`).
    let silent = silent_server()?;
    {
        let _t = step("cargo fmt --check");
        exec(
            native_cargo(root).args(["fmt", "--all", "--", "--check"]),
            "cargo fmt --check (run `cargo fmt --all`)",
        )?;
    }
    {
        let _t = step("cargo clippy (native)");
        exec(
            native_cargo(root).args([
                "clippy",
                "--workspace",
                "--all-targets",
                "--",
                "-D",
                "warnings",
            ]),
            "cargo clippy (native)",
        )?;
    }
    gateway_without_sandbox(root)?;
    servers_without_console(root)?;
    let browser_tests = browser_test_targets(root)?;
    {
        let _t = step("cargo clippy (wasm32: the user interface, the API layer and the figures)");
        exec(
            setup
                .wasm_command("cargo")
                .args(["clippy", "--target", WASM_TARGET])
                .args(["--package", "chanscope", "--package", API_PACKAGE])
                .args(["--package", "chanscope-figures"])
                .args(["--lib", "--bins"])
                .args(test_args(&browser_tests))
                .args(["--", "-D", "warnings"])
                .env("CHANSCOPE_SILENT_URL", &silent),
            "cargo clippy (wasm32)",
        )?;
    }
    {
        let _t = step("native tests");
        exec(
            // The end-to-end suite needs the release build: it runs last, below.
            native_cargo(root).args(["test", "--workspace", "--exclude", E2E_PACKAGE]),
            "native tests",
        )?;
        // `gateway mcp` without a token answers from the sandbox only in a build with the
        // gateway's `sandbox` feature, which the workspace's build leaves off.
        exec(
            native_cargo(root).args(SANDBOX_FEATURE_TEST),
            "gateway mcp over the sandbox",
        )?;
    }
    {
        let _t = step("browser tests (wasm-bindgen-test in headless Chromium)");
        exec(
            setup
                .wasm_command("cargo")
                .args(["test", "--target", WASM_TARGET])
                .args(test_args(&browser_tests))
                .env("WASM_BINDGEN_TEST_TIMEOUT", "60")
                .env("CHANSCOPE_SILENT_URL", &silent),
            "browser tests",
        )?;
    }
    run_release_build(&setup)?;
    boot_check(&setup)?;
    {
        // Target `deploy` runs the release gateway behind nginx (and the docs' check needs it).
        let bin_dir = sandbox::build(root, &[sandbox::SANDBOX, sandbox::GATEWAY])?;
        let _t =
            step("end-to-end tests: the release build against the sandbox in headless Chromium");
        exec(
            native_cargo(root)
                .args(["test", "-p", E2E_PACKAGE])
                .env("CHANSCOPE_DIST", root.join("dist"))
                .env("CHANSCOPE_GATEWAY", bin_dir.join("gateway"))
                .env("CHANSCOPE_MCP_INSPECTOR", inspector(&setup.tools))
                // Target `preview` runs `trunk serve` itself, with the tools and toolchain set up.
                .env("CHANSCOPE_PREVIEW_ENV", preview_env(&setup))
                .env("CHROMEDRIVER", &setup.chromedriver)
                .env("CHROMIUM", &setup.chromium),
            "end-to-end tests",
        )?;
        println!(
            "    screenshots: {}",
            root.join("target/screenshots/e2e").display()
        );
    }
    // Last: it starts the preview and servers on README's fixed ports, on the checkout just built.
    readme::run(&setup)?;
    println!(
        "\nAll checks passed in {}.",
        proc::seconds(started.elapsed())
    );
    Ok(())
}

/// A build that runs out of disk fails far from the cause (a tool's error, a server that never
/// answers): say so first when the disk is short.
fn warn_if_disk_is_short(root: &Path) {
    let Ok(out) = std::process::Command::new("df")
        .args(["--output=avail", "-B1"])
        .arg(root)
        .output()
    else {
        return;
    };
    let text = String::from_utf8_lossy(&out.stdout);
    let Some(free) = text
        .lines()
        .nth(1)
        .and_then(|l| l.trim().parse::<f64>().ok())
    else {
        return;
    };
    let free_gb = free / 1e9;
    if free_gb < DISK_NEEDED_GB {
        println!(
            "\nwarning: {free_gb:.1} GB free on the disk of {}; a first run needs about \
             {DISK_NEEDED_GB:.0} GB for target/ (a clean clone leaves 5.7 GB there)",
            root.display()
        );
    }
}

/// The stdio MCP server's test in the build that links the sandbox (`--features sandbox`).
const SANDBOX_FEATURE_TEST: &[&str] = &[
    "test",
    "-p",
    "gateway",
    "--features",
    "sandbox",
    "--test",
    "mcp_stdio",
];

/// The production gateway is built without the test double: `cargo tree` of its normal
/// dependencies names no `sandbox` (only its tests run one). Its optional feature `sandbox`
/// links it for `gateway mcp` without a token, a newcomer's first try from the README; the tree
/// here is of the default features, which `cargo xtask build` and the deployed binary use, so
/// the check still holds the deployed gateway free of it.
fn gateway_without_sandbox(root: &Path) -> Result {
    let _t = step("cargo tree -p gateway -e normal: no sandbox");
    let tree = normal_dependencies(root, "gateway")?;
    match tree.lines().find(|l| l.starts_with("sandbox ")) {
        Some(line) => Err(format!(
            "the gateway depends on the sandbox ({line}); make it a dev-dependency"
        )),
        None => Ok(()),
    }
}

/// The servers, their shared crate, their benches and the end-to-end suite speak to the API through
/// its own crate: `cargo tree` of their normal dependencies names no yew, and the sandbox and the
/// servers' shared crate name no console either. The gateway (and what runs it) depends on the
/// console's native library for one reason: the markup of the answers it writes inside pages is
/// the console's own (`painted.rs`), so that the two cannot drift apart. That library compiles
/// without yew, which the console uses on wasm32 alone; this check holds it so.
fn servers_without_console(root: &Path) -> Result {
    let _t = step("cargo tree -e normal: no console user interface in the servers");
    for package in SERVER_PACKAGES {
        let tree = normal_dependencies(root, package)?;
        let console_allowed = CONSOLE_MARKUP_USERS.contains(&package);
        if let Some(line) = tree
            .lines()
            .find(|l| l.starts_with("yew ") || (!console_allowed && l.starts_with("chanscope ")))
        {
            return Err(format!(
                "{package} depends on the console ({line}); depend on {API_PACKAGE} instead"
            ));
        }
    }
    Ok(())
}

/// The packages that may depend on the console's native library (never on yew): the gateway,
/// for its markup, and those that run the gateway.
const CONSOLE_MARKUP_USERS: [&str; 3] = ["gateway", "server-bench", E2E_PACKAGE];

/// `package`'s normal dependencies as `cargo tree` prints them, a crate a line without prefix;
/// an error unless the tree names `package` itself, so that a check never passes on no output.
fn normal_dependencies(root: &Path, package: &str) -> Result<String> {
    let tree = proc::output(
        native_cargo(root).args(["tree", "-p", package, "-e", "normal", "--prefix", "none"]),
    )
    .ok_or_else(|| format!("cargo tree -p {package} failed"))?;
    if tree.lines().any(|l| l.starts_with(&format!("{package} "))) {
        Ok(tree)
    } else {
        Err(format!(
            "cargo tree -p {package} printed no {package}:\n{tree}"
        ))
    }
}

/// The API layer's package (`api/`), which the console and every server crate depend on.
const API_PACKAGE: &str = "chanscope-api";

/// The packages that must not depend on the console (see [`servers_without_console`]).
const SERVER_PACKAGES: [&str; 5] = [
    "gateway",
    "sandbox",
    "serverkit",
    "server-bench",
    E2E_PACKAGE,
];

/// The end-to-end suite's package (tests/e2e).
pub const E2E_PACKAGE: &str = "chanscope-e2e";

/// [`Setup::trunk_env`] as `KEY=VALUE` lines, for the end-to-end target `preview`.
fn preview_env(setup: &Setup) -> String {
    setup
        .trunk_env()
        .iter()
        .map(|(key, value)| format!("{key}={value}\n"))
        .collect()
}

fn test_args(names: &[String]) -> Vec<String> {
    names
        .iter()
        .flat_map(|name| ["--test".to_owned(), name.clone()])
        .collect()
}

/// Serves the release build on loopback and loads it in headless Chromium: the console must boot
/// under its Content-Security-Policy and render its shell. A screenshot is kept for people to see.
fn boot_check(setup: &Setup) -> Result {
    let _t = step("boot check: release build in headless Chromium");
    let port = serve_dist(&setup.root.join("dist"))?;
    let url = format!("http://127.0.0.1:{port}/");

    let dom = chromium(setup, &["--dump-dom"], &url)?;
    let shots = setup.root.join("target").join("screenshots");
    fs::create_dir_all(&shots).map_err(|e| e.to_string())?;
    let shot = shots.join("shell.png");
    chromium(
        setup,
        &[
            &format!("--screenshot={}", shot.display()),
            "--window-size=1280,900",
        ],
        &url,
    )?;
    for expected in ["data-app-ready=\"true\"", "Post search", "Channel search"] {
        if !dom.contains(expected) {
            return Err(format!(
                "the console did not render `{expected}`; DOM was:\n{dom}"
            ));
        }
    }
    // The shell painted before the module loads is replaced, not left beside the console.
    if dom.contains("id=\"boot-shell\"") {
        return Err(format!("the loading shell is still there; DOM was:\n{dom}"));
    }
    println!("    rendered; screenshot: {}", shot.display());
    Ok(())
}

/// A loopback server that accepts connections and never answers: the browser tests time out and
/// cancel requests against it. Returns its URL; it lives as long as this process.
fn silent_server() -> Result<String> {
    let listener =
        TcpListener::bind("127.0.0.1:0").map_err(|e| format!("binding a loopback port: {e}"))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    thread::spawn(move || {
        let mut held = Vec::new();
        for stream in listener.incoming().flatten() {
            held.push(stream);
        }
    });
    Ok(format!("http://127.0.0.1:{port}/"))
}
