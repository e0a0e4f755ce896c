//! The band at the head of the channel report: the figures a buyer decides on, each with its
//! stable name and exact value (`data-figure`, `data-value`) for tests and scripts, and the two
//! next steps, Watch and Compare with….

use std::rc::Rc;

use yew::prelude::*;

use crate::api::model::{Channel, Records, SubscriberCount};
use crate::api::{Error, PeriodGroup};
use crate::components::figure::{figure_html, missing_html, price_error_text};
use crate::figures::counts::{signed, Trend};
use crate::figures::dynamics::{change_since, readings};
use crate::figures::engagement::Figure;
use crate::figures::health::readers::Follow;
use crate::figures::health::verdict::{State, Verdict};
use crate::figures::health::{Confidence, Kind};
use crate::figures::profile::Profile;
use crate::figures::reach::{cpm, parse_price};
use crate::format::{fill, format_percent, format_rate};
use crate::route::{route_href, Route, RouteLink};
use crate::ui::{use_ui, Ui};
use crate::watchlist::{WatchButton, WatchTarget};

use super::checked::{Health, MENTION_SUMMARY_DAYS};
use super::health::doubt;

#[derive(Properties, PartialEq)]
pub struct SummaryProps {
    pub channel: Rc<Channel>,
    /// The channel as the address names it.
    pub asked: AttrValue,
    pub history: Result<Rc<Records<SubscriberCount>>, Rc<Error>>,
    pub profile: Option<Rc<Profile>>,
    /// When the newest post the profile counted was published (UTC).
    pub profiled_until: Option<chrono::NaiveDateTime>,
    /// The profile is being measured.
    pub profiling: bool,
    pub health: Rc<Health>,
    /// The price of a post as typed (`?price=`).
    pub price: AttrValue,
    pub onprice: Callback<String>,
}

/// One figure of the band: its name, its exact value when there is one, and how it reads.
fn figure(name: &'static str, value: Option<String>, label: &str, shown: Html) -> Html {
    html! {
        <div class="summary-figure" data-figure={name} data-value={value}>
            <dt>{ label.to_owned() }</dt>
            <dd class="cs-num">{ shown }</dd>
        </div>
    }
}

#[function_component(SummaryBand)]
pub fn summary_band(props: &SummaryProps) -> Html {
    let ui = use_ui();
    let channel = &props.channel;
    let mut figures = vec![figure(
        "subscribers",
        Some(channel.participants_count.to_string()),
        ui.t("Subscribers", "Подписчики"),
        html! { { ui.count(channel.participants_count as i64) } },
    )];
    for days in [7, 30] {
        figures.push(change(&ui, &props.history, days));
    }
    let reach = props.profile.as_ref().map(|p| p.average_reach[1]).ok_or(());
    figures.push(profiled(
        &ui,
        "reach_24h",
        ui.t("Reach at 24 h", "Охват за 24 ч"),
        reach,
        props.profiling,
        |x| ui.count(x.round() as i64),
    ));
    let err24 = props.profile.as_ref().map(|p| p.err24).ok_or(());
    figures.push(profiled(
        &ui,
        "err24_percent",
        "ERR24",
        err24,
        props.profiling,
        |x| format_rate(x, ui.locale),
    ));
    if let Some(until) = props.profiled_until {
        figures.push(html! {
            <div class="summary-figure summary-note">
                <dt>{ ui.t("Reach measured on posts up to", "Охват по постам до") }</dt>
                <dd><time datetime={until.format("%Y-%m-%d").to_string()}>{ until.format("%Y-%m-%d").to_string() }</time></dd>
            </div>
        });
    }
    figures.push(match channel.ci_index {
        Some(ci) => figure(
            "ci_index",
            Some(ci.to_string()),
            ui.t("Citation index", "Индекс цитирования"),
            html! { { format!("{ci:.1}") } },
        ),
        None => figure(
            "ci_index",
            None,
            ui.t("Citation index", "Индекс цитирования"),
            html! { <span class="hint">{ ui.t("not given", "не указан") }</span> },
        ),
    });
    figures.push(health(&ui, &props.health));
    if let Some(shown) = largest_rise_readers(&ui, &props.health) {
        figures.push(shown);
    }
    figures.push(mentions(&ui, &props.health));
    let price_field = {
        let onprice = props.onprice.clone();
        let onchange = Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                onprice.emit(input.value());
            }
        });
        html! {
            <input id="ci-price" class="summary-price" type="text" inputmode="decimal"
                value={props.price.clone()} {onchange} placeholder={ui.t("price of a post", "цена поста")}
                aria-label={ui.t("Price of a post, to work out the CPM", "Цена поста для расчёта CPM")} />
        }
    };
    let price = props.price.trim();
    let (value, shown) = if price.is_empty() {
        (None, Html::default())
    } else {
        match parse_price(price) {
            Ok(p) => {
                let reach = props.profile.as_ref().map(|p| p.average_reach[1]);
                match reach {
                    Some(reach) => {
                        let value: Figure = cpm(Some(p), reach);
                        (
                            value.ok().map(|v| v.to_string()),
                            figure_html(&ui, value, |x| format!("{x:.0}")),
                        )
                    }
                    None => (
                        None,
                        html! { <span class="hint">{ ui.t("needs the reach profile", "нужен профиль охвата") }</span> },
                    ),
                }
            }
            Err(e) => (
                None,
                html! { <span class="cs-field-error" role="alert">{ price_error_text(&ui, e) }</span> },
            ),
        }
    };
    figures.push(html! {
        <div class="summary-figure summary-cpm" data-figure="cpm" data-value={value}>
            <dt><label for="ci-price">{ ui.t("CPM at the reach at 24 h", "CPM по охвату за 24 ч") }</label></dt>
            <dd class="cs-num">{ price_field }{ shown }</dd>
        </div>
    });
    let title = if channel.title.trim().is_empty() {
        props.asked.trim().to_owned()
    } else {
        channel.title.trim().to_owned()
    };
    let compare = route_href(
        Route::ChannelSearch,
        &CompareWith {
            with: props.asked.trim().to_owned(),
        },
    );
    html! {
        <section class="report-summary" aria-label={ui.t("Summary", "Сводка")}>
            <dl class="summary-figures">{ for figures }</dl>
            <div class="summary-actions">
                <WatchButton target={WatchTarget::Channel { channel: props.asked.trim().to_owned() }} name={title} />
                <RouteLink href={compare} classes="cs-button cs-button-quiet summary-compare">
                    { ui.t("Compare with…", "Сравнить с…") }
                </RouteLink>
            </div>
        </section>
    }
}

