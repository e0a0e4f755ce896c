//! Finds or installs everything the build and the tests need, idempotently.
//!
//! The wasm32 standard library is the hard part on a fresh machine: the rustup toolchain may lack
//! it and its download cannot be relied on. So: use a rustup toolchain that has it; else try
//! `rustup target add` under a short timeout; else fall back to Debian's `rustc-web` family, which
//! works offline by building std from source (`-Zbuild-std`).
//!
//! Release builds always take the Debian way: building std from source is what lets them use the
//! size settings that a prebuilt std cannot have (see [`RELEASE_RUSTFLAGS`]).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

mod apt;

use crate::install::{ensure_cargo_tool, ensure_npm_tool, Report};
use crate::proc::{exec, output, step, version_of, with_timeout};
use crate::Result;
use apt::{apt_install, debian_packages, dpkg_installed, redis_server_on_path, which, Needs};

pub const WASM_TARGET: &str = "wasm32-unknown-unknown";
/// Newer trunk releases need a newer rustc than the machines have.
const TRUNK_VERSION: &str = "0.21.14";
/// The first wasm-opt release that parses the output of current Rust.
const BINARYEN_VERSION: &str = "132";
/// Minifies the release build's stylesheets and wasm-bindgen glue (the Trunk hooks in `static/`).
const ESBUILD_VERSION: &str = "0.25.12";
const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
/// The gateway's tests and bench run a Redis of their own: from PATH, else from here (Debian's).
const REDIS_SERVER: &str = "/usr/bin/redis-server";
/// The deployment test puts nginx (Debian's, from `/usr/sbin`) in front of two gateways.
const NGINX: &str = "nginx";
const DEBIAN_RUSTC: &str = "/usr/bin/rustc";
/// The release build's std is compiled for size, like the console itself.
const RELEASE_STD_FEATURES: &str = "optimize_for_size";
/// A panic aborts at once, with no message formatting or location data compiled in (in wasm a
/// panic ends the app either way; the console never panics by design). Together with
/// [`RELEASE_STD_FEATURES`] this took 30 KB off the console's brotli-compressed wasm.
const RELEASE_RUSTFLAGS: &str = "-Zunstable-options -Cpanic=immediate-abort -Zlocation-detail=none";

/// How wasm32 code is compiled on this machine.
#[derive(Clone, Debug)]
pub enum WasmToolchain {
    /// The rustup toolchain on PATH has the wasm32 standard library.
    Rustup,
    /// Debian's Rust with std built from source; `shim` holds `cargo`, `rustc`, … links to
    /// `/usr/bin` so that tools which run plain `cargo` from PATH (trunk) pick it up.
    Debian { shim: PathBuf },
}

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
                &mut report,
            )?);
            tool_dirs.push(ensure_npm_tool(
                &tools.join(format!("esbuild-{ESBUILD_VERSION}")),
                ("esbuild", ESBUILD_VERSION),
                ("esbuild", ESBUILD_VERSION),
                &mut report,
            )?);
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
                    .and_then(|nginx| output(Command::new(nginx).arg("-v")))
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

/// The tools from crates.io, each as (program, version, the `cargo` arguments before `=version`).
///
/// Both are built without their default features, which bring only TLS (rustls and its kin) and
/// trunk's crates.io update check: 16 crates fewer for trunk, 11 for wasm-bindgen-cli. Nothing here
/// needs them: trunk runs offline and finds its tools on PATH, its proxy talks plain HTTP to the
/// sandbox on loopback, and wasm-bindgen-test-runner plain HTTP to a local ChromeDriver. A tool
/// already installed with its defaults is kept, as [`ensure_cargo_tool`] goes by the version
/// alone.
fn cargo_tools(bindgen: &str) -> [(&'static str, &str, &'static [&'static str]); 2] {
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

/// Debian's rustc building std from source (`-Zbuild-std`), its artefacts in `target_dir`.
fn debian_env(cmd: &mut Command, target_dir: &Path) {
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

fn choose_wasm_toolchain(tools: &Path, report: &mut Report) -> Result<WasmToolchain> {
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
fn debian_shim(tools: &Path) -> Result<PathBuf> {
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

fn prepend_path(dirs: &[PathBuf]) -> std::ffi::OsString {
    let current = std::env::var_os("PATH").unwrap_or_default();
    let all = dirs.iter().cloned().chain(std::env::split_paths(&current));
    std::env::join_paths(all).unwrap_or(current)
}

#[cfg(test)]
mod tests;
