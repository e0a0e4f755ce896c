//! Takes the token out of the upstream's answers. Any answer may quote what the upstream was
//! sent (an echo, a debug field, a redirect URL, an HTML-escaped error message), and an answer
//! is cached and shared through Redis, so every spelling an encoder along the way may have
//! produced is replaced by `***` before anything else sees the body.
//!
//! The token is matched character by character, each character in any of its spellings, so
//! that any mix of them within one string is found (`gwX7%2Btok/en=71\u003d=` is the token
//! `gwX7+tok/en=71==` as much as the token itself is, and a browser decodes it so):
//! - as it is, and with form encoding's `+` for a space either way;
//! - as JSON writes it in a string: `\"`, `\\`, `\/`, `\uXXXX` (UTF-16, a surrogate pair
//!   beyond the BMP);
//! - percent-encoded, each byte `%XX` or twice `%25XX`;
//! - as an HTML character reference: decimal `&#NN;` or hex `&#xHH;` with any leading zeros and
//!   without the `;` that browsers forgive, or a named one (`&plus;`, `&sol;`, `&quot;`, …;
//!   `&amp`, `&lt`, `&gt` and `&quot` without `;` too).
//!
//! Hex digits, entity names and the token's letters all match in either case: a string equal to
//! the token but for case is replaced too, which hides more than needed, never less.
//!
//! The spellings make one regular expression, a sequence of one alternation per character, run
//! by `regex-automata`'s finite automata: the time is linear in the body whatever it holds
//! (no backtracking), and listing every mix instead would be exponential in the token's length.

use bytes::Bytes;
use regex_automata::meta::Regex;
use regex_automata::util::syntax;

/// What a matched spelling becomes.
const MASK: &[u8] = b"***";

/// The spellings of one token, ready to replace in any body.
pub struct Scrubber {
    matcher: Option<Regex>,
}

impl Scrubber {
    pub fn new(token: &str) -> Scrubber {
        let matcher = (!token.is_empty()).then(|| {
            Regex::builder()
                .syntax(
                    syntax::Config::new()
                        .case_insensitive(true)
                        // Bytes, not characters: an answer need not be UTF-8, and ASCII case
                        // folding is all a spelling varies in.
                        .unicode(false)
                        .utf8(false),
                )
                .configure(
                    Regex::config()
                        .utf8_empty(false)
                        // A long token (thousands of characters) still builds; the operator
                        // chooses it, no visitor does.
                        .nfa_size_limit(Some(256 << 20)),
                )
                .build(&pattern(token))
                .expect("the token's spellings make a valid expression")
        });
        Scrubber { matcher }
    }

    /// `body` with every spelling of the token replaced by `***`; the same bytes when there is
    /// none.
    pub fn scrub(&self, body: Bytes) -> Bytes {
        let Some(matcher) = &self.matcher else {
            return body;
        };
        let mut matches = matcher.find_iter(&body[..]).peekable();
        if matches.peek().is_none() {
            return body;
        }
        let mut out = Vec::with_capacity(body.len());
        let mut copied = 0;
        for found in matches {
            out.extend_from_slice(&body[copied..found.start()]);
            out.extend_from_slice(MASK);
            copied = found.end();
        }
        out.extend_from_slice(&body[copied..]);
        Bytes::from(out)
    }
}

/// The expression: for each of the token's characters, a group of its spellings.
fn pattern(token: &str) -> String {
    token
        .chars()
        .map(|c| format!("(?:{})", spellings(c).join("|")))
        .collect()
}

/// The spellings of `c` as expressions, the longest kinds first: where two could end at
/// different places (`\\` and `\`, `%25` and `%`), a match takes the whole of the longer.
fn spellings(c: char) -> Vec<String> {
    let mut utf8 = [0u8; 4];
    let bytes = c.encode_utf8(&mut utf8).as_bytes();
    let code = u32::from(c);
    let mut out = Vec::new();
    // Percent, once or twice, each byte on its own.
    out.push(bytes.iter().map(|b| format!("%(?:25)?{b:02X}")).collect());
    // JSON's `\uXXXX`, and the escapes JSON writes for the characters it must.
    let mut units = [0u16; 2];
    out.push(
        c.encode_utf16(&mut units)
            .iter()
            .map(|u| format!(r"\\u{u:04X}"))
            .collect(),
    );
    // HTML: decimal, hex (`x` in either case, through the case folding), named.
    out.push(format!("&#0*{code};?"));
    out.push(format!("&#x0*{code:X};?"));
    // Browsers read the four oldest names without their `;` too.
    out.extend(html_names(c).iter().map(|name| {
        let end = if matches!(*name, "amp" | "lt" | "gt" | "quot") {
            ";?"
        } else {
            ";"
        };
        format!("&{name}{end}")
    }));
    // Written as it is, as a JSON string holds it, and with `+` for a space either way.
    let mut literal: Vec<char> = vec![c];
    match c {
        '+' => literal.push(' '),
        ' ' => literal.push('+'),
        _ => {}
    }
    for l in literal {
        if matches!(l, '"' | '\\' | '/') {
            out.push(format!(r"\\{}", byte_literal(l)));
        }
        out.push(byte_literal(l));
    }
    out
}

/// `c` as an expression matching its UTF-8 bytes and nothing else: letters and digits as they
/// are (so that case folding applies), every other byte as `\xHH`.
fn byte_literal(c: char) -> String {
    let mut utf8 = [0u8; 4];
    c.encode_utf8(&mut utf8)
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() {
                char::from(b).to_string()
            } else {
                format!(r"\x{b:02X}")
            }
        })
        .collect()
}

/// HTML's named character references of the ASCII characters a token may hold (matched in either
/// case, so `&QUOT;` and `&AMP;` are in).
fn html_names(c: char) -> &'static [&'static str] {
    match c {
        '\t' => &["Tab"],
        '\n' => &["NewLine"],
        '!' => &["excl"],
        '"' => &["quot"],
        '#' => &["num"],
        '$' => &["dollar"],
        '%' => &["percnt"],
        '&' => &["amp"],
        '\'' => &["apos"],
        '(' => &["lpar"],
        ')' => &["rpar"],
        '*' => &["ast", "midast"],
        '+' => &["plus"],
        ',' => &["comma"],
        '.' => &["period"],
        '/' => &["sol"],
        ':' => &["colon"],
        ';' => &["semi"],
        '<' => &["lt"],
        '=' => &["equals"],
        '>' => &["gt"],
        '?' => &["quest"],
        '@' => &["commat"],
        '[' => &["lsqb", "lbrack"],
        '\\' => &["bsol"],
        ']' => &["rsqb", "rbrack"],
        '^' => &["Hat"],
        '_' => &["lowbar", "UnderBar"],
        '`' => &["grave", "DiacriticalGrave"],
        '{' => &["lcub", "lbrace"],
        '|' => &["verbar", "vert", "VerticalLine"],
        '}' => &["rcub", "rbrace"],
        _ => &[],
    }
}

#[cfg(test)]
mod tests;
