//! A refreshed campaign on screen: each placement's figures in a table with their export, the
//! campaign's totals, and the promoted channel's chart with the placements marked, each figure
//! with how it is computed.

use std::rc::Rc;

use chrono::{NaiveDateTime, TimeDelta};
use yew::prelude::*;

use crate::api::PeriodGroup;
use crate::campaigns::Campaign;
use crate::components::chart::period_axis;
use crate::components::figure::{figure_html, missing_text, money, within_normal};
use crate::components::{ExportButtons, LineChart};
use crate::figures::after_mention::AFTER_HOURS;
use crate::figures::campaign::{
    campaign_figures, placements_export, CampaignFigures, Placement, WINDOW_HOURS,
};
use crate::figures::dynamics::{chart_series, Reading};
use crate::figures::engagement::{Figure, Missing};
use crate::figures::growth::Growth;
use crate::format::{fill, format_rate, group_decimal};
use crate::ui::Ui;

/// Every placement as the figures take it, with its view growth and whether its hour was read
/// from the post (none when neither typed nor answered yet).
pub(super) struct Placed {
    pub(super) placements: Vec<Placement>,
    pub(super) growth: Vec<Vec<Growth>>,
    pub(super) from_post: Vec<bool>,
}

/// The figures of the placements as `placed`, over the promoted channel's readings of `group`
/// and with its known `mentions`.
pub(super) fn figures(
    ui: &Ui,
    campaign: &Campaign,
    placed: &Placed,
    (group, read): (PeriodGroup, &[Reading]),
    mentions: &[NaiveDateTime],
) -> Html {
    let figures = campaign_figures(&placed.placements, &placed.growth, read, mentions);
    let table = {
        let table = placements_export(&placed.placements, &figures);
        Callback::from(move |()| table.clone())
    };
    html! {
        <>
            { placements_table(ui, campaign, placed, &figures) }
            <ExportButtons name="campaign" {table} label={ui.t("Placements:", "Размещения:")} />
            { totals(ui, placed, &figures) }
            { chart(ui, placed, (group, read)) }
            <p class="hint">{ fill(ui.t(
                "Reach at N h: the post's views in its first N hours. CPM = price / (reach / 1000). Gain beyond normal: the promoted channel's subscriber change from the last count before the placement to the first count N hours after it, minus its normal change over as long (the change over every such window of the last 90 days, leaving out those that overlap the 48 h after a placement or a mention of the channel, {m} found, each carried along their trend to the placement, and their median); ± its spread, the largest of 1.4826 × their median absolute deviation, the 90th percentile of their deviations / 1.645, and √(|normal| + 1), the noise of as many arrivals. Placements within {w} h of each other share one window, whose gain is split by reach at 24 h. Cost per subscriber = price / gain, only for a gain of more than 2 spreads: a smaller one is within normal variation. A date left empty is the hour the post's statistics start (UTC).",
                "Охват за N ч: просмотры поста за первые N часов. CPM = цена / (охват / 1000). Прирост сверх обычного: изменение подписчиков продвигаемого канала от последнего значения до размещения до первого значения через N часов после него минус обычное изменение за тот же срок (изменения по всем таким окнам за 90 дней, кроме окон, задевающих 48 ч после размещения или упоминания канала, найдено упоминаний: {m}, приведённые по их тренду ко времени размещения, и их медиана); ± разброс, наибольшее из 1,4826 × медианного абсолютного отклонения, 90-го процентиля отклонений / 1,645 и √(|обычное| + 1), шума стольких же подписок. Размещения в пределах {w} ч друг от друга делят одно окно, прирост которого делится по охвату за 24 ч. Цена подписчика = цена / прирост, только если прирост больше 2 разбросов: меньший — в пределах обычных колебаний. Пустая дата — час, с которого начинается статистика поста (UTC).",
            ), &[("w", WINDOW_HOURS.to_string()), ("m", mentions.len().to_string())]) }</p>
            if group == PeriodGroup::Day {
                <p class="hint campaign-daily">{ ui.t(
                    "The plan gives no hourly subscribers: the gains are read from counts at the end of each day, from the end of the day before the placement to the end of the day N hours after it, so they cover up to a day more than N hours, and the normal change is read over as long.",
                    "Тариф не даёт подписчиков по часам: прирост считается по числу на конец каждого дня, от конца дня перед размещением до конца дня через N часов после него, то есть за срок до суток дольше N часов, и обычное изменение берётся за тот же срок.",
                ) }</p>
            }
        </>
    }
}

