//! Sanitized text rendered as Yew elements and text nodes (never as HTML markup).

use std::rc::Rc;

use yew::prelude::*;

use crate::sanitize::{self, Node};

/// A tree from [`sanitize::sanitize`] or [`sanitize::linkify`] as elements.
pub fn render_nodes(nodes: &[Node]) -> Html {
    nodes.iter().map(render_node).collect()
}

fn render_node(node: &Node) -> Html {
    match node {
        Node::Text(text) => html! { { text.clone() } },
        Node::Break => html! { <br /> },
        Node::Element { tag, children } => html! {
            <@{tag.name()}>{ render_nodes(children) }</@>
        },
        Node::Link { href, children } => html! {
            <a class="cs-link" href={href.clone()} rel="noopener noreferrer nofollow" target="_blank">
                { render_nodes(children) }
            </a>
        },
    }
}

#[derive(Properties, PartialEq)]
pub struct RichTextProps {
    pub nodes: Rc<Vec<Node>>,
    #[prop_or_default]
    pub class: Classes,
}

/// An already sanitized tree.
#[function_component(RichText)]
pub fn rich_text(props: &RichTextProps) -> Html {
    html! {
        <div class={classes!("cs-rich-text", props.class.clone())}>{ render_nodes(&props.nodes) }</div>
    }
}

#[derive(Properties, PartialEq)]
pub struct SafeHtmlProps {
    /// Untrusted HTML such as a post's `text` or `snippet`.
    pub html: AttrValue,
    #[prop_or_default]
    pub class: Classes,
}

/// Untrusted HTML, sanitized once per value and rendered like [`RichText`].
#[function_component(SafeHtml)]
pub fn safe_html(props: &SafeHtmlProps) -> Html {
    let nodes = use_memo(props.html.clone(), |html| Rc::new(sanitize::sanitize(html)));
    html! { <RichText nodes={(*nodes).clone()} class={props.class.clone()} /> }
}
