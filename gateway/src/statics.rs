//! The built console from `--dist`: files by exact relative path (no `..`, no encoded bytes, no
//! directory listing, nothing outside the directory), for the console's routes their shell
//! (`routes/<page>.html`) or else `index.html`, the brotli or gzip copy `cargo xtask build` wrote
//! beside a file when the client accepts it, revalidation by `ETag` and `Last-Modified`, and the
//! headers every page and asset carries.
//!
//! The lookup is the gateway's own rather than tower-http's `ServeDir`, which cannot keep its
//! guarantees: it follows a symbolic link out of the directory, decodes `%2e%2e` and answers such
//! probes with 404 rather than refusing them, redirects `/assets` to `/assets/`, and its fallback
//! would have to look the path up again to tell a console route (`index.html`) from a missing
//! asset (404). It sends no `ETag` and no `Vary` either. Once the file is known, tower-http's
//! `ServeFile` negotiates the encoding and opens the copy to send.

use std::ffi::OsString;
use std::path::{Component, Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderName, HeaderValue, Method, Request, StatusCode};
use axum::response::{IntoResponse, Response};
use chanscope_api::opening::opening_calls;
use chrono::Utc;
use tower_http::services::ServeFile;

use crate::policy::API_PREFIX;

/// The console's own policy (the meta tag in `index.html`), with two changes a server can make
/// and a meta tag cannot: calls go only to this origin (the gateway), and no other site may frame
/// the pages; and images come over https only (the console's also allows the loopback, where
/// the local sandbox serves avatars in preview).
pub const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' https: data:; connect-src 'self'; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// The same policy in front of an upstream on this machine (the local sandbox, which serves its
/// avatars over plain http on the loopback): images may also come from the loopback. Never in
/// front of a remote upstream, whose avatars come over https.
pub const CONTENT_SECURITY_POLICY_LOCAL_UPSTREAM: &str =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
style-src 'self'; style-src-attr 'unsafe-inline'; \
img-src 'self' https: data: http://127.0.0.1:* http://localhost:*; connect-src 'self'; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Whether `upstream` (`scheme://host[:port]/path`) is on this machine.
pub fn is_local_upstream(upstream: &str) -> bool {
    let rest = upstream
        .split_once("://")
        .map_or(upstream, |(_, rest)| rest);
    let authority = rest.split('/').next().unwrap_or_default();
    let host = match authority.strip_prefix('[') {
        Some(v6) => v6.split(']').next().unwrap_or_default(),
        None => authority.split(':').next().unwrap_or_default(),
    };
    matches!(host, "127.0.0.1" | "localhost" | "::1")
}

/// Content-hashed names never change content: a year, and no revalidation.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Pages and unhashed files are revalidated on every use, so a deploy shows at once.
const REVALIDATE: &str = "no-cache";

/// The suffixes of the compressed copies beside a file, as `cargo xtask build` writes them and
/// `ServeFile::precompressed_br`/`precompressed_gzip` look for them.
const COPY_SUFFIXES: [&str; 2] = ["br", "gz"];

pub struct Statics {
    /// Canonical, so that a symbolic link pointing out of it can be told apart.
    dist: PathBuf,
    /// [`CONTENT_SECURITY_POLICY`], or its local-upstream form.
    policy: &'static str,
}

impl Statics {
    /// The console's files in `dist`, for a gateway in front of `upstream`.
    pub fn new(dist: &Path, upstream: &str) -> std::io::Result<Statics> {
        let policy = if is_local_upstream(upstream) {
            CONTENT_SECURITY_POLICY_LOCAL_UPSTREAM
        } else {
            CONTENT_SECURITY_POLICY
        };
        Ok(Statics {
            dist: dist.canonicalize()?,
            policy,
        })
    }

    /// Whether the page that boots the console is there now: files are read per request, so a
    /// deploy that empties `dist` shows here.
    pub async fn has_page(&self) -> bool {
        tokio::fs::metadata(self.dist.join("index.html"))
            .await
            .is_ok_and(|m| m.is_file())
    }

