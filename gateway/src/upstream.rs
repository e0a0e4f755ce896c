//! The one place the gateway connects to: the configured upstream, over a keep-alive pool (http,
//! or https with rustls on ring and the Mozilla roots). Each call has a time limit and a size
//! cap, and anything but an API envelope comes back as a typed failure.

use std::time::Duration;

use axum::http::{header, HeaderValue, Request, StatusCode};
use bytes::{Bytes, BytesMut};
use chanscope_api::query::encode_component;
use chanscope_api::Token;
use http_body_util::{BodyExt, Empty};
use hyper_rustls::{HttpsConnector, HttpsConnectorBuilder};
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;
use serde::Deserialize;

use crate::config::Config;
use crate::policy::Call;
use crate::scrub::Scrubber;

/// Why no usable answer came; each is an error envelope for the browser.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Connection refused or reset, an HTTP 5xx, or a body that is not an API envelope.
    Unavailable,
    /// No complete answer within `--upstream-timeout`.
    Timeout,
    /// The answer is larger than `--max-response-bytes`.
    TooLarge,
}

impl Failure {
    /// The `error` of the envelope (the console's client reads these three as `Upstream`).
    pub fn code(self) -> &'static str {
        match self {
            Failure::Unavailable => "upstream_unavailable",
            Failure::Timeout => "upstream_timeout",
            Failure::TooLarge => "upstream_too_large",
        }
    }

    /// 502 and 504, which clients retry with back-off.
    pub fn status(self) -> StatusCode {
        match self {
            Failure::Timeout => StatusCode::GATEWAY_TIMEOUT,
            Failure::Unavailable | Failure::TooLarge => StatusCode::BAD_GATEWAY,
        }
    }
}

/// What the envelope says, read from the body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Envelope {
    Ok,
    Pending,
    /// `error` with its message (`flood_control_10`, `param q is too short`, ...).
    Error(String),
}

/// An upstream answer that is an API envelope.
#[derive(Clone, Debug)]
pub struct Answer {
    pub body: Bytes,
    pub envelope: Envelope,
    /// For an HTTP 429 of the upstream (or of a proxy in front of it): the seconds it asked to
    /// wait. The answer is then `flood_control_N`, whatever the upstream's body said.
    pub retry_after: Option<u64>,
}

/// The wait assumed when an HTTP 429 names none: the service's own usual flood control.
pub const DEFAULT_RETRY_AFTER_SECS: u64 = 10;
/// The longest wait passed on: a `Retry-After` beyond it is read as this.
pub const MAX_RETRY_AFTER_SECS: u64 = 3600;

/// What one upstream request brought back.
enum Fetched {
    Body(Bytes),
    /// HTTP 429, with the seconds it asked to wait.
    SlowDown(u64),
}

pub struct Upstream {
    client: Client<HttpsConnector<HttpConnector>, Empty<Bytes>>,
    base: String,
    token: Token,
    scrubber: Scrubber,
    timeout: Duration,
    max_bytes: usize,
}

impl Upstream {
    pub fn new(config: &Config) -> Upstream {
        let connector = HttpsConnectorBuilder::new()
            .with_provider_and_webpki_roots(rustls::crypto::ring::default_provider())
            .expect("the ring provider supports the default TLS versions")
            .https_or_http()
            .enable_http1()
            .build();
        let client = Client::builder(TokioExecutor::new())
            .pool_idle_timeout(Duration::from_secs(60))
            .pool_max_idle_per_host(32)
            .build(connector);
        Upstream {
            client,
            base: config.upstream.clone(),
            token: config.token.clone(),
            scrubber: Scrubber::new(config.token.expose()),
            timeout: config.upstream_timeout,
            max_bytes: config.max_response_bytes,
        }
    }

    /// Asks the upstream for `call`, the token added last.
    pub async fn get(&self, call: &Call) -> Result<Answer, Failure> {
        let mut url = format!("{}{}?", self.base, call.route.path);
        let query = call.query.encode();
        if !query.is_empty() {
            url.push_str(&query);
            url.push('&');
        }
        url.push_str("token=");
        encode_component(self.token.expose(), &mut url);
        let fetched = tokio::time::timeout(self.timeout, self.fetch(&url))
            .await
            .map_err(|_| Failure::Timeout)??;
        let body = match fetched {
            Fetched::Body(body) => body,
            // Said as the service says it, so that the console advises the same wait for both.
            Fetched::SlowDown(wait) => {
                let code = format!("flood_control_{wait}");
                return Ok(Answer {
                    body: Bytes::from(serverkit::envelope::error_body(&code)),
                    envelope: Envelope::Error(code),
                    retry_after: Some(wait),
                });
            }
        };
        let envelope = read_envelope(&body).ok_or(Failure::Unavailable)?;
        // Any answer may quote what the upstream was sent (an echo, a debug field), and an
        // `ok` one is cached and shared through Redis: all are scrubbed before anything else.
        let body = self.scrubber.scrub(body);
        Ok(Answer {
            body,
            envelope,
            retry_after: None,
        })
    }

