//! The promise-based client for a host page's own scripts: one method per operation, taking the
//! API's parameters by their documented names and resolving to plain JavaScript objects. Calls go
//! through the same validation, cache and in-flight sharing as the widgets.

use std::future::Future;
use std::pin::Pin;

use chrono::{DateTime, Utc};
use js_sys::{Array, Object, Promise, Reflect};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::AbortController;

use super::default_base_url;
use super::options::{
    Common, OptionError, Reader, TokenSource, CHANNEL_FORMS, COMMON_KEYS, POST_FORMS,
};
use crate::api::ids::parse_id_list;
use crate::api::ops::{
    ChannelInfo, ChannelSearch, KeywordMentions, MultiPostStats, MultiStoryStats, PostSearch,
    PostStats, SubscriberDynamics,
};
use crate::api::{
    ApiErrorKind, ChannelId, ClientConfig, Error, Operation, PeerType, PeriodGroup, PostId,
    ViewGrowthGroup,
};
use crate::request::CachedClient;

/// `new Client({ baseUrl, token })`: both optional; without a token the gateway adds its own. In
/// Rust it is the `ScriptClient`, apart by name from the API's typed [`crate::api::Client`] it
/// calls through.
#[wasm_bindgen(js_name = Client)]
pub struct ScriptClient {
    base_url: String,
    token: TokenSource,
}

#[wasm_bindgen(js_class = Client)]
impl ScriptClient {
    #[wasm_bindgen(constructor)]
    pub fn new(options: JsValue) -> Result<ScriptClient, JsValue> {
        let mut reader = Reader::new("Client", &options, &COMMON_KEYS[..2])?;
        let common = Common::read(&mut reader, &default_base_url())?;
        Ok(ScriptClient {
            base_url: common.base_url,
            token: common.token,
        })
    }

    /// Keyword mentions by channel: `{ q, peerType, startDate, endDate, hideForwards,
    /// strongSearch, minusWords, extendedSyntax }`.
    #[wasm_bindgen(js_name = keywordMentions)]
    pub fn keyword_mentions(&self, params: JsValue) -> Promise {
        self.call("Client.keywordMentions", &params, |r| {
            let mut op = KeywordMentions::new(r.text("q")?.unwrap_or_default());
            op.peer_type = peer_type(r, "peerType", PeerType::All)?;
            op.start_date = timestamp(r, "startDate")?;
            op.end_date = timestamp(r, "endDate")?;
            op.hide_forwards = r.flag("hideForwards")?.unwrap_or(false);
            op.strong_search = r.flag("strongSearch")?.unwrap_or(false);
            op.minus_words = r.text("minusWords")?.unwrap_or_default();
            op.extended_syntax = r.flag("extendedSyntax")?.unwrap_or(false);
            Ok(op)
        })
    }

    /// Channel and chat search: `{ q, search_by_description, peer_type, country, language,
    /// category, limit }`.
    #[wasm_bindgen(js_name = channelSearch)]
    pub fn channel_search(&self, params: JsValue) -> Promise {
        self.call("Client.channelSearch", &params, |r| {
            let mut op = ChannelSearch::new(r.text("country")?.unwrap_or_default());
            op.q = r.text("q")?.unwrap_or_default();
            op.search_by_description = r.flag("search_by_description")?.unwrap_or(false);
            op.peer_type = peer_type(r, "peer_type", PeerType::Channel)?;
            op.language = r.text("language")?.unwrap_or_default();
            op.category = r.text("category")?.unwrap_or_default();
            op.limit = limit(r)?;
            Ok(op)
        })
    }

    /// Subscriber dynamics: `{ channelId, startDate, endDate, group }`.
    #[wasm_bindgen(js_name = subscriberDynamics)]
    pub fn subscriber_dynamics(&self, params: JsValue) -> Promise {
        self.call("Client.subscriberDynamics", &params, |r| {
            let mut op = SubscriberDynamics::new(channel(r)?);
            op.start_date = timestamp(r, "startDate")?;
            op.end_date = timestamp(r, "endDate")?;
            op.group = r
                .choice::<PeriodGroup>("group", &["hour", "day", "week", "month"])?
                .unwrap_or_default();
            Ok(op)
        })
    }

    /// Channel information: `{ channelId }`.
    #[wasm_bindgen(js_name = channelInfo)]
    pub fn channel_info(&self, params: JsValue) -> Promise {
        self.call("Client.channelInfo", &params, |r| {
            Ok(ChannelInfo::new(channel(r)?))
        })
    }

