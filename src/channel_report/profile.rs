//! The reach profile section: the channel's last posts found by probing message numbers with
//! post statistics by hour, one request each, from a recent post the reader gives down.
//!
//! Why probing: post search has no channel filter, so it cannot list one channel's posts; the
//! message numbers of a channel's posts run without gaps but for deleted ones, so from one recent
//! post the previous N are its previous N numbers, and each costs one request, stated before it
//! starts.

use std::rc::Rc;

use yew::prelude::*;

use crate::api::model::{Channel, PostStatsResponse};
use crate::api::ops::PostStats;
use crate::api::{PostId, ViewGrowthGroup};
use crate::components::figure::{figure_html, figures_export, missing_html};
use crate::components::status::JobPanel;
use crate::figures::engagement::{er, PostCounts};
use crate::figures::growth::growth_series;
use crate::figures::named::{Named, Value};
use crate::figures::profile::{
    message_numbers, Probe, Profile, ProfilePost, AUTO_POSTS, MAX_POSTS,
};
use crate::figures::reach::{reach_at, REACH_HOURS};
use crate::format::{fill, format_rate};
use crate::pages::form::Field;
use crate::request::{Job, Plan, Unit};
use crate::ui::{use_ui, Ui};

use super::report::{newest_message, report_table, PostProblem, ReportQuery};

pub type Stats = Rc<PostStatsResponse>;

/// The post-statistics request by hour of message `message` of `channel`: by its link when the
/// channel has a username, by its ID otherwise.
pub fn post_stats_unit(channel: &Channel, message: u64) -> Unit<Stats> {
    let username = channel.username.trim().trim_start_matches('@');
    let post_id = if username.is_empty() {
        PostId::Private {
            channel: channel.tg_id.unwrap_or(channel.id).max(0) as u64,
            message,
        }
    } else {
        PostId::Link {
            username: username.to_owned(),
            message,
        }
    };
    Unit::call(PostStats {
        group: ViewGrowthGroup::Hour,
        ..PostStats::new(post_id)
    })
}

/// The message numbers a profile from `newest` probes, with one post-statistics request each.
pub fn plan(channel: &Channel, newest: u64, posts: u32) -> Plan<Stats> {
    let units = message_numbers(newest, posts)
        .iter()
        .map(|&message| post_stats_unit(channel, message))
        .collect();
    Plan::new(
        format!("reach-profile|{}|{newest}|{posts}", channel.id),
        units,
    )
}

/// What the job has so far, message number by message number: found, missing (an error about
/// that number alone), or not asked yet (left out).
pub fn probes(job: &Job<Stats>, newest: u64, posts: u32) -> Vec<(u64, Probe)> {
    message_numbers(newest, posts)
        .into_iter()
        .enumerate()
        .filter_map(|(i, message)| {
            if let Some(stats) = job.result(i) {
                let (growth, _) = growth_series(ViewGrowthGroup::Hour, &stats.views);
                Some((
                    message,
                    Probe::Found(ProfilePost {
                        message,
                        counts: PostCounts::from(stats.as_ref()),
                        growth,
                        repost: None,
                        album: None,
                    }),
                ))
            } else {
                job.error(i).map(|_| (message, Probe::Missing))
            }
        })
        .collect()
}

/// A figure's label.
fn label(ui: &Ui, name: &str) -> &'static str {
    match name {
        "posts" => ui.t("Posts counted", "Учтено постов"),
        "skipped" => ui.t(
            "Numbers skipped (deleted or missing)",
            "Пропущено номеров (удалены или нет)",
        ),
        "average_reach_12h" => ui.t("Average reach at 12 h", "Средний охват за 12 ч"),
        "average_reach_24h" => ui.t("Average reach at 24 h", "Средний охват за 24 ч"),
        "average_reach_48h" => ui.t("Average reach at 48 h", "Средний охват за 48 ч"),
        "median_reach_12h" => ui.t("Median reach at 12 h", "Медианный охват за 12 ч"),
        "median_reach_24h" => ui.t("Median reach at 24 h", "Медианный охват за 24 ч"),
        "median_reach_48h" => ui.t("Median reach at 48 h", "Медианный охват за 48 ч"),
        "err_percent" => ui.t("ERR", "ERR"),
        "err24_percent" => ui.t("ERR24", "ERR24"),
        "er_percent" => ui.t("ER", "ER"),
        "posts_per_day" => ui.t("Posts per day", "Постов в день"),
        "repost_share_percent" => ui.t("Share of reposts", "Доля репостов"),
        _ => "",
    }
}

