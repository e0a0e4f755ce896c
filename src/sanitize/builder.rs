//! The tree under construction: open elements, and how closing tags end them.

use super::href::safe_href;
use super::{Node, Tag};

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

pub(super) struct Builder {
    root: Vec<Node>,
    open: Vec<Frame>,
}

impl Builder {
    pub(super) fn new() -> Self {
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

    pub(super) fn text(&mut self, text: &str) {
        push_text(self.children(), text);
    }

    pub(super) fn start(&mut self, name: String, href: Option<String>) {
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

    pub(super) fn end(&mut self, name: &str) {
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

    pub(super) fn finish(mut self) -> Vec<Node> {
        while !self.open.is_empty() {
            self.close_top();
        }
        self.root
    }
}

/// Appends text, splitting it at line breaks and joining it to a preceding text node.
pub(super) fn push_text(out: &mut Vec<Node>, text: &str) {
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
