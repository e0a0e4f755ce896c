//! What several instances share through Redis (`--redis`): the answers, a lock per call being
//! fetched, and the token buckets of the upstream budget and of each client. Every operation
//! answers `None` when Redis cannot be used, and the caller then does what one instance alone
//! would do: Redis never decides whether a visitor gets an answer, only how cheaply.
//!
//! Keys live under `chanscope:gateway:v1:<upstream>:`, where `<upstream>` is a hash of the
//! upstream's base URL, so that fleets in front of different services can share one Redis and a
//! later layout can move to `v2` without reading this one's values.

mod link;
mod stored;

use std::net::IpAddr;
use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use redis::Script;

use crate::access_log::AccessLog;
use crate::budget::{Grant, Rate};
use crate::share;
use crate::upstream::Failure;

pub use link::{CHECK_EVERY, CHECK_TIMEOUT, COMMAND_TIMEOUT, PROBE_LAST};
pub use stored::{Lifetimes, SharedAnswer};

/// Answers larger than this stay in the instance's own cache: one huge value would hold up
/// Redis (single-threaded) for everyone, and such answers are rare.
pub const MAX_SHARED_ANSWER_BYTES: usize = 1 << 20;
/// The layout of keys and values; a change of either takes the next number.
const LAYOUT: &str = "v1";

/// A token bucket that may go into debt: a call that fits within `max_wait` takes its token now
/// and is told how long to wait for it; one that does not takes nothing and is told when a token
/// will be free. Redis's own clock is used, so the instances' clocks do not matter. Mirrors
/// `budget::Bucket::take`.
///
/// What is read back is held to what an instance could have written, since anyone who can write
/// to Redis can put anything there: a count that is no finite number reads as a new bucket, one
/// beyond its burst or deeper in debt than the longest wait allows (ARGV[4], a negative count
/// or 0) is held to those bounds, and a time ahead of Redis's clock reads as now. A bucket of
/// `-inf` once gave `Retry-After: 9223372036854776`.
///
/// With a second key, the bucket is one visitor's share of the first (see `share`): KEYS[2]
/// holds the visitors with calls within the last ARGV[5] ms, ARGV[6] is this visitor, and the
/// rate, burst and debt are split evenly among them.
const BUCKET: &str = r"
local rate, burst, max_wait = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local floor = tonumber(ARGV[4])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local sharing = KEYS[2] ~= nil
local window = tonumber(ARGV[5])
if sharing then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - window)
  local active = redis.call('ZCARD', KEYS[2])
  if not redis.call('ZSCORE', KEYS[2], ARGV[6]) then active = active + 1 end
  rate = rate / active
  burst = math.max(1, burst / active)
  floor = floor / active
end
local held = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(held[1])
local at = tonumber(held[2])
if tokens == nil or tokens ~= tokens or tokens == math.huge or tokens == -math.huge then
  tokens = burst
end
tokens = math.max(floor, math.min(burst, tokens))
if at == nil or at ~= at or at > now then at = now end
tokens = math.min(burst, tokens + (now - at) * rate / 1000)
local left = tokens - 1
local wait = 0
if left < 0 then wait = math.ceil(-left * 1000 / rate) end
if wait > max_wait then
  return {0, math.ceil((1 - tokens) * 1000 / rate)}
end
redis.call('HSET', KEYS[1], 'tokens', tostring(left), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - left) * 1000 / rate) + 1000)
if sharing then
  redis.call('ZADD', KEYS[2], now, ARGV[6])
  redis.call('PEXPIRE', KEYS[2], window)
end
return {1, wait}
";

/// Deletes a lock only while it is still the caller's (it may have expired and been taken).
const UNLOCK: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
";

pub struct Redis {
    link: Arc<link::Link>,
    namespace: String,
    /// Tells this instance's locks from the others'.
    instance: String,
    bucket: Script,
    unlock: Script,
}

