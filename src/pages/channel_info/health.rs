//! The health check section: findings from 90 days of subscribers (hourly where the plan allows,
//! otherwise daily), the reach profile's ERR and the service's restrictions, each with its date,
//! its size and why it matters; or, when nothing is found, what was checked.

use std::rc::Rc;

use chrono::{DateTime, Utc};
use yew::prelude::*;

use crate::api::model::{Channel, Records, SubscriberCount};
use crate::api::ops::SubscriberDynamics;
use crate::api::{ApiErrorKind, ChannelId, Error, PeriodGroup};
use crate::components::{ErrorBanner, Loading};
use crate::format::{fill, format_rate};
use crate::request::{use_task, CachedClient};
use crate::ui::{use_ui, Ui};
use crate::view::counts::signed;
use crate::view::dynamics::{readings, Reading};
use crate::view::health::{
    low_err, readings_per_day, restriction_findings, subscriber_findings, Finding, Size, DROP_DAYS,
    DROP_SHARE, FLAT_DAYS, JUMP_MIN_SHARE, JUMP_SPREADS,
};
use crate::view::restrictions::{flag_text, flags};

/// Days of subscribers the check reads.
pub const HEALTH_DAYS: u32 = 90;

#[derive(Properties, PartialEq)]
pub struct HealthProps {
    pub channel: Rc<Channel>,
    /// The channel as the address names it.
    pub asked: AttrValue,
    /// The reach profile's ERR, once there is one.
    pub err: Option<f64>,
}

/// The subscribers of `id` over the [`HEALTH_DAYS`] before `now`, by hour where the plan allows,
/// else by day, with the grouping they came in. A plan without hours (or with a shorter hourly
/// period) refuses the hourly request itself; days are the next best.
pub(crate) async fn hours_or_days(
    api: &CachedClient,
    id: &ChannelId,
    now: DateTime<Utc>,
) -> Result<(PeriodGroup, Rc<Records<SubscriberCount>>), Error> {
    let op = |group| SubscriberDynamics::last_days(id, group, HEALTH_DAYS, now);
    match api.send(&op(PeriodGroup::Hour)).await {
        Ok(records) => Ok((PeriodGroup::Hour, records)),
        Err(Error::Api(e))
            if matches!(e.kind, ApiErrorKind::Plan | ApiErrorKind::InvalidParameter) =>
        {
            Ok((PeriodGroup::Day, api.send(&op(PeriodGroup::Day)).await?))
        }
        Err(e) => Err(e),
    }
}

#[function_component(HealthSection)]
pub fn health_section(props: &HealthProps) -> Html {
    let ui = use_ui();
    let task = use_task::<(PeriodGroup, Records<SubscriberCount>)>();
    {
        let task = task.clone();
        use_effect_with(props.asked.clone(), move |asked| {
            if let Ok(id) = asked.parse::<ChannelId>() {
                let now = Utc::now();
                task.run(move |api| async move {
                    let (group, records) = hours_or_days(&api, &id, now).await?;
                    Ok((group, (*records).clone()))
                });
            }
        });
    }
    let state = task.state();
    // From the first frame, before the effect has started the request: "nothing found" then
    // would speak of counts not yet read.
    let reading = state.loading
        || (state.data.is_none()
            && state.error.is_none()
            && props.asked.parse::<ChannelId>().is_ok());
    let today = Utc::now().date_naive();
    let restrictions: Vec<String> = flags(&props.channel)
        .iter()
        .map(|f| flag_text(f, ui.locale))
        .collect();
    let mut found = restriction_findings(&restrictions, today);
    let read: Option<(PeriodGroup, Vec<Reading>)> = state
        .data
        .as_ref()
        .map(|answer| (answer.0, readings(answer.0, &answer.1).0));
    if let Some((group, read)) = &read {
        found.extend(subscriber_findings(
            read,
            readings_per_day(*group).unwrap_or(1),
        ));
    }
    let subscribers = props.channel.participants_count;
    if let Some(finding) = props.err.and_then(|err| low_err(err, subscribers, today)) {
        found.push(finding);
    }
    found.sort_by_key(|f| f.date);
    let cancel = {
        let task = task.clone();
        Callback::from(move |()| task.cancel())
    };
    html! {
        <section class="report-section report-health" aria-labelledby="report-health-h">
            <h2 id="report-health-h">{ ui.t("Health check", "Проверка здоровья") }</h2>
            <p class="hint">{ rule(&ui, read.as_ref().map(|(group, _)| *group)) }</p>
            if reading {
                <Loading on_cancel={cancel} label={ui.t("Reading 90 days of subscribers…", "Читаем подписчиков за 90 дней…")} />
            }
            if let Some(error) = state.error.clone() {
                <ErrorBanner {error} />
            }
            if found.is_empty() {
                if !reading {
                    <p class="report-nothing" data-findings="0">{ nothing(&ui, read.as_ref(), props.err.is_some()) }</p>
                }
            } else {
                <ul class="report-findings">{ for found.iter().map(|f| finding(&ui, f)) }</ul>
            }
        </section>
    }
}