/// `?with=…` of channel search: the channel the picked ones are compared with.
#[derive(serde::Serialize)]
struct CompareWith {
    with: String,
}

fn change(ui: &Ui, history: &Result<Rc<Records<SubscriberCount>>, Rc<Error>>, days: u32) -> Html {
    let name = if days == 7 {
        "subscribers_change_7d"
    } else {
        "subscribers_change_30d"
    };
    let label = fill(
        ui.t("Change, {n} days", "Изменение за {n} дней"),
        &[("n", days.to_string())],
    );
    let Ok(records) = history else {
        return figure(name, None, &label, html! { { "—" } });
    };
    let (read, _) = readings(PeriodGroup::Day, records);
    match change_since(&read, days) {
        Ok(since) => figure(
            name,
            Some(since.net.to_string()),
            &label,
            html! {
                <span class={Trend::of(since.net).class()}>
                    { signed(since.net, ui.locale) }
                    if let Some(p) = since.percent {
                        { format!(" ({})", format_percent(p, ui.locale)) }
                    }
                </span>
            },
        ),
        Err(missing) => figure(name, None, &label, missing_html(ui, missing)),
    }
}

/// A figure of the reach profile: its value, "measuring…" while the profile runs, or a pointer
/// to the profile when there is none yet.
fn profiled(
    ui: &Ui,
    name: &'static str,
    label: &str,
    value: Result<Figure, ()>,
    profiling: bool,
    show: impl Fn(f64) -> String,
) -> Html {
    match value {
        Ok(value) => figure(
            name,
            value.ok().map(|v| v.to_string()),
            label,
            figure_html(ui, value, show),
        ),
        Err(()) if profiling => figure(
            name,
            None,
            label,
            html! { <span class="hint">{ ui.t("measuring…", "считаем…") }</span> },
        ),
        Err(()) => figure(
            name,
            None,
            label,
            html! { <a class="hint" href="#report-profile-h">{ ui.t("needs a recent post", "нужен недавний пост") }</a> },
        ),
    }
}

