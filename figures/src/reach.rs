//! Reach of a post at 12, 24 and 48 hours from its hourly view growth, ERR24, and the CPM of an
//! ad post for a price the user types.
//!
//! - Reach at N hours = the views accumulated in the first N hours: the sum of the hourly growth
//!   records from the first (the hour of publication) up to, not including, hour N.
//! - ERR24 = reach at 24 hours / the channel's subscribers × 100 %.
//! - CPM = price / (views / 1000), at 24 h, at 48 h and for all views.
//! - Price per unit of an amount = price / (amount / unit): CPM, and a campaign's cost per
//!   subscriber (`campaign.rs`).

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

/// Why a price as typed cannot be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PriceError {
    /// There is no digit in it.
    NoNumber,
    /// It is below 0.
    Negative,
    /// A character inside the number that is neither a digit nor a separator (`1 5x00`).
    Stray(char),
    /// Thousands not in groups of three (`15 00`, `1,50,000`), or two separators in a row.
    Grouping,
    /// More than one decimal mark, or a thousands separator after the decimal mark
    /// (`1.500,5.0`, `1,5 000`).
    Marks,
}

/// A separator between the digit groups of a price.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Separator {
    Space,
    Mark(char),
}

/// A price as people type it, or why it cannot be read; never a misreading.
///
/// - Spaces (also no-break and thin spaces) only separate thousands: `1 500`.
/// - With both `.` and `,`, the last one is the decimal mark and the other separates thousands:
///   `1,500.50` and `1.500,50` are both 1500.5.
/// - With spaces and one of `.` or `,`, that mark is the decimal mark: `1 500,50`.
/// - A mark that appears twice or more separates thousands: `1.500.000`.
/// - A single mark followed by exactly three digits separates thousands (`1,500` and `1.500` are
///   1500), unless the digits before it are all zeros (`0.500` is 0.5); any other single mark is
///   the decimal mark (`1500,5`, `1.50`).
/// - Thousands come in groups of exactly three after the first group of one to three digits;
///   anything else (`15 00`) is refused rather than guessed.
pub fn parse_price(text: &str) -> Result<f64, PriceError> {
    let text = text.trim();
    if text.starts_with(['-', '\u{2212}']) {
        return Err(PriceError::Negative);
    }
    if !text.chars().any(|c| c.is_ascii_digit()) {
        return Err(PriceError::NoNumber);
    }
    let mut groups: Vec<String> = vec![String::new()];
    let mut separators: Vec<Separator> = Vec::new();
    for c in text.chars() {
        let separator = match c {
            '0'..='9' => {
                if let Some(group) = groups.last_mut() {
                    group.push(c);
                }
                continue;
            }
            '.' | ',' => Separator::Mark(c),
            c if c.is_whitespace() || c == '\u{a0}' || c == '\u{202f}' => Separator::Space,
            c => return Err(PriceError::Stray(c)),
        };
        let after_digits = groups.last().is_some_and(|g| !g.is_empty());
        match (after_digits, separator) {
            (true, _) => {
                separators.push(separator);
                groups.push(String::new());
            }
            // Runs of spaces are one space.
            (false, Separator::Space) if separators.last() == Some(&Separator::Space) => {}
            _ => return Err(PriceError::Grouping),
        }
    }
    if groups.iter().any(String::is_empty) {
        return Err(PriceError::Grouping);
    }
    let marks: Vec<char> = separators
        .iter()
        .filter_map(|s| match s {
            Separator::Mark(c) => Some(*c),
            Separator::Space => None,
        })
        .collect();
    let last_is_mark = matches!(separators.last(), Some(Separator::Mark(_)));
    let decimal = match marks.as_slice() {
        [] => None,
        [.., last] if marks.iter().any(|m| m != last) => {
            // Both marks: the last one is the decimal mark, once, and last of all.
            if !last_is_mark || marks.iter().filter(|m| *m == last).count() > 1 {
                return Err(PriceError::Marks);
            }
            Some(*last)
        }
        [mark] if separators.contains(&Separator::Space) => {
            if !last_is_mark {
                return Err(PriceError::Marks);
            }
            Some(*mark)
        }
        [mark] => {
            let zeros = groups[0].chars().all(|c| c == '0');
            let thousands = groups.get(1).is_some_and(|g| g.len() == 3) && !zeros;
            (!thousands).then_some(*mark)
        }
        // One mark, again and again: thousands.
        _ => None,
    };
    let (whole, fraction) = match decimal {
        Some(_) => groups.split_at(groups.len() - 1),
        None => (&groups[..], &[][..]),
    };
    // Thousands separators must be of one kind.
    let thousands: Vec<&Separator> = separators.iter().take(whole.len() - 1).collect();
    if thousands.windows(2).any(|w| w[0] != w[1]) {
        return Err(PriceError::Marks);
    }
    let grouped =
        whole.len() == 1 || (whole[0].len() <= 3 && whole[1..].iter().all(|g| g.len() == 3));
    if !grouped {
        return Err(PriceError::Grouping);
    }
    let mut number: String = whole.concat();
    if let Some(fraction) = fraction.first() {
        number.push('.');
        number.push_str(fraction);
    }
    crate::format::parse_decimal(&number).ok_or(PriceError::NoNumber)
}

/// A price as typed with its currency around it (`1 500 ₽`, `$200`, `1.500,50 €`, `1,500
/// руб`): the number ([`parse_price`]) and the currency text as typed (empty when none).
pub fn price_and_currency(text: &str) -> Result<(f64, String), PriceError> {
    let first = text
        .find(|c: char| c.is_ascii_digit())
        .ok_or(PriceError::NoNumber)?;
    let last = text
        .rfind(|c: char| c.is_ascii_digit())
        .ok_or(PriceError::NoNumber)?;
    let (before, after) = (text[..first].trim(), text[last + 1..].trim());
    if before.contains(['-', '\u{2212}']) {
        return Err(PriceError::Negative);
    }
    let price = parse_price(&text[first..=last])?;
    let currency = format!("{before} {after}");
    Ok((price, currency.trim().to_owned()))
}
