//! A child process stopped when its guard drops, also while a panic unwinds: SIGTERM, a grace
//! period for it to go, then SIGKILL.
//!
//! - [`Group::spawn`]: the child leads a process group of its own, and the signals go to the
//!   whole group, so everything it started goes too (Chromium's helpers, the compiler under
//!   `trunk serve`, a shell's children).
//! - [`Group::spawn_in_caller_group`]: the child stays in its parent's group, so that a signal to
//!   that group (Ctrl-C in a terminal, a runner stopping the command that runs the parent)
//!   reaches it even when the parent dies without running its guards. For a server that starts
//!   nothing of its own (the sandbox under `cargo xtask serve`, a test's Redis).
//!
//! Every place of the project that starts a process it must stop (xtask's servers and README
//! commands, the end-to-end tests' servers and browser, the sandbox's Redis, the gateway tests'
//! binary) holds it as a [`Group`].

use std::io;
use std::process::{Child, Command, ExitStatus};
use std::thread;
use std::time::{Duration, Instant};

use nix::sys::signal::{kill, killpg, Signal};
use nix::unistd::Pid;

pub use nix::sys::signal::Signal::{SIGKILL, SIGTERM};

/// How long a group gets between SIGTERM and SIGKILL unless told otherwise.
pub const GRACE: Duration = Duration::from_secs(3);

/// How long the group's processes get to be gone after SIGKILL unless told otherwise. A killed
/// process is not gone at once: the kernel first frees its memory, which for a browser or a
/// compiler takes a while: here 0.23 s for 256 MiB and 0.79 s for 1 GiB, on an idle machine.
pub const KILL_WAIT: Duration = Duration::from_secs(10);

/// How often `stop` looks whether the group is gone.
const POLL: Duration = Duration::from_millis(20);

/// A process of the group still running [`KILL_WAIT`] (or the group's own bound) after SIGKILL:
/// one stuck in the kernel (an uninterruptible wait on a dead disk or network mount).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Lingering {
    pub pgid: u32,
    pub waited: Duration,
}

impl std::fmt::Display for Lingering {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "process group {}: a process is still running {:?} after SIGKILL",
            self.pgid, self.waited
        )
    }
}

impl std::error::Error for Lingering {}

/// A running child and the processes stopped with it; see the crate's documentation.
pub struct Group {
    child: Child,
    /// Whether the child leads a group of its own (else it is alone in its parent's).
    own_group: bool,
    grace: Duration,
    kill_wait: Duration,
    stopped: bool,
}

impl Group {
    /// Starts `cmd` as the leader of a new process group.
    pub fn spawn(cmd: &mut Command) -> io::Result<Group> {
        use std::os::unix::process::CommandExt;
        let child = cmd.process_group(0).spawn()?;
        Ok(Group::of(child, true))
    }

    /// Starts `cmd` in this process's group: it is signalled alone, and a signal to the group
    /// reaches it too.
    pub fn spawn_in_caller_group(cmd: &mut Command) -> io::Result<Group> {
        Ok(Group::of(cmd.spawn()?, false))
    }

    fn of(child: Child, own_group: bool) -> Group {
        Group {
            child,
            own_group,
            grace: GRACE,
            kill_wait: KILL_WAIT,
            stopped: false,
        }
    }

    /// The time the group gets to exit after SIGTERM before SIGKILL.
    pub fn with_grace(mut self, grace: Duration) -> Group {
        self.grace = grace;
        self
    }

    /// How long `stop` waits for the group to be gone after SIGKILL before it reports it.
    pub fn with_kill_wait(mut self, kill_wait: Duration) -> Group {
        self.kill_wait = kill_wait;
        self
    }

    /// The leader's process ID, which is also the group's.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// The leader itself, e.g. to take its output pipes.
    pub fn child(&mut self) -> &mut Child {
        &mut self.child
    }

