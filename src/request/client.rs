//! The client a job calls: every request through the cache and the requests already in flight,
//! each wait bound to the job's cancel signal.

use std::rc::Rc;

use web_sys::AbortSignal;

use super::cache::{cached, fingerprint};
use super::flight::{in_flight, Flight};
use crate::api::browser::BrowserTransport;
use crate::api::{Client, ClientConfig, Error, Operation, Token};

/// What a job may call: the API client bound to the job's cancel signal, through the cache.
#[derive(Clone)]
pub struct CachedClient {
    config: ClientConfig,
    signal: AbortSignal,
}

impl CachedClient {
    pub fn new(config: ClientConfig, signal: AbortSignal) -> Self {
        CachedClient { config, signal }
    }

    /// The same calls with another token (e.g. one a host page's function just returned).
    pub fn with_token(mut self, token: Option<Token>) -> Self {
        self.config.token = token;
        self
    }

    /// Sends `request`, or answers from the cache when the same request (same base URL and
    /// token) succeeded less than [`CACHE_TTL_MS`] ago, or joins the identical request already
    /// on its way.
    pub async fn send<O>(&self, request: &O) -> Result<Rc<O::Response>, Error>
    where
        O: Operation + Clone + 'static,
    {
        let client = Client::new(BrowserTransport::new(), self.config.clone());
        let key = self.cache_key(&client.public_url(request));
        if let Some(hit) = cached::<O::Response>(&key) {
            return Ok(hit);
        }
        let flight = match in_flight::<O::Response>(&key) {
            Some(flight) => flight,
            None => {
                request.validate()?;
                let (config, request) = (self.config.clone(), request.clone());
                Flight::start(key, move |transport| {
                    Box::pin(async move { Client::new(transport, config).send(&request).await })
                })
            }
        };
        flight.wait(self.signal.clone()).await
    }

    /// The key of the answer to `url` in the cache and among the requests in flight: the URL and
    /// which token asks (the token itself is not kept).
    fn cache_key(&self, url: &str) -> String {
        let token = self
            .config
            .token
            .as_ref()
            .map_or(0, |t| fingerprint(t.expose()));
        format!("{token:016x} {url}")
    }

    pub fn config(&self) -> &ClientConfig {
        &self.config
    }
}