/// One figure with its stable name and exact value for tests outside the project.
fn figure_item(ui: &Ui, figure: &Named) -> Html {
    let (value, shown) = match &figure.value {
        Value::Count(n) => (Some(n.to_string()), html! { { ui.count(*n as i64) } }),
        Value::Number(number) => {
            let percent = figure.name.ends_with("_percent");
            let per_day = figure.name == "posts_per_day";
            let shown = figure_html(ui, *number, |x| {
                if percent {
                    format_rate(x, ui.locale)
                } else if per_day {
                    format!("{x:.2}")
                } else {
                    ui.count(x.round() as i64)
                }
            });
            (number.ok().map(|x| x.to_string()), shown)
        }
        Value::Id(_) | Value::Text(_) => (None, Html::default()),
    };
    html! {
        <div class="report-figure" data-figure={figure.name} data-value={value}>
            <dt>{ label(ui, figure.name) }</dt>
            <dd class="cs-num">{ shown }</dd>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct ProfileProps {
    pub channel: Rc<Channel>,
    pub query: ReportQuery,
    pub job: Option<Job<Stats>>,
    pub profile: Option<Rc<Profile>>,
    pub probes: Rc<Vec<(u64, Probe)>>,
    /// The recent post the mention search named, when the profile started from it.
    pub found_post: Option<u64>,
    /// Sets the recent post and the number of posts.
    pub onset: Callback<(String, u32)>,
}

#[function_component(ProfileSection)]
pub fn profile_section(props: &ProfileProps) -> Html {
    let ui = use_ui();
    let post = use_state(|| props.query.post.clone());
    let posts = use_state(|| {
        match (props.found_post, props.query.posts) {
            (Some(_), None) => AUTO_POSTS,
            _ => props.query.posts(),
        }
        .to_string()
    });
    let problem = use_state(|| None::<String>);
    {
        // The post the mention search names comes after the first draw: the field then shows
        // the number of posts the profile started with.
        let posts = posts.clone();
        let asked = props.query.posts;
        use_effect_with(props.found_post, move |found| {
            if found.is_some() && asked.is_none() {
                posts.set(AUTO_POSTS.to_string());
            }
        });
    }
    let onsubmit = {
        let (post, posts, problem) = (post.clone(), posts.clone(), problem.clone());
        let (channel, onset, ui) = (props.channel.clone(), props.onset.clone(), ui.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let count = posts
                .trim()
                .parse::<u32>()
                .ok()
                .filter(|n| (1..=MAX_POSTS).contains(n));
            let newest = newest_message(&post, &channel);
            match (newest, count) {
                (Err(PostProblem::Unreadable), _) => problem.set(Some(ui.t(
                    "Give a link to one of the channel's posts (t.me/name/123) or its message number.",
                    "Укажите ссылку на пост канала (t.me/name/123) или его номер.",
                ).into())),
                (Err(PostProblem::OtherChannel), _) => problem.set(Some(ui.t(
                    "That post is from another channel.",
                    "Этот пост из другого канала.",
                ).into())),
                (_, None) => problem.set(Some(fill(ui.t(
                    "Posts: a whole number from 1 to {max}.",
                    "Постов: целое число от 1 до {max}.",
                ), &[("max", MAX_POSTS.to_string())]))),
                (Ok(_), Some(count)) => {
                    problem.set(None);
                    onset.emit(((*post).trim().to_owned(), count));
                }
            }
        })
    };
    let what = ui.t(
        "post statistics by hour, one per message number",
        "статистика поста по часам, по одной на номер сообщения",
    );
    html! {
        <section class="report-section report-profile" aria-labelledby="report-profile-h">
            <h2 id="report-profile-h">{ ui.t("Reach profile", "Профиль охвата") }</h2>
            <p class="hint report-screen">{ ui.t(
                "Post search has no channel filter, so the profile probes message numbers: from a recent post you give, down, with one post-statistics request per number. Deleted or missing numbers are skipped and counted.",
                "У поиска постов нет фильтра по каналу, поэтому профиль перебирает номера сообщений: от указанного недавнего поста вниз, по одному запросу статистики на номер. Удалённые и отсутствующие номера пропускаются и считаются.",
            ) }</p>
            if let Some(found) = props.found_post {
                <p class="hint report-found-post" data-post={found.to_string()}>{ fill(ui.t(
                    "Started from message {n}, the newest post of the channel that its mentions name. Give another post below to start from it.",
                    "Начато с сообщения {n} — самого нового поста канала, который называют его упоминания. Чтобы начать с другого поста, укажите его ниже.",
                ), &[("n", found.to_string())]) }</p>
            }
            <form class="query-form report-screen" {onsubmit} novalidate=true>
                <Field id="ci-post" label={ui.t("A recent post of the channel", "Недавний пост канала")}
                    value={(*post).clone()} placeholder="t.me/name/123"
                    hint={ui.t("Its link or its message number", "Ссылка или номер сообщения")}
                    oninput={{ let post = post.clone(); Callback::from(move |v| post.set(v)) }}
                    error={(*problem).clone()} />
                <Field id="ci-posts" label={ui.t("Posts", "Постов")} kind="number"
                    value={(*posts).clone()}
                    hint={fill(ui.t("1 to {max}", "от 1 до {max}"), &[("max", MAX_POSTS.to_string())])}
                    oninput={{ let posts = posts.clone(); Callback::from(move |v| posts.set(v)) }} />
                <div class="actions">
                    <button type="submit" class="secondary">{ ui.t("Plan the profile", "Рассчитать стоимость") }</button>
                </div>
            </form>
            if let Some(job) = &props.job {
                <div class="report-screen"><JobPanel<Stats> job={job.clone()} what={what} /></div>
            }
            if let Some(profile) = &props.profile {
                { figures(&ui, profile) }
                { table(&ui, &props.probes) }
            }
        </section>
    }
}

fn figures(ui: &Ui, profile: &Profile) -> Html {
    let named = profile.named();
    html! {
        <>
            <dl class="report-figures">{ for named.iter().map(|f| figure_item(ui, f)) }</dl>
            <p class="hint">{ ui.t(
                "Reach at N h: the views of the first N hours of the hourly view growth. ERR: average views / subscribers; ERR24: average reach at 24 h / subscribers. An album counts once.",
                "Охват за N ч: просмотры первых N часов почасового роста. ERR: средние просмотры / подписчики; ERR24: средний охват за 24 ч / подписчики. Альбом считается один раз.",
            ) }</p>
            <div class="report-screen">{ figures_export(ui, "reach-profile".into(), named) }</div>
        </>
    }
}

fn table(ui: &Ui, probes: &[(u64, Probe)]) -> Html {
    let row = |(message, probe): &(u64, Probe)| match probe {
        Probe::Found(post) => {
            let reach = REACH_HOURS.map(|h| reach_at(&post.growth, h));
            html! {
                <tr>
                    <td class="cs-num">{ message }</td>
                    <td>{ post.published().map(|t| t.format("%Y-%m-%d %H:00").to_string()).unwrap_or_default() }</td>
                    <td class="cs-num">{ ui.count(post.counts.views as i64) }</td>
                    { for reach.iter().map(|r| html! {
                        <td class="cs-num">{ figure_html(ui, *r, |x| ui.count(x.round() as i64)) }</td>
                    }) }
                    <td class="cs-num">{ figure_html(ui, er(&post.counts), |x| format_rate(x, ui.locale)) }</td>
                </tr>
            }
        }
        Probe::Missing => html! {
            <tr class="report-missing">
                <td class="cs-num">{ message }</td>
                <td colspan="6">{ missing_html(ui, crate::figures::engagement::Missing::NoPosts) }
                    { ui.t(" deleted or missing", " удалён или отсутствует") }</td>
            </tr>
        },
    };
    report_table(
        "report-posts",
        &[
            ui.t("Message", "Сообщение"),
            ui.t("Published (UTC)", "Опубликован (UTC)"),
            ui.t("Views", "Просмотры"),
            ui.t("12 h", "12 ч"),
            ui.t("24 h", "24 ч"),
            ui.t("48 h", "48 ч"),
            "ER",
        ],
        probes.iter().map(row).collect(),
    )
}
