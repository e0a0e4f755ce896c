//! One post of a search: its channel and date, the snippet (the full text on demand), the
//! counters, and links to the post and its statistics.

use std::rc::Rc;

use chrono::DateTime;
use yew::prelude::*;

use crate::api::model::{Channel, ForwardedFrom, PostSearchResponse};
use crate::components::figure::{er_definition, err_definition, rate_html};
use crate::components::{link_preview, render_nodes, SafeHtml};
use crate::format::compact;
use crate::route::{follow, route_href, use_navigator, ChannelQuery, Navigator, PostQuery, Route};
use crate::sanitize::sanitize;
use crate::ui::{use_ui, Ui};
use crate::view::engagement::{er, err, subscribers_of, PostCounts};
use crate::view::labels::{channel_label, excerpt};
use crate::view::restrictions::{flag_text, flags};
use crate::view::sources::channel as named_channel;

/// One post of an answer, by its place in the answer: the item shares the answer rather than a
/// copy of its post, and is the same item as long as the answer is the same one.
#[derive(Properties)]
pub(super) struct PostItemProps {
    pub(super) response: Rc<PostSearchResponse>,
    pub(super) index: usize,
    /// Channels the answer lacks, as looked up.
    pub(super) sources: Rc<Vec<Channel>>,
    /// Whether they are still being looked up.
    pub(super) looking: bool,
}

impl PartialEq for PostItemProps {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.response, &other.response)
            && self.index == other.index
            && Rc::ptr_eq(&self.sources, &other.sources)
            && self.looking == other.looking
    }
}

fn counter(ui: &Ui, label: &'static str, n: u64) -> Html {
    let n = i64::try_from(n).unwrap_or(i64::MAX);
    html! {
        <div class="post-counter">
            <dt>{ label }</dt>
            <dd title={ui.count(n)}>{ compact(n) }</dd>
        </div>
    }
}

/// A figure among the counters; its definition is the term's tooltip.
fn figure_counter(label: &'static str, definition: &'static str, value: Html) -> Html {
    html! {
        <div class="post-counter post-figure">
            <dt><abbr title={definition}>{ label }</abbr></dt>
            <dd>{ value }</dd>
        </div>
    }
}

/// A link to a page of the console, followed by the router as a `RouteLink` is (a plain click
/// without a modifier key; otherwise the browser's own way). Drawn by the post itself rather than
/// as a component of its own: a post's links and snippet as components were four more parts per
/// post to mount, each put into the page on its own after the post.
fn page_link(navigator: &Option<Navigator>, class: &'static str, href: String, text: Html) -> Html {
    let href = AttrValue::from(href);
    let onclick = follow(navigator.clone(), href.clone());
    html! { <a {href} {class} {onclick}>{ text }</a> }
}

fn channel_link(
    navigator: &Option<Navigator>,
    class: &'static str,
    query: String,
    text: String,
) -> Html {
    let href = route_href(Route::ChannelInfo, &ChannelQuery::new(query));
    page_link(navigator, class, href, html! { { text } })
}

