//! A watch's alert thresholds, and whether a check crosses them. The watchlist keeps the alerts
//! of a watch's last check with it, raises a browser notification for them when allowed, and
//! shows them on the watch.

use serde::{Deserialize, Serialize};

use super::watch_history::Reading;
use crate::format::{parse_decimal, percent_change};

/// What a watch alerts on; each is offered only for the kind of watch whose check measures it.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    /// Channel: the subscribers changed by at least this many percent of the previous check's
    /// count, up or down.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subscribers_percent: Option<f64>,
    /// Keyword mentions: at least this many new mentions ([`Reading::new_mentions`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub new_mentions: Option<u64>,
    /// Post search: a post of the check's answer has at least this many views while none of the
    /// previous check's had ([`Reading::top_views`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub post_views: Option<u64>,
}

impl Thresholds {
    pub fn is_empty(&self) -> bool {
        *self == Thresholds::default()
    }
}

/// A threshold a check crossed, with the figure that crossed it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Alert {
    /// The subscribers changed by `percent` (negative: fell) since the previous check.
    Subscribers { percent: f64 },
    /// `count` new mentions.
    Mentions { count: u64 },
    /// A post reached `views`.
    PostViews { views: u64 },
}

/// The thresholds of `thresholds` that the check read as `now` crosses, after the reading
/// `previous`. The percent change is (now − before) ÷ before × 100, compared with the threshold
/// exactly ([`crosses_percent`]): none on a first check, and none from a count of 0 (no percent
/// of nothing). A change of 0 never alerts.
pub fn crossed(thresholds: &Thresholds, previous: Option<&Reading>, now: &Reading) -> Vec<Alert> {
    let mut alerts = Vec::new();
    if let (Some(limit), Some(before), Some(after)) = (
        thresholds.subscribers_percent,
        previous.and_then(|p| p.subscribers),
        now.subscribers,
    ) {
        let signed = |n: u64| i64::try_from(n).unwrap_or(i64::MAX);
        if let Some(percent) = percent_change(signed(before), signed(after)) {
            if after != before && crosses_percent(before, after, limit) {
                alerts.push(Alert::Subscribers { percent });
            }
        }
    }
    if let (Some(limit), Some(count)) = (thresholds.new_mentions, now.new_mentions) {
        if count >= limit && count > 0 {
            alerts.push(Alert::Mentions { count });
        }
    }
    if let (Some(limit), Some(views)) = (thresholds.post_views, now.top_views) {
        let before = previous.and_then(|p| p.top_views);
        if views >= limit && before.is_none_or(|b| b < limit) {
            alerts.push(Alert::PostViews { views });
        }
    }
    alerts
}

/// Whether the change from `before` to `after` is at least `limit` percent of `before`, up or
/// down, compared exactly: |after − before| × 100 × 10^d ≥ m × before in integers, where the
/// threshold is m / 10^d, the decimal it was typed as (the shortest decimal that reads back as
/// the same `f64`, which is what Rust prints). A float division would put 1,000 → 1,011 at
/// 1.0999… %, under a threshold of 1.1 % it meets exactly. Never from a count of 0.
pub fn crosses_percent(before: u64, after: u64, limit: f64) -> bool {
    if before == 0 || limit.is_nan() {
        return false;
    }
    // Every change is at least 0 % (a file may carry a threshold no form lets one type).
    if limit <= 0.0 {
        return true;
    }
    let Some((mantissa, decimals)) = exact_decimal(limit) else {
        return false;
    };
    let change = u128::from(before.abs_diff(after));
    // Past u128 on the right: a threshold of more digits than any change can reach (those
    // come with no decimals, so the left side is at most 2^64 × 100).
    let Some(needed) = mantissa.checked_mul(u128::from(before)) else {
        return false;
    };
    // Past u128 on the left: a threshold of so many decimals that any change crosses it.
    10u128
        .checked_pow(decimals)
        .and_then(|scale| change.checked_mul(100)?.checked_mul(scale))
        .is_none_or(|changed| changed >= needed)
}

/// A threshold above 0 as an exact decimal m / 10^d, read from its shortest decimal text; `None`
/// for anything that is no finite number above 0.
fn exact_decimal(x: f64) -> Option<(u128, u32)> {
    if !(x.is_finite() && x > 0.0) {
        return None;
    }
    // `Display` of an f64 never uses an exponent: "1.1", "0.0001", "250".
    let text = x.to_string();
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    let digits = format!("{whole}{fraction}");
    // More digits than u128 holds: only a whole number beyond 10^38, which no change reaches.
    let mantissa: u128 = digits.trim_start_matches('0').parse().ok()?;
    let decimals = u32::try_from(fraction.len()).ok()?;
    Some((mantissa, decimals))
}

/// A threshold typed that is no number above 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NotAThreshold;

/// A threshold as typed: `Ok(None)` when blank, the number when it is above 0, and
/// [`NotAThreshold`] for anything else (text, 0, below 0).
pub fn parse_threshold(text: &str) -> Result<Option<f64>, NotAThreshold> {
    if text.trim().is_empty() {
        return Ok(None);
    }
    match parse_decimal(text) {
        Some(x) if x > 0.0 => Ok(Some(x)),
        _ => Err(NotAThreshold),
    }
}

/// A count threshold as typed (mentions, views): as [`parse_threshold`], rounded up to a whole
/// count, since "at least 2.5 mentions" is at least 3.
pub fn parse_count_threshold(text: &str) -> Result<Option<u64>, NotAThreshold> {
    Ok(parse_threshold(text)?.map(|x| x.ceil().min(u64::MAX as f64) as u64))
}
