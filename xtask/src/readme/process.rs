//! Running one command of README.md or a guide: `bash -c` in a process group of its own, to its
//! end or, for a server, until it answers on its ports; the group is signalled when its guard is
//! dropped.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use procgroup::Group;

use crate::result::Result;
use crate::sandbox::http_status;

/// How long a command that exits by itself may run.
const COMMAND_LIMIT: Duration = Duration::from_secs(300);
/// How long a server started through cargo may take to answer: `cargo xtask serve` builds the
/// console (debug) before Trunk listens.
const CARGO_SERVER_LIMIT: Duration = Duration::from_secs(600);
/// How long a server binary started directly may take to answer.
const SERVER_LIMIT: Duration = Duration::from_secs(60);
/// How long a command's processes get between SIGTERM and SIGKILL.
const GRACE: Duration = Duration::from_secs(10);
/// How long a port we have just freed may take to be free again.
const PORT_RELEASE: Duration = Duration::from_secs(10);

/// `bash -c text` in the repository root, with `env` added, in a process group of its own,
/// output to the file `log_name` in `logs`; dropped, the group gets SIGTERM, then SIGKILL if
/// any of it is still there after [`GRACE`].
fn spawn(
    root: &Path,
    logs: &Path,
    log_name: &str,
    text: &str,
    env: &[(String, String)],
) -> Result<(Group, PathBuf)> {
    let log_path = logs.join(log_name);
    let log = fs::File::create(&log_path).map_err(|e| format!("{}: {e}", log_path.display()))?;
    let err = log.try_clone().map_err(|e| e.to_string())?;
    let mut cmd = Command::new("bash");
    cmd.args(["-c", text])
        .current_dir(root)
        // As `native_cargo`: nothing a wasm build of the surrounding run may have set.
        .env_remove("CARGO_UNSTABLE_BUILD_STD")
        .env_remove("CARGO_TARGET_DIR")
        // `trunk serve` writes its debug build elsewhere than dist/, which holds the release
        // build the rest of the run (and a deployment) uses.
        .env("TRUNK_BUILD_DIST", logs.join("dist"))
        .envs(env.iter().map(|(key, value)| (key, value)))
        .stdin(Stdio::null())
        .stdout(Stdio::from(log))
        .stderr(Stdio::from(err));
    let group = Group::spawn(&mut cmd)
        .map_err(|e| format!("starting bash: {e}"))?
        .with_grace(GRACE);
    Ok((group, log_path))
}

/// A command that must exit 0 within [`COMMAND_LIMIT`].
pub fn run_to_end(
    root: &Path,
    logs: &Path,
    log_name: &str,
    text: &str,
    env: &[(String, String)],
) -> Result {
    let (mut group, log) = spawn(root, logs, log_name, text, env)?;
    let deadline = Instant::now() + COMMAND_LIMIT;
    loop {
        if let Some(status) = group.try_wait().map_err(|e| e.to_string())? {
            if status.success() {
                return Ok(());
            }
            return Err(format!("exited with {status}{}", tail(&log)));
        }
        if Instant::now() > deadline {
            return Err(format!(
                "did not exit within {} s; a server needs its port shown with --port or --listen{}",
                COMMAND_LIMIT.as_secs(),
                tail(&log)
            ));
        }
        thread::sleep(Duration::from_millis(100));
    }
}