    /// Statistics of several posts: `{ channelId, postsIds }` (an array or a comma-separated
    /// string of at most 50 of the service's post IDs).
    #[wasm_bindgen(js_name = multiPostStats)]
    pub fn multi_post_stats(&self, params: JsValue) -> Promise {
        self.call("Client.multiPostStats", &params, |r| {
            let channel = channel(r)?;
            Ok(MultiPostStats::new(channel, ids(r, "postsIds")?))
        })
    }

    /// Statistics of several stories: `{ channelId, storiesIds }`.
    #[wasm_bindgen(js_name = multiStoryStats)]
    pub fn multi_story_stats(&self, params: JsValue) -> Promise {
        self.call("Client.multiStoryStats", &params, |r| {
            let channel = channel(r)?;
            Ok(MultiStoryStats::new(channel, ids(r, "storiesIds")?))
        })
    }

    /// Statistics of one post: `{ postId, group }`.
    #[wasm_bindgen(js_name = postStats)]
    pub fn post_stats(&self, params: JsValue) -> Promise {
        self.call("Client.postStats", &params, |r| {
            let mut op = PostStats::new(post(r)?);
            op.group = r
                .choice::<ViewGrowthGroup>("group", &["hour", "day"])?
                .unwrap_or_default();
            Ok(op)
        })
    }

    /// Post search: `{ q, limit, offset, peerType, startDate, endDate, country, language,
    /// category, hideForwards, hideDeleted, strongSearch, minusWords, extendedSyntax, extended }`.
    #[wasm_bindgen(js_name = postSearch)]
    pub fn post_search(&self, params: JsValue) -> Promise {
        self.call("Client.postSearch", &params, |r| {
            let mut op = PostSearch::new(r.text("q")?.unwrap_or_default());
            op.limit = limit(r)?;
            op.offset = r.number("offset", 0, u32::MAX)?;
            op.peer_type = peer_type(r, "peerType", PeerType::All)?;
            op.start_date = timestamp(r, "startDate")?;
            op.end_date = timestamp(r, "endDate")?;
            op.country = r.text("country")?.unwrap_or_default();
            op.language = r.text("language")?.unwrap_or_default();
            op.category = r.text("category")?.unwrap_or_default();
            op.hide_forwards = r.flag("hideForwards")?.unwrap_or(false);
            op.hide_deleted = r.flag("hideDeleted")?.unwrap_or(false);
            op.strong_search = r.flag("strongSearch")?.unwrap_or(false);
            op.minus_words = r.text("minusWords")?.unwrap_or_default();
            op.extended_syntax = r.flag("extendedSyntax")?.unwrap_or(false);
            op.extended = r.flag("extended")?.unwrap_or(false);
            Ok(op)
        })
    }
}

impl ScriptClient {
    /// Reads the parameters (a `TypeError` for a wrong type or an unknown name), then sends the
    /// request; the promise rejects with a `ChanscopeError` for everything the Rust layer reports.
    fn call<O>(
        &self,
        what: &'static str,
        params: &JsValue,
        read: impl FnOnce(&mut Reader) -> Result<O, OptionError>,
    ) -> Promise
    where
        O: Operation + Clone + 'static,
        O::Response: Serialize + 'static,
    {
        let request = Reader::new(what, params, O::PARAMS).and_then(|mut reader| read(&mut reader));
        let request = match request {
            Ok(request) => request,
            Err(error) => return Promise::reject(&error.into()),
        };
        let config = ClientConfig {
            base_url: self.base_url.clone(),
            ..ClientConfig::default()
        };
        let token = self.token.clone();
        // Boxed, the promise's plumbing is compiled once rather than once per operation.
        let answer: Pin<Box<dyn Future<Output = Result<JsValue, JsValue>>>> =
            Box::pin(async move {
                let api = cached_client(config, token).await.map_err(js_error)?;
                let response = api.send(&request).await.map_err(js_error)?;
                let serializer = serde_wasm_bindgen::Serializer::json_compatible();
                response
                    .serialize(&serializer)
                    .map_err(|e| js_error(Error::Decode(e.to_string())))
            });
        wasm_bindgen_futures::future_to_promise(answer)
    }
}

