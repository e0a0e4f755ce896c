//! The site under test, in-process: the sandbox's `/api` and `/healthz`, and the built console
//! from a `dist/` directory, each console route answered with the page the gateway would give
//! (its prerendered shell, or `index.html`). Every `/api` request is logged, so a test can tell
//! what the page sent (and replay exactly that for the expected values).

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::extract::Request;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Router;
use tokio::net::TcpListener;
use tokio::task::JoinHandle;
use tower::ServiceExt;

/// The `/api` requests seen so far, as path-and-query strings in arrival order, and which of
/// them the sandbox has answered (its answer made, though the page may yet drop it).
#[derive(Clone, Default)]
pub struct RequestLog(Arc<Mutex<Logged>>);

#[derive(Default)]
struct Logged {
    uris: Vec<String>,
    answered: Vec<bool>,
}

impl RequestLog {
    fn lock(&self) -> std::sync::MutexGuard<'_, Logged> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Logs a request on arrival; the number to pass to [`RequestLog::answered`].
    fn push(&self, uri: String) -> usize {
        let mut log = self.lock();
        log.uris.push(uri);
        log.answered.push(false);
        log.uris.len() - 1
    }

    fn answered(&self, at: usize) {
        if let Some(done) = self.lock().answered.get_mut(at) {
            *done = true;
        }
    }

    /// How many requests were logged: a mark to pass to [`RequestLog::since`].
    pub fn mark(&self) -> usize {
        self.lock().uris.len()
    }

    /// The requests after `mark`.
    pub fn since(&self, mark: usize) -> Vec<String> {
        self.lock().uris.get(mark..).unwrap_or_default().to_vec()
    }

    /// The requests after `mark` that the sandbox has answered so far, in arrival order.
    pub fn answered_since(&self, mark: usize) -> Vec<String> {
        let log = self.lock();
        log.uris
            .iter()
            .zip(&log.answered)
            .skip(mark)
            .filter(|(_, done)| **done)
            .map(|(uri, _)| uri.clone())
            .collect()
    }
}

/// Pages a scenario writes for the site to serve, by path: host pages of the embedding tests,
/// which must be served (not written into a document) to run their scripts as a portal's do.
#[derive(Clone, Default)]
pub struct Pages(Arc<Mutex<HashMap<String, String>>>);

impl Pages {
    /// Serves `html` at `path` (e.g. `/host/cards.html`) from now on.
    pub fn put(&self, path: &str, html: String) {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(path.to_owned(), html);
    }

    fn get(&self, path: &str) -> Option<String> {
        self.0
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(path)
            .cloned()
    }
}

/// A running site; it stops when dropped.
pub struct Site {
    pub origin: String,
    pub log: RequestLog,
    pub pages: Pages,
    task: JoinHandle<()>,
}

impl Drop for Site {
    fn drop(&mut self) {
        self.task.abort();
    }
}

impl Site {
    /// Serves `api` (the sandbox router: `/api/`, `/avatars/`, `/healthz`) and the files of `dist`
    /// on 127.0.0.1 at a free port.
    pub async fn start(api: Router, dist: PathBuf) -> std::io::Result<Site> {
        let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
        let origin = format!("http://{}", listener.local_addr()?);
        let log = RequestLog::default();
        let pages = Pages::default();
        let app = {
            let (log, pages) = (log.clone(), pages.clone());
            let dist = Arc::new(dist);
            Router::new().fallback(move |request: Request| {
                let (api, log, dist) = (api.clone(), log.clone(), dist.clone());
                let page = pages.get(request.uri().path());
                async move {
                    match page {
                        Some(html) => ([(header::CONTENT_TYPE, "text/html; charset=utf-8")], html)
                            .into_response(),
                        None => dispatch(api, &log, &dist, request).await,
                    }
                }
            })
        };
        let task = tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, app).await {
                eprintln!("e2e site stopped: {e}");
            }
        });
        Ok(Site {
            origin,
            log,
            pages,
            task,
        })
    }
}

async fn dispatch(api: Router, log: &RequestLog, dist: &Path, request: Request) -> Response {
    let path = request.uri().path().to_owned();
    // The sandbox's avatars too: its answers name them on this origin (the request's `Host`).
    if path.starts_with("/api/") || path.starts_with("/avatars/") || path == "/healthz" {
        let logged = path.starts_with("/api/").then(|| {
            let uri = request.uri();
            log.push(uri.path_and_query().map_or(path.clone(), |p| p.to_string()))
        });
        let response = match api.oneshot(request).await {
            Ok(response) => response,
            Err(never) => match never {},
        };
        if let Some(at) = logged {
            log.answered(at);
        }
        return response;
    }
    if request.method() != Method::GET && request.method() != Method::HEAD {
        return StatusCode::METHOD_NOT_ALLOWED.into_response();
    }
    serve_file(dist, &path).await
}

/// The content type of a file the console is built of.
pub fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "png" => "image/png",
        "svg" => "image/svg+xml",
        "ico" => "image/x-icon",
        "json" => "application/json",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The file under `dist` that `url_path` names: `None` for anything that climbs out (`..`) or
/// is not a plain relative path.
pub fn resolve(dist: &Path, url_path: &str) -> Option<PathBuf> {
    let relative = Path::new(url_path.trim_start_matches('/'));
    let mut out = dist.to_path_buf();
    for component in relative.components() {
        match component {
            Component::Normal(part) => out.push(part),
            Component::CurDir => {}
            _ => return None,
        }
    }
    Some(out)
}

async fn serve_file(dist: &Path, url_path: &str) -> Response {
    // Browsers normalise `..` away; a raw one (or its encoding) is refused outright.
    if url_path.contains("..") || url_path.contains('\\') || url_path.contains('%') {
        return (StatusCode::BAD_REQUEST, "bad path\n").into_response();
    }
    let Some(file) = resolve(dist, url_path) else {
        return (StatusCode::BAD_REQUEST, "bad path\n").into_response();
    };
    let is_file = tokio::fs::metadata(&file).await.is_ok_and(|m| m.is_file());
    let last = url_path.rsplit('/').next().unwrap_or("");
    let file = if is_file {
        file
    } else if last.contains('.') {
        // A missing asset is an error, not the app: a 404 shows up in the console log.
        return (StatusCode::NOT_FOUND, "not found\n").into_response();
    } else {
        // A route of the app (`/channel-info`, `/`): the page that boots it, as the gateway
        // chooses it (the route's prerendered shell).
        gateway::statics::route_page(dist, url_path).await
    };
    match tokio::fs::read(&file).await {
        Ok(bytes) => {
            let mut response = Body::from(bytes).into_response();
            response.headers_mut().insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static(content_type(&file)),
            );
            response
                .headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            response
        }
        Err(_) => (StatusCode::NOT_FOUND, "not found\n").into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_stay_inside_dist() {
        let dist = Path::new("/d");
        assert_eq!(resolve(dist, "/a/b.js"), Some(PathBuf::from("/d/a/b.js")));
        assert_eq!(resolve(dist, "/../etc/passwd"), None);
        assert_eq!(resolve(dist, "/a/../../x"), None);
        assert_eq!(content_type(Path::new("x_bg.wasm")), "application/wasm");
        assert_eq!(
            content_type(Path::new("index.html")),
            "text/html; charset=utf-8"
        );
    }
}
