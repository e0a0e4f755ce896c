//! The incoming mentions section: which channels mentioned this one over a chosen period
//! (keyword mentions of its link and of its username), the mentioning posts (post search for its
//! link or its username) marked on its hourly subscriber chart, and for each the subscriber change in the 24 h
//! and 48 h after it next to the channel's normal change over as long (the windows after the
//! listed mentions left out) and its spread. One job of four requests.

use std::collections::BTreeMap;
use std::rc::Rc;

use chrono::{DateTime, NaiveDateTime, TimeDelta, Utc};
use yew::prelude::*;

use crate::api::model::{
    Channel, KeywordMentionsResponse, PostSearchResponse, Records, SubscriberCount,
};
use crate::api::ops::{KeywordMentions, PostSearch};
use crate::api::{ChannelId, PeriodGroup};
use crate::components::chart::period_axis;
use crate::components::figure::within_normal;
use crate::components::status::JobPanel;
use crate::components::LineChart;
use crate::figures::after_mention::{after_mention, After, AFTER_HOURS};
use crate::figures::counts::signed;
use crate::figures::dynamics::{chart_series, readings, Reading};
use crate::format::{fill, group_decimal};
use crate::request::{Job, Plan, Unit};
use crate::route::{route_href, ChannelQuery, Route, RouteLink};
use crate::ui::{use_ui, Ui};
use crate::view::labels::channel_name;

use super::report::{report_table, MENTION_DAYS};
use crate::request::subscribers::hours_or_days;

/// What the job's units answer.
#[derive(Clone)]
pub enum Answer {
    Mentions(Rc<KeywordMentionsResponse>),
    Posts(Rc<PostSearchResponse>),
    /// By hour, or by day where the plan gives no hours.
    Dynamics(PeriodGroup, Rc<Records<SubscriberCount>>),
}

/// Units: mentions of the link, mentions of the username, posts with either, subscribers by
/// hour (by day where the plan gives no hours); `None` for a channel without a username (nothing to search for).
pub fn plan(channel: &Channel, asked: &str, days: u32, now: DateTime<Utc>) -> Option<Plan<Answer>> {
    let username = channel.username.trim().trim_start_matches('@');
    if username.is_empty() {
        return None;
    }
    let id: ChannelId = asked.parse().ok()?;
    let start = now - TimeDelta::days(i64::from(days));
    let link = format!("{}/{username}", crate::api::ids::LINK_HOST);
    let mentions = |q: String| {
        Unit::call(KeywordMentions {
            start_date: Some(start),
            ..KeywordMentions::new(q)
        })
        .map(Answer::Mentions)
    };
    let units = vec![
        mentions(link.clone()),
        mentions(format!("@{username}")),
        Unit::call(PostSearch {
            limit: Some(crate::api::limits::POST_SEARCH_LIMIT_MAX),
            start_date: Some(start),
            extended: true,
            // One request for both spellings: the extended syntax's `|` is OR.
            extended_syntax: true,
            ..PostSearch::new(format!("{link} | @{username}"))
        })
        .map(Answer::Posts),
        // The health check's request, with its fallback to days (the same addresses, so the
        // cache answers them once): the chart shows the period, and the normal change is read
        // over all 90 days, along their trend, where a few adverts cannot move the medians.
        Unit::asking(move |api| {
            let id = id.clone();
            async move {
                let (group, records) = hours_or_days(&api, &id, now).await?;
                Ok(Answer::Dynamics(group, records))
            }
        }),
    ];
    Some(Plan::new(format!("mentions|{}|{days}", channel.id), units))
}

/// One mentioning channel with its counts from the two searches.
struct Row {
    name: String,
    reference: String,
    by_link: u64,
    by_username: u64,
    reach: u64,
    last: i64,
}

fn rows(
    link: Option<&KeywordMentionsResponse>,
    username: Option<&KeywordMentionsResponse>,
    own: i64,
) -> Vec<Row> {
    let mut by: BTreeMap<i64, Row> = BTreeMap::new();
    for (answer, is_link) in [(link, true), (username, false)] {
        let Some(answer) = answer else { continue };
        for item in answer.items.iter().filter(|i| i.channel_id != own) {
            let channel = answer.channel(item.channel_id);
            let row = by.entry(item.channel_id).or_insert_with(|| Row {
                name: channel
                    .and_then(channel_name)
                    .unwrap_or_else(|| item.channel_id.to_string()),
                reference: channel
                    .map(|c| c.username.clone())
                    .filter(|u| !u.trim().is_empty())
                    .unwrap_or_else(|| item.channel_id.to_string()),
                by_link: 0,
                by_username: 0,
                reach: 0,
                last: 0,
            });
            if is_link {
                row.by_link = item.mentions_count;
            } else {
                row.by_username = item.mentions_count;
            }
            row.reach = row.reach.max(item.views_count);
            row.last = row.last.max(item.last_mention_date);
        }
    }
    let mut rows: Vec<Row> = by.into_values().collect();
    rows.sort_by_key(|r| std::cmp::Reverse(r.last));
    rows
}

