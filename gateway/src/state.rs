//! The gateway's parts, made once from the configuration and shared by every request: the
//! upstream, the cache, the calls in flight, the limits, Redis, the console's files, the log and
//! the counters. What a request does with them is `frame.rs`, `api.rs` and `answer.rs`.

use std::sync::atomic::AtomicU64;
use std::sync::Arc;

use crate::access_log::AccessLog;
use crate::budget::Bucket;
use crate::cache::Cache;
use crate::coalesce::Flights;
use crate::config::Config;
use crate::cors::Cors;
use crate::metrics::Metrics;
use crate::outcome::Outcome;
use crate::ratelimit::{RateLimiter, MAX_CLIENTS};
use crate::share::Shares;
use crate::shared::Redis;
use crate::statics::Statics;
use crate::upstream::Upstream;

/// The gateway's parts, shared by every request.
pub struct Gateway {
    pub(crate) config: Config,
    pub(crate) upstream: Upstream,
    pub(crate) cache: Cache,
    pub(crate) flights: Arc<Flights<Outcome>>,
    pub(crate) limiter: RateLimiter,
    /// This instance's upstream budget: the fleet's while Redis is down, or the only one.
    pub(crate) budget: Option<Bucket>,
    /// Each visitor's share of that budget, likewise.
    pub(crate) shares: Option<Shares>,
    pub(crate) redis: Option<Redis>,
    pub(crate) statics: Statics,
    pub(crate) cors: Cors,
    pub(crate) log: AccessLog,
    pub(crate) stats: Stats,
    pub(crate) metrics: Metrics,
}

/// This instance's counters (see `Counters`); `/metrics` has their like.
#[derive(Default)]
pub(crate) struct Stats {
    pub(crate) api_requests: AtomicU64,
    pub(crate) upstream_calls: AtomicU64,
    pub(crate) upstream_failures: AtomicU64,
    pub(crate) cache_hits: AtomicU64,
    pub(crate) coalesced: AtomicU64,
    pub(crate) stale_served: AtomicU64,
    pub(crate) refused: AtomicU64,
    pub(crate) rate_limited: AtomicU64,
    pub(crate) shared_hits: AtomicU64,
    pub(crate) budget_refused: AtomicU64,
}

impl Gateway {
    /// Fails when `--dist` is not a readable directory or `--redis` not a Redis URL (an
    /// unreachable Redis is only down). With `--redis`, call it within a Tokio runtime: it starts
    /// connecting at once.
    pub fn new(config: Config, log: AccessLog) -> Result<Gateway, String> {
        let redis = match &config.redis {
            Some(url) => Some(Redis::open(url, &config.upstream, log.clone())?),
            None => None,
        };
        Ok(Gateway {
            upstream: Upstream::new(&config),
            cache: Cache::new(config.cache_max_bytes, config.stale_max),
            flights: Arc::default(),
            limiter: RateLimiter::new(config.rate, config.burst, MAX_CLIENTS),
            budget: config.upstream_rate.map(Bucket::new),
            shares: config
                .upstream_rate
                .map(|rate| Shares::new(rate, config.upstream_wait)),
            redis,
            statics: Statics::new(&config.dist, &config.upstream)
                .map_err(|e| format!("--dist {}: {e}", config.dist.display()))?,
            cors: Cors::new(&config.allow_origins),
            log,
            stats: Stats::default(),
            metrics: Metrics::new(config.redis.is_some()),
            config,
        })
    }
}
