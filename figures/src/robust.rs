//! Robust statistics the health check and the reach profile share.
//!
//! - Median of a set = its middle value once sorted; the mean of the two middle values for an
//!   even count.
//! - MAD (median absolute deviation) = the median of |x − median|; × 1.4826 it estimates the
//!   standard deviation of normally spread values, yet one outlier barely moves it, so a bought
//!   jump cannot hide itself by widening what counts as normal.

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

/// The mean of `values`; `None` for none.
pub fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}
