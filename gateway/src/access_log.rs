//! One record per request: who, what (the query without any `token`), the outcome and how long
//! it took; and the gateway's notices (Redis down or back). In production these are `tracing`
//! events (text or JSON, see `logging`); a test may take plain lines instead. The gateway's own
//! token is never in a request, so never in a record.
//!
//! The record is written by the gateway's `frame` middleware rather than by tower-http's
//! `TraceLayer`: the client's address is only known once `frame` has weighed
//! `X-Forwarded-For`, and `TraceLayer`'s default span records the whole URI, query and a
//! browser's `token` included.

use std::borrow::Cow;
use std::net::IpAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::http::{Method, StatusCode};
use chrono::{DateTime, SecondsFormat, Utc};

/// The longest query written; longer ones are cut and marked.
const QUERY_MAX: usize = 512;

/// Where records go: `tracing` in production, plain lines anywhere a test wants.
#[derive(Clone)]
pub enum AccessLog {
    Tracing,
    Lines(Arc<dyn Fn(&str) + Send + Sync>),
}

impl AccessLog {
    pub fn to(sink: impl Fn(&str) + Send + Sync + 'static) -> AccessLog {
        AccessLog::Lines(Arc::new(sink))
    }

    /// A notice about the gateway itself (not about one request).
    pub fn write(&self, line: &str) {
        match self {
            AccessLog::Tracing => tracing::info!(target: "gateway", "{}", escaped_text(line)),
            AccessLog::Lines(sink) => sink(&escaped_text(line)),
        }
    }

    /// A notice that something the gateway relies on failed.
    pub fn warn(&self, line: &str) {
        match self {
            AccessLog::Tracing => tracing::warn!(target: "gateway", "{}", escaped_text(line)),
            AccessLog::Lines(sink) => sink(&escaped_text(line)),
        }
    }

    pub fn request(&self, entry: &Entry) {
        match self {
            AccessLog::Tracing => {
                tracing::info!(
                    target: "gateway::access",
                    client = %entry.client,
                    method = %entry.method,
                    path = %escaped_uri_part(entry.path),
                    query = entry.logged_query().as_str(),
                    status = entry.status.as_u16(),
                    cache = %entry.cache,
                    took_ms = entry.took.as_millis() as u64,
                    "request"
                );
            }
            AccessLog::Lines(sink) => sink(&entry.line()),
        }
    }
}

/// What one line says.
pub struct Entry<'a> {
    pub at: DateTime<Utc>,
    pub client: IpAddr,
    pub method: &'a Method,
    pub path: &'a str,
    pub query: Option<&'a str>,
    pub status: StatusCode,
    /// `hit`, `miss`, `stale`, `coalesced`, or `-` when the cache had no part.
    pub cache: &'a str,
    pub took: Duration,
}

impl Entry<'_> {
    /// `2026-01-01T00:00:00.000Z 203.0.113.9 GET /api/posts/search q=ton&limit=5 200 miss 12ms`
    pub fn line(&self) -> String {
        let query = self.logged_query();
        format!(
            "{} {} {} {} {} {} {} {}ms",
            self.at.to_rfc3339_opts(SecondsFormat::Millis, true),
            self.client,
            self.method,
            escaped_uri_part(self.path),
            if query.is_empty() { "-" } else { &query },
            self.status.as_u16(),
            self.cache,
            self.took.as_millis()
        )
    }

    /// The query as logged: without `token`, cut, and escaped.
    fn logged_query(&self) -> String {
        let query = self.query.map(without_token).unwrap_or_default();
        escaped_uri_part(&query).into_owned()
    }
}

/// Whether `c` must not reach a log as it is: a control character (C0, DEL, C1 such as NEL)
/// ends or rewrites a line on a terminal or in a viewer, and a bidirectional formatting
/// character makes a line read in another order than it was written (an address shown as
/// somebody else's, a status that seems to be another's). Unicode's line and paragraph
/// separators end a line in some viewers too.
fn unsafe_in_log(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061C}'
                | '\u{200E}'
                | '\u{200F}'
                | '\u{2028}'..='\u{202E}'
                | '\u{2066}'..='\u{2069}'
        )
}

