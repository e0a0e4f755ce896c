//! Reading HTML markup: tags, their attributes, and the elements dropped with their content.

use super::entities::decode_entities;

/// Elements whose content is never text for a reader (code, styles, embedded documents): dropped
/// with everything inside. Browsers read the first group as raw text up to the closing tag, so a
/// `<script>` inside a script string does not nest.
const RAW_TEXT: [&str; 9] = [
    "script", "style", "iframe", "noscript", "textarea", "title", "xmp", "noembed", "noframes",
];
const NESTED_DROP: [&str; 2] = ["template", "object"];

pub(super) enum Markup {
    Start {
        name: String,
        href: Option<String>,
    },
    End(String),
    /// A comment, doctype or processing instruction.
    Ignored,
}

/// The markup starting at the `<` at `lt` and the position after it, or `None` when the `<` is
/// text (followed by no tag name, or never closed by `>`).
pub(super) fn markup_at(html: &str, lt: usize) -> Option<(Markup, usize)> {
    let rest = &html[lt..];
    if let Some(comment) = rest.strip_prefix("<!--") {
        let end = comment.find("-->").map_or(html.len(), |i| lt + 4 + i + 3);
        return Some((Markup::Ignored, end));
    }
    if rest.starts_with("<!") || rest.starts_with("<?") {
        let end = rest.find('>').map_or(html.len(), |i| lt + i + 1);
        return Some((Markup::Ignored, end));
    }
    if let Some(after) = rest.strip_prefix("</") {
        if !after.starts_with(|c: char| c.is_ascii_alphabetic()) {
            return None;
        }
        let close = after.find('>')?;
        let name = tag_name(after);
        return Some((Markup::End(name), lt + 2 + close + 1));
    }
    let after = &rest[1..];
    if !after.starts_with(|c: char| c.is_ascii_alphabetic()) {
        return None;
    }
    let name = tag_name(after);
    let (attributes, len) = read_attributes(&after[name.len()..])?;
    let href = (name == "a")
        .then(|| {
            attributes
                .into_iter()
                .find(|(key, _)| key == "href")
                .map(|(_, value)| value)
        })
        .flatten();
    let end = lt + 1 + name.len() + len;
    Some((Markup::Start { name, href }, end))
}

/// The lowercased tag name at the start of `s`, up to whitespace, `/` or `>`.
fn tag_name(s: &str) -> String {
    s.chars()
        .take_while(|c| !c.is_whitespace() && *c != '/' && *c != '>')
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// The attributes after a tag name, up to and including the `>`: names lowercased, values with
/// entities decoded, the first of duplicates kept (as browsers do). `None` when no `>` closes the
/// tag.
fn read_attributes(s: &str) -> Option<(Vec<(String, String)>, usize)> {
    let bytes = s.as_bytes();
    let mut attributes: Vec<(String, String)> = Vec::new();
    let mut i = 0;
    loop {
        while i < bytes.len() && (bytes[i].is_ascii_whitespace() || bytes[i] == b'/') {
            i += 1;
        }
        match bytes.get(i) {
            None => return None,
            Some(b'>') => return Some((attributes, i + 1)),
            Some(_) => {}
        }
        // A name may start with `=`; it ends at whitespace, `/`, `>` or a later `=`.
        let name_start = i;
        i += 1;
        while i < bytes.len()
            && !matches!(bytes[i], b'/' | b'>' | b'=')
            && !bytes[i].is_ascii_whitespace()
        {
            i += 1;
        }
        let name = s[name_start..i].to_ascii_lowercase();
        let mut j = i;
        while j < bytes.len() && bytes[j].is_ascii_whitespace() {
            j += 1;
        }
        let mut value = String::new();
        if bytes.get(j) == Some(&b'=') {
            j += 1;
            while j < bytes.len() && bytes[j].is_ascii_whitespace() {
                j += 1;
            }
            match bytes.get(j) {
                Some(&quote @ (b'"' | b'\'')) => {
                    let close = s[j + 1..].find(quote as char)?;
                    value = decode_entities(&s[j + 1..j + 1 + close]);
                    j += close + 2;
                }
                _ => {
                    let start = j;
                    while j < bytes.len() && bytes[j] != b'>' && !bytes[j].is_ascii_whitespace() {
                        j += 1;
                    }
                    value = decode_entities(&s[start..j]);
                }
            }
            i = j;
        }
        if !attributes.iter().any(|(key, _)| *key == name) {
            attributes.push((name, value));
        }
    }
}

/// For an element dropped with its content, the position after its closing tag (the end of the
/// input when it is never closed); `None` for any other element.
pub(super) fn skip_dropped(html: &str, name: &str, from: usize) -> Option<usize> {
    if RAW_TEXT.contains(&name) {
        return Some(find_tag(html, from, name, true).map_or(html.len(), |(_, end)| end));
    }
    if !NESTED_DROP.contains(&name) {
        return None;
    }
    let mut depth = 1;
    let mut pos = from;
    while let Some((is_end, end)) = find_any_tag(html, pos, name) {
        depth += if is_end { -1 } else { 1 };
        pos = end;
        if depth == 0 {
            return Some(end);
        }
    }
    Some(html.len())
}

/// The next `<name` or `</name` tag from `from`: whether it closes, and the position after its `>`.
fn find_any_tag(html: &str, from: usize, name: &str) -> Option<(bool, usize)> {
    let open = find_tag(html, from, name, false);
    let close = find_tag(html, from, name, true);
    match (open, close) {
        (Some((o, oe)), Some((c, ce))) => Some(if c < o { (true, ce) } else { (false, oe) }),
        (Some((_, oe)), None) => Some((false, oe)),
        (None, Some((_, ce))) => Some((true, ce)),
        (None, None) => None,
    }
}

/// Start and end of the next tag named `name` (a closing one when `closing`) from `from`,
/// matched without regard to case and only where the name is not a prefix of a longer one.
fn find_tag(html: &str, from: usize, name: &str, closing: bool) -> Option<(usize, usize)> {
    let lead = if closing { "</" } else { "<" };
    let mut pos = from;
    loop {
        let lt = pos + html[pos..].find(lead)?;
        let name_at = lt + lead.len();
        let matches_name = html
            .get(name_at..name_at + name.len())
            .is_some_and(|n| n.eq_ignore_ascii_case(name));
        let after = html.get(name_at + name.len()..).unwrap_or_default();
        let ends_name = after.starts_with(|c: char| c.is_whitespace() || c == '/' || c == '>');
        if matches_name && ends_name {
            let end = after
                .find('>')
                .map_or(html.len(), |i| name_at + name.len() + i + 1);
            return Some((lt, end));
        }
        pos = lt + lead.len();
    }
}
