//! A channel's subscribers over the last days: the latest count, its change, and a chart, with
//! optional controls for the range and the grouping.

use std::rc::Rc;

use chrono::Utc;
use yew::prelude::*;

use super::{frame, status, use_channel_name, use_operation};
use crate::api::ops::SubscriberDynamics;
use crate::api::{ChannelId, PeriodGroup};
use crate::components::chart::period_axis;
use crate::components::status::{unreadable_note, RecordNoun};
use crate::components::{EmptyState, LineChart};
use crate::embed::options::TokenSource;
use crate::figures::counts::{signed, Trend};
use crate::figures::dynamics::{
    chart_series, group_for_range, readings, summarize, PERIOD_PRESETS,
};
use crate::format::fill;
use crate::format::format_percent;
use crate::ui::use_ui;
use crate::view::labels::group_label;

#[derive(Properties, PartialEq)]
pub(super) struct SubscriberChartWidgetProps {
    pub(super) channel: ChannelId,
    pub(super) group: PeriodGroup,
    pub(super) days: u32,
    pub(super) controls: bool,
    pub(super) token: TokenSource,
}

#[function_component(SubscriberChartWidget)]
pub(super) fn subscriber_chart_widget(props: &SubscriberChartWidgetProps) -> Html {
    let ui = use_ui();
    let chosen = use_state_eq(|| (props.group, props.days));
    {
        // New options from the host replace what the controls chose.
        let chosen = chosen.clone();
        use_effect_with((props.group, props.days), move |picked| chosen.set(*picked));
    }
    let (group, days) = *chosen;
    let request = use_memo(
        (props.channel.clone(), group, days),
        |(channel, group, days)| SubscriberDynamics::last_days(channel, *group, *days, Utc::now()),
    );
    let (task, retry) = use_operation((*request).clone(), props.token.clone());
    let name = use_channel_name(props.channel.clone(), props.token.clone());

    let controls = props.controls.then(|| {
        let on_group = {
            let chosen = chosen.clone();
            Callback::from(move |e: Event| {
                let value = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
                if let Ok(group) = value.parse::<PeriodGroup>() {
                    chosen.set((group, chosen.1));
                }
            })
        };
        let on_range = {
            let chosen = chosen.clone();
            Callback::from(move |e: Event| {
                let value = e.target_unchecked_into::<web_sys::HtmlSelectElement>().value();
                if let Ok(days) = value.parse::<u32>() {
                    chosen.set((group_for_range(chosen.0, days), days));
                }
            })
        };
        let groups = [PeriodGroup::Day, PeriodGroup::Week, PeriodGroup::Month];
        html! {
            <div class="cs-widget-controls">
                <label class="cs-widget-control">
                    <span class="cs-visually-hidden">{ ui.t("Period", "Период") }</span>
                    <select class="cs-select" onchange={on_range}>
                        { for PERIOD_PRESETS.iter().map(|d| html! {
                            <option value={d.to_string()} selected={*d == days}>
                                { fill(ui.t("Last {n} days", "Последние {n} дн."), &[("n", d.to_string())]) }
                            </option>
                        }) }
                    </select>
                </label>
                <label class="cs-widget-control">
                    <span class="cs-visually-hidden">{ ui.t("Grouping", "Группировка") }</span>
                    <select class="cs-select" onchange={on_group}>
                        { for groups.iter().map(|g| html! {
                            <option value={g.as_str()} selected={*g == group}>
                                { group_label(*g, ui.locale) }
                            </option>
                        }) }
                    </select>
                </label>
            </div>
        }
    });

    let body = status(&task, &retry).unwrap_or_else(|| {
        let records = task.state().data.as_deref().cloned().unwrap_or_default();
        let (read, _) = readings(group, &records);
        let Some(summary) = summarize(&read) else {
            return html! {
                <EmptyState title={ui.t("No subscriber records for this period.",
                    "За этот период записей о подписчиках нет.")} />
            };
        };
        // One channel, named in the heading: no legend.
        let series = Rc::new(chart_series(
            ui.locale,
            [("", read.as_slice())].into_iter(),
            false,
        ));
        let trend = Trend::of(summary.net).class();
        html! {
            <>
                <p class="cs-widget-figure">
                    <span class="cs-widget-value">{ ui.count(summary.last.count) }</span>
                    <span class={classes!("cs-widget-change", trend)}>
                        { signed(summary.net, ui.locale) }
                        if let Some(p) = summary.percent {
                            { format!(" ({})", format_percent(p, ui.locale)) }
                        }
                    </span>
                </p>
                <LineChart {series} y_title={ui.t("Subscribers", "Подписчики")}
                    x_format={period_axis(group, ui.locale)} height={200.0} />
                { unreadable_note(&ui, RecordNoun::Readings, [&*records]) }
            </>
        }
    });
    frame(
        "cs-widget-subscribers",
        fill(
            ui.t("Subscribers · {c}", "Подписчики · {c}"),
            &[("c", name.clone())],
        ),
        controls.unwrap_or_default(),
        body,
    )
}
