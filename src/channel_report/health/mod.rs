//! The health check section: findings from 90 days of subscribers (hourly where the plan allows,
//! otherwise daily) held against the channel's own normal and against the mentions and tracked
//! placements that explain a rise, the reach profile's ERR and the service's restrictions; each
//! with its dates, its size, how sure it is and why it matters; or, when nothing is found, what
//! was checked.

use std::rc::Rc;

use chrono::NaiveDateTime;
use yew::prelude::*;

use crate::api::model::Channel;
use crate::api::PeriodGroup;
use crate::components::{ErrorBanner, Loading};
use crate::figures::health::readers::Readers;
use crate::format::fill;
use crate::ui::{use_ui, Ui};

use super::checked::Health;

mod finding;
mod rules;

pub use finding::doubt;
use finding::{finding, ReadersInput};

#[derive(Properties, PartialEq)]
pub struct HealthProps {
    pub health: Rc<Health>,
    /// The reach profile has an ERR (the check then held it against the channel's size).
    pub profiled: bool,
    pub on_cancel: Callback<()>,
    pub channel: Rc<Channel>,
    /// The posts whose publication the reach profile knows: message number, when it went out.
    pub known: Rc<Vec<(u64, NaiveDateTime)>>,
    /// A finding's readers, keyed by its start, as its job reads them.
    pub on_read: Callback<(NaiveDateTime, Readers)>,
}

#[function_component(HealthSection)]
pub fn health_section(props: &HealthProps) -> Html {
    let ui = use_ui();
    let health = &props.health;
    let found = &health.found;
    let reading = health.reading;
    let group = health.group;
    let anomalies = found.iter().filter(|f| f.kind.is_anomaly()).count();
    let input = ReadersInput {
        channel: props.channel.clone(),
        known: props.known.clone(),
        on_read: props.on_read.clone(),
    };
    html! {
        <section class="report-section report-health" aria-labelledby="report-health-h"
            data-anomalies={anomalies.to_string()}>
            <h2 id="report-health-h">{ ui.t("Health check", "Проверка здоровья") }</h2>
            <p class="hint">{ rules::summary(&ui, group) }</p>
            <details class="report-rule">
                <summary>{ ui.t("How the check works, and what it cannot see", "Как работает проверка и чего она не видит") }</summary>
                { for rules::rules(&ui).into_iter().map(|text| html! { <p class="hint">{ text }</p> }) }
            </details>
            if health.no_mentions {
                <p class="hint report-no-mentions">{ ui.t(
                    "The mentions of the channel could not be read: a rise after an advert shows as a jump here.",
                    "Упоминания канала прочитать не удалось: рост после рекламы здесь показан как скачок.",
                ) }</p>
            }
            if reading {
                <Loading on_cancel={props.on_cancel.clone()} label={ui.t("Reading 90 days of subscribers and the channel's mentions…", "Читаем подписчиков за 90 дней и упоминания канала…")} />
            }
            if let Some(error) = health.error.clone() {
                <ErrorBanner {error} />
            }
            if found.is_empty() {
                if !reading {
                    <p class="report-nothing" data-findings="0">{ nothing(&ui, group.zip(health.counted), props.profiled) }</p>
                }
            } else {
                <ul class="report-findings">{ for found.iter().enumerate().map(|(i, f)| finding(&ui, f, i, &input)) }</ul>
            }
        </section>
    }
}

fn nothing(ui: &Ui, read: Option<(PeriodGroup, usize)>, profiled: bool) -> String {
    let mut checked = vec![];
    if let Some((group, n)) = read {
        let text = if group == PeriodGroup::Hour {
            ui.t(
                "{n} hourly counts of subscribers for jumps, steps, drops and rises beyond their mentions",
                "{n} часовых значений подписчиков на скачки, ступеньки, оттоки и рост сверх упоминаний",
            )
        } else {
            ui.t(
                "{n} days of subscribers for jumps, steps, drops and rises beyond their mentions",
                "{n} дней подписчиков на скачки, ступеньки, оттоки и рост сверх упоминаний",
            )
        };
        checked.push(fill(text, &[("n", n.to_string())]));
    }
    if profiled {
        checked.push(
            ui.t("ERR for the channel's size", "ERR для размера канала")
                .into(),
        );
    }
    checked.push(
        ui.t("the service's restrictions", "ограничения сервиса")
            .into(),
    );
    fill(
        ui.t(
            "Nothing found; checked: {what}.",
            "Ничего не найдено; проверено: {what}.",
        ),
        &[("what", checked.join(", "))],
    )
}
