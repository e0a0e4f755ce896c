//! The release build in `dist/` on a loopback port, and headless Chromium loading it: what the
//! boot check and the prerendering of the pages' shells share.

use std::path::Path;
use std::time::Duration;
use std::{fs, thread};

use crate::proc::with_timeout;
use crate::result::Result;
use crate::setup::Setup;

/// Serves `dist` on a free loopback port for as long as this process lives; returns the port.
pub fn serve_dist(dist: &Path) -> Result<u16> {
    let server = tiny_http::Server::http("127.0.0.1:0")
        .map_err(|e| format!("binding a loopback port: {e}"))?;
    let port = server
        .server_addr()
        .to_ip()
        .ok_or("the static server has no IP address")?
        .port();
    let dist = dist.to_path_buf();
    thread::spawn(move || {
        for request in server.incoming_requests() {
            let dist = dist.clone();
            thread::spawn(move || {
                let _ = answer(request, &dist);
            });
        }
    });
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

/// What a static file server of the console answers: the file under `dist`, or index.html for
/// any other path (the console routes on the client).
fn answer(request: tiny_http::Request, dist: &Path) -> std::io::Result<()> {
    let path = request.url().split('?').next().unwrap_or("/");
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
    let content_type = tiny_http::Header::from_bytes("Content-Type", kind)
        .map_err(|()| std::io::Error::other("a Content-Type header"))?;
    request.respond(tiny_http::Response::from_data(body).with_header(content_type))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `path` from the static server on `port`: its status, Content-Type and body.
    fn get(port: u16, path: &str) -> (u16, String, String) {
        let mut answer = crate::sandbox::loopback_agent(Duration::from_secs(5))
            .get(&format!("http://127.0.0.1:{port}{path}"))
            .call()
            .unwrap();
        let kind = answer
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let body = answer.body_mut().read_to_string().unwrap();
        (answer.status().as_u16(), kind, body)
    }

    /// The whole answer to a `GET` of `target`, sent as it is.
    fn raw_get(port: u16, target: &str) -> String {
        use std::io::{Read, Write};
        let mut stream = std::net::TcpStream::connect(("127.0.0.1", port)).unwrap();
        write!(
            stream,
            "GET {target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut answer = String::new();
        stream.read_to_string(&mut answer).unwrap();
        answer
    }

    #[test]
    fn serves_the_files_of_dist_and_its_page_for_every_other_path() {
        let root = std::env::temp_dir().join(format!("xtask-serve-dist-{}", std::process::id()));
        let dist = root.join("dist");
        fs::create_dir_all(dist.join("assets")).unwrap();
        fs::write(dist.join("index.html"), "<p>console</p>").unwrap();
        fs::write(dist.join("assets/app.js"), "run()").unwrap();
        fs::write(root.join("secret.txt"), "outside").unwrap();
        let port = serve_dist(&dist).unwrap();

        let page = (
            200,
            "text/html; charset=utf-8".to_owned(),
            "<p>console</p>".to_owned(),
        );
        assert_eq!(get(port, "/"), page);
        assert_eq!(
            get(port, "/assets/app.js?v=1"),
            (200, "text/javascript".to_owned(), "run()".to_owned())
        );
        // A route of the console, and a path that climbs out of dist/: the page.
        assert_eq!(get(port, "/channel-info?channel=%40news"), page);
        // Sent as written (an HTTP client would resolve the dots first).
        for climbing in ["/../secret.txt", "/assets/../../secret.txt"] {
            let answer = raw_get(port, climbing);
            assert!(answer.ends_with("<p>console</p>"), "{climbing}: {answer}");
        }
        assert_eq!(get(port, "/assets/%2e%2e/%2e%2e/secret.txt"), page);
        fs::remove_dir_all(&root).unwrap();
    }
}