/// A path or query as logged: each unsafe character percent-encoded, as a URI must carry it
/// anyway (RFC 3986 allows none of them), so the logged value means the same request.
pub fn escaped_uri_part(part: &str) -> Cow<'_, str> {
    if !part.chars().any(unsafe_in_log) {
        return Cow::Borrowed(part);
    }
    let mut out = String::with_capacity(part.len() + 16);
    for c in part.chars() {
        if unsafe_in_log(c) {
            let mut utf8 = [0u8; 4];
            for b in c.encode_utf8(&mut utf8).bytes() {
                out.push_str(&format!("%{b:02X}"));
            }
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A notice as logged: each unsafe character as `\u{…}`, and `\` doubled so that such an
/// escape is never the notice's own text.
pub fn escaped_text(text: &str) -> Cow<'_, str> {
    if !text.chars().any(|c| c == '\\' || unsafe_in_log(c)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if c == '\\' {
            out.push_str("\\\\");
        } else if unsafe_in_log(c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// The raw query without `token` pairs (however its name is encoded), at most [`QUERY_MAX`]
/// bytes.
pub fn without_token(query: &str) -> String {
    let mut out = String::new();
    for pair in query.split('&').filter(|p| !p.is_empty()) {
        let name = pair.split_once('=').map_or(pair, |(n, _)| n);
        let decoded: String = form_urlencoded::parse(name.as_bytes())
            .map(|(n, _)| n.into_owned())
            .collect();
        if decoded.trim() == "token" {
            continue;
        }
        if !out.is_empty() {
            out.push('&');
        }
        out.push_str(pair);
    }
    if out.len() > QUERY_MAX {
        let mut cut = QUERY_MAX;
        while !out.is_char_boundary(cut) {
            cut -= 1;
        }
        out.truncate(cut);
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_left_out() {
        assert_eq!(without_token("q=a&token=s3cret&limit=5"), "q=a&limit=5");
        assert_eq!(without_token("tok%65n=s3cret&q=a"), "q=a");
        assert_eq!(without_token("token&q=a&token="), "q=a");
        assert_eq!(without_token(""), "");
        assert_eq!(
            without_token(&"q=".repeat(400)).len(),
            QUERY_MAX + "…".len()
        );
    }

    #[test]
    fn control_and_bidirectional_characters_are_escaped() {
        let unsafe_chars = (0u32..0x20)
            .chain(0x7F..0xA0)
            .chain([0x061C, 0x200E, 0x200F])
            .chain(0x2028..=0x202E)
            .chain(0x2066..=0x2069)
            .map(|n| char::from_u32(n).unwrap());
        for c in unsafe_chars {
            let part = format!("/a{c}b");
            let mut utf8 = [0u8; 4];
            let encoded: String = c
                .encode_utf8(&mut utf8)
                .bytes()
                .map(|b| format!("%{b:02X}"))
                .collect();
            assert_eq!(escaped_uri_part(&part), format!("/a{encoded}b"));
            assert_eq!(escaped_text(&part), format!("/a\\u{{{:x}}}b", u32::from(c)));
        }
        // Everything else stays as it is, other scripts and marks included.
        for kept in [
            "/api/posts/search",
            "q=тон&x=%C2%85",
            "نص",
            "\u{2027}\u{202F}",
            " é ∑ 🙂",
        ] {
            assert!(matches!(escaped_uri_part(kept), Cow::Borrowed(_)), "{kept}");
        }
        assert_eq!(escaped_text("a\\u{85}b"), "a\\\\u{85}b");
    }

    #[test]
    fn a_line_escapes_its_path_and_query() {
        let entry = Entry {
            at: DateTime::from_timestamp(1_767_225_600, 0).unwrap(),
            client: "203.0.113.9".parse().unwrap(),
            method: &Method::GET,
            path: "/x\u{85}y\u{202E}z",
            query: Some("q=\u{2066}a\u{0}&token=x"),
            status: StatusCode::NOT_FOUND,
            cache: "-",
            took: Duration::from_millis(1),
        };
        assert_eq!(
            entry.line(),
            "2026-01-01T00:00:00.000Z 203.0.113.9 GET /x%C2%85y%E2%80%AEz q=%E2%81%A6a%00 404 - 1ms"
        );
    }

    #[test]
    fn a_line() {
        let entry = Entry {
            at: DateTime::from_timestamp(1_767_225_600, 0).unwrap(),
            client: "203.0.113.9".parse().unwrap(),
            method: &Method::GET,
            path: "/api/posts/search",
            query: Some("q=ton&token=x"),
            status: StatusCode::OK,
            cache: "miss",
            took: Duration::from_millis(12),
        };
        assert_eq!(
            entry.line(),
            "2026-01-01T00:00:00.000Z 203.0.113.9 GET /api/posts/search q=ton 200 miss 12ms"
        );
    }
}
