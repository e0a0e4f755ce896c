//! How requests leave the client. The client is generic over [`Transport`], so the same code runs
//! over `fetch` in the browser and over scripted answers in native tests.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::future::Future;
use std::rc::Rc;
use std::time::Duration;

/// An HTTP answer: status, body text and the one header that matters. The API decides by the
/// body; `Retry-After` tells how long an HTTP 429 without an API envelope asks to wait.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HttpResponse {
    pub status: u16,
    pub body: String,
    /// `Retry-After` in seconds from now, when the answer carried a readable one.
    pub retry_after_secs: Option<u32>,
}

impl HttpResponse {
    /// An answer without `Retry-After`.
    pub fn new(status: u16, body: impl Into<String>) -> Self {
        HttpResponse {
            status,
            body: body.into(),
            retry_after_secs: None,
        }
    }
}

/// Seconds to wait from a `Retry-After` value: delay-seconds (`120`) or an HTTP date
/// (`Wed, 21 Oct 2015 07:28:00 GMT`), counted from `now_unix_secs`. A date in the past means no
/// wait; anything else unreadable gives `None`.
pub fn parse_retry_after(value: &str, now_unix_secs: i64) -> Option<u32> {
    let value = value.trim();
    if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
        // Too many digits for a u32 is still "wait very long".
        return Some(value.parse().unwrap_or(u32::MAX));
    }
    let at = http_date(value)?;
    let wait = at.saturating_sub(now_unix_secs).max(0);
    Some(u32::try_from(wait).unwrap_or(u32::MAX))
}

/// An HTTP date in its one current form (IMF-fixdate, `Wed, 21 Oct 2015 07:28:00 GMT`) as Unix
/// seconds. Read by hand: chrono's general date parser would add kilobytes to the browser bundle
/// for this one header.
fn http_date(value: &str) -> Option<i64> {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let mut words = value.split_ascii_whitespace();
    let (_weekday, day, month, year, time, zone) = (
        words.next()?,
        words.next()?,
        words.next()?,
        words.next()?,
        words.next()?,
        words.next()?,
    );
    if zone != "GMT" || words.next().is_some() {
        return None;
    }
    let month = MONTHS.iter().position(|m| *m == month)? as u32 + 1;
    let date = chrono::NaiveDate::from_ymd_opt(year.parse().ok()?, month, day.parse().ok()?)?;
    let mut hms = time.split(':').map(|part| part.parse::<u32>().ok());
    let (h, m, s) = (hms.next()??, hms.next()??, hms.next()??);
    Some(date.and_hms_opt(h, m, s)?.and_utc().timestamp())
}

/// Why no answer arrived.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransportError {
    /// The connection failed (offline, refused, DNS, CORS). Worth retrying.
    Network(String),
    /// No answer within the time limit.
    Timeout,
    /// Cancelled by the caller.
    Aborted,
}

/// A way to send a GET request and to wait. Waiting belongs here because timers differ between the
/// browser and native code, and because tests must see the back-off without sleeping.
pub trait Transport {
    /// Sends a GET request to `url` and resolves with whatever HTTP answer arrives.
    fn get(&self, url: &str) -> impl Future<Output = Result<HttpResponse, TransportError>>;

    /// Resolves after `duration`.
    fn sleep(&self, duration: Duration) -> impl Future<Output = ()>;
}

/// Scripted answers for tests: replies are served in order; requested URLs and waits are recorded.
/// Clones share one script, so a test can keep a handle while the client owns another.
#[derive(Clone, Debug, Default)]
pub struct MemoryTransport {
    state: Rc<RefCell<Script>>,
}

#[derive(Debug, Default)]
struct Script {
    replies: VecDeque<Result<HttpResponse, TransportError>>,
    requests: Vec<String>,
    sleeps: Vec<Duration>,
}

impl MemoryTransport {
    pub fn new() -> Self {
        Self::default()
    }

    /// Queues an HTTP answer.
    pub fn reply(&self, status: u16, body: impl Into<String>) -> &Self {
        self.reply_answer(HttpResponse::new(status, body))
    }

    /// Queues an HTTP answer with every part given (e.g. `Retry-After`).
    pub fn reply_answer(&self, answer: HttpResponse) -> &Self {
        self.state.borrow_mut().replies.push_back(Ok(answer));
        self
    }

    /// Queues `{"status":"ok","response":<response>}` with HTTP 200.
    pub fn reply_ok(&self, response_json: &str) -> &Self {
        self.reply(
            200,
            format!(r#"{{"status":"ok","response":{response_json}}}"#),
        )
    }

    /// Queues a failure of the transport itself.
    pub fn fail(&self, error: TransportError) -> &Self {
        self.state.borrow_mut().replies.push_back(Err(error));
        self
    }

    /// Every URL requested so far, in order.
    pub fn requests(&self) -> Vec<String> {
        self.state.borrow().requests.clone()
    }

    /// Every wait so far, in order.
    pub fn sleeps(&self) -> Vec<Duration> {
        self.state.borrow().sleeps.clone()
    }

    /// Replies queued but not yet served.
    pub fn pending_replies(&self) -> usize {
        self.state.borrow().replies.len()
    }
}

impl Transport for MemoryTransport {
    fn get(&self, url: &str) -> impl Future<Output = Result<HttpResponse, TransportError>> {
        let mut script = self.state.borrow_mut();
        script.requests.push(url.to_owned());
        let reply = script.replies.pop_front().unwrap_or_else(|| {
            Err(TransportError::Network(
                "no scripted reply left for this request".into(),
            ))
        });
        std::future::ready(reply)
    }

    fn sleep(&self, duration: Duration) -> impl Future<Output = ()> {
        self.state.borrow_mut().sleeps.push(duration);
        std::future::ready(())
    }
}
