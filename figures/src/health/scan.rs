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
//!
//! Rises over days ([`DAYS_RISE`]: 36 to 96 hours) are read apart, and kept only where no
//! shorter rise was found and they have the shape of a purchase ([`shape`]): a box, an even rate
//! that starts and stops at once. A seller who drips bots over two days makes every window
//! inside the box move like its neighbours, so no window of a day is sudden; but a channel gone
//! viral also climbs for days, and it ramps up and fades where a box starts and stops at once.
//!
//! **Shape** of a rise ([`shape`]), read on the excess arrived since half its length before it
//! (each count less the first less the normal rate a slot):
//! - from the slot where half of the rise had arrived, back to the last slot with under
//!   [`EDGE_LOW`] of it and on to the first with all but [`EDGE_LOW`]; that span is split into a
//!   first quarter, a middle half and a last quarter, each read as its excess a slot;
//! - [`Shape::Sudden`]: two slots or fewer (or a span under four). [`Shape::Unclear`]: one
//!   slot's normal spread over a quarter's length is more than [`PART_NOISE`] of the rise's rate
//!   a slot: the counts cannot tell. [`Shape::Fading`]: the first quarter came [`FADE_RATIO`]
//!   times as fast as the last, as readers of a post do (an exponential gives about 8).
//!   [`Shape::Ramp`]: the middle came more than [`PEAKED`] times as fast as the quarters beside
//!   it (a smoothstep gives 1.4 whatever its length). [`Shape::Box`]: the middle within
//!   [`PEAKED`] of them, and the two quarters within [`EVEN`] of each other. Otherwise
//!   [`Shape::Uneven`].
//! - A box's own edges lie [`EDGE_LOW`] of its span beyond the span's: a rise over days that is
//!   a box is recut to them.
//! - A rise of a day or less that is a ramp whose middle leads by [`CLEAR_RAMP`] times the noise
//!   its parts were read with is growth passed from reader to reader, not a finding.

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
    /// Rises over days, kept only when box-shaped.
    pub days: &'static [usize],
}

/// Hourly counts: rises over 1 to 24 hours (a dump, or a drip over hours or a day; longer ones
/// are [`DAYS_RISE`]'s), losses over 1 to 96 hours (a purge over up to four days).
pub const HOURLY: Scales = Scales {
    rise: &[1, 3, 6, 12, 24],
    loss: &[1, 3, 6, 12, 24, 48, 72, 96],
    days: DAYS_RISE,
};
/// Rises over days on hourly counts, kept only when box-shaped (see the module's head).
pub const DAYS_RISE: &[usize] = &[36, 48, 72, 96];
/// A rise's shape is read between the slots where this share of it and all but this share had
/// arrived.
pub const EDGE_LOW: f64 = 0.05;
/// A middle half this many times faster than the quarters beside it is a ramp; a box's is
/// within the same factor of them.
pub const PEAKED: f64 = 1.2;
/// A box's first and last quarters are within this factor of each other.
pub const EVEN: f64 = 1.5;
/// A part's rate read with a noise over this share of the rise's rate is too coarse to tell.
pub const PART_NOISE: f64 = 0.15;
/// A rise of a day or less read as a ramp whose middle leads its quarters by this many times the
/// noise of its parts is growth, not a finding.
pub const CLEAR_RAMP: f64 = 2.5;

/// Daily counts: rises over 1 or 2 days, losses over 1 to 3.
pub const DAILY: Scales = Scales {
    rise: &[1, 2],
    loss: &[1, 2, 3],
    days: &[],
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
    /// A rise's shape; `None` for a loss.
    pub shape: Option<Shape>,
}

/// The events of `series`, rises and losses in time order, against normals that leave out the
/// windows overlapping `excluded` (slot ranges of known causes).
pub fn events(series: &Series, scales: Scales, excluded: &[(usize, usize)]) -> Vec<Event> {
    let scan = |rise: bool, lens: &[usize]| -> Vec<Event> {
        let windows = qualifying(series, rise, lens, excluded);
        merge(windows)
            .into_iter()
            .filter_map(|(a, b)| extent(series, rise, a, b, excluded))
            .collect()
    };
    let mut found = scan(true, scales.rise);
    let rate = normal_rate(series, excluded);
    let spread = series.normal(1, excluded).map_or(1.0, |n| n.spread);
    // Slowly faster, then slower: growth passed from reader to reader, not a purchase, where
    // the middle's lead over the quarters is [`CLEAR_RAMP`] times the noise its parts were read
    // with; noise can make a drip of hours look like a ramp.
    found.retain_mut(|rise| {
        let outline = shape(series, rise.start, rise.end, rate, spread);
        rise.shape = Some(outline.shape);
        !(outline.shape == Shape::Ramp && outline.peak - 1.0 >= CLEAR_RAMP * outline.noise)
    });
    // A box over days stands for the shorter rises within it (pieces of its edges).
    for long in scan(true, scales.days) {
        let outline = shape(series, long.start, long.end, rate, spread);
        if outline.shape != Shape::Box {
            continue;
        }
        let Some(boxed) = recut(series, &long, outline, excluded) else {
            continue;
        };
        let overlaps = |e: &Event| e.start <= boxed.end && boxed.start <= e.end;
        if found
            .iter()
            .filter(|e| overlaps(e))
            .all(|e| boxed.start <= e.start && e.end <= boxed.end + 1 && e.excess < boxed.excess)
        {
            found.retain(|e| !overlaps(e));
            found.push(boxed);
        }
    }
    found.extend(scan(false, scales.loss));
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

/// `event` cut to the onset and the stop of its box.
fn recut(
    series: &Series,
    event: &Event,
    outline: Outline,
    excluded: &[(usize, usize)],
) -> Option<Event> {
    // The nearest filled slots outside the box's edges.
    let start = (0..=outline.onset)
        .rev()
        .find(|&i| series.at(i).is_some())?;
    let end = (outline.stop..series.counts.len()).find(|&i| series.at(i).is_some())?;
    let change = series.change(start, end - start)?;
    let normal = series.normal(end - start, excluded)?;
    let excess = directed(true, change as f64, &normal);
    Some(Event {
        start,
        end,
        change,
        excess,
        spreads: excess / normal.spread,
        shape: Some(Shape::Box),
        ..event.clone()
    })
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
        shape: None,
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

/// The shape of a rise (see the module's head).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// Within two slots: too short to have a shape.
    Sudden,
    /// An even rate that starts and stops at once: how purchases are delivered.
    Box,
    /// Most at once, then less and less: readers answering a post.
    Fading,
    /// Slowly faster, then slower: growth passed from reader to reader.
    Ramp,
    /// None of these.
    Uneven,
    /// Its rate is too small against the counts' noise to tell.
    Unclear,
}

impl Shape {
    /// The name in the page's `data-shape`.
    pub fn as_str(self) -> &'static str {
        match self {
            Shape::Sudden => "sudden",
            Shape::Box => "box",
            Shape::Fading => "fading",
            Shape::Ramp => "ramp",
            Shape::Uneven => "uneven",
            Shape::Unclear => "unclear",
        }
    }
}

