//! How requests leave the client. The client is generic over [`Transport`], so the same code runs
//! over `fetch` in the browser and over scripted answers in native tests.

use std::cell::RefCell;
use std::collections::VecDeque;
use std::future::Future;
use std::rc::Rc;
use std::time::Duration;

/// An HTTP answer: status and body text. Headers are not needed: the API decides by the body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HttpResponse {
    pub status: u16,
    pub body: String,
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
        self.state.borrow_mut().replies.push_back(Ok(HttpResponse {
            status,
            body: body.into(),
        }));
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
