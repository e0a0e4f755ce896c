//! Untrusted text from channel authors made safe to show: an allowlist HTML reader for post
//! `text` and `snippet`, and a linkifier for plain text such as channel descriptions.
//!
//! Both produce a small tree ([`Node`]) that the interface renders as elements and text nodes;
//! no markup from the input is ever passed to the browser as HTML. The only elements that survive
//! are `b`, `i`, `u`, `s`, `mark`, `br` and `a` with an `http(s)` address.

use crate::api::model::web_url;

/// A piece of sanitized text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Node {
    Text(String),
    Element {
        tag: Tag,
        children: Vec<Node>,
    },
    /// A link whose `href` is always an absolute `http` or `https` URL.
    Link {
        href: String,
        children: Vec<Node>,
    },
    Break,
}

/// The formatting elements that survive sanitizing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Tag {
    B,
    I,
    U,
    S,
    Mark,
}

impl Tag {
    /// The element the tag is rendered as.
    pub fn name(self) -> &'static str {
        match self {
            Tag::B => "b",
            Tag::I => "i",
            Tag::U => "u",
            Tag::S => "s",
            Tag::Mark => "mark",
        }
    }

    fn from_name(name: &str) -> Option<Tag> {
        Some(match name {
            "b" | "strong" => Tag::B,
            "i" | "em" => Tag::I,
            "u" | "ins" => Tag::U,
            "s" | "del" | "strike" => Tag::S,
            "mark" => Tag::Mark,
            _ => return None,
        })
    }
}

/// Elements whose content is never text for a reader (code, styles, embedded documents): dropped
/// with everything inside. Browsers read the first group as raw text up to the closing tag, so a
/// `<script>` inside a script string does not nest.
const RAW_TEXT: [&str; 9] = [
    "script", "style", "iframe", "noscript", "textarea", "title", "xmp", "noembed", "noframes",
];
const NESTED_DROP: [&str; 2] = ["template", "object"];

/// The allowlisted tree of an HTML fragment.
///
/// Tolerant like a browser: unclosed elements close at the end, a closing tag closes everything
/// opened after its element and re-opens the formatting that was cut (`<b><i>x</b>y</i>` keeps
/// `y` italic), stray closing tags are ignored, a `<` that starts no tag is text. Line breaks in
/// the text are kept as [`Node::Break`], because the service's post texts use them as paragraph
/// breaks.
pub fn sanitize(html: &str) -> Vec<Node> {
    let mut builder = Builder::new();
    let mut pos = 0;
    while let Some(offset) = html[pos..].find('<') {
        let lt = pos + offset;
        builder.text(&decode_entities(&html[pos..lt]));
        match markup_at(html, lt) {
            Some((markup, end)) => {
                pos = end;
                match markup {
                    Markup::Start { name, href } => {
                        if let Some(drop_end) = skip_dropped(html, &name, end) {
                            pos = drop_end;
                        } else {
                            builder.start(name, href);
                        }
                    }
                    Markup::End(name) => builder.end(&name),
                    Markup::Ignored => {}
                }
            }
            None => {
                builder.text("<");
                pos = lt + 1;
            }
        }
    }
    builder.text(&decode_entities(&html[pos..]));
    builder.finish()
}

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

/// The text of a tree as a reader sees it, with a line feed per break (for CSV export and search).
pub fn plain_text(nodes: &[Node]) -> String {
    fn walk(nodes: &[Node], out: &mut String) {
        for node in nodes {
            match node {
                Node::Text(text) => out.push_str(text),
                Node::Element { children, .. } | Node::Link { children, .. } => walk(children, out),
                Node::Break => out.push('\n'),
            }
        }
    }
    let mut out = String::new();
    walk(nodes, &mut out);
    out
}

/// Appends text, splitting it at line breaks and joining it to a preceding text node.
fn push_text(out: &mut Vec<Node>, text: &str) {
    let normalized;
    let text = if text.contains('\r') {
        normalized = text.replace("\r\n", "\n").replace('\r', "\n");
        normalized.as_str()
    } else {
        text
    };
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push(Node::Break);
        }
        if line.is_empty() {
            continue;
        }
        match out.last_mut() {
            Some(Node::Text(previous)) => previous.push_str(line),
            _ => out.push(Node::Text(line.to_owned())),
        }
    }
}

