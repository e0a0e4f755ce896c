//! `Client`: one async method per operation over any [`Transport`], with validation before
//! sending, bounded retries and the token kept out of every error.

use std::any::Any;
use std::fmt;
use std::time::Duration;

use super::envelope;
use super::error::Error;
use super::model::{
    Channel, ChannelSearchResponse, KeywordMentionsResponse, PostSearchResponse, PostStatRecord,
    PostStatsResponse, Records, StoryStatRecord, SubscriberCount,
};
use super::operation::Operation;
use super::ops::{
    ChannelInfo, ChannelSearch, KeywordMentions, MultiPostStats, MultiStoryStats, PostSearch,
    PostStats, SubscriberDynamics,
};
use super::query::encode_component;
use super::transport::{HttpResponse, Transport, TransportError};

/// The API token. Its `Debug` output never shows the secret.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    /// A token from user input; blank input means no token.
    pub fn new(secret: &str) -> Option<Token> {
        let secret = secret.trim();
        (!secret.is_empty()).then(|| Token(secret.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(***)")
    }
}

/// Which failures are retried, and how long to wait in between.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RetryPolicy {
    /// Attempts in all, the first one included.
    pub max_attempts: u32,
    /// Wait before the second attempt; doubled for each further one.
    pub base_delay: Duration,
    /// No wait is longer than this.
    pub max_delay: Duration,
}

impl Default for RetryPolicy {
    /// Five attempts, 0.5 s doubling up to 5 s: the schedule public clients of the service use.
    fn default() -> Self {
        RetryPolicy {
            max_attempts: 5,
            base_delay: Duration::from_millis(500),
            max_delay: Duration::from_secs(5),
        }
    }
}

impl RetryPolicy {
    /// No retries at all.
    pub fn none() -> Self {
        RetryPolicy {
            max_attempts: 1,
            ..RetryPolicy::default()
        }
    }

    /// The wait after failed attempt number `attempt` (0-based).
    pub fn delay(&self, attempt: u32) -> Duration {
        let factor = 2u32.saturating_pow(attempt);
        self.base_delay
            .checked_mul(factor)
            .unwrap_or(self.max_delay)
            .min(self.max_delay)
    }
}

/// Where and how the client calls the API.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClientConfig {
    /// `/api` behind the preview proxy or the gateway; a full URL for a direct connection.
    pub base_url: String,
    /// Without a token, the gateway adds its own on the server side.
    pub token: Option<Token>,
    pub retry: RetryPolicy,
    /// On `flood_control_N`, wait N seconds and try once more (at most this many seconds).
    /// `None` reports flood control at once.
    pub flood_wait_max_secs: Option<u32>,
}

impl Default for ClientConfig {
    fn default() -> Self {
        ClientConfig {
            base_url: "/api".into(),
            token: None,
            retry: RetryPolicy::default(),
            flood_wait_max_secs: None,
        }
    }
}

/// Decodes an answer into an operation's response, boxed: see [`Prepared`].
pub type Decoder = fn(&HttpResponse) -> Result<Box<dyn Any>, Error>;

/// The operation's path and its query, as sent below the API's base URL and without the token
/// (`/channels/get?channelId=%40name`).
pub fn path_and_query<O: Operation>(request: &O) -> String {
    let query = request.query().encode();
    if query.is_empty() {
        O::PATH.to_owned()
    } else {
        format!("{}?{query}", O::PATH)
    }
}

/// The [`Decoder`] of operation `O`.
pub fn decoder<O: Operation>() -> Decoder {
    |answer| envelope::decode::<O::Response>(answer).map(|r| Box::new(r) as Box<dyn Any>)
}

/// A request that [`Client::prepare`] has checked against every documented rule, with its URL
/// without the token (safe to show, log or use as a cache key) and the decoder of its answer.
/// [`Client::send_prepared`] sends it as it is: nothing checks it again.
///
/// Not generic, so that what sends it is compiled once rather than once per operation (written
/// generically, the console carried eight near-identical copies of the sending logic).
#[derive(Clone, Debug)]
pub struct Prepared {
    public_url: String,
    decode: Decoder,
}

impl Prepared {
    /// The URL without the token.
    pub fn public_url(&self) -> &str {
        &self.public_url
    }
}

/// The typed API client.
#[derive(Clone, Debug)]
pub struct Client<T> {
    transport: T,
    config: ClientConfig,
}

impl<T: Transport> Client<T> {
    pub fn new(transport: T, config: ClientConfig) -> Self {
        Client { transport, config }
    }

    pub fn config(&self) -> &ClientConfig {
        &self.config
    }

