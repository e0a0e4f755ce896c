//! Injected faults for testing clients: latency, HTTP 5xx pages, flood control and cut bodies,
//! decided by the request's sequence number so a run can be replayed.

use crate::rng::unit_of;

/// Shares (0..1) of responses that get each fault, plus a delay for every response.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Faults {
    pub seed: u64,
    pub latency_ms: u64,
    pub fail_500: f64,
    pub fail_502: f64,
    pub fail_503: f64,
    pub flood: f64,
    pub truncate: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Fault {
    /// An HTML error page with this status, as a proxy in front of the service would send.
    Http(u16),
    /// `flood_control_10` in a normal envelope.
    Flood,
    /// The real response with only its first half sent.
    Truncate,
}

impl Faults {
    /// The fault for the `n`-th request under /api, if any.
    pub fn decide(&self, n: u64) -> Option<Fault> {
        let roll = unit_of(self.seed, n);
        let table = [
            (self.fail_500, Fault::Http(500)),
            (self.fail_502, Fault::Http(502)),
            (self.fail_503, Fault::Http(503)),
            (self.flood, Fault::Flood),
            (self.truncate, Fault::Truncate),
        ];
        let mut edge = 0.0;
        for (share, fault) in table {
            edge += share;
            if roll < edge {
                return Some(fault);
            }
        }
        None
    }
}

/// The page a failing proxy sends.
pub fn error_page(status: u16) -> String {
    format!(
        "<html><head><title>{status}</title></head><body><h1>{status}</h1><p>sandbox: injected fault</p></body></html>\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shares_are_roughly_kept_and_replayable() {
        let faults = Faults {
            seed: 9,
            fail_502: 0.2,
            truncate: 0.1,
            ..Faults::default()
        };
        let decisions: Vec<Option<Fault>> = (0..10_000).map(|n| faults.decide(n)).collect();
        let bad_gateway = decisions
            .iter()
            .filter(|d| **d == Some(Fault::Http(502)))
            .count();
        let cut = decisions
            .iter()
            .filter(|d| **d == Some(Fault::Truncate))
            .count();
        assert!((1_800..2_200).contains(&bad_gateway), "{bad_gateway}");
        assert!((800..1_200).contains(&cut), "{cut}");
        assert_eq!(
            decisions[..50],
            (0..50).map(|n| faults.decide(n)).collect::<Vec<_>>()[..]
        );
        assert_eq!(Faults::default().decide(1), None);
    }
}