#[function_component(PostItem)]
pub(super) fn post_item(props: &PostItemProps) -> Html {
    let ui = use_ui();
    let navigator = use_navigator();
    let data = &*props.response;
    // Sanitized once per snippet, as `SafeHtml` does, and drawn as its `RichText` would be.
    let snippet_nodes = use_memo(
        data.items
            .get(props.index)
            .map(|post| excerpt(post).to_owned())
            .unwrap_or_default(),
        |html| sanitize(html),
    );
    let full_open = use_state_eq(|| false);
    let Some(post) = data.items.get(props.index) else {
        return Html::default();
    };
    let channel = named_channel(data, &props.sources, post.channel_id);
    let (channel_query, mut channel_text) = channel_label(post.channel_id, channel, ui.locale);
    if channel.is_none() && props.looking {
        channel_text = "…".to_owned();
    }
    let avatar = channel.and_then(|c| c.image100_url()).map(|src| {
        // `loading` before `src`: attributes are set in this order, and an image whose `src` is
        // set while it is still eager starts loading at once, so every avatar of the page was
        // fetched and decoded (SVG on the page's own thread) before the posts could be painted.
        html! { <img class="post-avatar" loading="lazy" {src} alt="" width="24" height="24" /> }
    });
    let warning = channel
        .map(|c| {
            flags(c)
                .iter()
                .map(|flag| flag_text(flag, ui.locale))
                .collect::<Vec<_>>()
        })
        .filter(|texts| !texts.is_empty())
        .map(|texts| {
            html! {
                <p class="cs-card-warning post-warning" role="note">
                    { "⚠ " }{ ui.t("Channel restrictions: ", "Ограничения канала: ") }{ texts.join("; ") }
                </p>
            }
        });
    let counts = PostCounts::from(post);
    let post_er = rate_html(&ui, er(&counts));
    let post_err = rate_html(&ui, err(post.views, subscribers_of(data, post)));
    let media = post
        .media
        .as_ref()
        .map(|m| m.media_type.trim().to_owned())
        .filter(|t| !t.is_empty());
    let repost = post.forwarded_from.as_ref().map(|from| match from {
        ForwardedFrom::Channel(id) => {
            let found = named_channel(data, &props.sources, *id);
            if found.is_none() && props.looking {
                return html! {
                    <span class="badge post-repost">{ ui.t("Repost from …", "Репост из …") }</span>
                };
            }
            let (query, text) = channel_label(*id, found, ui.locale);
            html! {
                <span class="badge post-repost">
                    { ui.t("Repost from ", "Репост из ") }{ channel_link(&navigator, "post-source", query, text) }
                </span>
            }
        }
        ForwardedFrom::Other(_) => html! {
            <span class="badge post-repost">{ ui.t("Repost", "Репост") }</span>
        },
    });
    let snippet = excerpt(post);
    let published = DateTime::from_timestamp(post.date, 0).map(|at| at.to_rfc3339());
    let post_ref = if post.link.trim().is_empty() {
        post.id.to_string()
    } else {
        post.link.trim().to_owned()
    };
    html! {
        <li class={classes!("post-item", post.is_deleted.then_some("post-deleted"))}
            data-post-id={post.id.to_string()}>
            <header class="post-head">
                <time class="post-date" datetime={published}>{ ui.timestamp(post.date) }</time>
                { avatar }
                { channel_link(&navigator, "post-channel", channel_query, channel_text) }
                if let Some(media) = media {
                    <span class="badge post-media">{ media }</span>
                }
                { repost }
                if post.is_deleted {
                    <span class="badge post-deleted-badge">{ ui.t("Deleted", "Удалён") }</span>
                }
            </header>
            { warning }
            <div class="cs-rich-text post-snippet">{ render_nodes(&snippet_nodes) }</div>
            { post.media.as_ref().map(link_preview).unwrap_or_default() }
            if !post.text.trim().is_empty() && post.text != snippet {
                { full_text(&ui, &full_open, &post.text) }
            }
            <footer class="post-foot">
                <dl class="post-counters">
                    { counter(&ui, ui.t("Views", "Просмотры"), post.views) }
                    { counter(&ui, ui.t("Shares", "Репосты"), post.shares_count) }
                    { counter(&ui, ui.t("Comments", "Комментарии"), post.comments_count) }
                    { counter(&ui, ui.t("Reactions", "Реакции"), post.reactions_count) }
                    { figure_counter("ER", er_definition(&ui), post_er) }
                    { figure_counter("ERR", err_definition(&ui), post_err) }
                </dl>
                <div class="post-links">
                    if let Some(href) = post.url() {
                        <a class="cs-link post-open" href={href} rel="noopener noreferrer" target="_blank">
                            { ui.t("Open in the messenger", "Открыть в мессенджере") }
                        </a>
                    }
                    { page_link(&navigator, "post-stats-link",
                        route_href(Route::PostStats, &PostQuery { post: post_ref }),
                        html! { { ui.t("Post statistics", "Статистика поста") } }) }
                </div>
            </footer>
        </li>
    }
}

/// A post's full text behind "Full text": sanitized and built only once it is opened, since most
/// of a page's texts are never read and each can be long. Part of the post rather than a
/// component of its own, which each post of a page had to mount.
fn full_text(ui: &Ui, open: &UseStateHandle<bool>, text: &str) -> Html {
    let ontoggle = {
        let open = open.clone();
        Callback::from(move |event: Event| {
            if let Some(details) = event.target_dyn_into::<web_sys::Element>() {
                open.set(details.has_attribute("open"));
            }
        })
    };
    html! {
        <details class="post-full" {ontoggle}>
            <summary>{ ui.t("Full text", "Полный текст") }</summary>
            if **open {
                <SafeHtml html={AttrValue::from(text.to_owned())} class="post-text" />
            }
        </details>
    }
}
