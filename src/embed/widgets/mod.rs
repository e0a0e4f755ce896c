//! The embeddable widgets: each is the console's components around one request, inside a root
//! that carries its own language, time zone, theme and API settings. Nothing here links into the
//! console's routes: a widget lives on somebody else's page. One widget per file; what they
//! compute is [`crate::view`], shared with the pages.

mod channel_card;
mod multi_post_stats;
mod post_search;
mod post_stats;
mod subscriber_chart;

use std::rc::Rc;

use yew::prelude::*;

use super::options::{Common, TokenSource};
use crate::api::ops::{ChannelInfo, MultiPostStats, PostSearch, PostStats};
use crate::api::{ChannelId, ClientConfig, Operation, PeriodGroup};
use crate::components::{CardVariant, ErrorBanner, Loading};
use crate::figures::engagement::subscribers;
use crate::request::{use_task, ApiConfig, Task};
use crate::ui::Ui;
use channel_card::ChannelCardWidget;
use multi_post_stats::MultiPostStatsWidget;
use post_search::PostSearchWidget;
use post_stats::PostStatsWidget;
use subscriber_chart::SubscriberChartWidget;

/// What a widget shows; built from the host's options, checked before anything renders.
#[derive(Clone, Debug, PartialEq)]
pub enum WidgetKind {
    ChannelCard {
        request: ChannelInfo,
        variant: CardVariant,
    },
    SubscriberChart {
        channel: ChannelId,
        group: PeriodGroup,
        days: u32,
        controls: bool,
    },
    PostStats {
        request: PostStats,
    },
    PostSearch {
        request: PostSearch,
    },
    MultiPostStats {
        request: MultiPostStats,
    },
}

#[derive(Properties, Clone, PartialEq)]
pub struct WidgetProps {
    pub common: Rc<Common>,
    pub kind: Rc<WidgetKind>,
}

/// The root of every widget: contexts for the components, and one `cs-widget` element that
/// sizes to the host's container.
#[function_component(WidgetRoot)]
pub fn widget_root(props: &WidgetProps) -> Html {
    let common = &props.common;
    let api = ApiConfig(ClientConfig {
        base_url: common.base_url.clone(),
        ..ClientConfig::default()
    });
    let token = common.token.clone();
    let body = match &*props.kind {
        WidgetKind::ChannelCard { request, variant } => html! {
            <ChannelCardWidget request={request.clone()} variant={*variant} {token} />
        },
        WidgetKind::SubscriberChart {
            channel,
            group,
            days,
            controls,
        } => html! {
            <SubscriberChartWidget channel={channel.clone()} group={*group} days={*days}
                controls={*controls} {token} />
        },
        WidgetKind::PostStats { request } => html! {
            <PostStatsWidget request={request.clone()} {token} />
        },
        WidgetKind::PostSearch { request } => html! {
            <PostSearchWidget request={request.clone()} {token} />
        },
        WidgetKind::MultiPostStats { request } => html! {
            <MultiPostStatsWidget request={request.clone()} {token} />
        },
    };
    html! {
        <ContextProvider<Ui> context={common.ui.clone()}>
            <ContextProvider<ApiConfig> context={api}>
                <div class={classes!("cs-widget", common.theme.class())} lang={common.ui.locale.code()}>
                    { body }
                </div>
            </ContextProvider<ApiConfig>>
        </ContextProvider<Ui>>
    }
}

/// Sends `request` now and whenever it (or the token source) changes; `retry` sends it again.
#[hook]
pub(super) fn use_operation<O>(
    request: O,
    token: TokenSource,
) -> (Task<Rc<O::Response>>, Callback<()>)
where
    O: Operation + Clone + PartialEq + 'static,
    O::Response: 'static,
{
    let task = use_task::<Rc<O::Response>>();
    let retry = {
        let task = task.clone();
        let request = request.clone();
        let token = token.clone();
        Callback::from(move |()| {
            let (request, token) = (request.clone(), token.clone());
            task.run(move |api| async move {
                let api = api.with_token(token.resolve().await?);
                api.send(&request).await
            });
        })
    };
    {
        let retry = retry.clone();
        use_effect_with((request, token), move |_| retry.emit(()));
    }
    (task, retry)
}

/// The channel's title for a heading (its identifier until it is known). It is the same call as
/// a channel card of the channel on the page makes, so the two share one request.
#[hook]
pub(super) fn use_channel_name(channel: ChannelId, token: TokenSource) -> String {
    use_channel(channel, token).0
}

/// The channel's title (its identifier until it is known) and its subscriber count, when known
/// (the base of ERR).
#[hook]
pub(super) fn use_channel(channel: ChannelId, token: TokenSource) -> (String, Option<u64>) {
    let fallback = channel.to_string();
    let (info, _) = use_operation(ChannelInfo::new(channel), token);
    let state = info.state();
    let data = state.data.as_deref();
    let name = data
        .map(|c| c.title.trim().to_owned())
        .filter(|t| !t.is_empty())
        .unwrap_or(fallback);
    let subscribers = data.and_then(|channel| subscribers(channel));
    (name, subscribers)
}

/// Loading (with Cancel) or the error with its remedy; `None` once there is data to show.
pub(super) fn status<T>(task: &Task<T>, retry: &Callback<()>) -> Option<Html> {
    let state = task.state();
    if state.loading {
        let cancel = {
            let task = task.clone();
            Callback::from(move |()| task.cancel())
        };
        return Some(html! { <Loading on_cancel={cancel} /> });
    }
    if let Some(error) = &state.error {
        // The kind, for the custom elements' `chanscope-error` event (see static/chanscope-elements.js).
        return Some(html! {
            <div data-error={super::client::kind_name(error)}>
                <ErrorBanner error={error.clone()} on_retry={retry.clone()} />
            </div>
        });
    }
    state.data.is_none().then(Html::default)
}

/// A widget's box: its heading (with any controls beside it) above its body.
pub(super) fn frame(class: &'static str, heading: String, controls: Html, body: Html) -> Html {
    html! {
        <section class={class}>
            <header class="cs-widget-head">
                <h3 class="cs-widget-title">{ heading }</h3>
                { controls }
            </header>
            { body }
        </section>
    }
}