#[derive(Properties, PartialEq)]
pub struct MentionsProps {
    pub channel: Rc<Channel>,
    pub days: u32,
    pub job: Option<Job<Answer>>,
    pub ondays: Callback<u32>,
}

#[function_component(MentionsSection)]
pub fn mentions_section(props: &MentionsProps) -> Html {
    let ui = use_ui();
    let Some(job) = &props.job else {
        return html! {
            <section class="report-section report-mentions">
                <h2>{ ui.t("Incoming mentions", "Входящие упоминания") }</h2>
                <p class="hint">{ ui.t("The channel has no username to look for.", "У канала нет имени, которое можно искать.") }</p>
            </section>
        };
    };
    let mentions = |i| match job.result(i) {
        Some(Answer::Mentions(m)) => Some(m),
        _ => None,
    };
    let (by_link, by_username) = (mentions(0), mentions(1));
    let posts = match job.result(2) {
        Some(Answer::Posts(p)) => Some(p),
        _ => None,
    };
    let (group, read): (PeriodGroup, Vec<Reading>) = match job.result(3) {
        Some(Answer::Dynamics(group, d)) => (group, readings(group, &d).0),
        _ => (PeriodGroup::Hour, Vec::new()),
    };
    let since = (Utc::now() - TimeDelta::days(i64::from(props.days))).naive_utc();
    let period: Vec<Reading> = read
        .iter()
        .filter(|r| r.period.end() > since)
        .copied()
        .collect();
    let own = props.channel.id;
    let rows = rows(by_link.as_deref(), by_username.as_deref(), own);
    let select = {
        let ondays = props.ondays.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target_unchecked_into::<web_sys::HtmlSelectElement>()
                .value();
            if let Ok(days) = value.parse() {
                ondays.emit(days);
            }
        })
    };
    html! {
        <section class="report-section report-mentions" aria-labelledby="report-mentions-h">
            <h2 id="report-mentions-h">{ fill(ui.t("Incoming mentions, last {n} days", "Входящие упоминания за {n} дней"), &[("n", props.days.to_string())]) }</h2>
            <label class="report-screen report-days">{ ui.t("Period: ", "Период: ") }
                <select onchange={select}>
                    { for MENTION_DAYS.iter().map(|d| html! {
                        <option value={d.to_string()} selected={*d == props.days}>
                            { fill(ui.t("{n} days", "{n} дней"), &[("n", d.to_string())]) }
                        </option>
                    }) }
                </select>
            </label>
            <div class="report-screen">
                <JobPanel<Answer> job={job.clone()}
                    what={ui.t("keyword mentions of the link and of the username, post search for either, subscribers by hour over 90 days (the health check's request; a second one by day where the plan gives no hours)",
                        "упоминания ссылки и имени, поиск постов с любым из них, подписчики по часам за 90 дней (запрос проверки здоровья; второй, по дням, если тариф не даёт часов)")} />
            </div>
            if by_link.is_some() || by_username.is_some() {
                { channels_table(&ui, &rows) }
            }
            if let Some(posts) = posts {
                { after_table(&ui, &posts, own, group, (&read, &period)) }
            }
        </section>
    }
}

fn channels_table(ui: &Ui, rows: &[Row]) -> Html {
    if rows.is_empty() {
        return html! { <p class="report-nothing">{ ui.t("No channel mentioned it in this period.", "За этот период его не упоминал ни один канал.") }</p> };
    }
    report_table(
        "report-mentioning",
        &[
            ui.t("Channel", "Канал"),
            ui.t("Mentions of the link", "Упоминаний ссылки"),
            ui.t("Mentions of @username", "Упоминаний @имени"),
            ui.t("Reach", "Охват"),
            ui.t("Last mention", "Последнее"),
        ],
        rows.iter()
            .map(|r| html! {
                <tr data-mentioning={r.reference.clone()}>
                    <td><RouteLink href={route_href(Route::ChannelInfo, &ChannelQuery::new(r.reference.clone()))}>{ r.name.clone() }</RouteLink></td>
                    <td class="cs-num">{ ui.count(r.by_link as i64) }</td>
                    <td class="cs-num">{ ui.count(r.by_username as i64) }</td>
                    <td class="cs-num">{ ui.count(r.reach as i64) }</td>
                    <td>{ ui.date(r.last) }</td>
                </tr>
            })
            .collect(),
    )
}