impl Redis {
    /// Fails only on a URL redis-rs cannot read; an unreachable Redis is merely down.
    pub fn open(url: &str, upstream: &str, log: AccessLog) -> Result<Redis, String> {
        let client = redis::Client::open(url)
            .map_err(|_| "--redis must be a redis:// or rediss:// URL".to_owned())?;
        let link = link::Link::open(client, log).map_err(|e| format!("--redis: {e}"))?;
        let since_epoch = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .unwrap_or_default();
        Ok(Redis {
            link,
            namespace: format!("chanscope:gateway:{LAYOUT}:{:016x}", fnv1a(upstream)),
            instance: format!("{}-{}", std::process::id(), since_epoch.as_nanos()),
            bucket: Script::new(BUCKET),
            unlock: Script::new(UNLOCK),
        })
    }

    /// `up` or `down`, for `/healthz`.
    pub fn state(&self) -> &'static str {
        if self.link.is_up() {
            "up"
        } else {
            "down"
        }
    }

    /// `up` or `down` as Redis answers a PING now (at most one a second; see `Link::check`).
    pub async fn checked_state(&self) -> &'static str {
        if self.link.check().await {
            "up"
        } else {
            "down"
        }
    }

    /// The full name of one of this fleet's keys.
    pub fn key(&self, kind: &str, name: &str) -> String {
        format!("{}:{kind}:{name}", self.namespace)
    }

    /// The answer kept for `call`, fresh or stale within its bounds (see [`stored::answer`]);
    /// `None` when there is none, it does not pass, or Redis is down.
    pub async fn answer(&self, call: &str, lifetimes: Lifetimes) -> Option<SharedAnswer> {
        let value = self
            .get_at_most(self.key("answer", call), stored::ANSWER_READ_MAX)
            .await?;
        stored::answer(&value, unix_ms(), lifetimes)
    }

    /// Keeps `body` fresh for `ttl`; Redis drops it after `hold` (its lifetime, and for an `ok`
    /// answer `--stale-max` more). Too large answers are not kept.
    pub async fn keep(&self, call: &str, body: &[u8], ttl: Duration, hold: Duration) {
        if body.len() > MAX_SHARED_ANSWER_BYTES || ttl.is_zero() {
            return;
        }
        let fresh_until = unix_ms().saturating_add(ttl.as_millis() as u64);
        let mut value = Vec::with_capacity(stored::ANSWER_HEAD + body.len());
        value.extend_from_slice(&fresh_until.to_be_bytes());
        value.extend_from_slice(body);
        self.set(self.key("answer", call), value, hold.max(ttl))
            .await;
    }

    /// Keeps a failed call's answer (an error envelope) for `keep`, for the instances waiting on
    /// the same call.
    pub async fn keep_failure(&self, call: &str, failure: Failure, keep: Duration) {
        let body = serverkit::envelope::error_body(failure.code());
        let mut value = Vec::with_capacity(2 + body.len());
        value.extend_from_slice(&failure.status().as_u16().to_be_bytes());
        value.extend_from_slice(&body);
        self.set(self.key("failure", call), value, keep).await;
    }

    /// A failure of `call` another instance kept moments ago, if it is one the gateway records.
    pub async fn failure(&self, call: &str) -> Option<Failure> {
        let value = self
            .get_at_most(self.key("failure", call), stored::FAILURE_READ_MAX + 1)
            .await?;
        stored::failure(&value)
    }

    /// At most the first `max` bytes of the value at `key` (GETRANGE reads no further, however
    /// large the value); `None` when there is none or Redis is down.
    async fn get_at_most(&self, key: String, max: usize) -> Option<Vec<u8>> {
        let value: Vec<u8> = self
            .link
            .run(|mut c| async move {
                redis::cmd("GETRANGE")
                    .arg(key)
                    .arg(0)
                    .arg(max.saturating_sub(1))
                    .query_async(&mut c)
                    .await
            })
            .await?;
        (!value.is_empty()).then_some(value)
    }

    /// Sets `key` to `value`, expiring after `keep`.
    async fn set(&self, key: String, value: Vec<u8>, keep: Duration) {
        self.link
            .run(|mut c| async move {
                redis::cmd("SET")
                    .arg(key)
                    .arg(value)
                    .arg("PX")
                    .arg(keep.as_millis() as u64)
                    .exec_async(&mut c)
                    .await
            })
            .await;
    }

    /// Takes the lock of `call` for `hold`: `Some(true)` when this instance is to fetch it.
    pub async fn lock(&self, call: &str, hold: Duration) -> Option<bool> {
        let key = self.key("lock", call);
        let owner = self.instance.clone();
        let taken: Option<String> = self
            .link
            .run(|mut c| async move {
                redis::cmd("SET")
                    .arg(key)
                    .arg(owner)
                    .arg("NX")
                    .arg("PX")
                    .arg(hold.as_millis() as u64)
                    .query_async(&mut c)
                    .await
            })
            .await?;
        Some(taken.is_some())
    }

    pub async fn unlock(&self, call: &str) {
        let key = self.key("lock", call);
        let owner = self.instance.clone();
        let script = &self.unlock;
        self.link
            .run(
                |mut c| async move { script.key(key).arg(owner).invoke_async::<i64>(&mut c).await },
            )
            .await;
    }

    /// One token from the bucket `name` (see [`BUCKET`]), waiting at most `max_wait`;
    /// `longest_wait` is the longest any caller of this bucket may wait, which bounds its debt.
    pub async fn take(
        &self,
        name: &str,
        rate: f64,
        burst: f64,
        waits: (Duration, Duration),
    ) -> Option<Grant> {
        self.bucket(self.key("bucket", name), None, (rate, burst), waits)
            .await
    }

    /// One token of `visitor`'s share of the budget at `rate` (see `share`), waiting at most
    /// `max_wait`.
    pub async fn take_share(
        &self,
        visitor: IpAddr,
        rate: Rate,
        waits: (Duration, Duration),
    ) -> Option<Grant> {
        let visitor = crate::ratelimit::bucket_of(visitor).to_string();
        let window = share::window(rate, waits.1);
        let sharing = (self.key("share", "visitors"), visitor, window);
        let key = self.key("share", &sharing.1);
        self.bucket(key, Some(sharing), (rate.per_second, rate.burst), waits)
            .await
    }

    async fn bucket(
        &self,
        key: String,
        sharing: Option<(String, String, Duration)>,
        (rate, burst): (f64, f64),
        (max_wait, longest_wait): (Duration, Duration),
    ) -> Option<Grant> {
        let script = &self.bucket;
        let floor = -(longest_wait.as_secs_f64() * rate);
        let (granted, ms): (i64, i64) = self
            .link
            .run(|mut c| async move {
                let mut invocation = script.key(key);
                invocation
                    .arg(rate)
                    .arg(burst)
                    .arg(max_wait.as_millis() as u64)
                    .arg(floor);
                if let Some((visitors, visitor, window)) = sharing {
                    invocation
                        .key(visitors)
                        .arg(window.as_millis() as u64)
                        .arg(visitor);
                }
                invocation.invoke_async(&mut c).await
            })
            .await?;
        // Held to what the script can honestly answer, whatever Redis did.
        let after = Duration::from_millis(ms.clamp(0, MAX_GRANT_MS) as u64);
        Some(if granted == 1 {
            Grant::After(after.min(max_wait))
        } else {
            Grant::Refused(after)
        })
    }
}

/// The longest wait a bucket's answer may name: an hour, as the longest `Retry-After` passed on.
const MAX_GRANT_MS: i64 = crate::upstream::MAX_RETRY_AFTER_SECS as i64 * 1000;

fn unix_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
}

/// FNV-1a: a hash that every build and every instance computes alike (std's is not promised
/// to be stable).
fn fnv1a(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn namespaces_differ_by_upstream_and_stay_put() {
        assert_eq!(fnv1a(""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a("a"), 0xaf63_dc4c_8601_ec8c);
        assert_ne!(
            fnv1a("https://api.example/a"),
            fnv1a("https://api.example/b")
        );
    }
}