fn health(ui: &Ui, health: &Health) -> Html {
    let label = ui.t("Health check", "Проверка здоровья");
    let Some(verdict) = &health.verdict else {
        let shown = if health.reading {
            html! { <span class="hint">{ ui.t("reading…", "читаем…") }</span> }
        } else {
            html! { { "—" } }
        };
        return figure("health", None, label, shown);
    };
    let text = verdict_text(ui, verdict);
    let confidence = match verdict.confidence {
        Confidence::High => ui.t("high confidence", "высокая уверенность"),
        Confidence::Medium => ui.t("medium confidence", "средняя уверенность"),
        Confidence::Low => ui.t("low confidence", "низкая уверенность"),
    };
    let confidence = if verdict.doubts.is_empty() {
        confidence.to_owned()
    } else {
        let doubts: Vec<&str> = verdict.doubts.iter().map(|d| doubt(ui, *d)).collect();
        format!("{confidence} ({})", doubts.join(", "))
    };
    let count = match verdict.findings {
        1 => ui.t("1 finding", "1 находка").to_owned(),
        n => fill(
            ui.t("{n} findings", "находок: {n}"),
            &[("n", n.to_string())],
        ),
    };
    html! {
        <div class={classes!("summary-figure", "summary-health", verdict.state.as_str())} data-figure="health"
            data-value={verdict.state.as_str()} data-confidence={verdict.confidence.as_str()}
            data-findings={verdict.findings.to_string()}>
            <dt>{ label }</dt>
            <dd>
                <a href="#report-health-h">{ text }</a>
                <span class="hint summary-sub">{ format!("{confidence} · {count}") }</span>
            </dd>
        </div>
    }
}

/// "sign" after `n` (the Russian text puts the count after the noun, so needs no forms).
fn signs(ui: &Ui, n: usize) -> &'static str {
    ui.noun(n, ["sign", "signs"], ["", "", ""])
}

fn verdict_text(ui: &Ui, verdict: &Verdict) -> String {
    match (verdict.state, verdict.confidence) {
        (State::Warnings, Confidence::High) => fill(
            ui.t("{n} warning {signs}", "Тревожных признаков: {n}"),
            &[
                ("n", verdict.warnings.to_string()),
                ("signs", signs(ui, verdict.warnings).to_owned()),
            ],
        ),
        (State::Warnings, _) => fill(
            ui.t(
                "{n} possible warning {signs}",
                "Возможных тревожных признаков: {n}",
            ),
            &[
                ("n", verdict.warnings.to_string()),
                ("signs", signs(ui, verdict.warnings).to_owned()),
            ],
        ),
        (State::Clean, Confidence::Low) => ui
            .t(
                "Nothing found, too little to tell",
                "Ничего не найдено, но данных мало",
            )
            .to_owned(),
        (State::Clean, _) => ui
            .t("No warning signs", "Тревожных признаков нет")
            .to_owned(),
    }
}

fn mentions(ui: &Ui, health: &Health) -> Html {
    let label = fill(
        ui.t("Mentions, {n} days", "Упоминания за {n} дней"),
        &[("n", MENTION_SUMMARY_DAYS.to_string())],
    );
    match health.recent_mentions {
        Some((n, full)) => figure(
            "mentions_14d",
            Some(n.to_string()),
            &label,
            html! {
                { if full && n > 0 { format!("{n}+") } else { n.to_string() } }
            },
        ),
        None if health.reading => figure(
            "mentions_14d",
            None,
            &label,
            html! { <span class="hint">{ ui.t("reading…", "читаем…") }</span> },
        ),
        None => figure("mentions_14d", None, &label, html! { { "—" } }),
    }
}

/// ERR24 before and after the largest rise of subscribers, once the posts around it are read.
fn largest_rise_readers(ui: &Ui, health: &Health) -> Option<Html> {
    let rise = health
        .found
        .iter()
        .filter(|f| {
            matches!(
                f.kind,
                Kind::Jump | Kind::Step | Kind::MentionRise | Kind::BeyondMention
            )
        })
        .filter_map(|f| f.movement())
        .filter(|m| m.change > 0)
        .max_by_key(|m| m.change)?;
    let read = rise.readers.as_ref()?;
    let err = |e: Option<f64>| e.map_or_else(|| "—".to_owned(), |e| format_rate(e, ui.locale));
    let value = |e: Option<f64>| e.map(|e| format!("{e:.2}"));
    let label = fill(
        ui.t(
            "ERR24 around the largest rise ({date})",
            "ERR24 вокруг самого большого роста ({date})",
        ),
        &[("date", rise.start.format("%Y-%m-%d").to_string())],
    );
    let meaning = match read.follow {
        Follow::Followed => ui.t("the newcomers read", "пришедшие читают"),
        Follow::NotFollowed => ui.t("the newcomers do not read", "пришедшие не читают"),
        Follow::Unclear => ui.t("the posts cannot tell", "по постам не сказать"),
        Follow::TooFew => ui.t("too few posts to tell", "слишком мало постов"),
    };
    Some(html! {
        <div class="summary-figure summary-readers" data-summary="readers" data-readers={read.follow.as_str()}>
            <dt>{ label }</dt>
            <dd>
                <span class="cs-num" data-err-before="" data-value={value(read.err_before)}>{ err(read.err_before) }</span>
                { " → " }
                <span class="cs-num" data-err-after="" data-value={value(read.err_after)}>{ err(read.err_after) }</span>
                <span class="hint summary-sub">{ meaning }</span>
            </dd>
        </div>
    })
}
