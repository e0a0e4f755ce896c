//! How a tool asks the API: through the `/api` pipeline in process ([`crate::api::answer`]), as
//! the visitor the MCP request came from, so that `/api` and `/mcp` spend one rate limit, one
//! cache, one upstream budget and one share of it. No second HTTP client, no second cache.

use std::net::IpAddr;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use axum::http::{Method, StatusCode};
use chanscope_api::client::path_and_query;
use chanscope_api::{envelope, Error, HttpResponse, Operation};
use serde_json::Value;

use crate::api::answer;
use crate::state::Gateway;

/// A call of more than this many API requests waits for `confirm_requests` instead of spending:
/// half the gateway's default burst per visitor (20), so that one unconfirmed call never empties
/// a visitor's allowance.
pub const MAX_UNCONFIRMED: u32 = 10;

/// The longest refusal for the rate a tool waits out by itself, in seconds.
pub const LONGEST_WAIT: u32 = 5;
/// The most a tool call waits in all for the rate, in seconds.
pub const PATIENCE_SECS: u32 = 30;

/// One tool call's way to the API, counting the requests it makes.
pub struct Asker {
    gw: Arc<Gateway>,
    client: IpAddr,
    requests: AtomicU32,
    waited_secs: AtomicU32,
}

impl Asker {
    pub fn new(gw: Arc<Gateway>, client: IpAddr) -> Asker {
        Asker {
            gw,
            client,
            requests: AtomicU32::new(0),
            waited_secs: AtomicU32::new(0),
        }
    }

    /// The API requests made so far (each one a cache hit or an upstream call).
    pub fn requests(&self) -> u32 {
        self.requests.load(Ordering::Relaxed)
    }

    /// `path` with the raw `query` (the API's own parameter names): the envelope's `response`,
    /// or the error as the API words it. The gateway's policy checks the parameters, so the
    /// messages are those `/api` gives (`param q is too short`).
    pub async fn raw(&self, path: &str, query: &str) -> Result<Value, String> {
        let answer = self.http(path, query).await;
        let envelope: Value = serde_json::from_str(&answer.body)
            .map_err(|_| format!("the answer could not be read (HTTP {})", answer.status))?;
        match envelope.get("status").and_then(Value::as_str) {
            Some("ok") => Ok(envelope.get("response").cloned().unwrap_or(Value::Null)),
            Some("pending") => {
                Err("pending: the service is preparing the data; ask again in a minute".into())
            }
            _ => {
                let message = envelope
                    .get("error")
                    .and_then(Value::as_str)
                    .unwrap_or("unknown_error");
                Err(with_wait(message, answer.retry_after_secs))
            }
        }
    }

    /// `request`, checked against the API's rules first, then decoded as the console decodes it.
    pub async fn call<O: Operation>(&self, request: &O) -> Result<O::Response, Error> {
        request.validate().map_err(Error::Invalid)?;
        let target = path_and_query(request);
        let (path, query) = target.split_once('?').unwrap_or((&target, ""));
        let answer = self.http(path, query).await;
        envelope::decode::<O::Response>(&answer)
    }

    /// [`Asker::call`] with its error in words, the wait included.
    pub async fn send<O: Operation>(&self, request: &O) -> Result<O::Response, String> {
        self.call(request).await.map_err(|e| words(&e))
    }

    /// One request; a refusal for the rate that asks for at most [`LONGEST_WAIT`] seconds is
    /// waited out and asked again, within [`PATIENCE`] for the whole tool call, as the console's
    /// jobs pause on flood control: a confirmed call of 50 requests then keeps to a visitor's
    /// 5 a second instead of failing at the 21st. A longer wait is the tool's error.
    async fn http(&self, path: &str, query: &str) -> HttpResponse {
        self.requests.fetch_add(1, Ordering::Relaxed);
        let query = (!query.is_empty()).then_some(query);
        loop {
            let answer = answer(&self.gw, self.client, &Method::GET, path, query).await;
            let status = answer.status;
            let wait = answer
                .retry_after
                .map(|s| u32::try_from(s).unwrap_or(u32::MAX))
                .or_else(|| flood_wait(status, &answer.body));
            if let Some(secs) = wait.filter(|&s| s <= LONGEST_WAIT) {
                let waited = self.waited_secs.fetch_add(secs, Ordering::Relaxed) + secs;
                if waited <= PATIENCE_SECS {
                    tokio::time::sleep(Duration::from_secs(secs.max(1).into())).await;
                    continue;
                }
            }
            return HttpResponse {
                status: status.as_u16(),
                body: String::from_utf8_lossy(&answer.body).into_owned(),
                retry_after_secs: wait,
            };
        }
    }
}

/// The wait an API error names (`flood_control_60`), for a refusal that carries no header.
fn flood_wait(status: StatusCode, body: &[u8]) -> Option<u32> {
    let text = std::str::from_utf8(body).ok()?;
    let at = text.find("flood_control_")? + "flood_control_".len();
    let digits: String = text[at..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    (status == StatusCode::TOO_MANY_REQUESTS || !digits.is_empty())
        .then(|| digits.parse().ok())
        .flatten()
}

/// An API error in words, with the wait it asks for.
pub fn words(error: &Error) -> String {
    with_wait(&error.to_string(), error.retry_after_secs())
}

/// An error with the wait it asks for spelled out, so that an assistant knows when to try again.
fn with_wait(message: &str, wait: Option<u32>) -> String {
    match wait {
        Some(secs) => format!("{message}: rate limited, try again in {secs} s"),
        None => message.to_owned(),
    }
}

/// `None` when `cost` requests may be spent: at most [`MAX_UNCONFIRMED`], or confirmed by
/// `confirmed` ≥ `cost`; otherwise the tool error that asks for the confirmation.
pub fn unconfirmed(tool: &str, cost: u32, confirmed: Option<u32>) -> Option<String> {
    if cost <= MAX_UNCONFIRMED || confirmed.is_some_and(|c| c >= cost) {
        return None;
    }
    Some(format!(
        "{tool} would make up to {cost} API requests, more than the {MAX_UNCONFIRMED} spent \
         without asking; nothing was spent. Call it again with \"confirm_requests\": {cost} to \
         spend them"
    ))
}
