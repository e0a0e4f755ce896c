//! Which compiler builds wasm32 here: the rustup toolchain when it has the wasm32 std (or
//! `rustup target add` gets it), else Debian's `rustc-web` building std from source.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use super::WASM_TARGET;
use crate::install::Report;
use crate::proc::{exec, output, with_timeout};
use crate::result::Result;

pub(super) const DEBIAN_RUSTC: &str = "/usr/bin/rustc";
/// The release build's std is compiled for size, like the console itself.
pub(super) const RELEASE_STD_FEATURES: &str = "optimize_for_size";
/// A panic aborts at once, with no message formatting or location data compiled in (in wasm a
/// panic ends the app either way; the console never panics by design). Together with
/// [`RELEASE_STD_FEATURES`] this took 30 KB off the console's brotli-compressed wasm.
pub(super) const RELEASE_RUSTFLAGS: &str =
    "-Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none";

/// How wasm32 code is compiled on this machine.
#[derive(Clone, Debug)]
pub enum WasmToolchain {
    /// The rustup toolchain on PATH has the wasm32 standard library.
    Rustup,
    /// Debian's Rust with std built from source; `shim` holds `cargo`, `rustc`, … links to
    /// `/usr/bin` so that tools which run plain `cargo` from PATH (trunk) pick it up.
    Debian { shim: PathBuf },
}

/// Debian's rustc building std from source (`-Zbuild-std`), its artefacts in `target_dir`.
pub(super) fn debian_env(cmd: &mut Command, target_dir: &Path) {
    cmd.env("RUSTC", DEBIAN_RUSTC)
        .env("RUSTDOC", "/usr/bin/rustdoc")
        .env("RUSTC_BOOTSTRAP", "1")
        // panic_abort: wasm32 has no unwinding, and the release profile aborts anyway.
        .env("CARGO_UNSTABLE_BUILD_STD", "std,panic_abort")
        // A separate target dir: artefacts of two compilers must not mix.
        .env("CARGO_TARGET_DIR", target_dir)
        .env_remove("RUSTUP_TOOLCHAIN")
        .env_remove("CARGO");
}

pub(super) fn choose_wasm_toolchain(tools: &Path, report: &mut Report) -> Result<WasmToolchain> {
    let forced = std::env::var("CHANSCOPE_WASM_TOOLCHAIN").unwrap_or_default();
    match forced.as_str() {
        "" | "rustup" => {}
        "debian" => return debian_toolchain(tools),
        other => {
            return Err(format!(
                "CHANSCOPE_WASM_TOOLCHAIN={other}: use rustup or debian"
            ))
        }
    }
    if rustup_has_wasm_std(tools) {
        report.found("rustc for wasm32 (rustup)", &rustc_version());
        return Ok(WasmToolchain::Rustup);
    }
    if forced.is_empty() && output(Command::new("rustup").arg("--version")).is_some() {
        println!(
            "    the rustup toolchain lacks the wasm32 std; trying `rustup target add` (60 s)"
        );
        let added = exec(
            with_timeout(Duration::from_secs(60), "rustup").args(["target", "add", WASM_TARGET]),
            "rustup target add",
        );
        if added.is_ok() && rustup_has_wasm_std(tools) {
            report.installed("wasm32 std (rustup target add)", &rustc_version());
            return Ok(WasmToolchain::Rustup);
        }
        println!("    rustup could not provide it; falling back to Debian's rustc-web");
    }
    if forced == "rustup" {
        return Err("CHANSCOPE_WASM_TOOLCHAIN=rustup, but rustup has no wasm32 std".into());
    }
    debian_toolchain(tools)
}

fn rustc_version() -> String {
    output(Command::new("rustc").arg("--version")).unwrap_or_default()
}

/// True when the rustup toolchain has the wasm32 std and really links a one-line cdylib with it.
fn rustup_has_wasm_std(tools: &Path) -> bool {
    let Some(sysroot) = output(Command::new("rustc").args(["--print", "sysroot"])) else {
        return false;
    };
    let lib = Path::new(&sysroot)
        .join("lib/rustlib")
        .join(WASM_TARGET)
        .join("lib");
    let has_std = fs::read_dir(&lib)
        .map(|entries| {
            entries.flatten().any(|e| {
                let name = e.file_name();
                let name = name.to_string_lossy();
                name.starts_with("libstd-") && name.ends_with(".rlib")
            })
        })
        .unwrap_or(false);
    if !has_std {
        return false;
    }
    let probe = tools.join("probe");
    let source = probe.join("probe.rs");
    let written = fs::create_dir_all(&probe).and_then(|_| {
        fs::write(
            &source,
            "#[no_mangle] pub extern \"C\" fn answer() -> i32 { 42 }\n",
        )
    });
    written.is_ok()
        && output(
            Command::new("rustc")
                .args(["--edition", "2021", "--crate-type", "cdylib", "--target"])
                .arg(WASM_TARGET)
                .arg("-o")
                .arg(probe.join("probe.wasm"))
                .arg(&source),
        )
        .is_some()
}

fn debian_toolchain(tools: &Path) -> Result<WasmToolchain> {
    debian_shim(tools).map(|shim| WasmToolchain::Debian { shim })
}

/// A directory of `cargo`, `rustc`, … links to Debian's, for tools that run plain `cargo`.
pub(super) fn debian_shim(tools: &Path) -> Result<PathBuf> {
    let shim = tools.join("debian-rust");
    fs::create_dir_all(&shim).map_err(|e| format!("creating {}: {e}", shim.display()))?;
    for name in ["cargo", "rustc", "rustdoc", "cargo-clippy", "clippy-driver"] {
        let link = shim.join(name);
        if fs::symlink_metadata(&link).is_err() {
            std::os::unix::fs::symlink(Path::new("/usr/bin").join(name), &link)
                .map_err(|e| format!("linking {}: {e}", link.display()))?;
        }
    }
    Ok(shim)
}
