//! The sandbox server, and the gateway in front of it, as child processes: built in release mode
//! (each a crate of its own), started on a loopback port, awaited through `/healthz`, and stopped
//! when the guard is dropped.

use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::proc::{exec, native_cargo, step};
use crate::result::Result;

/// The port `Trunk.toml` proxies `/api/` to.
pub const PREVIEW_PORT: u16 = 8090;

/// The environment variable the gateway reads its API token from (`--token-file` is the other
/// way; a variable leaves no file behind).
const GATEWAY_TOKEN_ENV: &str = "CHANSCOPE_API_TOKEN";

/// The packages of the server binaries: `sandbox`, `gateway`, and `server-bench` with
/// `sandbox-bench` and `gateway-bench`.
pub const SANDBOX: &str = "sandbox";
pub const GATEWAY: &str = "gateway";
pub const BENCHES: &str = "server-bench";

/// Builds the binaries of `packages` (release) in one cargo run; returns the directory holding
/// them.
pub fn build(root: &Path, packages: &[&str]) -> Result<PathBuf> {
    let _t = step(&format!(
        "cargo build -p {} --release",
        packages.join(" -p ")
    ));
    let mut cmd = native_cargo(root);
    cmd.args(["build", "--quiet", "--release", "--bins"]);
    for package in packages {
        cmd.args(["-p", package]);
    }
    exec(&mut cmd, &format!("building {}", packages.join(", ")))?;
    Ok(root.join("target").join("release"))
}

/// A running server; dropping it stops the server. It stays in xtask's process group, so that a
/// signal to the command that runs xtask (Ctrl-C, the README check stopping `cargo xtask
/// serve`) stops it even when xtask dies without dropping it.
pub type Running = procgroup::Group;

/// Starts the sandbox binary from `bin_dir` on `port` with `args`, and waits until it is healthy.
pub fn start(bin_dir: &Path, port: u16, args: &[&str]) -> Result<Running> {
    let mut cmd = Command::new(bin_dir.join("sandbox"));
    cmd.args(["--port", &port.to_string()]).args(args);
    launch(cmd, port, "the sandbox")
}

/// Starts the gateway binary from `bin_dir` on `port`, holding `token` for `upstream`, with
/// `args`; its access log (a line per request) goes to `log`.
pub fn start_gateway(
    bin_dir: &Path,
    port: u16,
    upstream: &str,
    token: &str,
    args: &[&str],
    log: &Path,
) -> Result<Running> {
    let log = std::fs::File::create(log).map_err(|e| format!("{}: {e}", log.display()))?;
    let mut cmd = Command::new(bin_dir.join("gateway"));
    cmd.args([
        "--listen",
        &format!("127.0.0.1:{port}"),
        "--upstream",
        upstream,
    ])
    .args(args)
    .env(GATEWAY_TOKEN_ENV, token)
    .stderr(Stdio::from(log));
    launch(cmd, port, "the gateway")
}

/// A loopback port nothing listens on now.
pub fn free_port() -> Result<u16> {
    let listener =
        TcpListener::bind("127.0.0.1:0").map_err(|e| format!("binding a loopback port: {e}"))?;
    listener
        .local_addr()
        .map(|a| a.port())
        .map_err(|e| e.to_string())
}

/// Spawns `cmd`, a server of ours that will listen on `port`, refusing a busy port (a leftover
/// server could answer in its place), and waits until it answers `/healthz`.
fn launch(mut cmd: Command, port: u16, what: &str) -> Result<Running> {
    TcpListener::bind(("127.0.0.1", port)).map_err(|e| {
        format!("port {port} on 127.0.0.1 is taken ({e}); stop whatever listens there first")
    })?;
    let mut running =
        Running::spawn_in_caller_group(&mut cmd).map_err(|e| format!("starting {what}: {e}"))?;
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        if healthy(port) {
            return Ok(running);
        }
        if let Ok(Some(status)) = running.try_wait() {
            return Err(format!("{what} exited during start-up ({status})"));
        }
        thread::sleep(Duration::from_millis(100));
    }
    Err(format!("{what} did not answer /healthz within 60 s"))
}

fn healthy(port: u16) -> bool {
    http_status(port, "/healthz") == Some(200)
}

/// An HTTP client for a server of ours on loopback: every status is an answer, not an error, no
/// proxy from the environment stands in between, and no call takes longer than `limit`.
pub fn loopback_agent(limit: Duration) -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .proxy(None)
        .timeout_global(Some(limit))
        .build()
        .new_agent()
}

/// The status of `GET path` on a loopback `port`, if something answers HTTP there within 2 s.
pub fn http_status(port: u16, path: &str) -> Option<u16> {
    let answer = loopback_agent(Duration::from_secs(2))
        .get(&format!("http://127.0.0.1:{port}{path}"))
        .call()
        .ok()?;
    Some(answer.status().as_u16())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_status_of_whatever_answers_and_none_where_nothing_does() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        thread::spawn(move || {
            use std::io::{Read, Write};
            let (mut stream, _) = listener.accept().unwrap();
            let mut request = [0u8; 1024];
            let _ = stream.read(&mut request);
            let _ =
                stream.write_all(b"HTTP/1.1 503 Service Unavailable\r\ncontent-length: 0\r\n\r\n");
        });
        assert_eq!(http_status(port, "/healthz"), Some(503));
        // A port nothing listens on.
        assert_eq!(http_status(free_port().unwrap(), "/healthz"), None);
    }
}