/// The mentioning posts on the chart of the `period`'s readings (of `group`) and in a table, each
/// with the change after it next to the normal change over as long, read over all the readings
/// with the windows after every listed mention left out.
fn after_table(
    ui: &Ui,
    posts: &PostSearchResponse,
    own: i64,
    group: PeriodGroup,
    (read, period): (&[Reading], &[Reading]),
) -> Html {
    let mentioning: Vec<_> = posts.items.iter().filter(|p| p.channel_id != own).collect();
    let instant = |date: i64| DateTime::from_timestamp(date, 0).map(|t| t.naive_utc());
    let busy: Vec<NaiveDateTime> = mentioning.iter().filter_map(|p| instant(p.date)).collect();
    let marks: Vec<(f64, String)> = mentioning
        .iter()
        .map(|p| {
            let name = posts
                .channel_of(p)
                .and_then(channel_name)
                .unwrap_or_else(|| p.link.clone());
            (p.date as f64, name)
        })
        .collect();
    let series = Rc::new(chart_series(ui.locale, [("", period)].into_iter(), false));
    let y_title = if group == PeriodGroup::Day {
        ui.t(
            "Subscribers by day; lines mark the mentioning posts",
            "Подписчики по дням; линии — посты с упоминанием",
        )
    } else {
        ui.t(
            "Subscribers by hour; lines mark the mentioning posts",
            "Подписчики по часам; линии — посты с упоминанием",
        )
    };
    let cell = |after: Option<After>| match after {
        None => html! { <td class="cs-num">{ "—" }</td> },
        Some(after) => {
            let verdict = if after.beyond() {
                ui.t("beyond normal", "сверх обычного")
            } else {
                within_normal(ui)
            };
            html! {
                <td class="cs-num" data-beyond={after.beyond().to_string()}>
                    { signed(after.change.by, ui.locale) }
                    { fill(ui.t(" (normal {n} ± {s}): {v}", " (обычно {n} ± {s}): {v}"), &[
                        ("n", signed(after.normal.change.round() as i64, ui.locale)),
                        ("s", group_decimal(after.normal.spread, 1, ui.locale)),
                        ("v", verdict.to_owned()),
                    ]) }
                </td>
            }
        }
    };
    html! {
        <>
            <LineChart {series} marks={Rc::new(marks)} height={180.0} {y_title}
                x_format={period_axis(group, ui.locale)} />
            <p class="hint">{ ui.t(
                "Change after each post: from the last count before it to the first count 24 or 48 hours after it. Normal: the change over every window as long in the last 90 days, leaving out those that overlap the 48 hours after any post listed here, each carried along their trend to the post (the slope between the medians of their first and last thirds, when those start two weeks apart or more), and their median; ± its spread, the largest of 1.4826 × their median absolute deviation, the 90th percentile of their deviations / 1.645, and √(|normal| + 1), the noise of as many arrivals. A change more than 2 spreads above normal is beyond normal; a smaller one is within normal variation.",
                "Изменение после каждого поста: от последнего значения до него до первого значения через 24 или 48 часов. Обычно: изменения по всем окнам той же длины за 90 дней, кроме окон, задевающих 48 часов после любого из этих постов, приведённые по их тренду ко времени поста (наклон между медианами первой и последней трети окон, если те начинаются не ближе двух недель друг от друга), и их медиана; ± разброс, наибольшее из 1,4826 × медианного абсолютного отклонения, 90-го процентиля отклонений / 1,645 и √(|обычное| + 1), шума стольких же подписок. Изменение больше обычного на 2 разброса и более — сверх обычного; меньшее — в пределах обычных колебаний.",
            ) }</p>
            if group == PeriodGroup::Day {
                <p class="hint report-daily">{ ui.t(
                    "The plan gives no hourly subscribers: the changes are read from counts at the end of each day, from the end of the day before a post to the end of the day 24 or 48 hours after it, so they cover up to a day more.",
                    "Тариф не даёт подписчиков по часам: изменения считаются по числу на конец каждого дня, от конца дня перед постом до конца дня через 24 или 48 часов после него, то есть за срок до суток дольше.",
                ) }</p>
            }
            if mentioning.is_empty() {
                <p class="report-nothing">{ ui.t("Post search found no post with its link or username in this period.", "Поиск постов не нашёл постов с его ссылкой или именем за этот период.") }</p>
            } else {
                { report_table(
                    "report-after",
                    &[
                        ui.t("Mentioning post", "Пост с упоминанием"),
                        ui.t("Published", "Опубликован"),
                        ui.t("Change in 24 h", "За 24 ч"),
                        ui.t("Change in 48 h", "За 48 ч"),
                    ],
                    mentioning.iter().map(|p| {
                        let after = AFTER_HOURS.map(|h| instant(p.date).and_then(|at| after_mention(read, at, h, &busy)));
                        let name = posts.channel_of(p).and_then(channel_name).unwrap_or_else(|| p.link.clone());
                        html! {
                            <tr data-mention-post={p.link.clone()}
                                data-change-day={after[0].map(|a| a.change.by.to_string())}
                                data-change-two-days={after[1].map(|a| a.change.by.to_string())}
                                data-normal-day={after[0].map(|a| a.normal.change.to_string())}
                                data-spread-day={after[0].map(|a| a.normal.spread.to_string())}>
                                <td><a href={format!("https://{}", p.link)} target="_blank" rel="noopener noreferrer">{ name }</a></td>
                                <td>{ ui.timestamp(p.date) }</td>
                                { cell(after[0]) }
                                { cell(after[1]) }
                            </tr>
                        }
                    }).collect(),
                ) }
            }
        </>
    }
}