    /// The leader's exit status, if it has exited.
    pub fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        self.child.try_wait()
    }

    /// Waits for the leader to exit.
    pub fn wait(&mut self) -> io::Result<ExitStatus> {
        self.child.wait()
    }

    /// Sends `signal` to every process of the group (or to the child alone, when it stays in
    /// its parent's group); false when none is left.
    pub fn signal(&self, signal: Signal) -> bool {
        if self.own_group {
            killpg(self.pgid(), signal).is_ok()
        } else {
            signal_process(self.child.id(), signal)
        }
    }

    /// Whether any process of the group (or the child) is still running. Zombies do not count:
    /// where PID 1 does not reap the orphans it adopts (a container's), a killed grandchild stays
    /// one.
    pub fn alive(&mut self) -> bool {
        if !self.own_group {
            return matches!(self.child.try_wait(), Ok(None));
        }
        if killpg(self.pgid(), None).is_err() {
            return false;
        }
        // Without /proc, the group's answer to signal 0 stands.
        running_in_group(self.child.id()).unwrap_or(true)
    }

    /// SIGTERM to the group; once no process of it is left, or after the grace period, SIGKILL to
    /// whatever is; then the leader is reaped, and `stop` returns once no process of the group is
    /// left, or with [`Lingering`] when one still is after the kill wait. A second call only
    /// looks again.
    pub fn stop(&mut self) -> Result<(), Lingering> {
        if std::mem::replace(&mut self.stopped, true) {
            return self.gone_within(Duration::ZERO);
        }
        if self.signal(SIGTERM) && self.gone_within(self.grace).is_err() {
            self.signal(SIGKILL);
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
        // SIGKILL is delivered at once but takes effect when the process next runs and has
        // freed its memory: until then `kill(-pgid, 0)` still finds it.
        self.gone_within(self.kill_wait)
    }

    /// Polls until no process of the group is left, for at most `limit`.
    fn gone_within(&mut self, limit: Duration) -> Result<(), Lingering> {
        let started = Instant::now();
        loop {
            // Reaping the leader as it exits keeps it from counting as left.
            let _ = self.child.try_wait();
            if !self.alive() {
                return Ok(());
            }
            let waited = started.elapsed();
            if waited >= limit {
                return Err(Lingering {
                    pgid: self.child.id(),
                    waited,
                });
            }
            thread::sleep(POLL.min(limit - waited));
        }
    }

    fn pgid(&self) -> Pid {
        Pid::from_raw(i32::try_from(self.child.id()).unwrap_or(i32::MAX))
    }
}

/// Sends `signal` to the one process `pid`, for a child kept in its parent's group (so that the
/// terminal's Ctrl-C reaches it too); false when it is gone.
pub fn signal_process(pid: u32, signal: Signal) -> bool {
    i32::try_from(pid).is_ok_and(|pid| kill(Pid::from_raw(pid), signal).is_ok())
}

/// Whether a process of group `pgid` is running (not a zombie), read from `/proc`; `None` when
/// `/proc` cannot be read.
fn running_in_group(pgid: u32) -> Option<bool> {
    let entries = std::fs::read_dir("/proc").ok()?;
    Some(entries.flatten().any(|entry| {
        let stat = std::fs::read_to_string(entry.path().join("stat")).unwrap_or_default();
        // `pid (comm) state ppid pgrp …`: the command may hold spaces and parentheses.
        let Some((_, after)) = stat.rsplit_once(')') else {
            return false;
        };
        let mut fields = after.split_whitespace();
        let state = fields.next();
        let pgrp = fields.nth(1).and_then(|f| f.parse::<u32>().ok());
        pgrp == Some(pgid) && state != Some("Z")
    }))
}