    async fn fetch(&self, url: &str) -> Result<Fetched, Failure> {
        let request = Request::get(url)
            .header(header::ACCEPT, HeaderValue::from_static("application/json"))
            .header(
                header::USER_AGENT,
                HeaderValue::from_static("chanscope-gateway"),
            )
            .body(Empty::new())
            .map_err(|_| Failure::Unavailable)?;
        let response = self
            .client
            .request(request)
            .await
            .map_err(|_| Failure::Unavailable)?;
        if response.status().is_server_error() {
            return Err(Failure::Unavailable);
        }
        if response.status() == StatusCode::TOO_MANY_REQUESTS {
            let wait = response
                .headers()
                .get(header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(retry_after_secs)
                .unwrap_or(DEFAULT_RETRY_AFTER_SECS);
            return Ok(Fetched::SlowDown(wait.clamp(1, MAX_RETRY_AFTER_SECS)));
        }
        let declared = response
            .headers()
            .get(header::CONTENT_LENGTH)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<usize>().ok());
        if declared.is_some_and(|n| n > self.max_bytes) {
            return Err(Failure::TooLarge);
        }
        // Counted while reading, since a body need not declare its length.
        let mut body = response.into_body();
        // No room set aside for a body of unknown length: a 16 KiB buffer for each 50-byte
        // answer, freed as small long-lived cache entries are carved from it, left the heap
        // several times the cache's size.
        let mut out = BytesMut::with_capacity(declared.unwrap_or(0));
        while let Some(frame) = body.frame().await {
            let frame = frame.map_err(|_| Failure::Unavailable)?;
            if let Ok(data) = frame.into_data() {
                if out.len() + data.len() > self.max_bytes {
                    return Err(Failure::TooLarge);
                }
                out.extend_from_slice(&data);
            }
        }
        // A body without a declared length leaves room unused (16 KiB for a 50-byte error), and
        // whoever keeps the answer keeps the whole buffer: it leaves at its exact size.
        let body = if out.capacity() > out.len() {
            Bytes::copy_from_slice(&out)
        } else {
            out.freeze()
        };
        Ok(Fetched::Body(body))
    }
}

/// `Retry-After` as seconds from now: a number of seconds or an HTTP date.
fn retry_after_secs(value: &str) -> Option<u64> {
    let value = value.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(secs);
    }
    let at = httpdate::parse_http_date(value).ok()?;
    let left = at.duration_since(std::time::SystemTime::now()).ok()?;
    // Whole seconds, rounded up: a client told to wait less would be refused again.
    Some(left.as_secs() + u64::from(left.subsec_nanos() > 0))
}

/// The envelope of a complete JSON body; `None` for anything else (an HTML page, a cut body).
pub(crate) fn read_envelope(body: &[u8]) -> Option<Envelope> {
    #[derive(Deserialize)]
    struct Head {
        status: String,
        #[serde(default)]
        error: serde_json::Value,
    }
    let head: Head = serde_json::from_slice(body).ok()?;
    Some(match head.status.as_str() {
        "ok" => Envelope::Ok,
        "pending" => Envelope::Pending,
        _ => Envelope::Error(match head.error {
            serde_json::Value::String(s) => s,
            other => other.to_string(),
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn retry_after_in_seconds_or_as_a_date() {
        assert_eq!(retry_after_secs("7"), Some(7));
        assert_eq!(retry_after_secs(" 120 "), Some(120));
        let in_a_minute = std::time::SystemTime::now() + Duration::from_secs(60);
        let date = httpdate::fmt_http_date(in_a_minute);
        assert!(matches!(retry_after_secs(&date), Some(59..=60)), "{date}");
        assert_eq!(retry_after_secs("Wed, 21 Oct 2015 07:28:00 GMT"), None);
        assert_eq!(retry_after_secs("soon"), None);
    }

    #[test]
    fn envelopes() {
        assert_eq!(
            read_envelope(br#"{"status":"ok","response":[]}"#),
            Some(Envelope::Ok)
        );
        assert_eq!(
            read_envelope(br#"{"status":"pending"}"#),
            Some(Envelope::Pending)
        );
        assert_eq!(
            read_envelope(br#"{"status":"error","error":"flood_control_10"}"#),
            Some(Envelope::Error("flood_control_10".into()))
        );
        assert_eq!(read_envelope(br#"{"status":"ok","response":[1,"#), None);
        assert_eq!(read_envelope(b"<html>502</html>"), None);
        assert_eq!(read_envelope(b"[]"), None);
    }
}
