//! The client a job calls: one API [`Client`] for the job's run, every request through the
//! cache and the requests already in flight, each wait bound to the job's cancel signal.

use std::rc::Rc;

use web_sys::AbortSignal;

use super::cache::{cached, fingerprint};
use super::flight::{in_flight, BrowserClient, Flight};
use crate::api::browser::BrowserTransport;
use crate::api::{Client, ClientConfig, Error, Operation, Token};

/// What a job may call: the API client, through the cache, with the job's cancel signal.
#[derive(Clone)]
pub struct CachedClient {
    client: Rc<BrowserClient>,
    signal: AbortSignal,
}

impl CachedClient {
    pub fn new(config: ClientConfig, signal: AbortSignal) -> Self {
        CachedClient {
            client: Rc::new(Client::new(BrowserTransport::new(), config)),
            signal,
        }
    }

    /// The same calls with another token (e.g. one a host page's function just returned).
    pub fn with_token(self, token: Option<Token>) -> Self {
        let config = ClientConfig {
            token,
            ..self.client.config().clone()
        };
        CachedClient::new(config, self.signal)
    }

    /// Sends `request`, or answers from the cache when the same request (same base URL and
    /// token) succeeded less than [`CACHE_TTL_MS`](super::CACHE_TTL_MS) ago, or joins the
    /// identical request already on its way. The client checks the request once, here: nothing
    /// invalid is sent, looked up or joined.
    pub async fn send<O: Operation + 'static>(
        &self,
        request: &O,
    ) -> Result<Rc<O::Response>, Error> {
        let prepared = self.client.prepare(request)?;
        let key = self.cache_key(prepared.public_url());
        if let Some(hit) = cached::<O::Response>(&key) {
            return Ok(hit);
        }
        let flight = in_flight(&key).unwrap_or_else(|| Flight::start(key, &self.client, prepared));
        flight.wait::<O::Response>(self.signal.clone()).await
    }

    /// The key of the answer to `url` in the cache and among the requests in flight: the URL and
    /// which token asks (the token itself is not kept).
    fn cache_key(&self, url: &str) -> String {
        let token = self
            .client
            .config()
            .token
            .as_ref()
            .map_or(0, |t| fingerprint(t.expose()));
        format!("{token:016x} {url}")
    }

    pub fn config(&self) -> &ClientConfig {
        self.client.config()
    }
}
