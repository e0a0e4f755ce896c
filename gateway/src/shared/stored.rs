//! What Redis hands back, checked as if it came from the network: anyone who can write to Redis
//! can put anything there. An answer must be an envelope the gateway keeps (`ok`, or one saying
//! that something does not exist), no larger than it would have written, fresh for no longer
//! than `--ttl` allows, and stale for no longer than `--stale-max`; a failure must be one the
//! gateway itself records, and is rebuilt from its code rather than passed on as stored.

use std::time::Duration;

use bytes::Bytes;

use crate::cache::Kind;
use crate::outcome::ABSENT;
use crate::upstream::{read_envelope, Envelope, Failure};

use super::MAX_SHARED_ANSWER_BYTES;

/// An answer's value: its freshness deadline (Unix ms, 8 bytes big-endian), then its body.
pub const ANSWER_HEAD: usize = 8;
/// The most bytes ever read of an answer's value: one more than the largest written, so that
/// a larger one is seen to be so without reading it whole.
pub const ANSWER_READ_MAX: usize = ANSWER_HEAD + MAX_SHARED_ANSWER_BYTES + 1;
/// A failure's value: its HTTP status (2 bytes), then its error envelope, a few dozen bytes.
pub const FAILURE_READ_MAX: usize = 256;

/// An answer as Redis holds it, once checked.
pub struct SharedAnswer {
    pub body: Bytes,
    pub kind: Kind,
    /// Time left in its lifetime, at most the operation's `--ttl` (`--absent-ttl` for an absent
    /// one); `None` once past it, which only an `ok` answer within `--stale-max` can be.
    pub fresh_for: Option<Duration>,
}

/// The longest each kind of answer may be kept and stand in.
#[derive(Clone, Copy, Debug)]
pub struct Lifetimes {
    /// The operation's `--ttl`.
    pub ttl: Duration,
    /// `--absent-ttl`, at most `ttl`.
    pub absent_ttl: Duration,
    pub stale_max: Duration,
}

/// `value` read as an answer at `now_ms`; `None` for anything the gateway would not have
/// written, or an answer past being of use.
pub fn answer(value: &[u8], now_ms: u64, lifetimes: Lifetimes) -> Option<SharedAnswer> {
    if value.len() >= ANSWER_READ_MAX {
        return None;
    }
    let (head, body) = value.split_at_checked(ANSWER_HEAD)?;
    let fresh_until = u64::from_be_bytes(head.try_into().ok()?);
    let kind = match read_envelope(body)? {
        Envelope::Ok => Kind::Answer,
        Envelope::Error(message) if ABSENT.contains(&message.as_str()) => Kind::Absent,
        Envelope::Pending | Envelope::Error(_) => return None,
    };
    let longest = match kind {
        Kind::Answer => lifetimes.ttl,
        Kind::Absent => lifetimes.absent_ttl,
    };
    let fresh_for = match fresh_until.checked_sub(now_ms) {
        Some(left) if left > 0 => Some(Duration::from_millis(left).min(longest)),
        _ => {
            let past = Duration::from_millis(now_ms - fresh_until);
            if kind == Kind::Absent || past >= lifetimes.stale_max {
                return None;
            }
            None
        }
    };
    Some(SharedAnswer {
        body: Bytes::copy_from_slice(body),
        kind,
        fresh_for,
    })
}

/// `value` read as a failure another instance kept; `None` unless it is one the gateway records.
pub fn failure(value: &[u8]) -> Option<Failure> {
    if value.len() > FAILURE_READ_MAX {
        return None;
    }
    let (head, body) = value.split_at_checked(2)?;
    let status = u16::from_be_bytes(head.try_into().ok()?);
    let Envelope::Error(code) = read_envelope(body)? else {
        return None;
    };
    [Failure::Unavailable, Failure::Timeout, Failure::TooLarge]
        .into_iter()
        .find(|f| f.code() == code && f.status().as_u16() == status)
}

#[cfg(test)]
mod tests;
