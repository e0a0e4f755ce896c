//! Reach of a post at 12, 24 and 48 hours from its hourly view growth, ERR24, and the CPM of an
//! ad post for a price the user types.
//!
//! - Reach at N hours = the views accumulated in the first N hours: the sum of the hourly growth
//!   records from the first (the hour of publication) up to, not including, hour N.
//! - ERR24 = reach at 24 hours / the channel's subscribers × 100 %.
//! - CPM = price / (views / 1000), at 24 h, at 48 h and for all views.
//! - Price per unit of an amount = price / (amount / unit): CPM, and a campaign's cost per
//!   subscriber (`src/view/campaign.rs`).

use chrono::TimeDelta;

use super::engagement::{Figure, Missing};
use super::growth::Growth;

/// The hours reach is read at.
pub const REACH_HOURS: [u32; 3] = [12, 24, 48];

/// Views accumulated within `hours` of the first growth record (`growth` is hourly and in time
/// order, as [`super::growth::growth_series`] gives it). `NotYet` when the records end before
/// that hour (the post is younger, or the service stopped tracking it earlier).
pub fn reach_at(growth: &[Growth], hours: u32) -> Figure {
    let (Some(first), Some(last)) = (growth.first(), growth.last()) else {
        return Err(Missing::NoGrowth);
    };
    let until = first.at + TimeDelta::hours(i64::from(hours));
    // The record of hour N-1 covers views up to hour N: it must be there.
    if last.at < until - TimeDelta::hours(1) {
        return Err(Missing::NotYet { hours });
    }
    Ok(growth
        .iter()
        .take_while(|g| g.at < until)
        .map(|g| g.views)
        .sum())
}

/// CPM: `price` per thousand `views`.
pub fn cpm(price: Option<f64>, views: Figure) -> Figure {
    price_per(price, views, 1000.0, Missing::NoViews)
}

/// `price` per `unit` of `amount` (per thousand views, per subscriber): `none` when the amount
/// is not above 0, since a price spread over nothing has no value.
pub fn price_per(price: Option<f64>, amount: Figure, unit: f64, none: Missing) -> Figure {
    let amount = amount?;
    let price = price
        .filter(|p| p.is_finite() && *p >= 0.0)
        .ok_or(Missing::NoPrice)?;
    if amount <= 0.0 {
        return Err(none);
    }
    Ok(price / (amount / unit))
}

/// A price as typed: `1500`, `1 500`, `1,500.50` or `1500,5` (a lone comma with at most two
/// digits after it is a decimal comma); anything else is no price.
pub fn parse_price(text: &str) -> Option<f64> {
    let compact: String = text
        .chars()
        .filter(|c| !c.is_whitespace() && *c != '\u{a0}')
        .collect();
    if compact.is_empty() {
        return None;
    }
    let normal = match (compact.matches(',').count(), compact.contains('.')) {
        (1, false) if compact.rsplit(',').next().is_some_and(|d| d.len() <= 2) => {
            compact.replace(',', ".")
        }
        _ => compact.replace(',', ""),
    };
    crate::format::parse_decimal(&normal).filter(|p| *p >= 0.0)
}

/// A price as typed with its currency around it (`1 500 ₽`, `$200`, `1500 RUB`): the number and
/// the currency text as typed (empty when none); `None` when there is no number.
pub fn price_and_currency(text: &str) -> Option<(f64, String)> {
    let first = text.find(|c: char| c.is_ascii_digit())?;
    let last = text.rfind(|c: char| c.is_ascii_digit())?;
    let price = parse_price(&text[first..=last])?;
    let currency = format!("{} {}", text[..first].trim(), text[last + 1..].trim());
    Some((price, currency.trim().to_owned()))
}