/// The figures of a placement over [`AFTER_HOURS`], in the table's order: each one's name (its
/// cells are `{name}_24h`, `{name}_48h`) and heading (`{h}`: the hours).
fn measures(ui: &Ui) -> [(&'static str, &'static str); 4] {
    [
        ("reach", ui.t("Reach {h} h", "Охват {h} ч")),
        ("cpm", "CPM {h} h"),
        (
            "gain",
            ui.t(
                "Gain beyond normal {h} h (± spread)",
                "Прирост сверх обычного {h} ч (± разброс)",
            ),
        ),
        (
            "cost_per_subscriber",
            ui.t("Cost per subscriber {h} h", "Цена подписчика {h} ч"),
        ),
    ]
}

/// Subscribers gained, to a tenth (a window's gain is split between its placements), in the
/// interface's language.
fn tenths(ui: &Ui, x: f64) -> String {
    group_decimal(x, 1, ui.locale)
}

/// A figure's cell with its name and exact value for tests outside the project; `extra` after
/// the value (a gain's spread). A gain within normal variation says so in words, as a figure
/// that is not there for a reason worth reading at a glance.
fn cell(ui: &Ui, name: String, figure: Figure, show: impl Fn(f64) -> String, extra: Html) -> Html {
    let shown = match figure {
        Err(Missing::WithinNormal) => html! {
            <span class="campaign-within" title={missing_text(ui, Missing::WithinNormal)}>
                { within_normal(ui) }
            </span>
        },
        figure => figure_html(ui, figure, show),
    };
    let missing = figure.err().map(|m| format!("{m:?}"));
    html! {
        <td class="cs-num" data-figure={name} data-value={figure.ok().map(|v| v.to_string())}
            data-missing={missing}>
            { shown }{ extra }
        </td>
    }
}

/// " ± spread" after a gain, with the spread's exact value for tests outside the project.
fn spread_html(ui: &Ui, spread: Figure) -> Html {
    match spread {
        Ok(spread) => html! {
            <span class="campaign-spread" data-spread={spread.to_string()}>
                { format!(" ± {}", tenths(ui, spread)) }
            </span>
        },
        Err(_) => Html::default(),
    }
}

