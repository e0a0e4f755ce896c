//! Counts for people: compact (`12.3K`), grouped (`12,345,678`) and percent changes.

use super::Locale;

/// Units of compact numbers below the largest one, each a thousand times the previous.
const UNITS: [(u64, &str); 4] = [
    (1_000, "K"),
    (1_000_000, "M"),
    (1_000_000_000, "B"),
    (1_000_000_000_000, "T"),
];
/// The largest unit; i64 reaches about 9223Q, so nothing carries past it.
const TOP_UNIT: (u64, &str) = (1_000_000_000_000_000, "Q");

/// Shown for values that are not numbers (NaN, infinities).
const NOT_A_NUMBER: &str = "—";

const NO_BREAK_SPACE: char = '\u{a0}';

/// A count in at most three significant digits: `999`, `1.2K`, `12.3K`, `123K`, `4.5M`, `1.2B`.
///
/// Rounds half up; when rounding reaches a thousand it moves to the next unit (`999_950` is
/// `1M`, never `1000K`), and a zero decimal is dropped (`12K`).
pub fn compact(n: i64) -> String {
    let sign = if n < 0 { "-" } else { "" };
    // unsigned_abs, because `-i64::MIN` does not exist.
    let magnitude = n.unsigned_abs();
    if magnitude < 1_000 {
        return format!("{sign}{magnitude}");
    }
    let body = UNITS
        .iter()
        .find_map(|&unit| in_unit(magnitude, unit, true))
        .or_else(|| in_unit(magnitude, TOP_UNIT, false))
        .unwrap_or_default();
    format!("{sign}{body}")
}

/// `value` in `unit`, or `None` when it rounds to a thousand or more of it and `carry` allows
/// the next unit to take over.
fn in_unit(value: u64, (unit, suffix): (u64, &str), carry: bool) -> Option<String> {
    // u128: ten times the largest magnitude overflows u64.
    let (value, unit) = (u128::from(value), u128::from(unit));
    let tenths = (value * 10 + unit / 2) / unit;
    if tenths < 1_000 {
        return Some(match tenths % 10 {
            0 => format!("{}{suffix}", tenths / 10),
            decimal => format!("{}.{decimal}{suffix}", tenths / 10),
        });
    }
    let whole = (value + unit / 2) / unit;
    (whole < 1_000 || !carry).then(|| format!("{whole}{suffix}"))
}

/// Like [`compact`] for fractional values: below a thousand it keeps one decimal (`12.3`,
/// `0.5`), above it rounds to a whole count first. Values beyond i64 saturate; NaN and
/// infinities give `—`.
pub fn compact_f64(x: f64) -> String {
    if !x.is_finite() {
        return NOT_A_NUMBER.to_owned();
    }
    let tenths = (x * 10.0).round();
    if tenths.abs() < 10_000.0 {
        // Exact: |tenths| < 10_000 is an integer well inside i64.
        return with_one_decimal(tenths as i64, '.');
    }
    // `as` saturates at the ends of i64, which is the documented behaviour.
    compact(x.round() as i64)
}

/// `n` with its digits grouped by thousands: `12,345,678` in English, `12 345 678` (no-break
/// spaces, so a number never wraps across lines) in Russian.
pub fn group_thousands(n: i64, locale: Locale) -> String {
    let separator = match locale {
        Locale::En => ',',
        Locale::Ru => NO_BREAK_SPACE,
    };
    let digits = n.unsigned_abs().to_string();
    let mut out = String::with_capacity(digits.len() * 2 + 1);
    if n < 0 {
        out.push('-');
    }
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(separator);
        }
        out.push(digit);
    }
    out
}

/// `x` with `decimals` digits after the point and its whole part grouped by thousands:
/// `12,345.60` in English, `12 345,60` in Russian (no-break spaces). NaN and infinities, and
/// magnitudes past 10^15 where f64 no longer holds every cent, give `—`.
pub fn group_decimal(x: f64, decimals: usize, locale: Locale) -> String {
    let text = format!("{:.decimals$}", x.abs());
    if !x.is_finite() || x.abs() >= 1e15 {
        return NOT_A_NUMBER.to_owned();
    }
    let (whole, fraction) = text.split_once('.').unwrap_or((&text, ""));
    // The whole part is below 10^15: it fits i64.
    let whole: i64 = whole.parse().unwrap_or(0);
    let negative = x < 0.0 && text.chars().any(|c| c.is_ascii_digit() && c != '0');
    let mut out = String::new();
    if negative {
        out.push('-');
    }
    out.push_str(&group_thousands(whole, locale));
    if !fraction.is_empty() {
        out.push(match locale {
            Locale::En => '.',
            Locale::Ru => ',',
        });
        out.push_str(fraction);
    }
    out
}

/// Change from `from` to `to` in percent of `from` (`100 -> 150` is `50.0`); `None` when
/// `from` is 0 and no percentage exists. Relative to `|from|`, so growth is always positive.
pub fn percent_change(from: i64, to: i64) -> Option<f64> {
    if from == 0 {
        return None;
    }
    // f64 rather than integer arithmetic: `to - from` can overflow i64.
    let (from, to) = (from as f64, to as f64);
    Some((to - from) / from.abs() * 100.0)
}

/// A percent change with an explicit sign and one decimal at most: `+12.5%`, `-3%`, `0%`; in
/// Russian with a decimal comma and a no-break space, `+12,5 %`. NaN and infinities give `—`.
pub fn format_percent(percent: f64, locale: Locale) -> String {
    if !percent.is_finite() {
        return NOT_A_NUMBER.to_owned();
    }
    let tenths = (percent * 10.0).round();
    let sign = if tenths > 0.0 { "+" } else { "" };
    let number = if tenths.abs() < 1e17 {
        // Exact: the magnitude checked above fits i64.
        let tenths = tenths as i64;
        match locale {
            Locale::En => with_one_decimal(tenths, '.'),
            Locale::Ru => with_one_decimal(tenths, ','),
        }
    } else {
        // Absurd percentages (a count going from 1 to a quintillion) get a compact body.
        compact_f64(percent)
    };
    match locale {
        Locale::En => format!("{sign}{number}%"),
        Locale::Ru => format!("{sign}{number}{NO_BREAK_SPACE}%"),
    }
}

/// A rate in percent without a sign (ER, ERR, a share): one decimal, two below 1 % so that small
/// rates keep a digit (`3.2%`, `0.25%`, `140%`); in Russian `3,2 %`. Trailing zeros are dropped;
/// NaN and infinities give `—`.
pub fn format_rate(percent: f64, locale: Locale) -> String {
    if !percent.is_finite() {
        return NOT_A_NUMBER.to_owned();
    }
    let decimals = if percent.abs() < 1.0 { 2 } else { 1 };
    let text = format!("{percent:.decimals$}");
    let text = if text.contains('.') {
        text.trim_end_matches('0').trim_end_matches('.')
    } else {
        &text
    };
    let text = if text == "-0" { "0" } else { text };
    match locale {
        Locale::En => format!("{text}%"),
        Locale::Ru => format!("{}{NO_BREAK_SPACE}%", text.replace('.', ",")),
    }
}

/// `tenths / 10` with one decimal, dropped when zero; never `-0`.
fn with_one_decimal(tenths: i64, point: char) -> String {
    let sign = if tenths < 0 { "-" } else { "" };
    let magnitude = tenths.unsigned_abs();
    match magnitude % 10 {
        0 => format!("{sign}{}", magnitude / 10),
        decimal => format!("{sign}{}{point}{decimal}", magnitude / 10),
    }
}