    /// GET or HEAD of `url_path`; `request` gives the accepted encodings and the validators. A
    /// console route's page also names, in `Link`, the API calls the page makes as it opens at
    /// that `query`, so that the browser starts them with the page (see [`preload_links`]).
    pub async fn serve(
        &self,
        method: &Method,
        url_path: &str,
        query: &str,
        request: &HeaderMap,
    ) -> Response {
        if method != Method::GET && method != Method::HEAD {
            return plain(StatusCode::METHOD_NOT_ALLOWED, "method not allowed\n");
        }
        // Browsers resolve dot segments before sending; a raw one, an escape or a backslash
        // is someone probing.
        if url_path.contains("..") || url_path.contains(['%', '\\']) {
            return plain(StatusCode::BAD_REQUEST, "bad path\n");
        }
        let Some(candidate) = inside(&self.dist, url_path) else {
            return plain(StatusCode::BAD_REQUEST, "bad path\n");
        };
        let (file, route) = match tokio::fs::canonicalize(&candidate).await {
            Ok(real) if real.starts_with(&self.dist) && real.is_file() => (real, false),
            Ok(real) if !real.starts_with(&self.dist) => {
                return plain(StatusCode::NOT_FOUND, "not found\n")
            }
            // A name with an extension is an asset: missing, it is a 404 the console's log
            // shows, not the app in its place.
            _ if last_segment(url_path).contains('.') => {
                return plain(StatusCode::NOT_FOUND, "not found\n")
            }
            // A console route (`/post-search`) or a directory: the page that boots the app.
            _ => (route_page(&self.dist, url_path).await, true),
        };
        let mut response = send_file(&file, method, request, self.policy)
            .await
            .unwrap_or_else(|| plain(StatusCode::NOT_FOUND, "not found\n"));
        // A 304 too: it replaces the headers the browser keeps with the page, and a kept `Link`
        // would name the calls of the hour it was first sent.
        let sent = response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED;
        if route && sent {
            if let Some(links) = preload_links(url_path, query) {
                response.headers_mut().insert(header::LINK, links);
            }
        }
        response
    }
}

/// Marks a page the gateway wrote for one request (`painted`, and the widgets' iframe pages):
/// compressed on the fly, as API answers are, since it has no copies made at build time.
#[derive(Clone, Copy)]
pub(crate) struct WrittenPage;

impl Statics {
    /// A console page the gateway wrote with its answer in it (`painted`), for `url_path?query`:
    /// the headers of the route's shell, without validators (it is made per request), with the
    /// preloads of the calls the page still makes.
    pub fn written_page(&self, html: String, url_path: &str, query: &str) -> Response {
        let mut response = Response::new(Body::from(html));
        let headers = response.headers_mut();
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(content_type("page.html")),
        );
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(REVALIDATE));
        // Dates (a post search's, a channel card's) are written, and a period's days read, in
        // the zone a cookie names.
        headers.insert(header::VARY, HeaderValue::from_static("Cookie"));
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(self.policy),
        );
        if let Some(links) = preload_links(url_path, query) {
            headers.insert(header::LINK, links);
        }
        response.extensions_mut().insert(WrittenPage);
        response
    }
}

/// The page that boots the console at a route: the route's own shell, painted before the module
/// arrives (`routes/<name>.html`, `routes/index.html` for `/`,
/// written by `cargo xtask build`), where there is one; `index.html` for any other path. The
/// end-to-end suite's server chooses its pages with it too.
pub async fn route_page(dist: &Path, url_path: &str) -> PathBuf {
    let name = url_path.trim_matches('/');
    if !name.contains('/') {
        let name = if name.is_empty() { "index" } else { name };
        let shell = dist.join("routes").join(format!("{name}.html"));
        if tokio::fs::metadata(&shell)
            .await
            .is_ok_and(|meta| meta.is_file())
        {
            return shell;
        }
    }
    dist.join("index.html")
}

