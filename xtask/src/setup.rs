//! Finds or installs everything the build and the tests need, idempotently.
//!
//! The wasm32 standard library is the hard part on a fresh machine: the rustup toolchain may lack
//! it and its download cannot be relied on. So: use a rustup toolchain that has it; else try
//! `rustup target add` under a short timeout; else fall back to Debian's `rustc-web` family, which
//! works offline by building std from source (`-Zbuild-std`).
//!
//! Release builds always take the Debian way: building std from source is what lets them use the
//! size settings that a prebuilt std cannot have (see [`toolchain::RELEASE_RUSTFLAGS`]).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

mod apt;
mod toolchain;
mod tools;

use crate::install::Report;
use crate::proc::{exec, output, step, version_of};
use crate::result::Result;
use apt::{apt_install, debian_packages, dpkg_installed, redis_server_on_path, which, Needs};
pub use toolchain::WasmToolchain;
use toolchain::{choose_wasm_toolchain, debian_env, debian_shim, DEBIAN_RUSTC};
use toolchain::{RELEASE_RUSTFLAGS, RELEASE_STD_FEATURES};
pub use tools::inspector;

pub const WASM_TARGET: &str = "wasm32-unknown-unknown";
const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// The gateway's tests and bench run a Redis of their own: from PATH, else from here (Debian's).
const REDIS_SERVER: &str = "/usr/bin/redis-server";
/// The deployment test puts nginx (Debian's, from `/usr/sbin`) in front of two gateways.
const NGINX: &str = "nginx";

/// What `setup` found: everything a later step needs to run the tools.
pub struct Setup {
    pub root: PathBuf,
    /// The tools directory (`~/.cache/chanscope/tools` or `CHANSCOPE_TOOLS_DIR`).
    pub tools: PathBuf,
    pub wasm: WasmToolchain,
    /// Directories holding trunk, wasm-bindgen(-test-runner) and wasm-opt.
    pub tool_dirs: Vec<PathBuf>,
    pub chromium: PathBuf,
    pub chromedriver: PathBuf,
    /// The Debian toolchain's shim directory, for release builds (see [`Setup::release_command`]).
    release_shim: PathBuf,
}

impl Setup {
    /// Everything: what `test`, `build` and `bench` need.
    pub fn run(root: &Path) -> Result<Setup> {
        Setup::with(root, Needs::Everything)
    }

    /// What a preview (`cargo xtask serve`) needs, and nothing else.
    pub fn preview(root: &Path) -> Result<Setup> {
        Setup::with(root, Needs::Preview)
    }

    fn with(root: &Path, needs: Needs) -> Result<Setup> {
        let everything = needs == Needs::Everything;
        let _t = step(if everything {
            "setup: toolchain and tools"
        } else {
            "setup: what a preview needs"
        });
        let started = Instant::now();
        let tools = tools_dir()?;
        fs::create_dir_all(&tools).map_err(|e| format!("creating {}: {e}", tools.display()))?;
        let mut report = Report::default();

        let wasm = choose_wasm_toolchain(&tools, &mut report)?;

        let debian_needed = everything || matches!(wasm, WasmToolchain::Debian { .. });
        let redis_server = redis_server_on_path().unwrap_or_else(|| PathBuf::from(REDIS_SERVER));
        let apt = debian_packages(needs, debian_needed, |package| match package {
            "chromium" => !Path::new(CHROMIUM).exists(),
            "chromium-driver" => !Path::new(CHROMEDRIVER).exists(),
            "redis-server" => !redis_server.is_file(),
            "nginx" => which(NGINX).is_none(),
            // The deployment test: a certificate, HTTPS requests, and the unit's check.
            "openssl" | "curl" => which(package).is_none(),
            "systemd" => which("systemd-analyze").is_none(),
            "nodejs" | "npm" => output(Command::new("npm").arg("--version")).is_none(),
            rust => !dpkg_installed(rust),
        });
        apt_install(&apt, &mut report)?;
        if debian_needed {
            let version = version_of(Path::new(DEBIAN_RUSTC))
                .ok_or("Debian's rustc-web is installed but /usr/bin/rustc does not run")?;
            report.found(
                "rustc for release builds (Debian, std built from source)",
                &version,
            );
        }
        let release_shim = debian_shim(&tools)?;

        let tool_dirs = tools::install(root, &tools, everything, &mut report)?;
        if everything {
            report.found(
                "chromium",
                &version_of(Path::new(CHROMIUM)).unwrap_or_default(),
            );
            report.found(
                "chromedriver",
                &version_of(Path::new(CHROMEDRIVER)).unwrap_or_default(),
            );
            report.found(
                "redis-server",
                &version_of(&redis_server).unwrap_or_default(),
            );
            report.found(
                "nginx",
                &which(NGINX)
                    .and_then(|nginx| nginx_version(&nginx))
                    .unwrap_or_default(),
            );
        }

        let setup = Setup {
            root: root.to_path_buf(),
            tools,
            wasm,
            tool_dirs,
            chromium: PathBuf::from(CHROMIUM),
            chromedriver: PathBuf::from(CHROMEDRIVER),
            release_shim,
        };
        setup.fetch_wasm_dependencies(everything)?;
        report.print(started.elapsed());
        Ok(setup)
    }