impl Drop for Group {
    fn drop(&mut self) {
        if let Err(lingering) = self.stop() {
            eprintln!("procgroup: {lingering}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A shell that starts a grandchild which ignores nothing: stopping the group ends both.
    #[test]
    fn stopping_the_group_ends_what_it_started() {
        let mut group = Group::spawn(Command::new("sh").args(["-c", "sleep 30 & sleep 30"]))
            .unwrap()
            .with_grace(Duration::from_secs(2));
        thread::sleep(Duration::from_millis(200));
        assert!(group.alive());
        let started = Instant::now();
        group.stop().unwrap();
        assert!(!group.alive(), "a process of the group is left");
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{:?}",
            started.elapsed()
        );
    }

    /// A process that ignores SIGTERM is killed once the grace period is over.
    #[test]
    fn a_group_that_ignores_sigterm_is_killed_after_the_grace() {
        let mut group = Group::spawn(Command::new("sh").args(["-c", "trap '' TERM; sleep 30"]))
            .unwrap()
            .with_grace(Duration::from_millis(500));
        thread::sleep(Duration::from_millis(200));
        let started = Instant::now();
        group.stop().unwrap();
        let took = started.elapsed();
        assert!(!group.alive());
        assert!(
            took >= Duration::from_millis(450),
            "killed before the grace: {took:?}"
        );
        assert!(took < Duration::from_secs(3), "{took:?}");
    }

    /// A shell that ignores SIGTERM and starts a process holding 256 MiB it has written:
    /// once killed, that process lasts until the kernel has freed its memory, long after the
    /// shell is reaped. Ready once the memory is written.
    fn slow_to_die() -> Group {
        let hog = "trap '' TERM; perl -e '$| = 1; my $x = \"x\" x (1 << 28); print \"ready\\n\"; \
                   sleep 60' & wait";
        let mut group = Group::spawn(
            Command::new("sh")
                .args(["-c", hog])
                .stdout(std::process::Stdio::piped()),
        )
        .unwrap()
        .with_grace(Duration::from_millis(100));
        let stdout = group.child().stdout.take().unwrap();
        let mut line = String::new();
        std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line).unwrap();
        assert_eq!(line, "ready\n", "the process never held its memory");
        group
    }

    /// `stop` returns once the killed process is gone, not when the signal is sent.
    #[test]
    fn stop_returns_once_a_process_slow_to_die_is_gone() {
        let mut group = slow_to_die();
        assert!(group.alive());
        group.stop().unwrap();
        assert!(!group.alive(), "a process of the group is left");
    }

    /// With no time to be gone after SIGKILL, the process still tearing down is reported, and
    /// the group is gone in the end all the same.
    #[test]
    fn a_process_left_after_the_kill_wait_is_reported() {
        let mut group = slow_to_die().with_kill_wait(Duration::ZERO);
        let pgid = group.id();
        let lingering = group.stop().unwrap_err();
        assert_eq!(lingering.pgid, pgid);
        assert!(
            lingering.to_string().contains("still running"),
            "{lingering}"
        );
        let deadline = Instant::now() + KILL_WAIT;
        while group.alive() {
            assert!(
                Instant::now() < deadline,
                "the group outlived SIGKILL by {KILL_WAIT:?}"
            );
            thread::sleep(POLL);
        }
        assert_eq!(group.stop(), Ok(()));
    }

    /// A child in the caller's group is stopped alone, by SIGTERM, at once.
    #[test]
    fn a_child_in_the_callers_group_is_stopped_alone() {
        let mut group = Group::spawn_in_caller_group(Command::new("sleep").arg("30")).unwrap();
        assert!(group.alive());
        let started = Instant::now();
        group.stop().unwrap();
        assert!(!group.alive());
        assert!(
            started.elapsed() < Duration::from_secs(1),
            "{:?}",
            started.elapsed()
        );
    }

    #[test]
    fn a_finished_command_reports_its_status() {
        let mut group = Group::spawn(Command::new("sh").args(["-c", "exit 3"])).unwrap();
        assert_eq!(group.wait().unwrap().code(), Some(3));
        group.stop().unwrap();
        assert!(!group.alive());
    }
}
