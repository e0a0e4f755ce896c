//! The arithmetic of a long analysis run as one job of many requests: whether it asks before it
//! starts, how far it is, and how long it will take.
//!
//! - Requests in flight at once: at most [`MAX_IN_FLIGHT`], so a job never floods the API (nor the
//!   user's quota) faster than a person clicking through pages would.
//! - Confirmation: a job of more requests than the user's threshold (Settings; default
//!   [`DEFAULT_CONFIRM_ABOVE`]) waits for a click that names the number.
//! - Time left = the requests left × the time the job has spent running (flood-control pauses
//!   excluded) / the requests done; unknown until one is done.

/// At most this many requests of one job are on their way at once.
pub const MAX_IN_FLIGHT: usize = 3;

/// A job of more requests than this asks before it starts, unless Settings say otherwise.
pub const DEFAULT_CONFIRM_ABOVE: u32 = 20;

/// The thresholds Settings accept: 0 asks before every job; the top keeps a typo from turning
/// the question off.
pub const CONFIRM_ABOVE_RANGE: (u32, u32) = (0, 10_000);

/// Whether a job of `requests` requests waits for a confirmation under `threshold`.
pub fn needs_confirmation(requests: usize, threshold: u32) -> bool {
    requests > threshold as usize
}

/// Milliseconds left, from the `done` of `total` requests finished in `busy_ms` of running time;
/// `None` before the first is done (nothing to go by) and `Some(0.0)` once all are.
pub fn time_left_ms(done: usize, total: usize, busy_ms: f64) -> Option<f64> {
    if done >= total {
        return Some(0.0);
    }
    if done == 0 || !busy_ms.is_finite() || busy_ms < 0.0 {
        return None;
    }
    Some((total - done) as f64 * busy_ms / done as f64)
}

/// Whole seconds of `ms`, rounded up, for "about N s left".
pub fn whole_seconds(ms: f64) -> u64 {
    if ms.is_finite() && ms > 0.0 {
        (ms / 1000.0).ceil() as u64
    } else {
        0
    }
}
