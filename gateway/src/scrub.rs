//! Takes the token out of the upstream's answers. Any answer may quote what the upstream was
//! sent (an echo, a debug field, a redirect URL, an HTML-escaped error message), and an answer
//! is cached and shared through Redis, so every spelling an encoder along the way may have
//! produced is replaced by `***` before anything else sees the body.
//!
//! The spellings are built once from the token: each encoding (percent, percent twice, JSON's
//! `\uXXXX`, HTML's decimal, hex and named entities) applied to every character ("in full") or
//! to any set of its special characters, the letters and digits left as they are ("in part");
//! the characters left literal as JSON writes them (`\"`, `\\`, optionally `\/`), and with form
//! encoding's `+` for a space either way. One Aho–Corasick automaton matches them all in one
//! pass, ignoring ASCII case: hex digits come in either case, and a string equal to the token
//! but for case is replaced too, which hides more than needed, never less.

use std::collections::BTreeSet;

use aho_corasick::{AhoCorasick, AhoCorasickBuilder, MatchKind};
use bytes::Bytes;

/// Above this many distinct special characters, "in part" covers only all of them at once:
/// every subset would be 2^n spellings per encoding.
const MAX_SPECIALS_FOR_SUBSETS: usize = 6;

/// What a matched spelling becomes.
const MASK: &[u8] = b"***";

/// The spellings of one token, ready to replace in any body.
pub struct Scrubber {
    matcher: Option<AhoCorasick>,
}

impl Scrubber {
    pub fn new(token: &str) -> Scrubber {
        let spellings = spellings(token);
        let matcher = (!token.is_empty()).then(|| {
            AhoCorasickBuilder::new()
                .ascii_case_insensitive(true)
                // The longest spelling at a place, so a longer one is never cut to a shorter.
                .match_kind(MatchKind::LeftmostLongest)
                .build(&spellings)
                .expect("spellings of a token fit the automaton's limits")
        });
        Scrubber { matcher }
    }

    /// `body` with every spelling of the token replaced by `***`; the same bytes when there is
    /// none.
    pub fn scrub(&self, body: Bytes) -> Bytes {
        let Some(matcher) = &self.matcher else {
            return body;
        };
        if !matcher.is_match(&body[..]) {
            return body;
        }
        let mut out = Vec::with_capacity(body.len());
        matcher.replace_all_with_bytes(&body, &mut out, |_, _, out| {
            out.extend_from_slice(MASK);
            true
        });
        Bytes::from(out)
    }
}

/// How one character may be written by an encoder.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Encoding {
    Percent,
    PercentTwice,
    JsonUnicode,
    HtmlDecimal,
    HtmlHex,
    /// A named entity where HTML has one, else decimal.
    HtmlNamed,
}

const ENCODINGS: [Encoding; 6] = [
    Encoding::Percent,
    Encoding::PercentTwice,
    Encoding::JsonUnicode,
    Encoding::HtmlDecimal,
    Encoding::HtmlHex,
    Encoding::HtmlNamed,
];

