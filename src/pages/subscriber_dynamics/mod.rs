//! Subscriber dynamics: participants of up to five channels or chats over time, overlaid on one
//! chart, with a table and a summary of each channel's change. The form and its requests are
//! [`params`], the answer's views [`results`], the analysis [`crate::figures::dynamics`].

mod params;
mod results;

use yew::prelude::*;

use crate::pages::form::DraftForm;

use crate::api::limits::DEFAULT_PERIOD_DAYS;
use crate::api::PeriodGroup;
use crate::components::page_header;
use crate::figures::dynamics::{HOURLY_MAX_DAYS, PERIOD_PRESETS};
use crate::format::fill;
use crate::pages::form::use_page_form;
use crate::pages::form::{Field, PeriodFields, Select};
use crate::route::Route;
use crate::ui::use_ui;
use crate::view::labels::group_label;
use params::{Params, MAX_CHANNELS};
use results::DynamicsView;

#[function_component(SubscriberDynamicsPage)]
pub fn subscriber_dynamics_page() -> Html {
    let ui = use_ui();
    let form = use_page_form::<Params>(Route::SubscriberDynamics);
    let draft = (*form.draft).clone();
    let count = draft.channels.len();

    let channel_inputs = draft.channels.iter().enumerate().map(|(index, typed)| {
        let oninput = form.edit(move |p: &mut Params, v: String| {
            if let Some(channel) = p.channels.get_mut(index) {
                *channel = v;
            }
        });
        let remove = {
            let draft = form.draft.clone();
            Callback::from(move |_: MouseEvent| {
                let mut next = (*draft).clone();
                if next.channels.len() > 1 && index < next.channels.len() {
                    next.channels.remove(index);
                }
                draft.set(next);
            })
        };
        let number = (index + 1).to_string();
        let label = fill(
            ui.t("Channel {n} (channelId)", "Канал {n} (channelId)"),
            &[("n", number.clone())],
        );
        html! {
            <div class="dynamics-channel">
                <Field id={format!("sd-channel-{index}")} label={label} value={typed.clone()}
                    required={index == 0} placeholder="@durov" {oninput}
                    error={form.error(&format!("channelId.{index}"))} />
                if count > 1 {
                    <button type="button" class="cs-button cs-button-quiet dynamics-remove"
                        aria-label={fill(ui.t("Remove channel {n}", "Убрать канал {n}"), &[("n", number)])}
                        onclick={remove}>
                        { ui.t("Remove", "Убрать") }
                    </button>
                }
            </div>
        }
    });
    let add = {
        let draft = form.draft.clone();
        Callback::from(move |_: MouseEvent| {
            let mut next = (*draft).clone();
            if next.channels.len() < MAX_CHANNELS {
                next.channels.push(String::new());
            }
            draft.set(next);
        })
    };

    let group_options = PeriodGroup::ALL
        .iter()
        .map(|g| {
            (
                AttrValue::Static(g.as_str()),
                AttrValue::Static(group_label(*g, ui.locale)),
            )
        })
        .collect::<Vec<_>>();
    let group_error = form.error("group");

    html! {
        <section class="page subscriber-dynamics-page">
            { page_header(&ui, Route::SubscriberDynamics) }
            <form class="query-form" onsubmit={form.onsubmit.clone()} novalidate=true>
                <fieldset class="dynamics-channels">
                    <legend>{ fill(ui.t("Channels or chats, up to {n}", "Каналы или чаты, до {n}"),
                        &[("n", MAX_CHANNELS.to_string())]) }</legend>
                    { for channel_inputs }
                    <p class="hint">{ ui.t(
                        "@username, t.me/username, t.me/joinchat/CODE or the service's numeric ID; one request per channel.",
                        "@username, t.me/username, t.me/joinchat/КОД или числовой ID сервиса; по запросу на канал.",
                    ) }</p>
                    if let Some(error) = form.error("channels") {
                        <p class="field-error">{ error }</p>
                    }
                    if count < MAX_CHANNELS {
                        <button type="button" class="cs-button cs-button-quiet dynamics-add" onclick={add}>
                            { ui.t("Add a channel", "Добавить канал") }
                        </button>
                    }
                </fieldset>
                <div class={classes!("dynamics-group", group_error.is_some().then_some("has-error"))}>
                    <Select id="sd-group" label={ui.t("Group by (group)", "Группировка (group)")}
                        value={draft.group().as_str()} options={group_options}
                        hint={fill(ui.t(
                            "Hourly records suit short ranges: at most {n} days.",
                            "По часам — для коротких периодов: не больше {n} дней.",
                        ), &[("n", HOURLY_MAX_DAYS.to_string())])}
                        onchange={form.edit(|p: &mut Params, v: String| {
                            p.group = if v == "day" { String::new() } else { v };
                        })} />
                    if let Some(error) = group_error {
                        <p class="field-error">{ error }</p>
                    }
                </div>
                <PeriodFields id="sd" value={draft.period.clone()}
                    default_label={fill(ui.t(
                        "API default (last {n} days)",
                        "По умолчанию в API (последние {n} дней)",
                    ), &[("n", DEFAULT_PERIOD_DAYS.to_string())])}
                    presets={&PERIOD_PRESETS[..]} today_placeholder=false
                    onchange={form.edit(|p: &mut Params, v| p.period = v)}
                    error={form.error("startDate")} />
                <div class="actions">
                    <button type="submit">{ ui.t("Show dynamics", "Показать динамику") }</button>
                </div>
            </form>
            { form.status(ui.t(
                "Enter one or more channels to compare their subscribers over time.",
                "Введите один или несколько каналов, чтобы сравнить число подписчиков во времени.",
            )) }
            if let Some(data) = form.task.state().data.clone() {
                <div class={form.results_class("dynamics-results")}>
                    <DynamicsView {data} />
                </div>
            }
        </section>
    }
}