/// The API calls the console's page at `url_path?query` makes as it opens
/// (`chanscope_api::opening`), as preloads: the browser starts them with the page, in
/// parallel with the module, and hands their answers to the console's own calls of the same
/// URLs, so each is still asked once. `crossorigin` gives the preload the mode and credentials of
/// the console's `fetch`, without which the browser would not reuse it.
fn preload_links(url_path: &str, query: &str) -> Option<HeaderValue> {
    let calls = opening_calls(url_path, query, Utc::now());
    if calls.is_empty() {
        return None;
    }
    let links: Vec<String> = calls
        .iter()
        .map(|call| format!("<{API_PREFIX}{call}>; rel=preload; as=fetch; crossorigin"))
        .collect();
    HeaderValue::from_str(&links.join(", ")).ok()
}

/// `file` (inside `dist`, known to exist) or its compressed copy, or `304 Not Modified`; `None`
/// when it cannot be read.
async fn send_file(
    file: &Path,
    method: &Method,
    request: &HeaderMap,
    policy: &'static str,
) -> Option<Response> {
    // ServeFile negotiates: `Accept-Encoding` with q-values (`q=0` excludes; br before gzip at
    // equal weight), falling back to the next accepted copy, then to the file itself, where a
    // copy is missing. It sees only the method and that header: its own 304 would carry no
    // ETag, Cache-Control or Vary, so revalidation is judged here, on the copy it opened; and it
    // would answer a range without an If-Range check, so ranges stay unsupported, as before.
    let mut ask = Request::builder().method(method.clone());
    for accepted in request.get_all(header::ACCEPT_ENCODING) {
        ask = ask.header(header::ACCEPT_ENCODING, accepted);
    }
    let opened = ServeFile::new(file)
        .precompressed_br()
        .precompressed_gzip()
        .try_call(ask.body(()).ok()?)
        .await
        .ok()
        .filter(|r| r.status() == StatusCode::OK)?;
    let (parts, body) = opened.into_parts();
    let opened = &parts.headers;
    let encoding = opened.get(header::CONTENT_ENCODING).cloned();
    let length: u64 = header_text(opened, header::CONTENT_LENGTH)?.parse().ok()?;
    let last_modified = opened.get(header::LAST_MODIFIED).cloned()?;
    let modified = httpdate::parse_http_date(last_modified.to_str().ok()?).ok()?;
    let etag = entity_tag(length, modified, encoding.as_ref())?;

    let name = last_segment(file.to_str().unwrap_or_default());
    let mut headers = HeaderMap::new();
    headers.insert(header::ETAG, etag.clone());
    headers.insert(header::LAST_MODIFIED, last_modified);
    let cache = if is_hashed(name) {
        IMMUTABLE
    } else {
        REVALIDATE
    };
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
    headers.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(policy),
    );
    // Caches must keep the copies apart wherever the answer depends on Accept-Encoding.
    if encoding.is_some() || has_copies(file).await {
        headers.insert(header::VARY, HeaderValue::from_static("Accept-Encoding"));
    }

    let mut response = if not_modified(request, &etag, modified) {
        let mut response = Response::new(Body::empty());
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        response
    } else {
        headers.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_static(content_type(name)),
        );
        headers.insert(header::CONTENT_LENGTH, HeaderValue::from(length));
        if let Some(encoding) = encoding {
            headers.insert(header::CONTENT_ENCODING, encoding);
        }
        Response::new(Body::new(body))
    };
    *response.headers_mut() = headers;
    Some(response)
}

/// A strong validator from the size and modification time of the bytes sent, suffixed with
/// their encoding: a copy's tag never matches the plain file's, nor another copy's.
fn entity_tag(
    length: u64,
    modified: SystemTime,
    encoding: Option<&HeaderValue>,
) -> Option<HeaderValue> {
    let seconds = modified
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let suffix = encoding
        .and_then(|e| e.to_str().ok())
        .map_or(String::new(), |e| format!("-{e}"));
    HeaderValue::from_str(&format!("\"{length:x}-{seconds:x}{suffix}\"")).ok()
}

