//! Rises and losses beyond a channel's normal, at every time scale, merged into events.
//!
//! For each length `L` of [`Scales`] and each window of `L` slots (`t..t + L`, both filled):
//! - excess = the window's change − the normal change over `L` slots (a loss: the other way);
//! - the window **qualifies** when its excess is more than [`SPREADS`] spreads, at least the
//!   floor ([`floor`]: [`MIN_SHARE`] of the count at its start and [`MIN_SUBSCRIBERS`]), and it
//!   is **sudden**: still more than [`SPREADS`] spreads beyond normal once [`SUDDEN`] times the
//!   larger excess of its two neighbours (the window of `L` just before it and the one just
//!   after; a missing one counts as no excess) is taken off. Bought subscribers start
//!   and stop at once; a channel gone viral climbs for days, and each of its windows has
//!   neighbours that climbed nearly as much.
//! - Qualifying windows that overlap or touch are one event. Its extent is the shortest stretch
//!   of the merged windows holding [`EXTENT_SHARE`] of their largest excess (excess per slot is
//!   measured against the normal rate: the normal change over the shortest length ÷ that
//!   length), widened by each next slot that still moved by [`EXTEND_SHARE`] of its mean
//!   excess a slot; so a dump within one hour is one hour long whatever window found it, and a
//!   drip is as long as the drip.
//! - The event's distance beyond normal is its excess in spreads of the normal over its own
//!   length.

use super::series::{Normal, Series};

/// A window is beyond normal above this many spreads.
pub const SPREADS: f64 = 6.0;
/// …and sudden when its excess is this many times that of each neighbouring window.
pub const SUDDEN: f64 = 3.0;
/// The floor of an event: this share of the count before it…
pub const MIN_SHARE: f64 = 0.005;
/// …and this many subscribers, whichever is larger.
pub const MIN_SUBSCRIBERS: i64 = 100;
/// An event's extent holds this share of the largest excess of its windows…
pub const EXTENT_SHARE: f64 = 0.9;
/// …and the neighbouring slots that moved by at least this share of its mean excess a slot.
pub const EXTEND_SHARE: f64 = 0.25;

/// Window lengths in slots: rises, then losses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scales {
    pub rise: &'static [usize],
    pub loss: &'static [usize],
}

/// Hourly counts: rises over 1 to 24 hours (a dump, or a drip over hours or a day), losses over
/// 1 to 72 hours (a purge over a day or two).
pub const HOURLY: Scales = Scales {
    rise: &[1, 3, 6, 12, 24],
    loss: &[1, 3, 6, 12, 24, 48, 72],
};
/// Daily counts: rises over 1 or 2 days, losses over 1 to 3.
pub const DAILY: Scales = Scales {
    rise: &[1, 2],
    loss: &[1, 2, 3],
};

/// The smallest excess an event can have at a count of `count`.
pub fn floor(count: i64) -> f64 {
    (MIN_SHARE * count as f64).max(MIN_SUBSCRIBERS as f64)
}

/// A rise or a loss beyond normal.
#[derive(Clone, Debug, PartialEq)]
pub struct Event {
    pub rise: bool,
    /// Slots of its first and last counts.
    pub start: usize,
    pub end: usize,
    /// The count at its end − the count at its start.
    pub change: i64,
    /// The change beyond the normal change over as many slots, in the event's direction.
    pub excess: f64,
    /// `excess` in spreads of the normal over as many slots.
    pub spreads: f64,
}

/// The events of `series`, rises and losses in time order, against normals that leave out the
/// windows overlapping `excluded` (slot ranges of known causes).
pub fn events(series: &Series, scales: Scales, excluded: &[(usize, usize)]) -> Vec<Event> {
    let mut found: Vec<Event> = [true, false]
        .into_iter()
        .flat_map(|rise| {
            let lens = if rise { scales.rise } else { scales.loss };
            let windows = qualifying(series, rise, lens, excluded);
            merge(windows)
                .into_iter()
                .filter_map(|(a, b)| extent(series, rise, a, b, excluded))
                .collect::<Vec<_>>()
        })
        .collect();
    found.sort_by_key(|e| e.start);
    found
}

/// The excess of a change, in the direction of `rise`.
fn directed(rise: bool, change: f64, normal: &Normal) -> f64 {
    if rise {
        change - normal.median
    } else {
        normal.median - change
    }
}

