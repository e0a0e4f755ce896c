//! One record per request: who, what (the query without any `token`), the outcome and how long
//! it took; and the gateway's notices (Redis down or back). In production these are `tracing`
//! events (text or JSON, see `logging`); a test may take plain lines instead. The gateway's own
//! token is never in a request, so never in a record.
//!
//! The record is written by the gateway's `frame` middleware rather than by tower-http's
//! `TraceLayer`: the client's address is only known once `frame` has weighed
//! `X-Forwarded-For`, and `TraceLayer`'s default span records the whole URI, query and a
//! browser's `token` included.

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
            AccessLog::Tracing => tracing::info!(target: "gateway", "{line}"),
            AccessLog::Lines(sink) => sink(line),
        }
    }

    /// A notice that something the gateway relies on failed.
    pub fn warn(&self, line: &str) {
        match self {
            AccessLog::Tracing => tracing::warn!(target: "gateway", "{line}"),
            AccessLog::Lines(sink) => sink(line),
        }
    }

    pub fn request(&self, entry: &Entry) {
        match self {
            AccessLog::Tracing => {
                let query = entry.query.map(without_token).unwrap_or_default();
                tracing::info!(
                    target: "gateway::access",
                    client = %entry.client,
                    method = %entry.method,
                    path = %entry.path,
                    query,
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
        let query = self.query.map(without_token).unwrap_or_default();
        format!(
            "{} {} {} {} {} {} {} {}ms",
            self.at.to_rfc3339_opts(SecondsFormat::Millis, true),
            self.client,
            self.method,
            self.path,
            if query.is_empty() { "-" } else { &query },
            self.status.as_u16(),
            self.cache,
            self.took.as_millis()
        )
    }
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
