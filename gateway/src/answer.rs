//! How an admitted call gets its answer once this instance's cache has none fresh: from Redis
//! if another instance kept it; else by one upstream call for the whole fleet (a lock in Redis,
//! the others polling for the answer); each upstream call within the upstream budget; a stale
//! answer standing in when the upstream fails, asks to slow down, or the budget is spent. A
//! failed call is kept in Redis for [`FAILURE_KEEP`], so that the instances waiting for it answer
//! at once instead of each calling a hanging upstream in turn.

use std::net::IpAddr;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use axum::http::StatusCode;
use bytes::Bytes;

use serverkit::envelope::error_body;

use crate::budget::Grant;
use crate::cache::Kind;
use crate::outcome::{failed, Outcome, Source, ABSENT};
use crate::policy::Call;
use crate::shared::{Lifetimes, SharedAnswer};
use crate::state::Gateway;
use crate::upstream::Envelope;

/// How often an instance waiting for another's upstream call looks for its answer.
pub const POLL: Duration = Duration::from_millis(10);
/// How long the fleet shares a failed upstream call: long enough for every instance waiting on
/// it to see it, short enough that the next visitor soon gets a fresh try.
pub const FAILURE_KEEP: Duration = Duration::from_secs(2);

impl Gateway {
    /// Takes one request from `client`'s allowance (shared by the fleet while Redis is up);
    /// when none is left, the whole seconds until one will be.
    pub(crate) async fn admit_client(&self, client: IpAddr, now: Instant) -> Result<(), u64> {
        let shared = match &self.redis {
            Some(redis) => {
                let name = format!("client:{}", crate::ratelimit::bucket_of(client));
                let (rate, burst) = (self.config.rate, self.config.burst);
                let waits = (Duration::ZERO, Duration::ZERO);
                redis.take(&name, rate, burst, waits).await
            }
            None => None,
        };
        match shared {
            Some(Grant::After(_)) => Ok(()),
            Some(Grant::Refused(after)) => Err(Grant::retry_after_secs(after)),
            None => self.limiter.check(client, now),
        }
    }

    /// The answer to `call`, asked once for the whole fleet; an upstream call is `client`'s.
    pub(crate) async fn obtain(&self, call: Call, client: IpAddr, key: String) -> Outcome {
        let Some(redis) = &self.redis else {
            return self.fetch((call, client), &key, None).await;
        };
        let lifetimes = self.lifetimes(call.route.path);
        let hold = self.lock_hold();
        let deadline = Instant::now() + hold;
        let mut stale = None;
        let mut waited = false;
        loop {
            if let Some(kept) = redis.answer(&key, lifetimes).await {
                match self.shared(&key, kept, waited) {
                    Ok(outcome) => return outcome,
                    // Only an `ok` answer within `--stale-max` comes back stale.
                    Err(body) => stale = Some(body),
                }
            }
            if let Some(failure) = redis.failure(&key).await {
                let failure = Outcome {
                    source: Source::Waited,
                    ..failed(failure)
                };
                return stale_or(self.cache.stale(&key).or(stale), failure);
            }
            match redis.lock(&key, hold).await {
                Some(true) => {
                    // The holder before us may have kept its answer and let go of the lock
                    // between our look for an answer and our taking of the lock: look again,
                    // now that no other instance can be asking.
                    if let Some(Ok(outcome)) = redis
                        .answer(&key, lifetimes)
                        .await
                        .map(|kept| self.shared(&key, kept, true))
                    {
                        redis.unlock(&key).await;
                        return outcome;
                    }
                    let outcome = self.fetch((call, client), &key, stale).await;
                    redis.unlock(&key).await;
                    return outcome;
                }
                // Another instance is asking: its answer will be in Redis.
                Some(false) if Instant::now() < deadline => {}
                // Redis is down, or the holder took longer than it may: ask on our own.
                _ => break,
            }
            waited = true;
            tokio::time::sleep(POLL).await;
        }
        self.fetch((call, client), &key, stale).await
    }

    /// What another instance kept for `key`: passed on (and kept here) while fresh, otherwise
    /// its body, which may stand in as stale.
    fn shared(&self, key: &str, kept: SharedAnswer, waited: bool) -> Result<Outcome, Bytes> {
        let Some(left) = kept.fresh_for else {
            return Err(kept.body);
        };
        self.stats.shared_hits.fetch_add(1, Ordering::Relaxed);
        if kept.kind == Kind::Absent {
            self.metrics.absent("hit");
        }
        self.cache.put(key, &kept.body, left, kept.kind);
        let source = if waited {
            Source::Waited
        } else {
            Source::Shared
        };
        Ok(Outcome::passed(kept.body, source))
    }

