//! What `/metrics` shows Prometheus: requests by operation and status, how the cache answered,
//! the upstream's latency, waits for the upstream budget, and whether Redis is up. Each gateway
//! owns its registry, so several in one process (as in the tests) never mix their counts.

use std::time::Duration;

use prometheus_client::encoding::{prometheus_text, EncodeLabelSet};
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

pub use prometheus_text::CONTENT_TYPE;

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    operation: &'static str,
    status: u16,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct InPageLabels {
    operation: &'static str,
    outcome: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct CacheLabels {
    outcome: &'static str,
}

pub struct Metrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    cache: Family<CacheLabels, Counter>,
    absent: Family<CacheLabels, Counter>,
    in_page: Family<InPageLabels, Counter>,
    upstream_seconds: Histogram,
    budget_waits: Counter,
    budget_refusals: Counter,
    share_refusals: Counter,
    cache_entries: Gauge,
    cache_bytes: Gauge,
    redis_up: Option<Gauge>,
}

impl Metrics {
    /// `with_redis`: whether `gateway_redis_up` is shown at all.
    pub fn new(with_redis: bool) -> Metrics {
        let mut registry = Registry::with_prefix("gateway");
        let requests = Family::<RequestLabels, Counter>::default();
        registry.register(
            "requests",
            "Requests answered, by operation (an API operation's name, or healthz, readyz, \
             metrics, embed, files, unknown-api) and HTTP status",
            requests.clone(),
        );
        let cache = Family::<CacheLabels, Counter>::default();
        registry.register(
            "cache",
            "API answers by where they came from: hit, miss (an upstream call), coalesced \
             (shared with an identical call in flight), stale (an expired answer standing in)",
            cache.clone(),
        );
        let absent = Family::<CacheLabels, Counter>::default();
        registry.register(
            "absent_answers",
            "Answers that a channel or post does not exist, kept for --absent-ttl: miss (asked \
             upstream and kept), hit (from this instance's cache or Redis)",
            absent.clone(),
        );
        let in_page = Family::<InPageLabels, Counter>::default();
        registry.register(
            "answers_in_page",
            "Calls asked to write their answer into a page, by operation and outcome: \
             in_time (answered within --answer-in-page-ms; an answer of the API's own that \
             something does not exist included), late (the page went without it), refused (by \
             the rate limit, the policy or the budget: the page's script asks and shows why)",
            in_page.clone(),
        );
        // 5 ms to about 20 s, doubling: loopback sandboxes to the slowest upstream timeouts.
        let upstream_seconds = Histogram::new(exponential_buckets(0.005, 2.0, 13));
        registry.register(
            "upstream_seconds",
            "Time of each upstream call, failed ones included",
            upstream_seconds.clone(),
        );
        let budget_waits = Counter::default();
        registry.register(
            "upstream_budget_waits",
            "Upstream calls that waited for the upstream budget (--upstream-rate)",
            budget_waits.clone(),
        );
        let budget_refusals = Counter::default();
        registry.register(
            "upstream_budget_refusals",
            "Upstream calls the budget refused (answered stale or flood_control_N)",
            budget_refusals.clone(),
        );
        let share_refusals = Counter::default();
        registry.register(
            "upstream_share_refusals",
            "Upstream calls refused because their visitor was over its share of the budget \
             (answered stale or flood_control_N)",
            share_refusals.clone(),
        );
        let cache_entries = Gauge::default();
        registry.register(
            "cache_entries",
            "Answers this instance's cache holds",
            cache_entries.clone(),
        );
        let cache_bytes = Gauge::default();
        registry.register(
            "cache_bytes",
            "What those answers cost against --cache-max-bytes: keys, bodies and bookkeeping",
            cache_bytes.clone(),
        );
        let redis_up = with_redis.then(|| {
            let gauge = Gauge::default();
            registry.register(
                "redis_up",
                "1 while the shared Redis answers, 0 while the instance works alone",
                gauge.clone(),
            );
            gauge
        });
        Metrics {
            registry,
            requests,
            cache,
            absent,
            in_page,
            upstream_seconds,
            budget_waits,
            budget_refusals,
            share_refusals,
            cache_entries,
            cache_bytes,
            redis_up,
        }
    }

    pub fn request(&self, operation: &'static str, status: u16) {
        self.requests
            .get_or_create(&RequestLabels { operation, status })
            .inc();
    }

    /// `outcome`: what `x-chanscope-cache` says.
    pub fn cache(&self, outcome: &'static str) {
        self.cache.get_or_create(&CacheLabels { outcome }).inc();
    }

    /// `outcome`: `miss` or `hit`, for an answer that something does not exist.
    pub fn absent(&self, outcome: &'static str) {
        self.absent.get_or_create(&CacheLabels { outcome }).inc();
    }

    /// A call asked for a page's answer (`painted::ask`): `outcome` is `in_time`, `late` or
    /// `refused`.
    pub fn answer_in_page(&self, operation: &'static str, outcome: &'static str) {
        self.in_page
            .get_or_create(&InPageLabels { operation, outcome })
            .inc();
    }

    pub fn upstream_call(&self, took: Duration) {
        self.upstream_seconds.observe(took.as_secs_f64());
    }

    pub fn budget_wait(&self) {
        self.budget_waits.inc();
    }

    pub fn budget_refusal(&self) {
        self.budget_refusals.inc();
    }

    pub fn share_refusal(&self) {
        self.share_refusals.inc();
    }

    /// The text Prometheus scrapes; `redis_up` and the cache's `(entries, bytes)` are read at
    /// this moment.
    pub fn render(&self, redis_up: bool, (entries, bytes): (usize, usize)) -> String {
        self.cache_entries
            .set(i64::try_from(entries).unwrap_or(i64::MAX));
        self.cache_bytes
            .set(i64::try_from(bytes).unwrap_or(i64::MAX));
        if let Some(gauge) = &self.redis_up {
            gauge.set(i64::from(redis_up));
        }
        let mut out = String::new();
        // Writing into a String cannot fail.
        let _ = prometheus_text::encode(&mut out, &self.registry);
        out
    }
}

/// The `operation` label of a request's count.
pub fn operation(path: &str) -> &'static str {
    match path {
        "/healthz" => "healthz",
        "/readyz" => "readyz",
        "/metrics" => "metrics",
        crate::policy::MCP_PATH => "mcp",
        _ => match path.strip_prefix(crate::policy::API_PREFIX) {
            Some(op_path) if op_path.is_empty() || op_path.starts_with('/') => {
                crate::policy::ROUTES
                    .iter()
                    .find(|r| r.path == op_path)
                    .map_or("unknown-api", |r| r.name)
            }
            _ if path.starts_with("/embed/") => "embed",
            _ => "files",
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operations_as_metrics_label_them() {
        let labels: Vec<&str> = [
            "/api/posts/search",
            "/api/posts/search/",
            "/api",
            "/apis.html",
            "/post-search",
            "/embed/channel-card",
            "/readyz",
            "/mcp",
        ]
        .into_iter()
        .map(operation)
        .collect();
        assert_eq!(
            labels,
            [
                "post-search",
                "unknown-api",
                "unknown-api",
                "files",
                "files",
                "embed",
                "readyz",
                "mcp"
            ]
        );
    }
}