/// The subscriber rules in words, with their numbers, for the readings of `group` once known.
fn rule(ui: &Ui, group: Option<PeriodGroup>) -> String {
    let daily = group == Some(PeriodGroup::Day);
    let text = if daily {
        ui.t(
            "Rule (daily counts: the plan gives no hours, so an advert's rise can look like a jump): a day's change is a jump when it is more than {k} spreads above the channel's normal daily change (the median of its daily changes; spread = 1.4826 × their median absolute deviation) and at least {share} % of the count. After {flat} flat days it is a step. A loss of at least {drop} % of a jump within {days} days is a drop.",
            "Правило (дневные данные: тариф не даёт часов, и рост после рекламы может выглядеть скачком): изменение за день — скачок, если оно больше обычного изменения канала (медианы его дневных изменений) на {k} разбросов (разброс = 1,4826 × медианное абсолютное отклонение) и не меньше {share} % подписчиков. После {flat} дней без изменений — ступенька. Потеря не меньше {drop} % скачка за {days} дней — отток.",
        )
    } else {
        ui.t(
            "Rule: an hour's change is a jump when it is more than {k} spreads above the channel's normal hourly change (the median of its hourly changes; spread = 1.4826 × their median absolute deviation) and at least {share} % of the count; neighbouring hours are one jump. After {flat} flat days it is a step. A loss of at least {drop} % of a jump within {days} days is a drop. An advert's rise, spread over hours, is none of these.",
            "Правило: изменение за час — скачок, если оно больше обычного изменения канала (медианы его часовых изменений) на {k} разбросов (разброс = 1,4826 × медианное абсолютное отклонение) и не меньше {share} % подписчиков; соседние часы — один скачок. После {flat} дней без изменений — ступенька. Потеря не меньше {drop} % скачка за {days} дней — отток. Рост после рекламы, растянутый на часы, ни то ни другое.",
        )
    };
    fill(
        text,
        &[
            ("k", JUMP_SPREADS.to_string()),
            ("share", (JUMP_MIN_SHARE * 100.0).to_string()),
            ("flat", FLAT_DAYS.to_string()),
            ("drop", (DROP_SHARE * 100.0).to_string()),
            ("days", DROP_DAYS.to_string()),
        ],
    )
}

fn nothing(ui: &Ui, read: Option<&(PeriodGroup, Vec<Reading>)>, profiled: bool) -> String {
    let mut checked = vec![];
    if let Some((group, read)) = read {
        let text = if *group == PeriodGroup::Hour {
            ui.t(
                "{n} hourly counts of subscribers for jumps, steps and drops",
                "{n} часовых значений подписчиков на скачки, ступеньки и оттоки",
            )
        } else {
            ui.t(
                "{n} days of subscribers for jumps, steps and drops",
                "{n} дней подписчиков на скачки, ступеньки и оттоки",
            )
        };
        checked.push(fill(text, &[("n", read.len().to_string())]));
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

fn finding(ui: &Ui, f: &Finding) -> Html {
    let title = match f.kind.as_str() {
        "subscriber-jump" => ui.t("Subscriber jump", "Скачок подписчиков"),
        "subscriber-drop" => ui.t("Loss after a jump", "Отток после скачка"),
        "subscriber-step" => ui.t("Step after a flat stretch", "Ступенька после затишья"),
        "low-err" => ui.t(
            "Low ERR for the channel's size",
            "Низкий ERR для размера канала",
        ),
        _ => ui.t("Restriction", "Ограничение"),
    };
    let size = match &f.size {
        Size::Subscribers(n) => fill(
            ui.t("{n} subscribers", "{n} подписчиков"),
            &[("n", signed(*n, ui.locale))],
        ),
        Size::Err { err, usual } => fill(
            ui.t(
                "ERR {err}, usual for this size {usual}",
                "ERR {err}, обычно для такого размера {usual}",
            ),
            &[
                ("err", format_rate(*err, ui.locale)),
                ("usual", format_rate(*usual, ui.locale)),
            ],
        ),
        Size::Text(text) => text.clone(),
    };
    let date = f.date.format("%Y-%m-%d").to_string();
    html! {
        <li class={classes!("report-finding", format!("report-finding-{}", f.kind.as_str()))}
            data-finding={f.kind.as_str()} data-date={date.clone()}>
            <strong>{ title }</strong>{ " · " }<time datetime={date.clone()}>{ date }</time>
            { " · " }<span class="cs-num">{ size }</span>
            <p class="hint">{ f.kind.why(ui.locale) }</p>
        </li>
    }
}