/// How the characters an encoding left alone are written: as a form encoder or decoder left
/// them, then as a JSON string holds them.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Literal {
    form: Form,
    json: Json,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Form {
    AsIs,
    /// Read back by form decoding: `+` became a space.
    Decoded,
    /// Written by form encoding: a space became `+`.
    Encoded,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Json {
    AsIs,
    /// `"` and `\` escaped.
    Escaped,
    /// By an encoder that also escapes `/`.
    EscapedSlash,
}

const LITERALS: [Literal; 9] = {
    let forms = [Form::AsIs, Form::Decoded, Form::Encoded];
    let jsons = [Json::AsIs, Json::Escaped, Json::EscapedSlash];
    let mut out = [Literal {
        form: Form::AsIs,
        json: Json::AsIs,
    }; 9];
    let mut n = 0;
    while n < 9 {
        out[n] = Literal {
            form: forms[n / 3],
            json: jsons[n % 3],
        };
        n += 1;
    }
    out
};

/// Every spelling of `token` (see the module's notes); the token itself first.
fn spellings(token: &str) -> Vec<String> {
    let specials: BTreeSet<char> = token
        .chars()
        .filter(|c| !c.is_ascii_alphanumeric())
        .collect();
    let specials: Vec<char> = specials.into_iter().collect();
    // Which characters an encoding takes: every one, or a set of the special ones.
    let mut selections: Vec<Box<dyn Fn(char) -> bool>> = vec![Box::new(|_| true)];
    if specials.len() <= MAX_SPECIALS_FOR_SUBSETS {
        for mask in 0u32..(1 << specials.len()) {
            let chosen: Vec<char> = specials
                .iter()
                .enumerate()
                .filter(|(n, _)| mask & (1 << n) != 0)
                .map(|(_, c)| *c)
                .collect();
            selections.push(Box::new(move |c| chosen.contains(&c)));
        }
    } else {
        selections.push(Box::new(|c: char| !c.is_ascii_alphanumeric()));
        selections.push(Box::new(|_| false));
    }
    let mut out = vec![token.to_owned()];
    let mut seen = BTreeSet::from([token.to_owned()]);
    for encoding in ENCODINGS {
        for encoded in &selections {
            for literal in LITERALS {
                let spelling: String = token
                    .chars()
                    .map(|c| {
                        if encoded(c) {
                            encode(c, encoding)
                        } else {
                            write_literal(c, literal)
                        }
                    })
                    .collect();
                if seen.insert(spelling.clone()) {
                    out.push(spelling);
                }
            }
        }
    }
    out
}

fn encode(c: char, encoding: Encoding) -> String {
    let mut utf8 = [0u8; 4];
    let bytes = c.encode_utf8(&mut utf8).as_bytes();
    match encoding {
        Encoding::Percent => bytes.iter().map(|b| format!("%{b:02X}")).collect(),
        Encoding::PercentTwice => bytes.iter().map(|b| format!("%25{b:02X}")).collect(),
        Encoding::JsonUnicode => {
            let mut units = [0u16; 2];
            c.encode_utf16(&mut units)
                .iter()
                .map(|u| format!("\\u{u:04X}"))
                .collect()
        }
        Encoding::HtmlDecimal => format!("&#{};", u32::from(c)),
        Encoding::HtmlHex => format!("&#x{:X};", u32::from(c)),
        Encoding::HtmlNamed => match html_name(c) {
            Some(name) => format!("&{name};"),
            None => format!("&#{};", u32::from(c)),
        },
    }
}

fn write_literal(c: char, literal: Literal) -> String {
    let c = match (literal.form, c) {
        (Form::Decoded, '+') => ' ',
        (Form::Encoded, ' ') => '+',
        _ => c,
    };
    match (literal.json, c) {
        (Json::Escaped | Json::EscapedSlash, '"') => "\\\"".to_owned(),
        (Json::Escaped | Json::EscapedSlash, '\\') => "\\\\".to_owned(),
        (Json::EscapedSlash, '/') => "\\/".to_owned(),
        _ => c.to_string(),
    }
}

/// HTML's named character references of the ASCII punctuation a token may hold.
fn html_name(c: char) -> Option<&'static str> {
    Some(match c {
        '!' => "excl",
        '"' => "quot",
        '#' => "num",
        '$' => "dollar",
        '%' => "percnt",
        '&' => "amp",
        '\'' => "apos",
        '(' => "lpar",
        ')' => "rpar",
        '*' => "ast",
        '+' => "plus",
        ',' => "comma",
        '.' => "period",
        '/' => "sol",
        ':' => "colon",
        ';' => "semi",
        '<' => "lt",
        '=' => "equals",
        '>' => "gt",
        '?' => "quest",
        '@' => "commat",
        '[' => "lsqb",
        '\\' => "bsol",
        ']' => "rsqb",
        '^' => "Hat",
        '_' => "lowbar",
        '`' => "grave",
        '{' => "lcub",
        '|' => "verbar",
        '}' => "rcub",
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scrubbed(token: &str, body: &str) -> String {
        let out = Scrubber::new(token).scrub(Bytes::from(body.to_owned()));
        String::from_utf8(out.to_vec()).unwrap()
    }

    #[test]
    fn every_spelling_of_a_token_with_specials() {
        let token = r#"gw+to k/en="71\"#;
        for spelling in [
            token,
            // Percent: in full, in part, lower case, twice.
            "%67%77%2B%74%6F%20%6B%2F%65%6E%3D%22%37%31%5C",
            "gw%2Bto%20k%2Fen%3D%2271%5C",
            "gw%2bto%20k%2fen%3d%2271%5c",
            "gw+to%20k%2Fen%3D%2271%5C",
            "gw%252Bto%2520k%252Fen%253D%252271%255C",
            // Form encoding: a space as `+`, and form decoding: `+` as a space.
            "gw%2Bto+k%2Fen%3D%2271%5C",
            r#"gw to k/en="71\"#,
            // JSON.
            r#"gw+to k/en=\"71\\"#,
            r#"gw+to k\/en=\"71\\"#,
            r"gw\u002Bto\u0020k\u002Fen\u003D\u002271\u005C",
            r"gw\u002bto k\u002fen\u003d\u002271\u005c",
            // HTML.
            "gw&#43;to&#32;k&#47;en&#61;&#34;71&#92;",
            "gw&#x2B;to&#x20;k&#x2F;en&#x3D;&#x22;71&#x5C;",
            "gw&#x2b;to k&#x2f;en&#x3d;&#x22;71&#x5c;",
            "gw&plus;to k&sol;en&equals;&quot;71&bsol;",
        ] {
            let body = format!(r#"{{"echo":"<{spelling}>"}}"#);
            assert_eq!(scrubbed(token, &body), r#"{"echo":"<***>"}"#, "{spelling}");
        }
    }

    #[test]
    fn one_pass_replaces_each_occurrence_and_leaves_the_rest() {
        let token = "ab/c";
        assert_eq!(
            scrubbed(token, "x ab/c y ab%2Fc z ab\\/c w ab&sol;c v ab"),
            "x *** y *** z *** w *** v ab"
        );
        assert_eq!(scrubbed(token, "nothing here"), "nothing here");
        let clean = Bytes::from_static(b"nothing here");
        assert_eq!(
            Scrubber::new(token).scrub(clean.clone()).as_ptr(),
            clean.as_ptr()
        );
        // No token, nothing to replace.
        assert_eq!(scrubbed("", "anything"), "anything");
    }

    #[test]
    fn a_plain_token_has_few_spellings_and_many_specials_stay_bounded() {
        assert!(spellings("0123456789abcdef").len() < 40);
        let many = spellings("a!b#c$d%e&f(g)h*i");
        assert!(many.len() < 200, "{}", many.len());
        assert_eq!(
            scrubbed("a!b#c$d%e&f(g)h*i", "[a%21b%23c%24d%25e%26f%28g%29h%2Ai]"),
            "[***]"
        );
    }
}