/// A rise's shape, with the slots where it starts and stops as its shape reads them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outline {
    pub shape: Shape,
    pub onset: usize,
    pub stop: usize,
    /// The noise its parts' rates were read with, as a share of the rise's rate.
    pub noise: f64,
    /// How much faster its middle half came than the quarters beside it.
    pub peak: f64,
}

/// The shape of the rise over `start..=end`, against the normal `rate` a slot and one slot's
/// normal `spread` (see the module's head).
pub fn shape(series: &Series, start: usize, end: usize, rate: f64, spread: f64) -> Outline {
    let outline = |shape| Outline {
        shape,
        onset: start,
        stop: end,
        noise: f64::INFINITY,
        peak: 1.0,
    };
    let len = end - start;
    if len <= 2 {
        return outline(Shape::Sudden);
    }
    let last = series.counts.len() - 1;
    let from = start.saturating_sub(len / 2);
    let to = (end + len / 2).min(last);
    let Some(base) = series.at(from) else {
        return outline(Shape::Unclear);
    };
    // The excess arrived by each filled slot since `from`.
    let arrived: Vec<(usize, f64)> = (from..=to)
        .filter_map(|i| Some((i, (series.at(i)? - base) as f64 - rate * (i - from) as f64)))
        .collect();
    let total = arrived
        .iter()
        .filter(|(i, _)| *i >= start)
        .map(|p| p.1)
        .fold(f64::MIN, f64::max);
    if total <= 0.0 {
        return outline(Shape::Uneven);
    }
    // From the slot where half had arrived: back to the last slot before it with under the
    // edge's share, and on to the first with all but it. Read outwards from the middle, so that
    // a reading that noise lifted before the rise does not stand for its start.
    let Some(half) = arrived.iter().position(|p| p.1 >= total / 2.0) else {
        return outline(Shape::Unclear);
    };
    let low = arrived[..half]
        .iter()
        .rev()
        .find(|p| p.1 < EDGE_LOW * total)
        .map(|p| p.0);
    let high = arrived[half..]
        .iter()
        .find(|p| p.1 >= (1.0 - EDGE_LOW) * total)
        .map(|p| p.0);
    let (Some(low), Some(high)) = (low, high) else {
        return outline(Shape::Unclear);
    };
    let span = high.saturating_sub(low);
    if span < 4 {
        return outline(Shape::Sudden);
    }
    let quarter = span / 4;
    // The excess a slot from slot `a` to slot `b`, read between the filled slots nearest them
    // (within two).
    let per_slot = |a: usize, b: usize| {
        let a = (a.saturating_sub(2)..=a)
            .rev()
            .find(|&i| series.at(i).is_some())?;
        let b = (b..=b + 2).find(|&i| series.at(i).is_some())?;
        let c = series.change(a, b - a)? as f64;
        Some(c / (b - a) as f64 - rate)
    };
    let parts = (
        per_slot(low, low + quarter),
        per_slot(low + quarter, high - quarter),
        per_slot(high - quarter, high),
    );
    let (Some(first), Some(middle), Some(last_part)) = parts else {
        return outline(Shape::Unclear);
    };
    // Each part's rate is read to about one slot's spread over its length.
    let r = total * (1.0 - 2.0 * EDGE_LOW) / span as f64;
    let noise = spread / (quarter as f64 * r);
    if noise > PART_NOISE {
        return outline(Shape::Unclear);
    }
    let outer = (first + last_part) / 2.0;
    let shape = if first > 0.0 && first >= FADE_RATIO * last_part.max(0.0) {
        Shape::Fading
    } else if middle > PEAKED * outer {
        Shape::Ramp
    } else if middle >= outer / PEAKED && first <= EVEN * last_part && last_part <= EVEN * first {
        Shape::Box
    } else {
        Shape::Uneven
    };
    // A box's own edges lie the share below `low` and above `high` further out.
    let widen = (span as f64 * EDGE_LOW / (1.0 - 2.0 * EDGE_LOW)).round() as usize;
    Outline {
        shape,
        onset: low.saturating_sub(widen).max(from),
        stop: (high + widen).min(to),
        noise,
        peak: middle / outer,
    }
}

/// The normal rate per slot, for [`fades`].
pub fn rate(series: &Series, excluded: &[(usize, usize)]) -> f64 {
    normal_rate(series, excluded)
}