    /// How long answers to `path` may be kept and stand in.
    fn lifetimes(&self, path: &str) -> Lifetimes {
        let ttl = self.config.ttl[path];
        Lifetimes {
            ttl,
            absent_ttl: self.config.absent_ttl.min(ttl),
            stale_max: self.config.stale_max,
        }
    }

    /// Keeps an answer here and in Redis: fresh for `ttl`; an `ok` one stands in for
    /// `--stale-max` longer, an absent one not at all, and Redis lets it go when it can no longer.
    async fn keep(&self, key: &str, body: &Bytes, ttl: Duration, kind: Kind) {
        self.cache.put(key, body, ttl, kind);
        if let Some(redis) = &self.redis {
            let hold = match kind {
                Kind::Answer => ttl + self.config.stale_max,
                Kind::Absent => ttl,
            };
            redis.keep(key, body, ttl, hold).await;
        }
    }

    /// How long a lock is held at most: a whole upstream call, its wait for the budget included.
    /// An instance that dies holding it delays the others by this much at most.
    fn lock_hold(&self) -> Duration {
        let budget = match self.config.upstream_rate {
            Some(_) => self.config.upstream_wait,
            None => Duration::ZERO,
        };
        self.config.upstream_timeout + budget + Duration::from_secs(1)
    }

    /// One upstream call for `call` within the budget; a success is kept here and in Redis.
    /// `shared_stale` is an expired answer Redis had.
    async fn fetch(
        &self,
        (call, client): (Call, IpAddr),
        key: &str,
        shared_stale: Option<Bytes>,
    ) -> Outcome {
        let stale = || self.cache.stale(key).or_else(|| shared_stale.clone());
        if self.config.upstream_rate.is_some() {
            // With a stale answer at hand, a visitor gets it rather than a wait.
            let max_wait = match stale() {
                Some(_) => Duration::ZERO,
                None => self.config.upstream_wait,
            };
            if let Err(after) = self.upstream_turn(client, max_wait).await {
                self.stats.budget_refused.fetch_add(1, Ordering::Relaxed);
                let wait = Grant::retry_after_secs(after);
                let refused = Outcome {
                    status: StatusCode::TOO_MANY_REQUESTS,
                    body: error_body(&format!("flood_control_{wait}")).into(),
                    source: Source::Upstream,
                    retry_after: Some(wait),
                };
                return stale_or(stale(), refused);
            }
        }
        self.stats.upstream_calls.fetch_add(1, Ordering::Relaxed);
        let started = Instant::now();
        let answer = self.upstream.get(&call).await;
        self.metrics.upstream_call(started.elapsed());
        match answer {
            Ok(answer) => match answer.envelope {
                Envelope::Ok => {
                    let ttl = self.config.ttl[call.route.path];
                    self.keep(key, &answer.body, ttl, Kind::Answer).await;
                    Outcome::passed(answer.body, Source::Upstream)
                }
                Envelope::Error(message) if ABSENT.contains(&message.as_str()) => {
                    let ttl = self.lifetimes(call.route.path).absent_ttl;
                    self.keep(key, &answer.body, ttl, Kind::Absent).await;
                    self.metrics.absent("miss");
                    Outcome::passed(answer.body, Source::Upstream)
                }
                Envelope::Error(message) if message.starts_with("flood_control_") => {
                    let passed = match answer.retry_after {
                        // The upstream's HTTP 429, answered as the gateway's own.
                        Some(wait) => Outcome {
                            status: StatusCode::TOO_MANY_REQUESTS,
                            body: answer.body,
                            source: Source::Upstream,
                            retry_after: Some(wait),
                        },
                        None => Outcome::passed(answer.body, Source::Upstream),
                    };
                    stale_or(stale(), passed)
                }
                // Pending and other errors pass as they are: asking again may change them.
                Envelope::Pending | Envelope::Error(_) => {
                    Outcome::passed(answer.body, Source::Upstream)
                }
            },
            Err(failure) => {
                self.stats.upstream_failures.fetch_add(1, Ordering::Relaxed);
                let outcome = failed(failure);
                if let Some(redis) = &self.redis {
                    redis.keep_failure(key, failure, FAILURE_KEEP).await;
                }
                stale_or(stale(), outcome)
            }
        }
    }
}

fn stale_or(stale: Option<Bytes>, otherwise: Outcome) -> Outcome {
    match stale {
        Some(body) => Outcome::passed(body, Source::Stale),
        None => otherwise,
    }
}
