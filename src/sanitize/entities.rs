//! Character references (`&amp;`, `&#106;`) in text and attribute values.

/// Decodes character references: the named ones HTML text commonly uses (with `;`) and numeric
/// ones (`&#106;`, `&#x6A;`, also without `;` as browsers accept). Anything else stays as written.
pub(super) fn decode_entities(s: &str) -> String {
    if !s.contains('&') {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        match entity_at(rest) {
            Some((c, len)) => {
                out.push(c);
                rest = &rest[len..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The character of the reference at the start of `s` (which begins with `&`) and its length.
fn entity_at(s: &str) -> Option<(char, usize)> {
    const NAMED: [(&str, char); 6] = [
        ("&amp;", '&'),
        ("&lt;", '<'),
        ("&gt;", '>'),
        ("&quot;", '"'),
        ("&apos;", '\''),
        ("&nbsp;", '\u{a0}'),
    ];
    if let Some((name, c)) = NAMED.iter().find(|(name, _)| {
        s.get(..name.len())
            .is_some_and(|h| h.eq_ignore_ascii_case(name))
    }) {
        return Some((*c, name.len()));
    }
    let body = s.strip_prefix("&#")?;
    let (digits, radix, skip) = match body.strip_prefix(['x', 'X']) {
        Some(hex) => (hex, 16, 3),
        None => (body, 10, 2),
    };
    let len = digits
        .bytes()
        .take_while(|b| (*b as char).is_digit(radix))
        .count();
    if len == 0 {
        return None;
    }
    // Overlong numbers and invalid code points become the replacement character, as in browsers.
    let c = u32::from_str_radix(&digits[..len.min(8)], radix)
        .ok()
        .filter(|_| len <= 8)
        .and_then(char::from_u32)
        .filter(|c| *c != '\0')
        .unwrap_or('\u{fffd}');
    let semicolon = usize::from(digits[len..].starts_with(';'));
    Some((c, skip + len + semicolon))
}
