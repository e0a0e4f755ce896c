//! The sandbox server as a child process: built in release mode, started on a loopback port,
//! awaited through `/healthz`, and killed when the guard is dropped.

use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::thread;
use std::time::{Duration, Instant};

use crate::proc::{exec, step};
use crate::Result;

/// The port `Trunk.toml` proxies `/api/` to.
pub const PREVIEW_PORT: u16 = 8090;

/// Builds the sandbox crate's binaries (release): `sandbox`, `gateway` and their benches; returns
/// the directory holding them.
pub fn build(root: &Path) -> Result<PathBuf> {
    let _t = step("cargo build -p sandbox --release");
    exec(
        Command::new("cargo")
            .current_dir(root)
            .env_remove("CARGO_UNSTABLE_BUILD_STD")
            .env_remove("CARGO_TARGET_DIR")
            .args(["build", "--quiet", "-p", "sandbox", "--release", "--bins"]),
        "building the sandbox",
    )?;
    Ok(root.join("target").join("release"))
}

/// A running sandbox; dropping it stops the process.
pub struct Running {
    child: Child,
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Starts the sandbox binary from `bin_dir` on `port` with `args`, refusing a busy port (a
/// leftover server could answer in its place), and waits until it is healthy.
pub fn start(bin_dir: &Path, port: u16, args: &[&str]) -> Result<Running> {
    TcpListener::bind(("127.0.0.1", port)).map_err(|e| {
        format!("port {port} on 127.0.0.1 is taken ({e}); stop whatever listens there first")
    })?;
    let child = Command::new(bin_dir.join("sandbox"))
        .args(["--port", &port.to_string()])
        .args(args)
        .spawn()
        .map_err(|e| format!("starting the sandbox: {e}"))?;
    let mut running = Running { child };
    let deadline = Instant::now() + Duration::from_secs(60);
    while Instant::now() < deadline {
        if healthy(port) {
            return Ok(running);
        }
        if let Ok(Some(status)) = running.child.try_wait() {
            return Err(format!("the sandbox exited during start-up ({status})"));
        }
        thread::sleep(Duration::from_millis(100));
    }
    Err("the sandbox did not answer /healthz within 60 s".into())
}

fn healthy(port: u16) -> bool {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    let request = "GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n";
    if stream.write_all(request.as_bytes()).is_err() {
        return false;
    }
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer.starts_with("HTTP/1.1 200")
}
