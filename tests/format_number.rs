//! Compact, grouped and percent numbers.

use chanscope::format::{
    compact, compact_f64, format_percent, group_thousands, percent_change, Locale,
};

#[test]
fn compact_at_every_boundary() {
    let cases: [(i64, &str); 27] = [
        (0, "0"),
        (7, "7"),
        (999, "999"),
        (1_000, "1K"),
        (1_049, "1K"),
        (1_050, "1.1K"),
        (1_234, "1.2K"),
        (9_949, "9.9K"),
        (9_950, "10K"),
        (12_000, "12K"),
        (12_345, "12.3K"),
        (99_949, "99.9K"),
        (99_950, "100K"),
        (123_456, "123K"),
        (999_499, "999K"),
        (999_500, "1M"),
        (999_950, "1M"),
        (1_000_000, "1M"),
        (4_500_000, "4.5M"),
        (999_999_999, "1B"),
        (1_200_000_000, "1.2B"),
        (12_340_000_000, "12.3B"),
        (1_000_000_000_000, "1T"),
        (999_500_000_000_000, "1Q"),
        (1_500_000_000_000_000, "1.5Q"),
        (i64::MAX, "9223Q"),
        (-1_234, "-1.2K"),
    ];
    for (n, expected) in cases {
        assert_eq!(compact(n), expected, "{n}");
    }
    assert_eq!(compact(-999), "-999");
    assert_eq!(compact(-999_950), "-1M");
    assert_eq!(compact(i64::MIN), "-9223Q");
}

#[test]
fn compact_fractions() {
    assert_eq!(compact_f64(0.0), "0");
    assert_eq!(compact_f64(-0.04), "0");
    assert_eq!(compact_f64(0.5), "0.5");
    assert_eq!(compact_f64(12.34), "12.3");
    assert_eq!(compact_f64(12.0), "12");
    assert_eq!(compact_f64(-3.25), "-3.3");
    assert_eq!(compact_f64(999.94), "999.9");
    assert_eq!(compact_f64(999.96), "1K");
    assert_eq!(compact_f64(12_345.6), "12.3K");
    assert_eq!(compact_f64(-4_500_000.0), "-4.5M");
    assert_eq!(compact_f64(1e30), "9223Q");
    assert_eq!(compact_f64(f64::NAN), "—");
    assert_eq!(compact_f64(f64::NEG_INFINITY), "—");
}

#[test]
fn grouped_thousands_in_both_locales() {
    assert_eq!(group_thousands(12_345_678, Locale::En), "12,345,678");
    assert_eq!(
        group_thousands(12_345_678, Locale::Ru),
        "12\u{a0}345\u{a0}678"
    );
    assert_eq!(group_thousands(0, Locale::En), "0");
    assert_eq!(group_thousands(999, Locale::En), "999");
    assert_eq!(group_thousands(1_000, Locale::En), "1,000");
    assert_eq!(group_thousands(100_000, Locale::Ru), "100\u{a0}000");
    assert_eq!(group_thousands(-1_234_567, Locale::En), "-1,234,567");
    assert_eq!(group_thousands(-999, Locale::En), "-999");
    assert_eq!(
        group_thousands(i64::MIN, Locale::En),
        "-9,223,372,036,854,775,808"
    );
    assert_eq!(
        group_thousands(i64::MAX, Locale::En),
        "9,223,372,036,854,775,807"
    );
}

#[test]
fn percent_changes() {
    assert_eq!(percent_change(100, 150), Some(50.0));
    assert_eq!(percent_change(200, 150), Some(-25.0));
    assert_eq!(percent_change(100, 100), Some(0.0));
    assert_eq!(percent_change(0, 100), None);
    assert_eq!(percent_change(0, 0), None);
    // Growth from a negative base still reads as growth.
    assert_eq!(percent_change(-100, -50), Some(50.0));
    // No overflow where `to - from` leaves i64.
    let extreme = percent_change(i64::MIN, i64::MAX).unwrap();
    assert!((extreme - 200.0).abs() < 1e-9, "{extreme}");
}

#[test]
fn formatted_percentages() {
    assert_eq!(format_percent(12.5, Locale::En), "+12.5%");
    assert_eq!(format_percent(12.5, Locale::Ru), "+12,5\u{a0}%");
    assert_eq!(format_percent(-3.04, Locale::En), "-3%");
    assert_eq!(format_percent(100.0, Locale::En), "+100%");
    assert_eq!(format_percent(0.04, Locale::En), "0%");
    assert_eq!(format_percent(-0.04, Locale::Ru), "0\u{a0}%");
    assert_eq!(format_percent(f64::NAN, Locale::En), "—");
    assert_eq!(format_percent(1e300, Locale::En), "+9223Q%");
}
