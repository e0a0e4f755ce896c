//! A strict fixed-width matcher for the API's date templates.

/// Numeric fields read from an input; a field absent from the template stays 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Fields {
    pub year: i32,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    pub week: u32,
}

/// Matches `input` against `template` byte for byte. In the template `Y`, `m`, `d`, `H`, `i` and
/// `W` each stand for exactly one ASCII digit of that field (so widths and leading zeros are
/// enforced); every other byte must appear literally. Ranges are left to the caller.
///
/// Bytes are compared rather than chars: any non-ASCII input byte is neither a digit nor one of
/// the template's literals, so multi-byte text is rejected without special handling.
pub(crate) fn scan(input: &str, template: &str) -> Option<Fields> {
    if input.len() != template.len() {
        return None;
    }
    let mut fields = Fields::default();
    for (&byte, &slot) in input.as_bytes().iter().zip(template.as_bytes()) {
        let field: &mut u32 = match slot {
            b'Y' => {
                let digit = i32::from(digit(byte)?);
                // Four template digits at most, so this cannot overflow.
                fields.year = fields.year * 10 + digit;
                continue;
            }
            b'm' => &mut fields.month,
            b'd' => &mut fields.day,
            b'H' => &mut fields.hour,
            b'i' => &mut fields.minute,
            b'W' => &mut fields.week,
            literal if literal == byte => continue,
            _ => return None,
        };
        *field = *field * 10 + u32::from(digit(byte)?);
    }
    Some(fields)
}

fn digit(byte: u8) -> Option<u8> {
    byte.is_ascii_digit().then(|| byte - b'0')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_every_field() {
        let f = scan("2024-01-29 14:05", "YYYY-mm-dd HH:ii").unwrap();
        assert_eq!(
            f,
            Fields {
                year: 2024,
                month: 1,
                day: 29,
                hour: 14,
                minute: 5,
                week: 0
            }
        );
    }

    #[test]
    fn enforces_width_literals_and_digits() {
        assert_eq!(scan("2024-1", "YYYY-mm"), None);
        assert_eq!(scan("2024/01", "YYYY-mm"), None);
        assert_eq!(scan("2024-0x", "YYYY-mm"), None);
        assert_eq!(scan("2024-01-29 14:30", "YYYY-mm-dd HH:00"), None);
        assert_eq!(scan("２０２４-01", "YYYY-mm"), None);
    }
}