    /// A command for the wasm32 build of the tests, lints and preview: the chosen toolchain first
    /// on PATH, the tools next.
    pub fn wasm_command(&self, program: &str) -> Command {
        let mut cmd = self.tool_command(program);
        if let WasmToolchain::Debian { .. } = &self.wasm {
            debian_env(&mut cmd, &self.root.join("target").join("wasm-debian"));
        }
        cmd.env("PATH", self.path_with(&self.wasm));
        cmd
    }

    /// What [`Setup::wasm_command`] sets for `trunk`: what a plain `trunk serve` needs in its
    /// environment here (the docs' check and the end-to-end target `preview` run it).
    pub fn trunk_env(&self) -> Vec<(String, String)> {
        let cmd = self.wasm_command("trunk");
        cmd.get_envs()
            .filter_map(|(key, value)| {
                Some((
                    key.to_string_lossy().into_owned(),
                    value?.to_string_lossy().into_owned(),
                ))
            })
            .collect()
    }

    /// A command for the release build: Debian's toolchain with std built from source for size
    /// and panics that abort at once, in a target directory of its own.
    pub fn release_command(&self, program: &str) -> Command {
        let mut cmd = self.tool_command(program);
        debian_env(&mut cmd, &self.release_target_dir());
        cmd.env("CARGO_UNSTABLE_BUILD_STD_FEATURES", RELEASE_STD_FEATURES)
            .env(
                "CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS",
                RELEASE_RUSTFLAGS,
            )
            .env(
                "PATH",
                self.path_with(&WasmToolchain::Debian {
                    shim: self.release_shim.clone(),
                }),
            );
        cmd
    }

    fn tool_command(&self, program: &str) -> Command {
        let mut cmd = Command::new(program);
        cmd.current_dir(&self.root)
            .env("TRUNK_SKIP_VERSION_CHECK", "true")
            .env("TRUNK_OFFLINE", "true")
            .env("CHROMEDRIVER", &self.chromedriver);
        cmd
    }

    /// PATH with `toolchain`'s shim (if any) first, then the tools.
    fn path_with(&self, toolchain: &WasmToolchain) -> std::ffi::OsString {
        let mut path: Vec<PathBuf> = Vec::new();
        if let WasmToolchain::Debian { shim } = toolchain {
            path.push(shim.clone());
        }
        path.extend(self.tool_dirs.iter().cloned());
        prepend_path(&path)
    }

    /// Where cargo puts what [`Setup::release_command`] builds (under `wasm32-unknown-unknown/`).
    pub fn release_target_dir(&self) -> PathBuf {
        self.root.join("target").join("wasm-release")
    }

    /// Trunk and build-std run cargo offline: fetch every crate (std's own included) first, for
    /// the wasm32 toolchain and, when release builds are to come, Debian's.
    fn fetch_wasm_dependencies(&self, release_too: bool) -> Result {
        let mut commands = vec![self.wasm_command("cargo")];
        if release_too {
            commands.push(self.release_command("cargo"));
        }
        for mut cmd in commands {
            exec(
                cmd.args(["fetch", "--target", WASM_TARGET]).arg("--quiet"),
                "cargo fetch for wasm32",
            )?;
        }
        Ok(())
    }
}

fn tools_dir() -> Result<PathBuf> {
    if let Some(dir) = std::env::var_os("CHANSCOPE_TOOLS_DIR") {
        return Ok(PathBuf::from(dir));
    }
    let home = std::env::var_os("HOME").ok_or("HOME is not set; set CHANSCOPE_TOOLS_DIR")?;
    Ok(PathBuf::from(home)
        .join(".cache")
        .join("chanscope")
        .join("tools"))
}

fn prepend_path(dirs: &[PathBuf]) -> std::ffi::OsString {
    let current = std::env::var_os("PATH").unwrap_or_default();
    let all = dirs.iter().cloned().chain(std::env::split_paths(&current));
    std::env::join_paths(all).unwrap_or(current)
}

/// `nginx -v` prints its version to stderr, not stdout.
fn nginx_version(nginx: &Path) -> Option<String> {
    let out = Command::new(nginx)
        .arg("-v")
        .stdin(std::process::Stdio::null())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&out.stderr);
    out.status.success().then(|| text.trim().to_owned())
}

#[cfg(test)]
mod tests;
