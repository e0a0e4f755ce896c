//! chromedriver on a free loopback port, in a process group of its own so that it and the
//! Chromium it starts are stopped together, by that group's id, when the guard drops (also while
//! a panic unwinds).

use std::net::TcpListener;
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::group::Group;
use crate::http;
use crate::Res;

pub struct Chromedriver {
    pub url: String,
    child: Group,
    /// Where chromedriver writes its log (kept for a failure's message).
    pub log_path: PathBuf,
}

/// A port nobody listens on right now: bound once by us and released.
fn free_port() -> std::io::Result<u16> {
    Ok(TcpListener::bind(("127.0.0.1", 0))?.local_addr()?.port())
}

impl Chromedriver {
    pub async fn start(binary: &str, log_dir: &std::path::Path) -> Res<Chromedriver> {
        if !std::path::Path::new(binary).exists() {
            return Err(format!(
                "chromedriver not found at {binary} (set CHROMEDRIVER, or `apt-get install chromium-driver`)"
            )
            .into());
        }
        let port = free_port()?;
        let address = format!("127.0.0.1:{port}");
        // A leftover server on the port would answer for us and could make tests pass by mistake.
        if std::net::TcpStream::connect(&address).is_ok() {
            return Err(
                format!("port {port} is already in use; refusing to start chromedriver").into(),
            );
        }
        std::fs::create_dir_all(log_dir)?;
        let log_path = log_dir.join("chromedriver.log");
        let child = Group::spawn(
            Command::new(binary)
                .arg(format!("--port={port}"))
                .arg("--allowed-ips=127.0.0.1")
                .arg(format!("--log-path={}", log_path.display()))
                .stdout(Stdio::null())
                .stderr(Stdio::null()),
            binary,
        )?;
        let mut driver = Chromedriver {
            url: format!("http://{address}"),
            child,
            log_path,
        };
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(status) = driver.child.exited()? {
                return Err(format!("chromedriver exited at start ({status})").into());
            }
            if let Ok((200, body)) = http::get(&address, "/status").await {
                let ready = serde_json::from_str::<serde_json::Value>(&body)
                    .map(|v| v["value"]["ready"] == serde_json::Value::Bool(true))
                    .unwrap_or(false);
                if ready {
                    return Ok(driver);
                }
            }
            if Instant::now() > deadline {
                return Err("chromedriver did not answer /status within 20 s".into());
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}
