//! Decimal numbers typed by people or sent as text by the service (`12`, `-3.5`, `1e3`, `.5`),
//! read without `str::parse::<f64>`: its exact algorithm carries a 10 KB table of powers of five
//! into every bundle, and the numbers read here (counts, prices, view growth) need no more than
//! the 15 significant digits an `f64` holds.

/// The value of `text` (blanks around it allowed); `None` unless the whole text is one decimal
/// number: an optional sign, digits with at most one point, and an optional exponent (`e`/`E`,
/// optional sign, digits). `None` too when it is beyond the range of `f64`.
pub fn parse_decimal(text: &str) -> Option<f64> {
    let bytes = text.trim().as_bytes();
    let (negative, mut at) = match bytes.first() {
        Some(b'-') => (true, 1),
        Some(b'+') => (false, 1),
        _ => (false, 0),
    };
    // Up to 19 significant digits fit a u64 exactly; later digits only scale the value.
    let mut mantissa: u64 = 0;
    let mut kept = 0u32;
    let mut scale: i32 = 0;
    let mut digits = 0usize;
    let mut seen_point = false;
    while let Some(&byte) = bytes.get(at) {
        match byte {
            b'0'..=b'9' => {
                digits += 1;
                let digit = u64::from(byte - b'0');
                if mantissa == 0 && digit == 0 {
                    // A leading zero: nothing to keep, but after the point it moves the point.
                    scale -= i32::from(seen_point);
                } else if kept < 19 {
                    mantissa = mantissa * 10 + digit;
                    kept += 1;
                    scale -= i32::from(seen_point);
                } else {
                    // Beyond the digits kept: an integer digit still multiplies by ten.
                    scale += i32::from(!seen_point);
                }
            }
            b'.' if !seen_point => seen_point = true,
            _ => break,
        }
        at += 1;
    }
    if digits == 0 {
        return None;
    }
    if let Some(b'e' | b'E') = bytes.get(at) {
        at += 1;
        let (minus, start) = match bytes.get(at) {
            Some(b'-') => (true, at + 1),
            Some(b'+') => (false, at + 1),
            _ => (false, at),
        };
        let exponent = &bytes[start..];
        if exponent.is_empty() || !exponent.iter().all(u8::is_ascii_digit) || exponent.len() > 4 {
            return None;
        }
        let value = exponent
            .iter()
            .fold(0i32, |n, d| n * 10 + i32::from(d - b'0'));
        scale += if minus { -value } else { value };
        at = bytes.len();
    }
    if at != bytes.len() {
        return None;
    }
    let magnitude = if mantissa == 0 {
        0.0
    } else if scale >= 0 {
        mantissa as f64 * 10f64.powi(scale)
    } else {
        // Dividing by an exact power of ten rounds once, where multiplying by 10^-n would round
        // twice (0.1 is not exact).
        mantissa as f64 / 10f64.powi(-scale)
    };
    let value = if negative { -magnitude } else { magnitude };
    value.is_finite().then_some(value)
}
