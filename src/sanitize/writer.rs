//! Markup written by the console ([`MarkupWriter`]): for a long list whose parts are inserted as
//! one string of HTML rather than drawn element by element.
//!
//! Every value is escaped ([`MarkupWriter::text`], [`MarkupWriter::attribute`]); tags come only
//! from literals in the console's code ([`MarkupWriter::tags`]) or from a sanitized tree
//! ([`MarkupWriter::nodes`], whose elements are the allowlist's and whose links are `http(s)`
//! URLs). So a string from the API can only ever be text or an attribute's value.

use html_escape::{encode_double_quoted_attribute_to_string, encode_text_to_string};

use super::Node;

/// Markup a writer finished ([`MarkupWriter::finish`]): only a writer makes one, so it keeps the
/// writer's guarantees wherever it is handed on (a page's links for a card's foot).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Written(std::rc::Rc<str>);

impl Written {
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// HTML under construction.
#[derive(Default)]
pub struct MarkupWriter(String);

impl MarkupWriter {
    pub fn with_capacity(capacity: usize) -> Self {
        MarkupWriter(String::with_capacity(capacity))
    }

    /// Tags and attribute names as they are: only literals of the console's code.
    pub fn tags(&mut self, tags: &'static str) -> &mut Self {
        self.0.push_str(tags);
        self
    }

    /// Text, escaped.
    pub fn text(&mut self, text: impl AsRef<str>) -> &mut Self {
        encode_text_to_string(text, &mut self.0);
        self
    }

    /// ` name="value"`, the value escaped.
    pub fn attribute(&mut self, name: &'static str, value: impl AsRef<str>) -> &mut Self {
        self.0.push(' ');
        self.0.push_str(name);
        self.0.push_str("=\"");
        encode_double_quoted_attribute_to_string(value, &mut self.0);
        self.0.push('"');
        self
    }

    /// A sanitized tree, as the console draws it as elements: formatting, line breaks, and links
    /// that open in a new tab without telling the linked site where they came from.
    pub fn nodes(&mut self, nodes: &[Node]) -> &mut Self {
        for node in nodes {
            match node {
                Node::Text(text) => {
                    self.text(text);
                }
                Node::Break => {
                    self.tags("<br>");
                }
                Node::Element { tag, children } => {
                    let name = tag.name();
                    self.0.push('<');
                    self.0.push_str(name);
                    self.0.push('>');
                    self.nodes(children);
                    self.0.push_str("</");
                    self.0.push_str(name);
                    self.0.push('>');
                }
                Node::Link { href, children } => {
                    self.tags(r#"<a class="cs-link""#)
                        .attribute("href", href)
                        .tags(r#" rel="noopener noreferrer nofollow" target="_blank">"#)
                        .nodes(children)
                        .tags("</a>");
                }
            }
        }
        self
    }

    /// What another writer wrote: escaped as this one's is.
    pub fn raw(&mut self, other: MarkupWriter) -> &mut Self {
        self.0.push_str(&other.0);
        self
    }

    /// Markup a writer finished.
    pub fn written(&mut self, written: &Written) -> &mut Self {
        self.0.push_str(written.as_str());
        self
    }

    pub fn finish(self) -> Written {
        Written(self.0.into())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}
