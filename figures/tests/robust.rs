//! The resistant slope on exact points.

use chanscope_figures::robust::resistant_slope;

#[test]
fn one_outlier_leaves_the_resistant_slope_exact() {
    // y = 2 x for x = 0..=8, but 1,000 at x = 8. Thirds x 0..=2 (medians 1 and 2) and x 6..=8
    // (medians 7 and 14: 12, 14, 1,000): (14 − 2) / (7 − 1) = 2.
    let mut points: Vec<(f64, f64)> = (0..9).map(|x| (f64::from(x), 2.0 * f64::from(x))).collect();
    points[8].1 = 1_000.0;
    assert_eq!(resistant_slope(&points, 0.0), 2.0);
}

#[test]
fn no_slope_over_too_short_a_run_or_too_few_points() {
    let points: Vec<(f64, f64)> = (0..9).map(|x| (f64::from(x), 3.0 * f64::from(x))).collect();
    // The thirds' medians are 6 apart: a run of 6 is enough, 6.5 is not.
    assert_eq!(resistant_slope(&points, 6.0), 3.0);
    assert_eq!(resistant_slope(&points, 6.5), 0.0);
    assert_eq!(resistant_slope(&points[..2], 0.0), 0.0);
    assert_eq!(resistant_slope(&[], 0.0), 0.0);
}
