//! Each visitor's fair share of the upstream budget (`--upstream-rate`), so that one visitor
//! asking for many distinct calls cannot spend it all: with `--upstream-rate 2 --upstream-burst
//! 2`, one visitor flooding distinct keys once made 31 upstream calls in about 4 s while a second
//! got `flood_control` on 8 of 10 new calls.
//!
//! The visitors who made upstream calls lately ([`window`]) split the budget evenly: each has a
//! bucket of `rate / n` a second and `max(1, burst / n)` at once, and a call takes a token from
//! its visitor's bucket before one from the budget's. A visitor alone has the whole budget. One
//! over its share waits its turn (within `--upstream-wait`) or is answered stale or with
//! `flood_control_N`, like a call the budget refuses; the others' calls find the budget at
//! their share's pace. With `--redis` the shares live in Redis (`shared::BUCKET`), so that the
//! split holds across the fleet; without it, or while Redis is down, here.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::budget::{take_from, Grant, Rate};
use crate::ratelimit::MAX_CLIENTS;

/// How long after its last upstream call a visitor still counts as one of those sharing the
/// budget: the longest wait for a turn, and the time the budget's burst takes to come back (a
/// second at least). A visitor whose share was in debt has it back by then.
pub fn window(rate: Rate, longest_wait: Duration) -> Duration {
    longest_wait + Duration::from_secs_f64((rate.burst / rate.per_second).max(1.0))
}

/// A visitor's part of the budget when `active` visitors share it.
pub fn part(rate: Rate, active: usize) -> Rate {
    let n = active.max(1) as f64;
    Rate {
        per_second: rate.per_second / n,
        burst: (rate.burst / n).max(1.0),
    }
}

pub struct Shares {
    rate: Rate,
    window: Duration,
    visitors: Mutex<HashMap<IpAddr, Visitor>>,
}

struct Visitor {
    /// Tokens, and when they were counted.
    bucket: (f64, Instant),
    /// The visitor's last granted call.
    granted: Instant,
}

impl Shares {
    pub fn new(rate: Rate, longest_wait: Duration) -> Shares {
        Shares {
            rate,
            window: window(rate, longest_wait),
            visitors: Mutex::default(),
        }
    }

    /// One token of `visitor`'s share at `now`, waiting at most `max_wait` for it.
    pub fn take(&self, visitor: IpAddr, now: Instant, max_wait: Duration) -> Grant {
        let mut visitors = self.visitors.lock().unwrap_or_else(|e| e.into_inner());
        let window = self.window;
        visitors.retain(|_, v| now.saturating_duration_since(v.granted) < window);
        // Only visitors with upstream calls within the window are here; a table this large
        // means addresses made up by the thousand, and starting every share anew is the cheap
        // way to stay bounded.
        if visitors.len() >= MAX_CLIENTS {
            visitors.clear();
        }
        let active = visitors.len() + usize::from(!visitors.contains_key(&visitor));
        let part = part(self.rate, active);
        let mut bucket = visitors
            .get(&visitor)
            .map_or((part.burst, now), |v| v.bucket);
        let grant = take_from(&mut bucket, part, now, max_wait);
        match grant {
            Grant::After(_) => {
                visitors.insert(
                    visitor,
                    Visitor {
                        bucket,
                        granted: now,
                    },
                );
            }
            Grant::Refused(_) => {
                if let Some(v) = visitors.get_mut(&visitor) {
                    v.bucket = bucket;
                }
            }
        }
        grant
    }
}

#[cfg(test)]
mod tests {
    use std::net::Ipv4Addr;

    use super::*;

    fn ip(n: u8) -> IpAddr {
        IpAddr::V4(Ipv4Addr::new(10, 0, 0, n))
    }

    #[test]
    fn a_visitor_alone_has_the_budget_and_two_split_it() {
        let rate = Rate {
            per_second: 2.0,
            burst: 2.0,
        };
        let shares = Shares::new(rate, Duration::ZERO);
        let t0 = Instant::now();
        let none = Duration::ZERO;
        // Alone: the whole burst, then refusals until the rate brings one back.
        assert_eq!(shares.take(ip(1), t0, none), Grant::After(none));
        assert_eq!(shares.take(ip(1), t0, none), Grant::After(none));
        assert!(matches!(shares.take(ip(1), t0, none), Grant::Refused(_)));
        // A second visitor has a token at once, though the first spent the burst.
        assert_eq!(shares.take(ip(2), t0, none), Grant::After(none));
        // Now each fills at 1 a second: the first waits a second for its next, not half.
        let half = t0 + Duration::from_millis(500);
        assert!(matches!(shares.take(ip(1), half, none), Grant::Refused(_)));
        let Grant::After(wait) = shares.take(ip(1), half, Duration::from_secs(1)) else {
            panic!("a wait within the longest is granted")
        };
        assert_eq!(wait, Duration::from_millis(500));
        // Once the window is over, the first is alone again.
        let later = t0 + Duration::from_secs(3);
        assert_eq!(shares.take(ip(1), later, none), Grant::After(none));
        assert_eq!(shares.take(ip(1), later, none), Grant::After(none));
    }

    #[test]
    fn parts() {
        let rate = Rate {
            per_second: 6.0,
            burst: 4.0,
        };
        assert_eq!(part(rate, 0), rate);
        assert_eq!(
            part(rate, 3),
            Rate {
                per_second: 2.0,
                burst: 1.333_333_333_333_333_3
            }
        );
        assert_eq!(part(rate, 10).burst, 1.0);
        assert_eq!(window(rate, Duration::from_secs(5)), Duration::from_secs(6));
    }
}
