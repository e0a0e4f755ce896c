//! The latest posts of a search: channel, date, snippet and counters of each.

use std::rc::Rc;

use yew::prelude::*;

use super::{frame, status, use_operation};
use crate::api::model::{Post, PostSearchResponse};
use crate::api::ops::PostSearch;
use crate::components::status::{unreadable_note, RecordNoun};
use crate::components::{EmptyState, SafeHtml};
use crate::embed::options::TokenSource;
use crate::format::compact;
use crate::format::fill;
use crate::ui::{use_ui, Ui};
use crate::view::labels::{channel_label, excerpt};

#[derive(Properties, PartialEq)]
pub(super) struct PostSearchWidgetProps {
    pub(super) request: PostSearch,
    pub(super) token: TokenSource,
}

#[function_component(PostSearchWidget)]
pub(super) fn post_search_widget(props: &PostSearchWidgetProps) -> Html {
    let ui = use_ui();
    let (task, retry) = use_operation(props.request.clone(), props.token.clone());
    let body = status(&task, &retry).unwrap_or_else(|| {
        let data: Rc<PostSearchResponse> =
            task.state().data.as_deref().cloned().unwrap_or_default();
        if data.items.is_empty() {
            return html! {
                <EmptyState title={ui.t("No posts found.", "Постов не найдено.")} />
            };
        }
        let total = i64::try_from(data.total_count).unwrap_or(i64::MAX);
        html! {
            <>
                <p class="cs-widget-note">
                    { fill(ui.t("{n} of {total} posts, newest first", "{n} из {total} постов, сначала новые"),
                        &[("n", data.items.len().to_string()), ("total", ui.count(total))]) }
                </p>
                { unreadable_note(&ui, RecordNoun::Posts, [&data.items]) }
                <ol class="cs-widget-posts">
                    { for data.items.iter().map(|post| post_item(&ui, &data, post)) }
                </ol>
            </>
        }
    });
    frame(
        "cs-widget-search",
        fill(
            ui.t("Posts about “{q}”", "Посты по запросу «{q}»"),
            &[("q", props.request.q.clone())],
        ),
        Html::default(),
        body,
    )
}

fn post_item(ui: &Ui, data: &PostSearchResponse, post: &Post) -> Html {
    let channel = data.channels.iter().find(|c| c.id == post.channel_id);
    let (_, channel_text) = channel_label(post.channel_id, channel, ui.locale);
    let snippet = excerpt(post).to_owned();
    // "7 views"; Russian takes the abbreviation, which needs no plural form ("7 просм.").
    let counter = |label: &'static str, short: &'static str, n: u64| {
        let n = i64::try_from(n).unwrap_or(i64::MAX);
        html! {
            <span class="cs-widget-counter" title={format!("{label}: {}", ui.count(n))}>
                { compact(n) }{ " " }{ short }
            </span>
        }
    };
    html! {
        <li class="cs-widget-post" data-post-id={post.id.to_string()}>
            <div class="cs-widget-post-head">
                <span class="cs-widget-post-channel">{ channel_text }</span>
                <time class="cs-muted">{ ui.timestamp(post.date) }</time>
            </div>
            <SafeHtml html={snippet} class="cs-widget-snippet" />
            <div class="cs-widget-post-foot">
                { counter(ui.t("Views", "Просмотры"),
                    if post.views == 1 { ui.t("view", "просм.") } else { ui.t("views", "просм.") },
                    post.views) }
                { counter(ui.t("Shares", "Репосты"),
                    if post.shares_count == 1 { ui.t("share", "репост.") } else { ui.t("shares", "репост.") },
                    post.shares_count) }
                if let Some(href) = post.url() {
                    <a class="cs-link" href={href} rel="noopener noreferrer" target="_blank">
                        { ui.t("Open", "Открыть") }
                    </a>
                }
            </div>
        </li>
    }
}