/// The client for one call: with the page's token, under a signal of its own that nothing
/// aborts (a promise cannot be cancelled).
async fn cached_client(config: ClientConfig, token: TokenSource) -> Result<CachedClient, Error> {
    let controller = AbortController::new()
        .map_err(|_| Error::Network("the browser cannot run requests".into()))?;
    let config = ClientConfig {
        token: token.resolve().await?,
        ..config
    };
    Ok(CachedClient::new(config, controller.signal()))
}

fn peer_type(
    r: &mut Reader,
    key: &'static str,
    default: PeerType,
) -> Result<PeerType, OptionError> {
    Ok(r.choice(key, &["channel", "chat", "all"])?
        .unwrap_or(default))
}

fn limit(r: &mut Reader) -> Result<Option<u32>, OptionError> {
    r.number("limit", 1, u32::MAX)
}

/// Unix seconds, or a JavaScript `Date`.
fn timestamp(r: &mut Reader, key: &'static str) -> Result<Option<DateTime<Utc>>, OptionError> {
    let Some(value) = r.value(key) else {
        return Ok(None);
    };
    let seconds = match value.dyn_ref::<js_sys::Date>() {
        Some(date) => (date.get_time() / 1000.0).floor(),
        None => value
            .as_f64()
            .filter(|n| n.fract() == 0.0)
            .ok_or_else(|| r.error(format!("option \"{key}\" must be Unix seconds or a Date")))?,
    };
    DateTime::from_timestamp(seconds as i64, 0)
        .map(Some)
        .ok_or_else(|| r.error(format!("option \"{key}\" is out of range")))
}

fn channel(r: &mut Reader) -> Result<ChannelId, OptionError> {
    r.id("channelId", CHANNEL_FORMS)
}

fn post(r: &mut Reader) -> Result<PostId, OptionError> {
    r.id("postId", POST_FORMS)
}

fn ids(r: &mut Reader, key: &'static str) -> Result<Vec<u64>, OptionError> {
    let items = r.list(key)?.unwrap_or_default();
    parse_id_list(&items.join(",")).map_err(|e| r.error(format!("option \"{key}\": {e}")))
}

/// A `ChanscopeError`: an `Error` whose `kind` says which remedy applies, with the API's `code`,
/// `retryAfter` seconds, the HTTP `status` or the broken rules (`problems`) when there are any.
pub fn js_error(error: Error) -> JsValue {
    let js = js_sys::Error::new(&error.to_string());
    js.set_name("ChanscopeError");
    let set = |key: &str, value: JsValue| {
        let _ = Reflect::set(&js, &key.into(), &value);
    };
    set("kind", kind_name(&error).into());
    if let Some(secs) = error.retry_after_secs() {
        set("retryAfter", secs.into());
    }
    match &error {
        Error::Api(api) => set("code", api.message.as_str().into()),
        Error::Http { status } => set("status", (*status).into()),
        Error::Invalid(invalid) => {
            let problems: Array = invalid
                .problems
                .iter()
                .map(|p| {
                    let item = Object::new();
                    let _ = Reflect::set(&item, &"param".into(), &p.param.into());
                    let _ = Reflect::set(&item, &"message".into(), &p.to_string().into());
                    JsValue::from(item)
                })
                .collect();
            set("problems", problems.into());
        }
        _ => {}
    }
    js.into()
}

/// The `kind` of a `ChanscopeError`; widgets name their failure with it too (`data-error`).
pub(super) fn kind_name(error: &Error) -> &'static str {
    match error {
        Error::Invalid(_) => "invalid",
        Error::Api(api) => match api.kind {
            ApiErrorKind::Auth => "auth",
            ApiErrorKind::Plan => "plan",
            ApiErrorKind::Quota => "quota",
            ApiErrorKind::FloodControl { .. } => "flood_control",
            ApiErrorKind::OutdatedStatistics => "outdated_statistics",
            ApiErrorKind::InvalidParameter => "invalid_parameter",
            ApiErrorKind::WrongMethod => "wrong_method",
            ApiErrorKind::Upstream => "upstream",
            ApiErrorKind::Unknown => "api",
        },
        Error::Pending => "pending",
        Error::Http { .. } => "http",
        Error::TooManyRequests { .. } => "too_many_requests",
        Error::Network(_) => "network",
        Error::Timeout => "timeout",
        Error::Aborted => "aborted",
        Error::Incomplete => "incomplete",
        Error::Decode(_) => "decode",
    }
}
