//! Debian packages: which ones a command needs, whether they are there, and `apt-get` to add the
//! missing ones (as root, or through passwordless sudo).

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use crate::install::Report;
use crate::proc::{exec, output, step, with_timeout};
use crate::result::Result;

/// What a command needs set up.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Needs {
    /// `serve`: a wasm32 toolchain, trunk and wasm-bindgen. A debug build runs neither wasm-opt
    /// nor esbuild, and a preview needs no browser, Redis, nginx or Debian's release toolchain.
    Preview,
    /// `setup`, `test`, `build`, `bench`.
    Everything,
}

/// Debian's Rust, for the release build (and for wasm32 where rustup cannot build for it).
pub(super) const DEBIAN_RUST_PACKAGES: &[&str] = &[
    "rustc-web",
    "cargo-web",
    "rust-web-src",
    "rust-web-llvm",
    "rust-web-clippy",
    "lld-22",
];

/// The Debian packages to install: of those `needs` calls for, the ones `missing` says are
/// absent. Debian's Rust when `debian_rust` (release builds always need it; a preview only when
/// it compiles for wasm32 with it); the browser, Redis, nginx (with openssl, curl and
/// systemd-analyze for the deployment test) and npm for everything but a preview.
pub(super) fn debian_packages(
    needs: Needs,
    debian_rust: bool,
    missing: impl Fn(&str) -> bool,
) -> Vec<&'static str> {
    let rust = DEBIAN_RUST_PACKAGES.iter().filter(|_| debian_rust);
    let rest: &[&'static str] = match needs {
        Needs::Preview => &[],
        Needs::Everything => &[
            "chromium",
            "chromium-driver",
            "redis-server",
            "nginx",
            "openssl",
            "curl",
            "systemd",
            "nodejs",
            "npm",
        ],
    };
    rust.chain(rest)
        .copied()
        .filter(|package| missing(package))
        .collect()
}

pub(super) fn redis_server_on_path() -> Option<PathBuf> {
    let paths = std::env::var_os("PATH")?;
    std::env::split_paths(&paths)
        .map(|dir| dir.join("redis-server"))
        .find(|candidate| candidate.is_file())
}

/// `program` on PATH, or in `/usr/sbin` (where Debian puts nginx, and which is not on every
/// user's PATH).
pub(super) fn which(program: &str) -> Option<PathBuf> {
    let paths = std::env::var_os("PATH").unwrap_or_default();
    std::env::split_paths(&paths)
        .chain([PathBuf::from("/usr/sbin")])
        .map(|dir| dir.join(program))
        .find(|candidate| candidate.is_file())
}

pub(super) fn dpkg_installed(package: &str) -> bool {
    output(Command::new("dpkg-query").args(["-W", "-f=${Status}", package]))
        .is_some_and(|s| s.ends_with("installed") && !s.contains("not-installed"))
}

pub(super) fn apt_install(packages: &[&str], report: &mut Report) -> Result {
    if packages.is_empty() {
        return Ok(());
    }
    let _t = step(&format!("apt-get install {}", packages.join(" ")));
    let as_root = output(Command::new("id").arg("-u")).as_deref() == Some("0");
    let apt = |args: &[&str], limit: u64| {
        let mut cmd = if as_root {
            with_timeout(Duration::from_secs(limit), "apt-get")
        } else {
            let mut c = with_timeout(Duration::from_secs(limit), "sudo");
            c.args(["-n", "apt-get"]);
            c
        };
        cmd.args(args).env("DEBIAN_FRONTEND", "noninteractive");
        cmd
    };
    // The package lists of a fresh machine are stale (they may not know the versions we need).
    exec(&mut apt(&["update", "-q"], 300), "apt-get update")?;
    let mut install = apt(&["install", "-y", "-q", "--no-install-recommends"], 1200);
    install.args(packages);
    exec(&mut install, "apt-get install").map_err(|e| {
        format!("{e}\n  (needs root or passwordless sudo; the packages: {packages:?})")
    })?;
    for p in packages {
        report.installed(p, "apt");
    }
    Ok(())
}