fn placements_table(
    ui: &Ui,
    campaign: &Campaign,
    placed: &Placed,
    figures: &CampaignFigures,
) -> Html {
    let count = |x: f64| ui.count(x.round() as i64);
    let typed = &placed.placements;
    let rows = campaign.placements.iter().enumerate().filter_map(|(i, entry)| {
        let (placement, f) = (typed.get(i)?, figures.placements.get(i)?);
        let at = match placement.at {
            Some(at) if placed.from_post[i] => format!(
                "{} {}",
                at.format("%Y-%m-%d %H:%M"),
                ui.t("(from the post)", "(по посту)")
            ),
            Some(at) => at.format("%Y-%m-%d %H:%M").to_string(),
            None => ui
                .t(
                    "No date: type one, or refresh to take it from the post's statistics.",
                    "Нет даты: введите её или обновите, чтобы взять её из статистики поста.",
                )
                .to_owned(),
        };
        let currency = placement.currency.clone();
        let price = |x: f64| money(ui, x, &currency);
        let shared: Vec<String> = f
            .shared_with
            .iter()
            .map(|&k| typed[k].post.clone())
            .collect();
        let figures = [f.reach, f.cpm, f.gain, f.cost_per_subscriber];
        Some(html! {
            <tr data-placement={i.to_string()}>
                <td>
                    // A numeric post ID has no address to open.
                    if placement.post.contains('/') {
                        <a href={format!("https://{}", placement.post)}
                            target="_blank" rel="noopener noreferrer">{ entry.post.clone() }</a>
                    } else {
                        { entry.post.clone() }
                    }
                </td>
                <td class={classes!(placement.at.is_none().then_some("muted"))}>{ at }</td>
                <td class="cs-num">{ entry.price.clone() }</td>
                { for measures(ui).iter().zip(figures).flat_map(|((name, _), figures)| {
                    let (count, price) = (&count, &price);
                    figures.into_iter().zip(AFTER_HOURS).zip(f.spread).map(move |((figure, hours), spread)| {
                        let show = |x: f64| match *name {
                            "reach" => count(x),
                            "gain" => tenths(ui, x),
                            _ => price(x),
                        };
                        let extra = match *name {
                            "gain" if figure.is_ok() => spread_html(ui, spread),
                            _ => Html::default(),
                        };
                        cell(ui, format!("{name}_{hours}h"), figure, show, extra)
                    })
                }) }
                <td data-figure="share" data-value={f.share.to_string()}>
                    if !shared.is_empty() {
                        { fill(ui.t("Shares a window with {posts}; its part: {share}",
                            "Делит окно с {posts}; его доля: {share}"),
                            &[("posts", shared.join(", ")), ("share", format_rate(f.share * 100.0, ui.locale))]) }
                    }
                </td>
            </tr>
        })
    });
    let head =
        |text: &str, class: Option<&'static str>| html! { <th {class}>{ text.to_owned() }</th> };
    let measured = measures(ui)
        .into_iter()
        .flat_map(|(_, title)| AFTER_HOURS.map(|hours| fill(title, &[("h", hours.to_string())])));
    let heads: Html = [
        head(ui.t("Ad post", "Рекламный пост"), None),
        head(ui.t("Date (UTC)", "Дата (UTC)"), None),
        head(ui.t("Price", "Цена"), Some("cs-num")),
    ]
    .into_iter()
    .chain(measured.map(|title| head(&title, Some("cs-num"))))
    .chain([head(ui.t("Shared window", "Общее окно"), None)])
    .collect();
    // Scrolls where the columns do not fit, and a numeric post ID is no link: a keyboard
    // reaches it itself.
    html! {
        <div class="cs-table-scroll campaign-placements" tabindex="0" role="region"
            aria-label={ui.t("Placements", "Размещения")}>
            <table class="cs-table">
                <thead><tr>{ heads }</tr></thead>
                <tbody>{ for rows }</tbody>
            </table>
        </div>
    }
}

/// Why a total is missing: for a placement without the figure, its post named.
fn total_missing(ui: &Ui, placed: &Placed, missing: Missing) -> Option<Html> {
    let Missing::OfPlacement { placement } = missing else {
        return None;
    };
    let post = placed
        .placements
        .get(placement.checked_sub(1)?)
        .map_or_else(String::new, |p| p.post.clone());
    Some(html! {
        <span class="campaign-total-missing" data-missing-placement={post.clone()}>
            { "— " }
            { fill(ui.t(
                "placement {n} ({post}) has no figure here, so a total would leave it out",
                "у размещения {n} ({post}) здесь нет значения, и итог его бы не учёл",
            ), &[("n", placement.to_string()), ("post", post)]) }
        </span>
    })
}