    /// The URL of a request without the token: safe to show, log or use as a cache key.
    pub fn public_url<O: Operation>(&self, request: &O) -> String {
        let base = self.config.base_url.trim_end_matches('/');
        format!("{base}{}", path_and_query(request))
    }

    /// The URL that is sent: [`Client::public_url`] with the token, if any.
    pub fn url_with_token<O: Operation>(&self, request: &O) -> String {
        self.with_token(self.public_url(request))
    }

    fn with_token(&self, mut url: String) -> String {
        if let Some(token) = &self.config.token {
            url.push(if url.contains('?') { '&' } else { '?' });
            url.push_str("token=");
            encode_component(token.expose(), &mut url);
        }
        url
    }

    /// Checks `request` against every documented rule and addresses it: the one place a request
    /// is validated.
    pub fn prepare<O: Operation>(&self, request: &O) -> Result<Prepared, Error> {
        request.validate()?;
        Ok(Prepared {
            public_url: self.public_url(request),
            decode: decoder::<O>(),
        })
    }

    /// Validates, sends, retries as the policy allows, and decodes.
    pub async fn send<O: Operation>(&self, request: &O) -> Result<O::Response, Error> {
        let prepared = self.prepare(request)?;
        let decoded = self.send_prepared(&prepared).await?;
        decoded
            .downcast::<O::Response>()
            .map(|response| *response)
            .map_err(|_| Error::Decode("the decoder gave another type".into()))
    }

    /// Sends a prepared request with the token, retries as the policy allows, and decodes.
    pub async fn send_prepared(&self, prepared: &Prepared) -> Result<Box<dyn Any>, Error> {
        let url = self.with_token(prepared.public_url.clone());
        let decode = prepared.decode;
        let mut waited_for_flood = false;
        let result = loop {
            let result = match self.get_with_retries(&url).await {
                Ok(answer) => decode(&answer),
                Err(e) => Err(e),
            };
            match (result, self.config.flood_wait_max_secs) {
                (Err(e), Some(max)) if !waited_for_flood => match e.retry_after_secs() {
                    Some(secs) if secs <= max => {
                        waited_for_flood = true;
                        self.transport.sleep(Duration::from_secs(secs.into())).await;
                    }
                    _ => break Err(e),
                },
                (result, _) => break result,
            }
        };
        match &self.config.token {
            Some(token) => result.map_err(|e| e.redact(token.expose())),
            None => result,
        }
    }

    /// Network failures and HTTP 502/503/504 are retried with exponential back-off; nothing else
    /// is, because any other answer would come back the same.
    async fn get_with_retries(&self, url: &str) -> Result<HttpResponse, Error> {
        let policy = &self.config.retry;
        let mut attempt = 0;
        loop {
            let last = attempt + 1 >= policy.max_attempts;
            match self.transport.get(url).await {
                Ok(answer) if matches!(answer.status, 502..=504) && !last => {}
                Ok(answer) => return Ok(answer),
                Err(TransportError::Network(_)) if !last => {}
                Err(TransportError::Network(detail)) => return Err(Error::Network(detail)),
                Err(TransportError::Timeout) => return Err(Error::Timeout),
                Err(TransportError::Aborted) => return Err(Error::Aborted),
            }
            self.transport.sleep(policy.delay(attempt)).await;
            attempt += 1;
        }
    }

    /// Keyword mentions by channel.
    pub async fn keyword_mentions(
        &self,
        request: &KeywordMentions,
    ) -> Result<KeywordMentionsResponse, Error> {
        self.send(request).await
    }

    /// Channel and chat search.
    pub async fn channel_search(
        &self,
        request: &ChannelSearch,
    ) -> Result<ChannelSearchResponse, Error> {
        self.send(request).await
    }

    /// Subscriber dynamics.
    pub async fn subscriber_dynamics(
        &self,
        request: &SubscriberDynamics,
    ) -> Result<Records<SubscriberCount>, Error> {
        self.send(request).await
    }

    /// Channel information.
    pub async fn channel_info(&self, request: &ChannelInfo) -> Result<Channel, Error> {
        self.send(request).await
    }

    /// Statistics of several posts.
    pub async fn multi_post_stats(
        &self,
        request: &MultiPostStats,
    ) -> Result<Records<PostStatRecord>, Error> {
        self.send(request).await
    }

    /// Statistics of several stories.
    pub async fn multi_story_stats(
        &self,
        request: &MultiStoryStats,
    ) -> Result<Records<StoryStatRecord>, Error> {
        self.send(request).await
    }

    /// Statistics of one post.
    pub async fn post_stats(&self, request: &PostStats) -> Result<PostStatsResponse, Error> {
        self.send(request).await
    }

    /// Post search.
    pub async fn post_search(&self, request: &PostSearch) -> Result<PostSearchResponse, Error> {
        self.send(request).await
    }
}
