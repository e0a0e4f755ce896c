//! The end-to-end tests' processes: each a [`procgroup::Group`] (its own process group, stopped
//! with everything it started when dropped, also while a panic unwinds), with what the tests ask
//! of one: an error that names it, and an async wait until a check passes while it runs.

use std::future::Future;
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use crate::Res;

pub struct Group(procgroup::Group);

impl Group {
    /// Starts `cmd` (`what` names it in errors) as the leader of a new process group.
    pub fn spawn(cmd: &mut Command, what: &str) -> Res<Group> {
        procgroup::Group::spawn(cmd.stdin(Stdio::null()))
            .map(Group)
            .map_err(|e| format!("cannot start {what}: {e}").into())
    }

    /// The leader's exit status, if it has exited.
    pub fn exited(&mut self) -> Res<Option<ExitStatus>> {
        Ok(self.0.try_wait()?)
    }

    /// SIGTERM to every process of the group, as a service manager stops a service.
    pub fn terminate(&self) {
        self.0.signal(procgroup::SIGTERM);
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
}