/// A server: every port free first (the project never talks to a server it did not start), then
/// alive and answering 200 on each probe within the limit.
pub fn start_server(
    root: &Path,
    logs: &Path,
    log_name: &str,
    text: &str,
    probes: &[(u16, &'static str)],
    env: &[(String, String)],
) -> Result<Group> {
    for &(port, _) in probes {
        wait_free(port)?;
    }
    let (mut group, log) = spawn(root, logs, log_name, text, env)?;
    // Both build before they listen.
    let limit = if text.starts_with("cargo ") || text.starts_with("trunk ") {
        CARGO_SERVER_LIMIT
    } else {
        SERVER_LIMIT
    };
    let deadline = Instant::now() + limit;
    let mut waiting: Vec<(u16, &str)> = probes.to_vec();
    loop {
        if let Some(status) = group.try_wait().map_err(|e| e.to_string())? {
            return Err(format!(
                "a server was expected; it exited with {status}{}",
                tail(&log)
            ));
        }
        waiting.retain(|&(port, path)| http_status(port, path) != Some(200));
        if waiting.is_empty() {
            return Ok(group);
        }
        if Instant::now() > deadline {
            let list: Vec<String> = waiting
                .iter()
                .map(|(port, path)| format!("http://127.0.0.1:{port}{path}"))
                .collect();
            return Err(format!(
                "did not answer {} with 200 within {} s{}",
                list.join(" and "),
                limit.as_secs(),
                tail(&log)
            ));
        }
        thread::sleep(Duration::from_millis(250));
    }
}

/// Waits briefly for `port` to be free (a server of ours may just have stopped), then refuses.
fn wait_free(port: u16) -> Result {
    let deadline = Instant::now() + PORT_RELEASE;
    loop {
        match std::net::TcpListener::bind(("127.0.0.1", port)) {
            Ok(_) => return Ok(()),
            Err(e) if Instant::now() > deadline => {
                return Err(format!(
                    "port {port} on 127.0.0.1 is taken ({e}); stop whatever listens there first"
                ))
            }
            Err(_) => thread::sleep(Duration::from_millis(200)),
        }
    }
}

/// What a failure shows of a command's log: its lines that report an error (a server that
/// failed to build may go on logging long after), then its last lines.
fn tail(log: &Path) -> String {
    let text = fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    let last_from = lines.len().saturating_sub(15);
    let errors: Vec<&str> = lines[..last_from]
        .iter()
        .filter(|line| reports_error(line))
        .take(10)
        .copied()
        .collect();
    let last = &lines[last_from..];
    if last.is_empty() {
        return String::new();
    }
    let mut shown = String::new();
    if !errors.is_empty() {
        shown.push_str(&format!(
            "\n      error lines:\n      {}\n      last lines:",
            errors.join("\n      ")
        ));
    }
    format!(
        "; its output ended with ({}):{shown}\n      {}",
        log.display(),
        last.join("\n      ")
    )
}

/// A log line that reports an error or a panic (cargo, rustc, trunk and the servers' own).
fn reports_error(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    lower.starts_with("error")
        || lower.contains(" error ")
        || lower.contains("error:")
        || lower.contains("panicked")
        || lower.contains("no space left")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failure_shows_the_error_lines_before_the_last_ones() {
        let dir = std::env::temp_dir().join(format!("xtask-tail-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let log = dir.join("README.md-1.log");
        let mut text = String::from("Compiling chanscope\n");
        text.push_str(
            "2026-11-23T07:09:10Z ERROR ❌ error\nerror: No space left on device (os error 28)\n",
        );
        for n in 0..20 {
            text.push_str(&format!("line {n}\n"));
        }
        fs::write(&log, text).unwrap();
        let shown = tail(&log);
        let errors_at = shown.find("error lines:").unwrap();
        let space_at = shown.find("No space left on device").unwrap();
        let last_at = shown.find("last lines:").unwrap();
        assert!(errors_at < space_at && space_at < last_at, "{shown}");
        assert!(shown.contains("ERROR ❌ error"), "{shown}");
        assert!(!shown.contains("line 4\n"), "{shown}");
        assert!(
            shown.contains("line 5\n") && shown.ends_with("line 19"),
            "{shown}"
        );
        assert!(!shown.contains("Compiling"), "{shown}");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_short_log_is_shown_whole_without_an_error_heading() {
        let dir = std::env::temp_dir().join(format!("xtask-tail-short-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let log = dir.join("docs-sandbox.md-2.log");
        fs::write(&log, "error: one\ntwo\n").unwrap();
        let shown = tail(&log);
        assert!(!shown.contains("error lines:"), "{shown}");
        assert!(shown.ends_with("error: one\n      two"), "{shown}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
