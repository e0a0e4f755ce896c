//! The upstream budget (`--upstream-rate`): one token bucket for the token every instance shares,
//! so that together they stay under the service's flood control. A call that would exceed it
//! waits for its turn up to `--upstream-wait`; beyond that it is refused (and answered from a
//! stale answer, or with `flood_control_N`). With `--redis` the bucket lives in Redis (see
//! `shared::BUCKET`); without it, or while Redis is down, each instance keeps its own here.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// What the bucket says to one call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grant {
    /// The call has its token and may go after this wait.
    After(Duration),
    /// No token within the longest wait; one will be free after this.
    Refused(Duration),
}

/// `rate` calls a second on average, `burst` at once.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    pub per_second: f64,
    pub burst: f64,
}

pub struct Bucket {
    rate: Rate,
    state: Mutex<(f64, Instant)>,
}

impl Bucket {
    pub fn new(rate: Rate) -> Bucket {
        Bucket {
            rate,
            state: Mutex::new((rate.burst, Instant::now())),
        }
    }

    /// One token at `now`, waiting at most `max_wait` for it. The tokens may go below zero: a
    /// granted wait is a place in the queue, so calls leave at the rate however many ask at once.
    pub fn take(&self, now: Instant, max_wait: Duration) -> Grant {
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        take_from(&mut state, self.rate, now, max_wait)
    }
}

/// One token from a bucket at `state` (its tokens, and when they were counted) filling at
/// `rate`; see [`Bucket::take`].
pub(crate) fn take_from(
    state: &mut (f64, Instant),
    rate: Rate,
    now: Instant,
    max_wait: Duration,
) -> Grant {
    let Rate { per_second, burst } = rate;
    let (tokens, at) = *state;
    let tokens = (tokens + now.saturating_duration_since(at).as_secs_f64() * per_second).min(burst);
    let left = tokens - 1.0;
    let wait = ms_for(-left, per_second);
    if wait > max_wait {
        *state = (tokens, now.max(at));
        return Grant::Refused(ms_for(1.0 - tokens, per_second));
    }
    *state = (left, now.max(at));
    Grant::After(wait)
}

/// The time `tokens` take to come back, in whole milliseconds rounded up (as the script in
/// Redis counts it).
fn ms_for(tokens: f64, per_second: f64) -> Duration {
    Duration::from_millis((tokens.max(0.0) * 1000.0 / per_second).ceil() as u64)
}

impl Grant {
    /// Whole seconds until a refused call may try again, at least 1 (`flood_control_N`).
    pub fn retry_after_secs(wait: Duration) -> u64 {
        (wait.as_secs_f64().ceil() as u64).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MS: Duration = Duration::from_millis(1);

    #[test]
    fn burst_then_a_queue_at_the_rate_then_refusals() {
        let bucket = Bucket::new(Rate {
            per_second: 5.0,
            burst: 2.0,
        });
        let t0 = Instant::now();
        let max_wait = Duration::from_secs(1);
        assert_eq!(bucket.take(t0, max_wait), Grant::After(Duration::ZERO));
        assert_eq!(bucket.take(t0, max_wait), Grant::After(Duration::ZERO));
        // Then one every 200 ms, queued up to the longest wait.
        for n in 1..=5 {
            assert_eq!(bucket.take(t0, max_wait), Grant::After(200 * n * MS));
        }
        let Grant::Refused(after) = bucket.take(t0, max_wait) else {
            panic!("over the longest wait")
        };
        assert_eq!(after, 1200 * MS);
        assert_eq!(Grant::retry_after_secs(after), 2);
        // The queue of five is served by 1 s; by 1.4 s the burst of two is back, no more.
        let later = t0 + Duration::from_millis(1_400);
        assert_eq!(
            bucket.take(later, Duration::ZERO),
            Grant::After(Duration::ZERO)
        );
        assert_eq!(
            bucket.take(later, Duration::ZERO),
            Grant::After(Duration::ZERO)
        );
        assert_eq!(bucket.take(later, Duration::ZERO), Grant::Refused(200 * MS));
    }
}
