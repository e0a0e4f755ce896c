//! The built console from `--dist`: files by exact relative path (no `..`, no encoded bytes, no
//! directory listing, nothing outside the directory), `index.html` for the console's routes, and
//! the headers every page and asset carries.

use std::path::{Component, Path, PathBuf};

use axum::body::Body;
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};

/// The console's own policy (the meta tag in `index.html`), with two changes a server can make
/// and a meta tag cannot: calls go only to this origin (the gateway), and no other site may frame
/// the pages.
pub const CONTENT_SECURITY_POLICY: &str =
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
style-src 'self'; style-src-attr 'unsafe-inline'; img-src 'self' https: data:; connect-src 'self'; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// Content-hashed names never change content: a year, and no revalidation.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";
/// Pages and unhashed files are revalidated on every use, so a deploy shows at once.
const REVALIDATE: &str = "no-cache";

pub struct Statics {
    /// Canonical, so that a symbolic link pointing out of it can be told apart.
    dist: PathBuf,
}

impl Statics {
    pub fn new(dist: &Path) -> std::io::Result<Statics> {
        Ok(Statics {
            dist: dist.canonicalize()?,
        })
    }

    /// GET or HEAD of `url_path`.
    pub async fn serve(&self, method: &Method, url_path: &str) -> Response {
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
        let file = match tokio::fs::canonicalize(&candidate).await {
            Ok(real) if real.starts_with(&self.dist) && real.is_file() => real,
            Ok(real) if !real.starts_with(&self.dist) => {
                return plain(StatusCode::NOT_FOUND, "not found\n")
            }
            // A name with an extension is an asset: missing, it is a 404 the console's log
            // shows, not the app in its place.
            _ if last_segment(url_path).contains('.') => {
                return plain(StatusCode::NOT_FOUND, "not found\n")
            }
            // A console route (`/post-search`) or a directory: the page that boots the app.
            _ => self.dist.join("index.html"),
        };
        let bytes = match tokio::fs::read(&file).await {
            Ok(b) => b,
            Err(_) => return plain(StatusCode::NOT_FOUND, "not found\n"),
        };
        let name = last_segment(file.to_str().unwrap_or_default());
        let mut response = if method == Method::HEAD {
            let mut r = Response::new(Body::empty());
            r.headers_mut()
                .insert(header::CONTENT_LENGTH, HeaderValue::from(bytes.len()));
            r
        } else {
            Response::new(Body::from(bytes))
        };
        let cache = if is_hashed(name) {
            IMMUTABLE
        } else {
            REVALIDATE
        };
        for (name, value) in [
            (header::CONTENT_TYPE, content_type(name)),
            (header::CACHE_CONTROL, cache),
            (header::CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY),
        ] {
            response
                .headers_mut()
                .insert(name, HeaderValue::from_static(value));
        }
        response
    }
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
