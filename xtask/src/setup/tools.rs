//! The tools the build and the tests run: trunk and wasm-bindgen from crates.io, wasm-opt and
//! esbuild from npm, each at the version the project needs.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::install::{ensure_cargo_tool, ensure_npm_package, ensure_npm_tool, Report};
use crate::proc::exec;
use crate::result::Result;

/// Newer trunk releases need a newer rustc than the machines have.
const TRUNK_VERSION: &str = "0.21.14";
/// The first wasm-opt release that parses the output of current Rust.
const BINARYEN_VERSION: &str = "132";
/// Minifies the release build's stylesheets and wasm-bindgen glue (the Trunk hooks in `static/`).
const ESBUILD_VERSION: &str = "0.25.12";
/// The MCP inspector, whose command-line mode the end-to-end test `mcp` drives the MCP server
/// with: the newest release whose `engines` admit Node 20 (0.16 and later, 2.x included, ask for
/// Node 22).
const INSPECTOR_VERSION: &str = "0.15.0";
const INSPECTOR_PACKAGE: &str = "@modelcontextprotocol/inspector";

/// Where setup installs the MCP inspector's program.
pub fn inspector(tools: &Path) -> PathBuf {
    tools
        .join(format!("mcp-inspector-{INSPECTOR_VERSION}"))
        .join("node_modules/.bin/mcp-inspector")
}

/// The tools from crates.io, each as (program, version, the `cargo` arguments before `=version`).
///
/// Both are built without their default features, which bring only TLS (rustls and its kin) and
/// trunk's crates.io update check: 16 crates fewer for trunk, 11 for wasm-bindgen-cli. Nothing here
/// needs them: trunk runs offline and finds its tools on PATH, its proxy talks plain HTTP to the
/// sandbox on loopback, and wasm-bindgen-test-runner plain HTTP to a local ChromeDriver. A tool
/// already installed with its defaults is kept, as [`ensure_cargo_tool`] goes by the version
/// alone.
pub(super) fn cargo_tools(bindgen: &str) -> [(&'static str, &str, &'static [&'static str]); 2] {
    [
        (
            "trunk",
            TRUNK_VERSION,
            &[
                "install",
                "--locked",
                "--no-default-features",
                "trunk",
                "--version",
            ],
        ),
        // wasm-bindgen-cli's own lock file pins a crate the registry no longer has: no --locked.
        (
            "wasm-bindgen",
            bindgen,
            &[
                "install",
                "--no-default-features",
                "wasm-bindgen-cli",
                "--version",
            ],
        ),
    ]
}

/// The wasm-bindgen version in Cargo.lock: the CLI must match the library exactly.
fn wasm_bindgen_version(root: &Path) -> Result<String> {
    let lock = root.join("Cargo.lock");
    if !lock.exists() {
        exec(
            Command::new("cargo")
                .arg("generate-lockfile")
                .current_dir(root),
            "cargo generate-lockfile",
        )?;
    }
    let text = fs::read_to_string(&lock).map_err(|e| format!("reading Cargo.lock: {e}"))?;
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if line.trim() == "name = \"wasm-bindgen\"" {
            if let Some(v) = lines
                .next()
                .and_then(|l| l.trim().strip_prefix("version = \""))
            {
                return Ok(v.trim_end_matches('"').to_owned());
            }
        }
    }
    Err("Cargo.lock has no wasm-bindgen package".into())
}

/// Installs what is missing: the crates.io tools always (into `tools/bin`), and with `everything`
/// the npm tools too (each into a directory of its own). Returns the directories that hold them.
pub(super) fn install(
    root: &Path,
    tools: &Path,
    everything: bool,
    report: &mut Report,
) -> Result<Vec<PathBuf>> {
    let bin = tools.join("bin");
    let bindgen = wasm_bindgen_version(root)?;
    let installs = cargo_tools(&bindgen);
    // Both at once: on two cores, the stretches where one install compiles a single crate
    // or links leave a core to the other.
    let outcomes: Vec<Result<Report>> = std::thread::scope(|scope| {
        let running: Vec<_> = installs
            .iter()
            .map(|&(program, version, args)| {
                let bin = &bin;
                scope.spawn(move || {
                    let mut installed = Report::default();
                    ensure_cargo_tool(bin, program, version, args, &mut installed)
                        .map(|()| installed)
                })
            })
            .collect();
        running
            .into_iter()
            .map(|install| {
                install
                    .join()
                    .unwrap_or_else(|_| Err("a tool's install panicked".into()))
            })
            .collect()
    });
    for outcome in outcomes {
        report.extend(outcome?);
    }
    let mut tool_dirs = vec![bin];
    if everything {
        tool_dirs.push(ensure_npm_tool(
            &tools.join(format!("binaryen-{BINARYEN_VERSION}")),
            ("binaryen", &format!("{BINARYEN_VERSION}.0.0")),
            ("wasm-opt", &format!("version {BINARYEN_VERSION}")),
            report,
        )?);
        tool_dirs.push(ensure_npm_tool(
            &tools.join(format!("esbuild-{ESBUILD_VERSION}")),
            ("esbuild", ESBUILD_VERSION),
            ("esbuild", ESBUILD_VERSION),
            report,
        )?);
        ensure_npm_package(
            &tools.join(format!("mcp-inspector-{INSPECTOR_VERSION}")),
            (INSPECTOR_PACKAGE, INSPECTOR_VERSION),
            "mcp-inspector",
            report,
        )?;
    }
    Ok(tool_dirs)
}
