//! Web addresses and `@username`s found in plain text, turned into links.

use super::builder::push_text;
use super::Node;
use crate::api::model::web_url;

/// Plain text with line breaks kept and web addresses, `t.me/…`, `www.…` and `@username` turned
/// into links. Punctuation that ends a sentence is not part of an address, nor is a closing
/// bracket the address did not open.
pub fn linkify(text: &str) -> Vec<Node> {
    let mut out = Vec::new();
    let mut plain_from = 0;
    let mut pos = 0;
    while pos < text.len() {
        match link_at(text, pos) {
            Some((end, href)) => {
                push_text(&mut out, &text[plain_from..pos]);
                out.push(Node::Link {
                    href,
                    children: vec![Node::Text(text[pos..end].to_owned())],
                });
                pos = end;
                plain_from = end;
            }
            None => pos += text[pos..].chars().next().map_or(1, char::len_utf8),
        }
    }
    push_text(&mut out, &text[plain_from..]);
    out
}

/// The end of the link starting at `pos` and its address, if one starts there.
fn link_at(text: &str, pos: usize) -> Option<(usize, String)> {
    let before = text[..pos].chars().next_back();
    let rest = &text[pos..];
    if rest.starts_with('@') {
        // Not the middle of an address (`name@host`) or a word.
        if before.is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '@' | '/')) {
            return None;
        }
        return username_at(rest).map(|len| {
            let end = pos + len;
            (end, format!("https://t.me/{}", &text[pos + 1..end]))
        });
    }
    if before.is_some_and(|c| c.is_alphanumeric() || matches!(c, '_' | '.' | '/' | '@' | '-')) {
        return None;
    }
    let prefix = ["https://", "http://", "t.me/", "www."]
        .into_iter()
        .find(|p| {
            rest.get(..p.len())
                .is_some_and(|h| h.eq_ignore_ascii_case(p))
        })?;
    let len = url_length(rest);
    if len <= prefix.len() {
        return None;
    }
    let href = web_url(&rest[..len])?;
    Some((pos + len, href))
}

/// Length of a messenger username after `@`, `@` included: a letter, then letters, digits and
/// underscores, 4 to 32 in all.
fn username_at(rest: &str) -> Option<usize> {
    let name: &str = &rest[1..];
    let len = name
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
        .count();
    let starts_with_letter = name.bytes().next().is_some_and(|b| b.is_ascii_alphabetic());
    let followed_by_word = name[len..]
        .chars()
        .next()
        .is_some_and(|c| c.is_alphanumeric());
    (starts_with_letter && (4..=32).contains(&len) && !followed_by_word).then_some(len + 1)
}

/// Length of the address at the start of `rest`: up to whitespace or a character that cannot be
/// in one, without trailing punctuation or unbalanced closing brackets.
fn url_length(rest: &str) -> usize {
    let mut len = rest
        .char_indices()
        .find(|&(_, c)| c.is_whitespace() || c.is_control() || "<>\"«»“”‘’`".contains(c))
        .map_or(rest.len(), |(i, _)| i);
    loop {
        let Some(last) = rest[..len].chars().next_back() else {
            return 0;
        };
        let unbalanced = |open: char| {
            let body = &rest[..len];
            body.matches(last).count() > body.matches(open).count()
        };
        let trim = match last {
            '.' | ',' | ';' | ':' | '!' | '?' | '\'' | '…' => true,
            ')' => unbalanced('('),
            ']' => unbalanced('['),
            '}' => unbalanced('{'),
            _ => false,
        };
        if !trim {
            return len;
        }
        len -= last.len_utf8();
    }
}
