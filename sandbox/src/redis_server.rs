//! A throwaway `redis-server` for the gateway's tests and bench, which share state between
//! gateway instances through Redis: started on a free loopback port without persistence,
//! stopped by its process (never by name), and restartable on the same port to play an outage.
//! It lives here with the project's other stand-ins so that the production gateway never
//! carries it.

use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::PathBuf;
use std::process::{Command, Stdio};

use procgroup::Group;
use std::time::{Duration, Instant};

/// Where Debian's package `redis-server` puts it (`cargo xtask setup` installs it).
pub const DEBIAN_BINARY: &str = "/usr/bin/redis-server";
/// How long a start may take before it counts as failed.
const START_LIMIT: Duration = Duration::from_secs(10);
/// How many free ports [`RedisServer::start`] tries before it gives up.
const START_ATTEMPTS: usize = 5;

pub struct RedisServer {
    binary: PathBuf,
    port: u16,
    child: Option<Group>,
}

impl RedisServer {
    /// `redis-server` from PATH, else Debian's; an error saying how to get it.
    pub fn binary() -> Result<PathBuf, String> {
        let on_path = std::env::var_os("PATH")
            .into_iter()
            .flat_map(|paths| std::env::split_paths(&paths).collect::<Vec<_>>())
            .map(|dir| dir.join("redis-server"))
            .find(|candidate| candidate.is_file());
        on_path
            .or_else(|| Some(PathBuf::from(DEBIAN_BINARY)).filter(|p| p.is_file()))
            .ok_or_else(|| {
                format!(
                    "redis-server is not on PATH nor at {DEBIAN_BINARY}: run `cargo xtask setup` \
                     (it installs the Debian package redis-server) or `apt-get install redis-server`"
                )
            })
    }

    /// A server on a free loopback port, ready for connections.
    ///
    /// The port is free when chosen but not held until the server binds it: a server started at
    /// the same time elsewhere (tests run in parallel) can take it in between. Then another port
    /// is chosen, up to [`START_ATTEMPTS`] times.
    pub fn start() -> Result<RedisServer, String> {
        let binary = RedisServer::binary()?;
        let mut last_error = String::new();
        for _ in 0..START_ATTEMPTS {
            let port = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))
                .and_then(|l| l.local_addr())
                .map_err(|e| format!("no free loopback port: {e}"))?
                .port();
            let mut server = RedisServer {
                binary: binary.clone(),
                port,
                child: None,
            };
            match server.launch() {
                Ok(()) => return Ok(server),
                Err(e) => last_error = e,
            }
        }
        Err(last_error)
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}/0", self.port)
    }

    pub fn is_running(&self) -> bool {
        self.child.is_some()
    }

    /// Stops the server process (nothing is saved: it has no persistence).
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            if let Err(lingering) = child.stop() {
                eprintln!("redis-server: {lingering}");
            }
        }
    }

    /// Starts it again, empty, on the same port; refuses if something else holds the port now.
    pub fn restart(&mut self) -> Result<(), String> {
        self.stop();
        self.launch()
    }

    fn launch(&mut self) -> Result<(), String> {
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, self.port));
        if TcpListener::bind(address).is_err() {
            return Err(format!(
                "port {} is busy: refusing to start redis-server on it",
                self.port
            ));
        }
        // In the caller's process group: a test run stopped by Ctrl-C stops its Redis too.
        let mut child = Group::spawn_in_caller_group(
            Command::new(&self.binary)
                .args(["--port", &self.port.to_string(), "--bind", "127.0.0.1"])
                .args(["--save", "", "--appendonly", "no"])
                .args(["--dir", &std::env::temp_dir().to_string_lossy()])
                .stdin(Stdio::null())
                .stdout(Stdio::null())
                .stderr(Stdio::null()),
        )
        .map_err(|e| format!("cannot run {}: {e}", self.binary.display()))?;
        let started = Instant::now();
        loop {
            if TcpStream::connect_timeout(&address, Duration::from_millis(200)).is_ok() {
                self.child = Some(child);
                return Ok(());
            }
            let exited = child.try_wait().ok().flatten();
            if exited.is_some() || started.elapsed() > START_LIMIT {
                if let Err(lingering) = child.stop() {
                    eprintln!("redis-server: {lingering}");
                }
                return Err(format!(
                    "{} did not start on port {} ({})",
                    self.binary.display(),
                    self.port,
                    exited.map_or("no answer".to_owned(), |s| s.to_string())
                ));
            }
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for RedisServer {
    fn drop(&mut self) {
        self.stop();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn starts_stops_and_restarts_on_its_port() {
        let mut server = RedisServer::start().expect("redis-server runs (cargo xtask setup)");
        let address = SocketAddr::from((Ipv4Addr::LOCALHOST, server.port()));
        assert!(TcpStream::connect(address).is_ok());
        assert_eq!(
            server.url(),
            format!("redis://127.0.0.1:{}/0", server.port())
        );
        server.stop();
        assert!(!server.is_running());
        assert!(TcpStream::connect(address).is_err());
        server.restart().unwrap();
        assert!(TcpStream::connect(address).is_ok());

        // A port held by someone else is refused, not shared.
        let held = TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).unwrap();
        let mut other = RedisServer {
            binary: RedisServer::binary().unwrap(),
            port: held.local_addr().unwrap().port(),
            child: None,
        };
        let refused = other.restart().unwrap_err();
        assert!(refused.contains("is busy"), "{refused}");
    }
}
