//! The posts of one answer, each written as markup ([`post_item`](crate::view::post_item)) and inserted whole.
//!
//! Drawn as elements, a page of 50 posts is about 1,700 elements and 1,800 attributes, each
//! created, set and inserted by a call from wasm into the browser: in the bench's click to
//! painted, 45–55 ms from the answer to the posts on the page, where the plain-DOM page of the
//! same posts takes 10–15 ms. Written as markup, the browser parses each post natively (about
//! 14 ms for the 50 posts' 80 KB of markup). What the list needs besides markup is here: its
//! links to the console's pages are followed by the router, and a post's full text is sanitized
//! and written when it is first opened.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::api::model::{Channel, PostSearchResponse};
use crate::components::capture::use_capture;
use crate::route::{follow_click, use_navigator};
use crate::sanitize::{sanitize, MarkupWriter};
use crate::ui::use_ui;
use crate::view::post_item::{write_post, PostContext, PostText};

#[derive(Properties)]
pub(super) struct PostListProps {
    pub(super) response: Rc<PostSearchResponse>,
    /// The number of the first post in the whole result.
    pub(super) first: u64,
    /// Channels the answer lacks, as looked up.
    pub(super) sources: Rc<Vec<Channel>>,
    /// Whether they are still being looked up.
    pub(super) looking: bool,
}

impl PartialEq for PostListProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.response, &other.response)
            && self.first == other.first
            && Rc::ptr_eq(&self.sources, &other.sources)
            && self.looking == other.looking
    }
}

#[function_component(PostList)]
pub(super) fn post_list(props: &PostListProps) -> Html {
    let ui = use_ui();
    let navigator = use_navigator();
    let list = use_node_ref();
    // One piece of markup per post: when the channels looked up come, only the posts they
    // change are parsed and inserted again (Yew compares each piece with the one before).
    let posts: Html = {
        let offset_at = |secs| ui.zone.offset_at(secs);
        let text = PostText {
            locale: ui.locale,
            offset_at: &offset_at,
        };
        let cx = PostContext {
            text: &text,
            data: &props.response,
            sources: &props.sources,
            looking: props.looking,
        };
        cx.data
            .items
            .iter()
            .enumerate()
            .map(|(index, post)| {
                let mut m = MarkupWriter::with_capacity(2048);
                write_post(&mut m, &cx, index, post);
                Html::from_html_unchecked(AttrValue::from(m.into_string()))
            })
            .collect()
    };
    // The full text of a post, written into its `details` when first opened. `toggle` does not
    // bubble: the list listens in the capture phase.
    {
        let response = props.response.clone();
        let deps = Rc::as_ptr(&props.response) as usize;
        use_capture(&list, "toggle", deps, move |event: web_sys::Event| {
            if let Some(details) = event.target().and_then(|t| t.dyn_into().ok()) {
                write_full_text(&details, &response);
            }
        });
    }
    // Links to the console's pages (a post's channel, a repost's source, its statistics).
    let onclick = Callback::from(move |event: MouseEvent| {
        let link = event
            .target_dyn_into::<web_sys::Element>()
            .and_then(|target| target.closest("a[href^='/']").ok().flatten());
        if let Some(href) = link.and_then(|link| link.get_attribute("href")) {
            follow_click(navigator.as_ref(), &href, &event);
        }
    });
    html! {
        <ol class="post-list" start={props.first.to_string()} ref={list} {onclick}>
            { posts }
        </ol>
    }
}

/// The sanitized full text of the post a just opened `details` belongs to, written once.
fn write_full_text(details: &web_sys::Element, response: &PostSearchResponse) {
    if !details.has_attribute("open")
        || details
            .query_selector(".post-text")
            .ok()
            .flatten()
            .is_some()
    {
        return;
    }
    let index = details.get_attribute("data-index");
    let Some(post) = index
        .and_then(|i| i.parse::<usize>().ok())
        .and_then(|i| response.items.get(i))
    else {
        return;
    };
    let mut m = MarkupWriter::default();
    m.tags(r#"<div class="cs-rich-text post-text">"#)
        .nodes(&sanitize(&post.text))
        .tags("</div>");
    let _ = details.insert_adjacent_html("beforeend", m.as_str());
}
