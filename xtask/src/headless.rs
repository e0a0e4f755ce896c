//! The release build in `dist/` on a loopback port, and headless Chromium loading it: what the
//! boot check and the prerendering of the pages' shells share.

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::time::Duration;
use std::{fs, thread};

use crate::proc::with_timeout;
use crate::setup::Setup;
use crate::Result;

/// Serves `dist` on a free loopback port for as long as this process lives; returns the port.
pub fn serve_dist(dist: &Path) -> Result<u16> {
    let listener =
        TcpListener::bind("127.0.0.1:0").map_err(|e| format!("binding a loopback port: {e}"))?;
    let port = listener.local_addr().map_err(|e| e.to_string())?.port();
    let dist = dist.to_path_buf();
    thread::spawn(move || serve_static(listener, dist));
    Ok(port)
}

/// Headless Chromium on `url` with `extra` flags (`--dump-dom`, `--screenshot=…`), given ten
/// seconds of virtual time to settle; returns what it printed. Each run has a profile of its
/// own, so that runs side by side do not share one.
pub fn chromium(setup: &Setup, extra: &[&str], url: &str) -> Result<String> {
    static RUN: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
    let profile = std::env::temp_dir().join(format!(
        "chanscope-chromium-{}-{}",
        std::process::id(),
        RUN.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
    ));
    let out = with_timeout(Duration::from_secs(90), &setup.chromium.to_string_lossy())
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-quic",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--hide-scrollbars",
            "--virtual-time-budget=10000",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(extra)
        .arg(url)
        .output()
        .map_err(|e| format!("starting chromium: {e}"))?;
    let _ = fs::remove_dir_all(&profile);
    if !out.status.success() {
        return Err(format!(
            "chromium failed: {}",
            String::from_utf8_lossy(&out.stderr)
        ));
    }
    Ok(String::from_utf8_lossy(&out.stdout).into_owned())
}

/// A minimal static file server: GET only, files under `dist`, unknown paths get index.html
/// (the console routes on the client).
fn serve_static(listener: TcpListener, dist: PathBuf) {
    for stream in listener.incoming().flatten() {
        let dist = dist.clone();
        thread::spawn(move || {
            let _ = answer(stream, &dist);
        });
    }
}

fn answer(mut stream: TcpStream, dist: &Path) -> std::io::Result<()> {
    let mut request_line = String::new();
    let mut reader = BufReader::new(stream.try_clone()?);
    reader.read_line(&mut request_line)?;
    let mut header = String::new();
    while reader.read_line(&mut header)? > 2 {
        header.clear();
    }
    let path = request_line
        .split_whitespace()
        .nth(1)
        .unwrap_or("/")
        .split('?')
        .next()
        .unwrap_or("/");
    let relative = path.trim_start_matches('/');
    let file = if relative.is_empty() || relative.contains("..") {
        dist.join("index.html")
    } else {
        let candidate = dist.join(relative);
        if candidate.is_file() {
            candidate
        } else {
            dist.join("index.html")
        }
    };
    let body = fs::read(&file)?;
    let kind = match file.extension().and_then(|e| e.to_str()) {
        Some("html") => "text/html; charset=utf-8",
        Some("js") => "text/javascript",
        Some("wasm") => "application/wasm",
        Some("css") => "text/css",
        Some("svg") => "image/svg+xml",
        _ => "application/octet-stream",
    };
    write!(
        stream,
        "HTTP/1.1 200 OK\r\nContent-Type: {kind}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    )?;
    stream.write_all(&body)
}
