//! Tools the build needs from crates.io and npm, each installed once in its own directory under
//! the tools directory (see `setup`), and the report of what was found or installed.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::proc::{self, exec, step, version_of, with_timeout};
use crate::result::Result;

/// Installs a crates.io binary into `bin/..` unless the exact version is already there. Built with
/// the host toolchain: native builds never need the wasm32 std.
pub fn ensure_cargo_tool(
    bin: &Path,
    program: &str,
    version: &str,
    install_args: &[&str],
    report: &mut Report,
) -> Result {
    let path = bin.join(program);
    let wanted = format!("{program} {version}");
    if let Some(found) = version_of(&path).filter(|v| v.starts_with(&wanted)) {
        report.found(program, &found);
        return Ok(());
    }
    let _t = step(&format!("cargo install {program} {version}"));
    let root = bin.parent().unwrap_or(bin);
    exec(
        with_timeout(Duration::from_secs(1800), "cargo")
            .args(install_args)
            .arg(format!("={version}"))
            .arg("--root")
            .arg(root)
            // Tools need not be as small or fast as possible; this saves minutes on two cores.
            // At opt-level 1 (and without default features, see `setup`) trunk took 739
            // CPU-seconds to build instead of 897, wasm-bindgen-cli 267 instead of 332; the
            // latter then takes 2.3 s instead of 2.1 s on the 29 MB debug console, same output.
            .env("CARGO_PROFILE_RELEASE_LTO", "off")
            .env("CARGO_PROFILE_RELEASE_CODEGEN_UNITS", "16")
            .env("CARGO_PROFILE_RELEASE_OPT_LEVEL", "1")
            .env_remove("CARGO_TARGET_DIR"),
        &format!("installing {program} {version}"),
    )?;
    let found = version_of(&path)
        .filter(|v| v.starts_with(&wanted))
        .ok_or_else(|| format!("{program} {version} was installed but does not run"))?;
    report.installed(program, &found);
    Ok(())
}

/// A tool from an npm package (`package`: name and version), installed under `prefix` unless the
/// `program` there already runs and prints `wanted` as its version. Returns the directory that
/// holds the program. wasm-opt comes from the package `binaryen` this way: Debian's binaryen is
/// too old for current Rust output.
pub fn ensure_npm_tool(
    prefix: &Path,
    (package, version): (&str, &str),
    (program, wanted): (&str, &str),
    report: &mut Report,
) -> Result<PathBuf> {
    let bin = prefix.join("node_modules").join(".bin");
    let path = bin.join(program);
    if let Some(found) = version_of(&path).filter(|v| v.contains(wanted)) {
        report.found(program, &found);
        return Ok(bin);
    }
    npm_install(prefix, package, version)?;
    let found = version_of(&path)
        .filter(|v| v.contains(wanted))
        .ok_or_else(|| format!("{package} was installed but its {program} does not run"))?;
    report.installed(program, &found);
    Ok(bin)
}

/// An npm package whose program prints no version (`--version` would start it), installed under
/// `prefix` unless its `package.json` there already names `version`. Returns the path of its
/// `program`.
pub fn ensure_npm_package(
    prefix: &Path,
    (package, version): (&str, &str),
    program: &str,
    report: &mut Report,
) -> Result<PathBuf> {
    let path = prefix.join("node_modules").join(".bin").join(program);
    let manifest = prefix
        .join("node_modules")
        .join(package)
        .join("package.json");
    let installed = || {
        let text = std::fs::read_to_string(&manifest).ok()?;
        let json: serde_json::Value = serde_json::from_str(&text).ok()?;
        let found = json["version"].as_str()?.to_owned();
        (found == version && path.is_file()).then_some(found)
    };
    if let Some(found) = installed() {
        report.found(package, &found);
        return Ok(path);
    }
    npm_install(prefix, package, version)?;
    let found =
        installed().ok_or_else(|| format!("{package} was installed but has no {program}"))?;
    report.installed(package, &found);
    Ok(path)
}

fn npm_install(prefix: &Path, package: &str, version: &str) -> Result {
    let _t = step(&format!("npm install {package}@{version}"));
    exec(
        with_timeout(Duration::from_secs(600), "npm")
            .args(["install", "--no-audit", "--no-fund", "--prefix"])
            .arg(prefix)
            .arg(format!("{package}@{version}")),
        &format!("npm install {package}"),
    )
}

/// What was found and what was installed, printed once at the end of setup.
#[derive(Default)]
pub struct Report {
    lines: Vec<(bool, String, String)>,
}

impl Report {
    pub fn found(&mut self, what: &str, version: &str) {
        self.lines
            .push((false, what.to_owned(), version.to_owned()));
    }

    pub fn installed(&mut self, what: &str, version: &str) {
        self.lines.push((true, what.to_owned(), version.to_owned()));
    }

    /// Adds `other`'s lines after these (a report made on another thread).
    pub fn extend(&mut self, other: Report) {
        self.lines.extend(other.lines);
    }

    pub fn print(&self, took: Duration) {
        println!("    setup ({}):", proc::seconds(took));
        for (installed, what, version) in &self.lines {
            let verb = if *installed { "installed" } else { "found    " };
            println!("      {verb} {what}: {version}");
        }
    }
}
