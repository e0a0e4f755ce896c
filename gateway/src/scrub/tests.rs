use std::time::{Duration, Instant};

use super::*;

fn scrubbed(token: &str, body: &str) -> String {
    let out = Scrubber::new(token).scrub(Bytes::from(body.to_owned()));
    String::from_utf8(out.to_vec()).unwrap()
}

/// The probe that passed the scrubber of whole spellings: one `+` percent-encoded, one `=` as a
/// JSON escape, the rest as it is.
#[test]
fn a_mix_of_spellings_in_one_string_is_caught() {
    let token = "gwX7+tok/en=71==";
    for echoed in [
        r"gwX7%2Btok/en=71\u003d=",
        r"gwX7%2Btok/en=71\u003D=",
        r"gwX7+tok\/en&#61;71%3d%253D",
        r"gwX7 tok&sol;en=71=&#x3D",
        r"%67wX7&plus;tok/en=71==",
    ] {
        let body = format!(r#"{{"echo":"{echoed}","n":1}}"#);
        assert_eq!(
            scrubbed(token, &body),
            r#"{"echo":"***","n":1}"#,
            "{echoed}"
        );
    }
}

/// Whole-string spellings, each character alike: caught before any mix was, and still.
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
        "gw&#043;to&#X020;k&#0047en&equals;&QUOT71&bsol;",
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
fn near_misses_are_left_alone() {
    let token = "gwX7+tok/en=71==";
    for body in [
        "gwX7+tok/en=71=",
        "gwX7+tok/en=71=%3",
        "gwX7%2tok/en=71==",
        "gwX7+tok/en=71=\\u003",
        "gwX7+tok/en=71=&#6;",
        "gwX7+tok/en=72==",
        "gwX7++tok/en=71==",
        "gwX7%2B%2Btok/en=71==",
        "gwX7&plu;tok/en=71==",
    ] {
        assert_eq!(scrubbed(token, body), body);
    }
}

/// One character as an encoder may have written it, the way picked by `rng`; written here
/// apart from the scrubber's own list, so that the two are checked against each other.
fn spell(c: char, rng: &mut fastrand::Rng) -> String {
    let mut utf8 = [0u8; 4];
    let bytes = c.encode_utf8(&mut utf8).as_bytes().to_vec();
    let code = u32::from(c);
    let hex = |n: u32, width: usize, upper: bool| {
        let s = format!("{n:0width$X}");
        if upper {
            s
        } else {
            s.to_lowercase()
        }
    };
    let named = match c {
        '+' => Some("plus"),
        '/' => Some("sol"),
        '=' => Some("equals"),
        '"' => Some("quot"),
        '\\' => Some("bsol"),
        '&' => Some("amp"),
        '<' => Some("lt"),
        '>' => Some("gt"),
        '!' => Some("excl"),
        '#' => Some("num"),
        '$' => Some("dollar"),
        '%' => Some("percnt"),
        '(' => Some("lpar"),
        ')' => Some("rpar"),
        '*' => Some("ast"),
        _ => None,
    };
    let upper = rng.bool();
    match rng.u8(0..10) {
        0 => bytes
            .iter()
            .map(|b| format!("%{}", hex(u32::from(*b), 2, upper)))
            .collect(),
        1 => bytes
            .iter()
            .map(|b| format!("%25{}", hex(u32::from(*b), 2, upper)))
            .collect(),
        2 => {
            let mut units = [0u16; 2];
            c.encode_utf16(&mut units)
                .iter()
                .map(|u| format!("\\u{}", hex(u32::from(*u), 4, upper)))
                .collect()
        }
        3 => {
            let zeros = "0".repeat(rng.usize(0..3));
            let end = if rng.bool() { ";" } else { "" };
            format!("&#{zeros}{code}{end}")
        }
        4 => {
            let x = if rng.bool() { "x" } else { "X" };
            format!("&#{x}{};", hex(code, 1, upper))
        }
        5 => match named {
            // Only these four are names in upper case too.
            Some(name) if upper && matches!(name, "quot" | "amp" | "lt" | "gt") => {
                format!("&{};", name.to_uppercase())
            }
            Some(name) => format!("&{name};"),
            None => c.to_string(),
        },
        6 => match c {
            '"' => "\\\"".to_owned(),
            '\\' => "\\\\".to_owned(),
            '/' => "\\/".to_owned(),
            _ => c.to_string(),
        },
        7 => match c {
            '+' => " ".to_owned(),
            ' ' => "+".to_owned(),
            _ => c.to_string(),
        },
        _ => c.to_string(),
    }
}

/// Tokens with every kind of character: the probe's, one with each character JSON, URLs, forms
/// and HTML write differently, a plain one, one with many specials, and one beyond ASCII and
/// the BMP.
const TOKENS: [&str; 5] = [
    "gwX7+tok/en=71==",
    r#"gw+to k/en="Qz71xv\=="#,
    "0123456789abcdef",
    "a!b#c$d%e&f(g)h*i<j>k",
    "tök€n😀&<>+",
];

/// Each character of the token spelled one of ten ways at random, 3,000 times per token, two
/// such mixes in one body: each becomes `***` and nothing else changes.
#[test]
fn random_mixes_of_spellings_are_all_caught() {
    let mut rng = fastrand::Rng::with_seed(0x5c2b_0052);
    for token in TOKENS {
        let scrubber = Scrubber::new(token);
        for round in 0..3_000 {
            let first: String = token.chars().map(|c| spell(c, &mut rng)).collect();
            let second: String = token.chars().map(|c| spell(c, &mut rng)).collect();
            let body = format!(r#"{{"a":"[{first}]","b":"x {second}.","n":{round}}}"#);
            let out = scrubber.scrub(Bytes::from(body.clone()));
            assert_eq!(
                String::from_utf8_lossy(&out),
                format!(r#"{{"a":"[***]","b":"x ***.","n":{round}}}"#),
                "token {token:?}, body {body}"
            );
        }
    }
}

/// Bodies made to make a backtracking matcher work hard: the token but its last character,
/// over and over, in a mix of spellings, and long runs of what a spelling may repeat. The time
/// stays linear: a megabyte takes well under the bound (milliseconds when measured).
#[test]
fn the_time_is_linear_in_the_body() {
    let token = "gwX7+tok/en=71==";
    let scrubber = Scrubber::new(token);
    let almost = r"gwX7%2Btok\/en&#61;71\u003d";
    let mut bodies = vec![almost.repeat((1 << 20) / almost.len())];
    bodies.push(format!("gwX7+tok/en=71=&#{}", "0".repeat(1 << 20)));
    bodies.push("gwX7".repeat(1 << 18));
    for body in bodies {
        let started = Instant::now();
        let out = scrubber.scrub(Bytes::from(body.clone()));
        let took = started.elapsed();
        assert_eq!(out.len(), body.len(), "nothing to replace");
        assert!(took < Duration::from_secs(10), "{took:?}");
    }
    // And a megabyte of tokens in a mix: each one found.
    let body = r"gwX7%2Btok/en=71\u003d= ".repeat(40_000);
    let out = scrubber.scrub(Bytes::from(body));
    let masked = "*** ".repeat(40_000);
    assert!(
        out == masked.as_bytes(),
        "{} of 40000 masked",
        String::from_utf8_lossy(&out).matches("***").count()
    );
}
