//! A child process in a process group of its own, stopped with everything it started (Chromium's
//! helpers, the compiler under `trunk serve`, a shell's children) by the group's id when the guard
//! drops, also while a panic unwinds.

use std::future::Future;
use std::os::unix::process::CommandExt;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::Res;

pub struct Group {
    child: Child,
}

impl Group {
    /// Starts `cmd` (`what` names it in errors) as the leader of a new process group.
    pub fn spawn(cmd: &mut Command, what: &str) -> Res<Group> {
        let child = cmd
            .stdin(Stdio::null())
            .process_group(0)
            .spawn()
            .map_err(|e| format!("cannot start {what}: {e}"))?;
        Ok(Group { child })
    }

    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// The leader's exit status, if it has exited.
    pub fn exited(&mut self) -> Res<Option<ExitStatus>> {
        Ok(self.child.try_wait()?)
    }

    /// Polls `check` until it gives a value, while the leader runs, for at most `limit`; `what`
    /// names what is awaited in the errors.
    pub async fn wait_for<T, F, Fut>(&mut self, what: &str, limit: Duration, mut check: F) -> Res<T>
    where
        F: FnMut() -> Fut,
        Fut: Future<Output = Option<T>>,
    {
        let deadline = Instant::now() + limit;
        loop {
            if let Some(value) = check().await {
                return Ok(value);
            }
            if let Some(status) = self.exited()? {
                return Err(format!("{what}: the process exited ({status})").into());
            }
            if Instant::now() > deadline {
                return Err(format!("{what}: not within {limit:?}").into());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Sends `signal` (`TERM`, `KILL`, …) to every process of the group.
    pub fn signal(&self, signal: &str) {
        // The group id is the leader's pid (process_group(0) above).
        let _ = Command::new("kill")
            .arg(format!("-{signal}"))
            .arg("--")
            .arg(format!("-{}", self.child.id()))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
    }
}

impl Drop for Group {
    fn drop(&mut self) {
        self.signal("TERM");
        let deadline = Instant::now() + Duration::from_secs(3);
        while Instant::now() < deadline {
            if let Ok(Some(_)) = self.child.try_wait() {
                break;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        // Whatever is left of the group goes too.
        self.signal("KILL");
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
