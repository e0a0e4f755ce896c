//! Untrusted text from channel authors made safe to show: an allowlist HTML reader for post
//! `text` and `snippet`, and a linkifier for plain text such as channel descriptions.
//!
//! Both produce a small tree ([`Node`]) that the interface renders as elements and text nodes, or
//! writes out as escaped markup ([`MarkupWriter`]); no markup from the input is ever passed to
//! the browser as HTML. The only elements that survive are `b`, `i`, `u`, `s`, `mark`, `br` and
//! `a` with an `http(s)` address.

mod builder;
mod entities;
mod href;
mod linkify;
mod markup;
mod writer;

use builder::Builder;
use entities::decode_entities;
use markup::{markup_at, skip_dropped, Markup};

pub use linkify::linkify;
pub use writer::{MarkupWriter, Written};

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
