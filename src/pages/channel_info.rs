//! Channel information: the general data of one channel or chat, with the way on to its
//! subscriber dynamics and to posts that mention it.

use std::rc::Rc;

use yew::prelude::*;

use crate::api::ids::ChannelId;
use crate::api::model::Channel;
use crate::api::ops::ChannelInfo;
use crate::api::Error;
use crate::components::{CardVariant, ChannelCard};
use crate::pages::form::Field;
use crate::pages::form::{use_page_form, PageParams, Problems};
use crate::pages::page_header;
use crate::request::CachedClient;
use crate::route::{route_href, ChannelQuery, Route, RouteLink, SearchQuery};
use crate::ui::{use_ui, Ui};

impl PageParams for ChannelQuery {
    type Request = ChannelInfo;
    type Output = Rc<Channel>;

    fn to_request(&self, ui: &Ui) -> Result<ChannelInfo, Problems> {
        self.channel
            .parse::<ChannelId>()
            .map(ChannelInfo::new)
            .map_err(|e| Problems::bad_id(ui, "channelId", "channelId", e))
    }

    async fn fetch(api: CachedClient, op: ChannelInfo) -> Result<Self::Output, Error> {
        api.send(&op).await
    }
}

#[function_component(ChannelInfoPage)]
pub fn channel_info_page() -> Html {
    let ui = use_ui();
    let form = use_page_form::<ChannelQuery>(Route::ChannelInfo);
    let draft = (*form.draft).clone();
    let state = form.task.state();
    html! {
        <section class="page channel-info-page">
            { page_header(&ui, Route::ChannelInfo) }
            <form class="query-form" onsubmit={form.onsubmit.clone()} novalidate=true>
                <Field id="ci-channel" label={ui.t("Channel or chat (channelId)", "Канал или чат (channelId)")}
                    value={draft.channel.clone()} required=true placeholder="@durov"
                    hint={ui.t("@username, t.me/username, t.me/joinchat/CODE or the service's numeric ID",
                        "@username, t.me/username, t.me/joinchat/КОД или числовой ID сервиса")}
                    oninput={form.edit(|p: &mut ChannelQuery, v| p.channel = v)}
                    error={form.error("channelId")} />
                <div class="actions">
                    <button type="submit">{ ui.t("Show channel", "Показать канал") }</button>
                </div>
            </form>
            { form.status(ui.t(
                "Enter a channel or chat to see its card.",
                "Введите канал или чат, чтобы увидеть его карточку.",
            )) }
            if let Some(channel) = state.data.clone() {
                <div class={form.results_class("channel-info")}>
                    <ChannelCard channel={(*channel).clone()} variant={CardVariant::Full} heading={2}
                        actions={actions(&ui, &form.params.channel, &channel)} />
                </div>
            }
        </section>
    }
}

/// Links to the other pages about this channel. The subscriber page gets the identifier as it
/// was asked, so both pages name the channel the same way.
fn actions(ui: &Ui, asked: &str, channel: &Channel) -> Html {
    let posts_query = {
        let name = channel.username.trim().trim_start_matches('@');
        if name.is_empty() {
            channel.title.trim().to_owned()
        } else {
            format!("@{name}")
        }
    };
    html! {
        <>
            <RouteLink href={route_href(Route::SubscriberDynamics, &ChannelQuery::new(asked.trim()))} classes="cs-button">
                { ui.t("Subscriber dynamics", "Динамика подписчиков") }
            </RouteLink>
            if !posts_query.is_empty() {
                <RouteLink href={route_href(Route::PostSearch, &SearchQuery { q: posts_query.clone() })} classes="cs-button cs-button-quiet">
                    { ui.t("Search its posts", "Искать его посты") }
                </RouteLink>
                <p class="hint">
                    { ui.t("Post search has no channel filter: this finds posts that contain ",
                        "У поиска постов нет фильтра по каналу: будут найдены посты, содержащие ") }
                    <code>{ posts_query }</code>
                    { ui.t(", in this channel and elsewhere.", " — в этом канале и в других.") }
                </p>
            }
        </>
    }
}