/// Whether the client's copy is current (RFC 9110, 13.2.2): `If-None-Match` decides when sent,
/// by weak comparison; `If-Modified-Since` only without it, to the second.
fn not_modified(request: &HeaderMap, etag: &HeaderValue, modified: SystemTime) -> bool {
    let mut tags = request.get_all(header::IF_NONE_MATCH).iter().peekable();
    if tags.peek().is_some() {
        let ours = etag.to_str().unwrap_or_default();
        return tags
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .any(|tag| tag == "*" || tag.strip_prefix("W/").unwrap_or(tag) == ours);
    }
    header_text(request, header::IF_MODIFIED_SINCE)
        .and_then(|since| httpdate::parse_http_date(since).ok())
        .is_some_and(|since| modified <= since)
}

/// Whether `cargo xtask build` wrote a compressed copy beside `file`.
async fn has_copies(file: &Path) -> bool {
    for suffix in COPY_SUFFIXES {
        let mut copy = OsString::from(file);
        copy.push(".");
        copy.push(suffix);
        if tokio::fs::try_exists(&copy).await.unwrap_or(false) {
            return true;
        }
    }
    false
}

fn header_text(headers: &HeaderMap, name: HeaderName) -> Option<&str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// Headers for every response of the gateway: no content sniffing, no referrer sent on.
pub fn common_headers(headers: &mut HeaderMap) {
    for (name, value) in [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::REFERRER_POLICY, "no-referrer"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
}

fn plain(status: StatusCode, text: &'static str) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
        text,
    )
        .into_response()
}

fn last_segment(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or("")
}

/// `dist` joined with the plain relative path `url_path`; `None` for anything else.
fn inside(dist: &Path, url_path: &str) -> Option<PathBuf> {
    let mut out = dist.to_path_buf();
    for component in Path::new(url_path.trim_start_matches('/')).components() {
        match component {
            Component::Normal(part) => out.push(part),
            Component::CurDir => {}
            _ => return None,
        }
    }
    Some(out)
}

/// Trunk names built files `name-<16 hex digits>` (`chanscope-3213e08b4ba67bed_bg.wasm`).
fn is_hashed(name: &str) -> bool {
    name.match_indices('-').any(|(at, _)| {
        let rest = &name.as_bytes()[at + 1..];
        rest.len() > 16
            && rest[..16].iter().all(u8::is_ascii_hexdigit)
            && matches!(rest[16], b'.' | b'_')
    })
}

fn content_type(name: &str) -> &'static str {
    match name.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "wasm" => "application/wasm",
        "css" => "text/css; charset=utf-8",
        "json" => "application/json",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "txt" => "text/plain; charset=utf-8",
        "woff2" => "font/woff2",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashed_names_and_types() {
        assert!(is_hashed("chanscope-3213e08b4ba67bed_bg.wasm"));
        assert!(is_hashed("chanscope-3213e08b4ba67bed.js"));
        assert!(is_hashed("search-pages-3971fbb970719e21.css"));
        assert!(!is_hashed("boot.js"));
        assert!(!is_hashed("embed-host.css"));
        assert!(!is_hashed("index.html"));
        assert_eq!(content_type("x_bg.wasm"), "application/wasm");
        assert_eq!(content_type("a.b.css"), "text/css; charset=utf-8");
        assert_eq!(content_type("LICENSE"), "application/octet-stream");
    }

    #[test]
    fn paths_stay_inside() {
        let dist = Path::new("/d");
        assert_eq!(inside(dist, "/a/./b.js"), Some(PathBuf::from("/d/a/b.js")));
        assert_eq!(inside(dist, "/a/../../x"), None);
        assert_eq!(inside(dist, "/"), Some(PathBuf::from("/d")));
    }
}