/// The qualifying windows, as slot ranges.
fn qualifying(
    series: &Series,
    rise: bool,
    lens: &[usize],
    excluded: &[(usize, usize)],
) -> Vec<(usize, usize)> {
    let mut windows = Vec::new();
    for &len in lens {
        let Some(normal) = series.normal(len, excluded) else {
            continue;
        };
        let last = series.counts.len() - 1;
        // A neighbour cut short by the start or the end of the counts is read over the part
        // there is, scaled to `len`, when that part is at least a quarter of it: a window near
        // the end is held to what the hours after it did, not taken as sudden for want of them.
        let excess = |from: usize, to: usize| {
            let part = to.saturating_sub(from);
            if part == 0 || part * 4 < len {
                return 0.0;
            }
            series.change(from, part).map_or(0.0, |c| {
                let scale = len as f64 / part as f64;
                directed(rise, c as f64 * scale, &normal)
            })
        };
        for t in 0..series.counts.len().saturating_sub(len) {
            let (Some(before), Some(change)) = (series.at(t), series.change(t, len)) else {
                continue;
            };
            let e = directed(rise, change as f64, &normal);
            if e <= SPREADS * normal.spread || e < floor(before) {
                continue;
            }
            let neighbours =
                excess(t.saturating_sub(len), t).max(excess(t + len, (t + 2 * len).min(last)));
            // Beyond normal even after [`SUDDEN`] times its neighbours' excess is set aside: a
            // noisy neighbour that happened to read low does not make a climb sudden.
            if e - SUDDEN * neighbours.max(0.0) > SPREADS * normal.spread {
                windows.push((t, t + len));
            }
        }
    }
    windows
}

/// Ranges that overlap or touch, merged; in order.
fn merge(mut windows: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    windows.sort_unstable();
    let mut merged: Vec<(usize, usize)> = Vec::new();
    for (a, b) in windows {
        match merged.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    merged
}

/// The normal rate per slot: the normal over the shortest length that has one, ÷ that length.
fn normal_rate(series: &Series, excluded: &[(usize, usize)]) -> f64 {
    (1..=series.per_day())
        .find_map(|len| Some(series.normal(len, excluded)?.median / len as f64))
        .unwrap_or(0.0)
}

/// The event within the merged windows `a..=b`.
fn extent(
    series: &Series,
    rise: bool,
    a: usize,
    b: usize,
    excluded: &[(usize, usize)],
) -> Option<Event> {
    let rate = normal_rate(series, excluded);
    let filled: Vec<(usize, f64)> = (a..=b)
        .filter_map(|i| Some((i, series.at(i)? as f64 - rate * (i - a) as f64)))
        .collect();
    let sign = if rise { 1.0 } else { -1.0 };
    let mut pairs = Vec::new();
    for (x, &(i, p)) in filled.iter().enumerate() {
        for &(j, q) in &filled[x + 1..] {
            pairs.push((i, j, sign * (q - p)));
        }
    }
    let most = pairs.iter().map(|p| p.2).fold(f64::MIN, f64::max);
    let (mut start, mut end, excess) = pairs
        .into_iter()
        .filter(|p| p.2 >= EXTENT_SHARE * most)
        .min_by(|x, y| (x.1 - x.0).cmp(&(y.1 - y.0)).then(y.2.total_cmp(&x.2)))?;
    // The share cuts the last slots of an even drip too: take back each neighbouring slot that
    // still moved by [`EXTEND_SHARE`] of the extent's mean excess a slot.
    let keep = EXTEND_SHARE * excess / (end - start) as f64;
    let moved = |from: usize| {
        let (p, q) = (series.at(from)?, series.at(from + 1)?);
        Some(sign * ((q - p) as f64 - rate))
    };
    while start > a && moved(start - 1).is_some_and(|x| x >= keep) {
        start -= 1;
    }
    while end < b && moved(end).is_some_and(|x| x >= keep) {
        end += 1;
    }
    let change = series.change(start, end - start)?;
    let len = end - start;
    let normal = series.normal(len, excluded).unwrap_or(Normal {
        median: rate * len as f64,
        spread: 1.0,
    });
    let excess = directed(rise, change as f64, &normal);
    Some(Event {
        rise,
        start,
        end,
        change,
        excess,
        spreads: excess / normal.spread,
    })
}

/// Whether a rise over `start..=end` fades as an advert's response does: its first third brought
/// at least [`FADE_RATIO`] times its last third (each slot's change beyond the normal `rate`).
/// Rises of under three slots have no shape to tell.
pub fn fades(series: &Series, start: usize, end: usize, rate: f64) -> bool {
    let len = end - start;
    if len < 3 {
        return false;
    }
    let third = len / 3;
    let part = |from: usize, to: usize| {
        series
            .change(from, to - from)
            .map(|c| c as f64 - rate * (to - from) as f64)
    };
    match (part(start, start + third), part(end - third, end)) {
        (Some(first), Some(last)) => first > 0.0 && first >= FADE_RATIO * last.max(0.0),
        _ => false,
    }
}

/// See [`fades`].
pub const FADE_RATIO: f64 = 2.5;

/// The normal rate per slot, for [`fades`].
pub fn rate(series: &Series, excluded: &[(usize, usize)]) -> f64 {
    normal_rate(series, excluded)
}
