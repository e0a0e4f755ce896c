//! Compact, grouped and percent numbers.

use chanscope_api::format::{
    compact, compact_f64, format_percent, group_decimal, group_thousands, parse_decimal,
    percent_change, Locale,
};
use Locale::{En, Ru};

#[test]
fn compact_at_every_boundary() {
    let cases: [(i64, &str); 31] = [
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
        (999_500_000_000_000_000, "1000Q"),
        (i64::MAX, "9223Q"),
        (-1_234, "-1.2K"),
        (-999, "-999"),
        (-999_950, "-1M"),
        (i64::MIN, "-9223Q"),
    ];
    for (n, expected) in cases {
        assert_eq!(compact(n), expected, "{n}");
    }
}

#[test]
fn compact_fractions() {
    for (x, expected) in [
        (0.0, "0"),
        (-0.04, "0"),
        (0.5, "0.5"),
        (12.34, "12.3"),
        (12.0, "12"),
        (-3.25, "-3.3"),
        (999.94, "999.9"),
        (999.96, "1K"),
        (12_345.6, "12.3K"),
        (-4_500_000.0, "-4.5M"),
        (1e30, "9223Q"),
        (f64::NAN, "—"),
        (f64::NEG_INFINITY, "—"),
    ] {
        assert_eq!(compact_f64(x), expected, "{x:?}");
    }
}

#[test]
fn grouped_thousands_in_both_locales() {
    for (n, locale, expected) in [
        (12_345_678, En, "12,345,678"),
        (12_345_678, Ru, "12\u{a0}345\u{a0}678"),
        (0, En, "0"),
        (999, En, "999"),
        (1_000, En, "1,000"),
        (100_000, Ru, "100\u{a0}000"),
        (-1_234_567, En, "-1,234,567"),
        (-999, En, "-999"),
        (i64::MIN, En, "-9,223,372,036,854,775,808"),
        (i64::MAX, En, "9,223,372,036,854,775,807"),
    ] {
        assert_eq!(group_thousands(n, locale), expected, "{n} {locale:?}");
    }
}

#[test]
fn decimals_grouped() {
    use Locale::{En, Ru};
    for (x, decimals, locale, expected) in [
        (10_344.834, 2, En, "10,344.83"),
        (10_344.834, 2, Ru, "10\u{a0}344,83"),
        (2_400.0, 2, En, "2,400.00"),
        (1_542.04, 1, En, "1,542.0"),
        (0.92, 2, Ru, "0,92"),
        (-1_234.56, 1, En, "-1,234.6"),
        (-0.001, 2, En, "0.00"),
        (999.999, 2, En, "1,000.00"),
        (7.0, 0, En, "7"),
        (f64::NAN, 2, En, "—"),
        (1e15, 2, En, "—"),
    ] {
        assert_eq!(
            group_decimal(x, decimals, locale),
            expected,
            "{x} {decimals} {locale:?}"
        );
    }
}

#[test]
fn percent_changes() {
    for (from, to, expected) in [
        (100, 150, Some(50.0)),
        (200, 150, Some(-25.0)),
        (100, 100, Some(0.0)),
        (0, 100, None),
        (0, 0, None),
        // Growth from a negative base still reads as growth.
        (-100, -50, Some(50.0)),
    ] {
        assert_eq!(percent_change(from, to), expected, "{from} -> {to}");
    }
    // No overflow where `to - from` leaves i64.
    let extreme = percent_change(i64::MIN, i64::MAX).unwrap();
    assert!((extreme - 200.0).abs() < 1e-9, "{extreme}");
}

#[test]
fn formatted_percentages() {
    for (x, locale, expected) in [
        (12.5, En, "+12.5%"),
        (12.5, Ru, "+12,5\u{a0}%"),
        (-3.04, En, "-3%"),
        (100.0, En, "+100%"),
        (0.04, En, "0%"),
        (-0.04, Ru, "0\u{a0}%"),
        (f64::NAN, En, "—"),
        (1e300, En, "+9223Q%"),
    ] {
        assert_eq!(format_percent(x, locale), expected, "{x:?} {locale:?}");
    }
}

#[test]
fn rates_keep_a_digit_below_one_percent() {
    use chanscope_api::format::format_rate;
    assert_eq!(format_rate(3.0, Locale::En), "3%");
    assert_eq!(format_rate(3.24, Locale::En), "3.2%");
    assert_eq!(format_rate(0.25, Locale::En), "0.25%");
    assert_eq!(format_rate(0.004, Locale::En), "0%");
    assert_eq!(format_rate(140.0, Locale::En), "140%");
    assert_eq!(format_rate(12.35, Locale::Ru), "12,3\u{a0}%");
    assert_eq!(format_rate(f64::NAN, Locale::En), "—");
}

#[test]
fn decimals_as_people_and_the_service_write_them() {
    assert_eq!(parse_decimal("12"), Some(12.0));
    assert_eq!(parse_decimal(" -3.5 "), Some(-3.5));
    assert_eq!(parse_decimal("+7"), Some(7.0));
    assert_eq!(parse_decimal("0.05"), Some(0.05));
    assert_eq!(parse_decimal(".5"), Some(0.5));
    assert_eq!(parse_decimal("5."), Some(5.0));
    assert_eq!(parse_decimal("007"), Some(7.0));
    assert_eq!(parse_decimal("1500.50"), Some(1500.5));
    assert_eq!(parse_decimal("1e3"), Some(1000.0));
    assert_eq!(parse_decimal("2.5E-2"), Some(0.025));
    assert_eq!(parse_decimal("123.456"), Some(123.456));
    assert_eq!(parse_decimal("0"), Some(0.0));
    // 25 digits: the first 19 are kept, the rest scale.
    assert_eq!(
        parse_decimal("1234567890123456789012345"),
        Some(1.2345678901234568e24)
    );
}

#[test]
fn anything_else_is_no_decimal() {
    for text in [
        "", " ", ".", "-", "+-1", "1.2.3", "1e", "1e+", "e5", "12a", "1,5", "inf", "NaN", "0x10",
        "1e400", "1 000",
    ] {
        assert_eq!(parse_decimal(text), None, "{text:?}");
    }
}
