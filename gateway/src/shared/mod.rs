//! What several instances share through Redis (`--redis`): the answers, a lock per call being
//! fetched, and the token buckets of the upstream budget and of each client. Every operation
//! answers `None` when Redis cannot be used, and the caller then does what one instance alone
//! would do: Redis never decides whether a visitor gets an answer, only how cheaply.
//!
//! Keys live under `chanscope:gateway:v1:<upstream>:`, where `<upstream>` is a hash of the
//! upstream's base URL, so that fleets in front of different services can share one Redis and a
//! later layout can move to `v2` without reading this one's values.

mod link;

use std::sync::Arc;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::http::StatusCode;
use bytes::Bytes;
use redis::Script;

use crate::access_log::AccessLog;
use crate::budget::Grant;

pub use link::{CHECK_EVERY, CHECK_TIMEOUT, COMMAND_TIMEOUT, PROBE_LAST};

/// Answers larger than this stay in the instance's own cache: one huge value would hold up
/// Redis (single-threaded) for everyone, and such answers are rare.
pub const MAX_SHARED_ANSWER_BYTES: usize = 1 << 20;
/// How long Redis keeps an answer past its lifetime, to stand in (as `stale`) when the upstream
/// fails or the budget is spent.
pub const STALE_KEEP: Duration = Duration::from_secs(3600);
/// The layout of keys and values; a change of either takes the next number.
const LAYOUT: &str = "v1";

/// A token bucket that may go into debt: a call that fits within `max_wait` takes its token now
/// and is told how long to wait for it; one that does not takes nothing and is told when a token
/// will be free. Redis's own clock is used, so the instances' clocks do not matter. Mirrors
/// `budget::Bucket::take`.
const BUCKET: &str = r"
local rate, burst, max_wait = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local held = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(held[1]) or burst
local at = tonumber(held[2]) or now
tokens = math.min(burst, tokens + math.max(0, now - at) * rate / 1000)
local left = tokens - 1
local wait = 0
if left < 0 then wait = math.ceil(-left * 1000 / rate) end
if wait > max_wait then
  return {0, math.ceil((1 - tokens) * 1000 / rate)}
end
redis.call('HSET', KEYS[1], 'tokens', tostring(left), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil((burst - left) * 1000 / rate) + 1000)
return {1, wait}
";

/// Deletes a lock only while it is still the caller's (it may have expired and been taken).
const UNLOCK: &str = r"
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0
";

/// An answer as Redis holds it.
pub struct SharedAnswer {
    pub body: Bytes,
    /// Time left in its lifetime; `None` once past it (stale).
    pub fresh_for: Option<Duration>,
}

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

    /// The answer kept for `call`, fresh or not; `None` when there is none or Redis is down.
    pub async fn answer(&self, call: &str) -> Option<SharedAnswer> {
        let value = self.get(self.key("answer", call)).await?;
        let (head, body) = value.split_at_checked(8)?;
        let fresh_until = u64::from_be_bytes(head.try_into().ok()?);
        let left = fresh_until.saturating_sub(unix_ms());
        Some(SharedAnswer {
            body: Bytes::copy_from_slice(body),
            fresh_for: (left > 0).then(|| Duration::from_millis(left)),
        })
    }

    /// Keeps `body` (an `ok` envelope) fresh for `ttl` and [`STALE_KEEP`] longer; too large
    /// answers are not kept.
    pub async fn keep(&self, call: &str, body: &Bytes, ttl: Duration) {
        if body.len() > MAX_SHARED_ANSWER_BYTES || ttl.is_zero() {
            return;
        }
        let fresh_until = unix_ms().saturating_add(ttl.as_millis() as u64);
        let mut value = Vec::with_capacity(8 + body.len());
        value.extend_from_slice(&fresh_until.to_be_bytes());
        value.extend_from_slice(body);
        self.set(self.key("answer", call), value, ttl + STALE_KEEP)
            .await;
    }

    /// Keeps a failed call's answer (an error envelope) for `keep`, for the instances waiting on
    /// the same call.
    pub async fn keep_failure(&self, call: &str, status: StatusCode, body: &Bytes, keep: Duration) {
        let mut value = Vec::with_capacity(2 + body.len());
        value.extend_from_slice(&status.as_u16().to_be_bytes());
        value.extend_from_slice(body);
        self.set(self.key("failure", call), value, keep).await;
    }

    /// A failure of `call` another instance kept moments ago.
    pub async fn failure(&self, call: &str) -> Option<(StatusCode, Bytes)> {
        let value = self.get(self.key("failure", call)).await?;
        let (head, body) = value.split_at_checked(2)?;
        let status = StatusCode::from_u16(u16::from_be_bytes(head.try_into().ok()?)).ok()?;
        Some((status, Bytes::copy_from_slice(body)))
    }

    /// The value at `key`; `None` when there is none or Redis is down.
    async fn get(&self, key: String) -> Option<Vec<u8>> {
        self.link
            .run(|mut c| async move { redis::cmd("GET").arg(key).query_async(&mut c).await })
            .await?
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

    /// One token from the bucket `name` (see [`BUCKET`]).
    pub async fn take(
        &self,
        name: &str,
        rate: f64,
        burst: f64,
        max_wait: Duration,
    ) -> Option<Grant> {
        let key = self.key("bucket", name);
        let script = &self.bucket;
        let (granted, ms): (i64, u64) = self
            .link
            .run(|mut c| async move {
                script
                    .key(key)
                    .arg(rate)
                    .arg(burst)
                    .arg(max_wait.as_millis() as u64)
                    .invoke_async(&mut c)
                    .await
            })
            .await?;
        let after = Duration::from_millis(ms);
        Some(if granted == 1 {
            Grant::After(after)
        } else {
            Grant::Refused(after)
        })
    }
}

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
