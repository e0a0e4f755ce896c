//! Robust statistics the health check and the reach profile share.
//!
//! - Median of a set = its middle value once sorted; the mean of the two middle values for an
//!   even count.
//! - MAD (median absolute deviation) = the median of |x − median|; × 1.4826 it estimates the
//!   standard deviation of normally spread values, yet one outlier barely moves it, so a bought
//!   jump cannot hide itself by widening what counts as normal.
//! - Resistant slope of points in x order (Tukey's resistant line) = (median y of the last third
//!   − median y of the first third) / (median x of the last third − median x of the first
//!   third). Outliers move it only when they fill half of a third.

/// 1.4826 × MAD estimates σ for normally spread values.
pub const MAD_TO_SIGMA: f64 = 1.4826;

/// The median of `values` (NaN left out); `None` when none is left.
pub fn median(values: &[f64]) -> Option<f64> {
    let mut sorted: Vec<f64> = values.iter().copied().filter(|v| !v.is_nan()).collect();
    if sorted.is_empty() {
        return None;
    }
    sorted.sort_by(f64::total_cmp);
    let mid = sorted.len() / 2;
    Some(if sorted.len() % 2 == 1 {
        sorted[mid]
    } else {
        (sorted[mid - 1] + sorted[mid]) / 2.0
    })
}

/// The median and the median absolute deviation of `values`.
pub fn median_and_mad(values: &[f64]) -> Option<(f64, f64)> {
    let middle = median(values)?;
    let deviations: Vec<f64> = values.iter().map(|v| (v - middle).abs()).collect();
    Some((middle, median(&deviations)?))
}

/// The resistant slope of `points` (`(x, y)`, x ascending): 0 for fewer than 3 points, or when
/// the median x of the first and the last third are less than `least_run` apart (and more
/// than 0).
pub fn resistant_slope(points: &[(f64, f64)], least_run: f64) -> f64 {
    let third = points.len() / 3;
    if third == 0 {
        return 0.0;
    }
    let medians = |part: &[(f64, f64)]| {
        let xs: Vec<f64> = part.iter().map(|p| p.0).collect();
        let ys: Vec<f64> = part.iter().map(|p| p.1).collect();
        median(&xs).zip(median(&ys))
    };
    match (
        medians(&points[..third]),
        medians(&points[points.len() - third..]),
    ) {
        (Some((x0, y0)), Some((x1, y1))) if x1 - x0 >= least_run && x1 > x0 => {
            (y1 - y0) / (x1 - x0)
        }
        _ => 0.0,
    }
}

/// The mean of `values`; `None` for none.
pub fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}