fn push_node(out: &mut Vec<Node>, node: Node) {
    match node {
        Node::Text(text) => push_text(out, &text),
        other => out.push(other),
    }
}

// ---- links in plain text ----

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

// ---- HTML reading ----

enum Markup {
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
fn markup_at(html: &str, lt: usize) -> Option<(Markup, usize)> {
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
fn skip_dropped(html: &str, name: &str, from: usize) -> Option<usize> {
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

/// Decodes character references: the named ones HTML text commonly uses (with `;`) and numeric
/// ones (`&#106;`, `&#x6A;`, also without `;` as browsers accept). Anything else stays as written.
fn decode_entities(s: &str) -> String {
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

// ---- tree building ----

enum Kind {
    Format(Tag),
    Link(String),
    /// An `a` without a safe address: its content joins the parent as plain text.
    Plain,
}

struct Frame {
    name: String,
    kind: Kind,
    children: Vec<Node>,
}

struct Builder {
    root: Vec<Node>,
    open: Vec<Frame>,
}

impl Builder {
    fn new() -> Self {
        Builder {
            root: Vec::new(),
            open: Vec::new(),
        }
    }

    fn children(&mut self) -> &mut Vec<Node> {
        match self.open.last_mut() {
            Some(frame) => &mut frame.children,
            None => &mut self.root,
        }
    }

    fn text(&mut self, text: &str) {
        push_text(self.children(), text);
    }

    fn start(&mut self, name: String, href: Option<String>) {
        if name == "br" {
            self.children().push(Node::Break);
            return;
        }
        let kind = if name == "a" {
            // Links do not nest: a new one ends the open one.
            self.end("a");
            match href.as_deref().and_then(safe_href) {
                Some(href) => Kind::Link(href),
                None => Kind::Plain,
            }
        } else {
            match Tag::from_name(&name) {
                Some(tag) => Kind::Format(tag),
                None => return,
            }
        };
        self.open.push(Frame {
            name,
            kind,
            children: Vec::new(),
        });
    }

    fn end(&mut self, name: &str) {
        let Some(index) = self.open.iter().rposition(|frame| frame.name == name) else {
            return;
        };
        let mut cut = Vec::new();
        while self.open.len() > index + 1 {
            if let Some(frame) = self.close_top() {
                cut.push(frame);
            }
        }
        self.close_top();
        for (name, tag) in cut.into_iter().rev() {
            self.open.push(Frame {
                name,
                kind: Kind::Format(tag),
                children: Vec::new(),
            });
        }
    }

    /// Closes the innermost element; returns its name and tag when it was formatting (to be
    /// re-opened after a misnested closing tag).
    fn close_top(&mut self) -> Option<(String, Tag)> {
        let frame = self.open.pop()?;
        let reopen = match frame.kind {
            Kind::Format(tag) => Some((frame.name, tag)),
            _ => None,
        };
        let parent = self.children();
        if frame.children.is_empty() {
            return reopen;
        }
        match frame.kind {
            Kind::Format(tag) => parent.push(Node::Element {
                tag,
                children: frame.children,
            }),
            Kind::Link(href) => parent.push(Node::Link {
                href,
                children: frame.children,
            }),
            Kind::Plain => {
                for child in frame.children {
                    push_node(parent, child);
                }
            }
        }
        reopen
    }

    fn finish(mut self) -> Vec<Node> {
        while !self.open.is_empty() {
            self.close_top();
        }
        self.root
    }
}

/// An `href` as a link target: only absolute `http(s)` and protocol-relative addresses, checked
/// by [`web_url`]. Relative paths have no meaning outside the service's own site.
fn safe_href(href: &str) -> Option<String> {
    let trimmed = href.trim();
    let lower = trimmed.get(..8).unwrap_or(trimmed).to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("//") {
        web_url(trimmed)
    } else {
        None
    }
}
