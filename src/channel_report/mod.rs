//! Channel information: the general data of one channel or chat, with the way on to its
//! subscriber dynamics and to posts that mention it; under the card, the report an advertiser
//! reads before buying a post: the reach profile, the health check and incoming mentions
//! (`sections.rs`), printable as at most two A4 pages.

mod checked;
mod health;
mod mentions;
mod profile;
mod readers;
mod report;
mod sections;
mod summary;

use std::rc::Rc;

use yew::prelude::*;

use crate::pages::form::DraftForm;

use chrono::Utc;

use crate::api::batch::both;
use crate::api::model::{Channel, Records, SubscriberCount};
use crate::api::opening::{channel_history, channel_info_request};
use crate::api::ops::ChannelInfo;
use crate::api::{Error, PeriodGroup};
use crate::components::chart::period_axis;
use crate::components::figure::missing_html;
use crate::components::page_header;
use crate::components::{CardVariant, ChannelCard, ErrorBanner, LineChart};
use crate::figures::counts::{signed, Trend};
use crate::figures::dynamics::{change_since, chart_series, readings};
use crate::format::{fill, format_percent};
use crate::pages::form::Field;
use crate::pages::form::{use_page_form, AddressQuery, PageParams, Problems};
use crate::request::CachedClient;
use crate::route::{route_href, ChannelQuery, Route};
use crate::sanitize::{MarkupWriter, Written};
use crate::store::recent::remember_opened;
use crate::ui::{use_ui, Ui};
use crate::view::card::write_report_actions;
use crate::view::paste::{Opened, OpenedKind};

/// The days the page reports the subscriber change over (the chart spans
/// [`CHANNEL_HISTORY_DAYS`](crate::api::opening::CHANNEL_HISTORY_DAYS)).
const CHANGE_DAYS: [u32; 3] = [1, 7, 30];

/// The channel and its last 30 days of subscribers by day (or why they are missing: the card
/// shows without them).
pub struct ChannelData {
    channel: Rc<Channel>,
    history: Result<Rc<Records<SubscriberCount>>, Rc<Error>>,
}

impl AddressQuery for ChannelQuery {}

impl PageParams for ChannelQuery {
    type Request = ChannelInfo;
    type Output = ChannelData;

    fn to_request(&self, ui: &Ui) -> Result<ChannelInfo, Problems> {
        // Built as the gateway's preload of this page builds it, so that the two URLs match.
        channel_info_request(&self.channel)
            .map_err(|e| Problems::bad_id(ui, "channelId", "channelId", e))
    }

    async fn fetch(api: CachedClient, op: ChannelInfo) -> Result<Self::Output, Error> {
        // Built as the gateway's preload of this page builds it, so that the two URLs match.
        let history = channel_history(&op.channel_id, Utc::now());
        let (channel, history) = both(api.send(&op), api.send(&history)).await;
        let history = match history {
            Err(Error::Aborted) => return Err(Error::Aborted),
            other => other.map_err(Rc::new),
        };
        Ok(ChannelData {
            channel: channel?,
            history,
        })
    }
}

#[function_component(ChannelInfoPage)]
pub fn channel_info_page() -> Html {
    let ui = use_ui();
    let form = use_page_form::<ChannelQuery>(Route::ChannelInfo);
    let draft = (*form.draft).clone();
    let state = form.task.state();
    {
        // The report opened is remembered for the start page and the box, by its title.
        let asked = form.params.channel.trim().to_owned();
        let title = state
            .data
            .as_ref()
            .map(|d| d.channel.title.trim().to_owned());
        use_effect_with((asked, title), |(asked, title)| {
            if let Some(title) = title {
                let href = route_href(Route::ChannelInfo, &ChannelQuery::new(asked.as_str()));
                let mut opened = Opened::new(OpenedKind::Channel, href, asked);
                if !title.is_empty() {
                    opened.label = format!("{title} ({asked})");
                }
                remember_opened(opened);
            }
        });
    }
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
            if let Some(data) = state.data.clone() {
                <div class={form.results_class("channel-info")}>
                    <ChannelCard channel={data.channel.clone()} variant={CardVariant::Full} heading={2}
                        actions={actions(&ui, &form.params.channel, &data.channel)} />
                    <sections::Report channel={data.channel.clone()} asked={form.params.channel.trim().to_owned()}
                        history={data.history.clone()} change={subscriber_change(&ui, &data.history)} />
                </div>
            }
        </section>
    }
}

/// Links to the other pages about this channel, as markup for the card's foot.
fn actions(ui: &Ui, asked: &str, channel: &Channel) -> Written {
    let mut m = MarkupWriter::default();
    write_report_actions(&mut m, ui.locale, asked, channel);
    m.finish()
}

/// The subscriber change over the last day, 7 and 30 days, and the 30 days as a small chart.
fn subscriber_change(ui: &Ui, history: &Result<Rc<Records<SubscriberCount>>, Rc<Error>>) -> Html {
    let heading =
        html! { <h2>{ ui.t("Subscribers lately", "Подписчики за последнее время") }</h2> };
    let records = match history {
        Ok(records) => records,
        Err(error) => {
            return html! {
                <section class="channel-change">{ heading }<ErrorBanner error={error.clone()} /></section>
            }
        }
    };
    let (read, _) = readings(PeriodGroup::Day, records);
    let changes = CHANGE_DAYS.iter().map(|days| {
        let label = match days {
            1 => ui.t("Last day", "За сутки").to_owned(),
            n => fill(ui.t("{n} days", "{n} дней"), &[("n", n.to_string())]),
        };
        let value = match change_since(&read, *days) {
            Ok(since) => html! {
                <span class={classes!("cs-num", Trend::of(since.net).class())}
                    title={format!("{} → {}", ui.count(since.from.count), ui.count(since.to.count))}>
                    { signed(since.net, ui.locale) }
                    if let Some(p) = since.percent {
                        { format!(" ({})", format_percent(p, ui.locale)) }
                    }
                </span>
            },
            Err(missing) => missing_html(ui, missing),
        };
        html! { <div class="channel-change-item"><dt>{ label }</dt><dd>{ value }</dd></div> }
    });
    let series = Rc::new(chart_series(
        ui.locale,
        [("", read.as_slice())].into_iter(),
        false,
    ));
    html! {
        <section class="channel-change">
            { heading }
            <dl class="channel-change-list">{ for changes }</dl>
            <LineChart {series} y_title={ui.t("Subscribers, last 30 days", "Подписчики за 30 дней")}
                x_format={period_axis(PeriodGroup::Day, ui.locale)} height={160.0} />
        </section>
    }
}
