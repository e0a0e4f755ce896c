//! The geometry of a line chart: scales, "nice" ticks and their labels, the SVG path, and where
//! the crosshair stops for the pointer and the keyboard. `components::chart` draws it.

use crate::figures::points::{Point, Series};
use crate::format::compact_f64;

/// How many series get colours of their own; further ones reuse them.
pub const PALETTE_SIZE: usize = 5;
/// A linear map from a domain to a pixel range; a domain of one value maps to the middle.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Scale {
    pub domain: (f64, f64),
    pub range: (f64, f64),
}

impl Scale {
    pub fn map(&self, value: f64) -> f64 {
        let (d0, d1) = self.domain;
        let (r0, r1) = self.range;
        if d1 == d0 {
            return (r0 + r1) / 2.0;
        }
        r0 + (value - d0) / (d1 - d0) * (r1 - r0)
    }

    /// The domain value at pixel `pixel` (the inverse of [`Scale::map`]).
    pub fn invert(&self, pixel: f64) -> f64 {
        let (d0, d1) = self.domain;
        let (r0, r1) = self.range;
        if r1 == r0 {
            return d0;
        }
        d0 + (pixel - r0) / (r1 - r0) * (d1 - d0)
    }
}

/// The "nice" step (1, 2 or 5 times a power of ten) at least as large as `raw`.
pub fn nice_step(raw: f64) -> f64 {
    if !raw.is_finite() || raw <= 0.0 {
        return 1.0;
    }
    let power = 10f64.powf(raw.log10().floor());
    let fraction = raw / power;
    let nice = if fraction <= 1.0 {
        1.0
    } else if fraction <= 2.0 {
        2.0
    } else if fraction <= 5.0 {
        5.0
    } else {
        10.0
    };
    nice * power
}

/// Ticks at a nice step covering `min..=max` with about `target` ticks; the first and last tick
/// enclose the data. A flat range is widened around its value so that the line sits mid-chart.
pub fn nice_ticks(min: f64, max: f64, target: usize) -> Vec<f64> {
    let (mut lo, mut hi) = if min <= max { (min, max) } else { (max, min) };
    if !lo.is_finite() || !hi.is_finite() {
        return vec![0.0, 1.0];
    }
    if lo == hi {
        let pad = if lo == 0.0 {
            1.0
        } else {
            (lo.abs() * 0.1).max(1.0)
        };
        lo -= pad;
        hi += pad;
    }
    let step = nice_step((hi - lo) / target.saturating_sub(1).max(1) as f64);
    let first = (lo / step).floor();
    let last = (hi / step).ceil();
    // Counting in whole steps keeps float error from piling up (0.1 + 0.2 …).
    ((first as i64)..=(last as i64))
        .map(|i| {
            let tick = i as f64 * step;
            // No "-0" labels.
            if tick == 0.0 {
                0.0
            } else {
                tick
            }
        })
        .collect()
}

/// The distinct x values of all series, ascending: the positions the crosshair can stop at.
pub fn slots(series: &[Series]) -> Vec<f64> {
    let mut xs: Vec<f64> = series
        .iter()
        .flat_map(|s| s.points.iter())
        .filter(|p| p.x.is_finite() && p.y.is_finite())
        .map(|p| p.x)
        .collect();
    xs.sort_by(f64::total_cmp);
    xs.dedup();
    xs
}

/// Indices of at most `max` slots of `count` to label, spread evenly and always including the
/// first and the last.
pub fn x_tick_indices(count: usize, max: usize) -> Vec<usize> {
    match (count, max) {
        (0, _) | (_, 0) => Vec::new(),
        (1, _) | (_, 1) => vec![0],
        _ => {
            let labels = count.min(max);
            let mut indices: Vec<usize> = (0..labels)
                .map(|i| (i * (count - 1) + (labels - 1) / 2) / (labels - 1))
                .collect();
            indices.dedup();
            indices
        }
    }
}

/// Y-axis labels: compact ("4.3K"), with as many decimals of the unit as it takes for
/// neighbouring ticks not to read the same ("4.35K", "4.4K" rather than "4.4K", "4.4K").
pub fn tick_labels(ticks: &[f64]) -> Vec<String> {
    let label = |t: f64, decimals: usize| {
        let (unit, suffix) = match t.abs() {
            a if a >= 1e9 => (1e9, "B"),
            a if a >= 1e6 => (1e6, "M"),
            a if a >= 1e3 => (1e3, "K"),
            _ => return compact_f64(t),
        };
        let text = format!("{:.*}", decimals, t / unit);
        let text = text.trim_end_matches('0').trim_end_matches('.');
        format!("{text}{suffix}")
    };
    (1..=4)
        .map(|decimals| {
            ticks
                .iter()
                .map(|t| label(*t, decimals))
                .collect::<Vec<_>>()
        })
        .find(|labels| labels.windows(2).all(|pair| pair[0] != pair[1]))
        .unwrap_or_else(|| ticks.iter().map(|t| compact_f64(*t)).collect())
}

/// An SVG path through the points, in order (`M x y L x y …`, one decimal).
pub fn line_path(points: &[(f64, f64)]) -> String {
    points
        .iter()
        .enumerate()
        .map(|(i, (x, y))| format!("{}{x:.1} {y:.1}", if i == 0 { "M" } else { "L" }))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The index of the slot nearest to `x`.
pub fn nearest_slot(slots: &[f64], x: f64) -> Option<usize> {
    let after = slots.partition_point(|s| *s < x);
    match (after.checked_sub(1), slots.get(after)) {
        (Some(before), Some(next)) => Some(if x - slots[before] <= next - x {
            before
        } else {
            after
        }),
        (Some(before), None) => Some(before),
        (None, Some(_)) => Some(0),
        (None, None) => None,
    }
}

/// Where the highlight goes for a key, or `None` for a key the chart does not use.
pub fn key_move(key: &str, current: Option<usize>, count: usize) -> Option<Option<usize>> {
    let last = count.checked_sub(1)?;
    Some(match key {
        "ArrowRight" => Some(current.map_or(0, |i| (i + 1).min(last))),
        "ArrowLeft" => Some(current.map_or(last, |i| i.saturating_sub(1))),
        "Home" => Some(0),
        "End" => Some(last),
        "Escape" => None,
        _ => return None,
    })
}

/// The point of `series` at slot value `x`.
pub fn point_at(series: &Series, x: f64) -> Option<&Point> {
    series.points.iter().find(|p| p.x == x && p.y.is_finite())
}

/// The class that gives the series at `index` its colour.
pub fn series_class(index: usize) -> String {
    format!("cs-series-{}", index % PALETTE_SIZE + 1)
}