fn totals(ui: &Ui, placed: &Placed, figures: &CampaignFigures) -> Html {
    let t = &figures.totals;
    let price = |x: f64| money(ui, x, &t.currency);
    let count = |x: f64| ui.count(x.round() as i64);
    let item = |name: &'static str,
                label: &'static str,
                figure: Figure,
                show: &dyn Fn(f64) -> String,
                extra: Html| {
        let shown = match figure {
            Err(Missing::WithinNormal) => html! {
                <span class="campaign-within">{ within_normal(ui) }</span>
            },
            Err(missing) => {
                total_missing(ui, placed, missing).unwrap_or_else(|| figure_html(ui, figure, show))
            }
            Ok(_) => figure_html(ui, figure, show),
        };
        html! {
            <div class="report-figure" data-figure={name} data-value={figure.ok().map(|v| v.to_string())}
                data-missing={figure.err().map(|m| format!("{m:?}"))}>
                <dt>{ label }</dt>
                <dd class="cs-num">{ shown }{ extra }</dd>
            </div>
        }
    };
    let gain_extra = |h: usize| match t.gain[h] {
        Ok(_) => spread_html(ui, t.spread[h]),
        Err(_) => Html::default(),
    };
    html! {
        <dl class="report-figures campaign-totals">
            { item("total_price", ui.t("Spent", "Потрачено"), t.price, &price, Html::default()) }
            { item("total_reach_24h", ui.t("Reach at 24 h", "Охват за 24 ч"), t.reach_24h, &count, Html::default()) }
            { item("total_cpm_24h", ui.t("CPM at 24 h", "CPM за 24 ч"), t.cpm_24h, &price, Html::default()) }
            { item("total_gain_24h", ui.t("Gain beyond normal, 24 h", "Прирост сверх обычного, 24 ч"), t.gain[0], &|x| tenths(ui, x), gain_extra(0)) }
            { item("total_gain_48h", ui.t("Gain beyond normal, 48 h", "Прирост сверх обычного, 48 ч"), t.gain[1], &|x| tenths(ui, x), gain_extra(1)) }
            { item("total_cost_per_subscriber_24h", ui.t("Cost per subscriber, 24 h", "Цена подписчика, 24 ч"), t.cost_per_subscriber[0], &price, Html::default()) }
            { item("total_cost_per_subscriber_48h", ui.t("Cost per subscriber, 48 h", "Цена подписчика, 48 ч"), t.cost_per_subscriber[1], &price, Html::default()) }
        </dl>
    }
}

/// The promoted channel's subscribers (readings of `group`) from two days before the first
/// placement to four after the last (all 90 days when none is placed), the placements marked.
fn chart(ui: &Ui, placed: &Placed, (group, read): (PeriodGroup, &[Reading])) -> Html {
    if read.is_empty() {
        return Html::default();
    }
    let first = placed.placements.iter().filter_map(|p| p.at).min();
    let last = placed.placements.iter().filter_map(|p| p.at).max();
    let shown: Vec<Reading> = read
        .iter()
        .filter(|r| first.is_none_or(|first| r.period.end() > first - TimeDelta::days(2)))
        .filter(|r| last.is_none_or(|last| r.period.start() < last + TimeDelta::days(4)))
        .copied()
        .collect();
    let marks: Vec<(f64, String)> = placed
        .placements
        .iter()
        .filter_map(|p| Some((p.at?.and_utc().timestamp() as f64, p.post.clone())))
        .collect();
    let series = Rc::new(chart_series(
        ui.locale,
        [("", &shown[..])].into_iter(),
        false,
    ));
    let y_title = if group == PeriodGroup::Day {
        ui.t(
            "Promoted channel's subscribers by day; lines mark the placements",
            "Подписчики продвигаемого канала по дням; линии — размещения",
        )
    } else {
        ui.t(
            "Promoted channel's subscribers by hour; lines mark the placements",
            "Подписчики продвигаемого канала по часам; линии — размещения",
        )
    };
    html! {
        <LineChart {series} marks={Rc::new(marks)} height={180.0} {y_title}
            x_format={period_axis(group, ui.locale)} />
    }
}
