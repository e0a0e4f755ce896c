//! A token bucket per client: `rate` requests a second on average, `burst` at once. An IPv6
//! client is its /64, since one host commonly holds a whole /64 and could hop within it; an
//! IPv4-mapped IPv6 address is its IPv4 client. The table is bounded: buckets that have refilled (idle clients) are dropped first, then the
//! longest unseen.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::sync::Mutex;
use std::time::Instant;

/// Clients tracked at most (a few MiB of table).
pub const MAX_CLIENTS: usize = 65_536;

pub struct RateLimiter {
    rate: f64,
    burst: f64,
    max_clients: usize,
    buckets: Mutex<HashMap<IpAddr, Bucket>>,
}

#[derive(Clone, Copy)]
struct Bucket {
    tokens: f64,
    seen: Instant,
}

impl RateLimiter {
    pub fn new(rate: f64, burst: f64, max_clients: usize) -> RateLimiter {
        RateLimiter {
            rate,
            burst,
            max_clients: max_clients.max(1),
            buckets: Mutex::default(),
        }
    }

    /// Takes one token for `client`; when none is left, the whole seconds until one will be
    /// (at least 1).
    pub fn check(&self, client: IpAddr, now: Instant) -> Result<(), u64> {
        let client = bucket_of(client);
        let mut buckets = self.buckets.lock().unwrap_or_else(|e| e.into_inner());
        if !buckets.contains_key(&client) && buckets.len() >= self.max_clients {
            self.prune(&mut buckets, now);
        }
        let bucket = buckets.entry(client).or_insert(Bucket {
            tokens: self.burst,
            seen: now,
        });
        let refill = now.saturating_duration_since(bucket.seen).as_secs_f64() * self.rate;
        bucket.tokens = (bucket.tokens + refill).min(self.burst);
        bucket.seen = now;
        if bucket.tokens >= 1.0 {
            bucket.tokens -= 1.0;
            Ok(())
        } else {
            let wait = (1.0 - bucket.tokens) / self.rate;
            Err((wait.ceil() as u64).max(1))
        }
    }

    /// Drops every client whose bucket is full again; if that frees nothing, the half that
    /// was seen longest ago.
    fn prune(&self, buckets: &mut HashMap<IpAddr, Bucket>, now: Instant) {
        let full = |b: &Bucket| {
            b.tokens + now.saturating_duration_since(b.seen).as_secs_f64() * self.rate >= self.burst
        };
        buckets.retain(|_, b| !full(b));
        if buckets.len() >= self.max_clients {
            let mut seen: Vec<Instant> = buckets.values().map(|b| b.seen).collect();
            let middle = seen.len() / 2;
            let (_, cutoff, _) = seen.select_nth_unstable(middle);
            let cutoff = *cutoff;
            buckets.retain(|_, b| b.seen > cutoff);
        }
    }

    /// Clients tracked now.
    pub fn clients(&self) -> usize {
        self.buckets.lock().unwrap_or_else(|e| e.into_inner()).len()
    }
}

/// The address whose bucket `client` draws from (see the module's comment).
pub fn bucket_of(client: IpAddr) -> IpAddr {
    match client.to_canonical() {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & (!0u128 << 64))),
        v4 => v4,
    }
}

#[cfg(test)]
mod tests {
    use std::net::Ipv4Addr;
    use std::time::Duration;

    use super::*;

    fn ip(n: u32) -> IpAddr {
        IpAddr::V4(Ipv4Addr::from(n))
    }

    #[test]
    fn burst_then_rate() {
        let limiter = RateLimiter::new(2.0, 3.0, 10);
        let t0 = Instant::now();
        for _ in 0..3 {
            assert_eq!(limiter.check(ip(1), t0), Ok(()));
        }
        assert_eq!(limiter.check(ip(1), t0), Err(1));
        // Another client has its own bucket.
        assert_eq!(limiter.check(ip(2), t0), Ok(()));
        // Half a second refills one token at 2/s.
        assert_eq!(
            limiter.check(ip(1), t0 + Duration::from_millis(500)),
            Ok(())
        );
        assert_eq!(
            limiter.check(ip(1), t0 + Duration::from_millis(500)),
            Err(1)
        );

        let slow = RateLimiter::new(0.1, 1.0, 10);
        assert_eq!(slow.check(ip(1), t0), Ok(()));
        assert_eq!(slow.check(ip(1), t0), Err(10));
    }

    #[test]
    fn the_table_stays_bounded() {
        let limiter = RateLimiter::new(1.0, 2.0, 4);
        let t0 = Instant::now();
        for n in 0..4 {
            limiter.check(ip(n), t0).unwrap();
        }
        assert_eq!(limiter.clients(), 4);
        // Ten seconds later all four are idle (full again) and make room.
        limiter.check(ip(9), t0 + Duration::from_secs(10)).unwrap();
        assert_eq!(limiter.clients(), 1);
        // All busy: the half seen longest ago goes.
        for n in 0..1000 {
            let _ = limiter.check(
                ip(100 + n),
                t0 + Duration::from_secs(10) + Duration::from_millis(u64::from(n)),
            );
            let _ = limiter.check(
                ip(100 + n),
                t0 + Duration::from_secs(10) + Duration::from_millis(u64::from(n)),
            );
            assert!(limiter.clients() <= 4);
        }
    }
}
