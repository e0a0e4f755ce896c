//! The Watchlist page: saved post searches, keyword-mentions queries and channels, checked on demand
//! (one request per watch, as one job) and, when Settings allow it, by themselves when the
//! console opens. Each watch shows what its last check found new: posts by ID and date, channels
//! newly mentioning a keyword, the change of a channel's subscribers. Kept in this browser's
//! IndexedDB; exported and imported as a JSON file.

use yew::prelude::*;

use super::alert_form::WatchAlerts;
use super::check::WatchAnswer;
use super::file::{export_json, import_json, MAX_WATCHES};
use super::history::WatchHistory;
use super::provider::{use_watchlist, Watchlist};
use super::watch::{Watch, WatchKind};
use crate::components::page_header;
use crate::components::status::JobPanel;
use crate::components::{
    file_buttons, imported_text, on_file_text, EmptyState, ErrorBanner, Reading,
};
use crate::export::download;
use crate::figures::counts::signed;
use crate::format::fill;
use crate::route::{route_href, ChannelQuery, PostQuery, Route, RouteLink};
use crate::store::{Kept, MergeReport};
use crate::ui::{use_ui, Ui};

fn kind_label(ui: &Ui, kind: WatchKind) -> &'static str {
    match kind {
        WatchKind::PostSearch => ui.t("Post search", "Поиск постов"),
        WatchKind::KeywordMentions => ui.t("Keyword mentions", "Упоминания"),
        WatchKind::Channel => ui.t("Channel", "Канал"),
    }
}

#[function_component(WatchlistPage)]
pub fn watchlist_page() -> Html {
    let ui = use_ui();
    let Some(list) = use_watchlist() else {
        return Html::default();
    };
    let notice = use_state(|| None::<String>);
    let import_error = use_state(|| None::<String>);
    let on_export = {
        let (watches, notice) = (list.watches.clone(), notice.clone());
        let ui = ui.clone();
        Callback::from(move |_: MouseEvent| {
            let now = (js_sys::Date::now() / 1000.0) as i64;
            if let Err(e) = download(
                "chanscope-watchlist.json",
                "application/json",
                &export_json(&watches, now),
            ) {
                notice.set(Some(format!(
                    "{} {e}",
                    ui.t("The file could not be made:", "Файл не создан:")
                )));
            }
        })
    };
    let on_import = import_handler(&ui, &list, notice.clone(), import_error.clone());
    let check = {
        let check = list.check.clone();
        Callback::from(move |_: MouseEvent| check.emit(()))
    };
    let running = list.job.as_ref().is_some_and(|j| j.progress().running());
    // Seen here: the navigation's mark of alerts goes, as alerts that come while the page is open.
    {
        let seen = list.seen_alerts.clone();
        use_effect_with(list.alerted.len(), move |marked| {
            if *marked > 0 {
                seen.emit(());
            }
        });
    }
    let nothing_watched = ui.t("Nothing is watched yet.", "Пока ничего не отслеживается.");
    html! {
        <section class="page watchlist-page">
            { page_header(&ui, Route::Watchlist) }
            // What IndexedDB holds: left out of the page's static shell (xtask/src/prerender.rs),
            // which would show another browser's watchlist, an empty one.
            <div class="watchlist-body" data-prerender="no">
                if let Some(error) = &list.error {
                    <div class="cs-banner cs-banner-error" role="alert">
                        <div class="cs-banner-body"><p class="cs-banner-what">{ error.message(ui.locale, Kept::Watchlist) }</p></div>
                    </div>
                }
                <div class="actions watchlist-actions">
                    <button type="button" class="watch-check" onclick={check}
                        disabled={list.watches.is_empty() || running}>
                        { if list.watches.is_empty() { ui.t("Check all now", "Проверить все").to_owned() } else { fill(ui.t("Check all {n} now", "Проверить все ({n})"), &[("n", list.watches.len().to_string())]) } }
                    </button>
                    { file_buttons(&ui, "watch", list.watches.is_empty(), on_export, on_import) }
                </div>
                if let Some(text) = &*notice {
                    <p class="watch-notice" role="status">{ text.clone() }</p>
                }
                if let Some(text) = &*import_error {
                    <p class="field-error" role="alert">{ text.clone() }</p>
                }
                if let Some(job) = &list.job {
                    <JobPanel<WatchAnswer> job={job.clone()} what={ui.t("one per watch", "по одному на наблюдение")} />
                }
                if list.unreadable > 0 {
                    <p class="cs-unreadable" role="note">{ fill(ui.t(
                        "{n} saved watches could not be read and are left out.",
                        "Не удалось прочитать сохранённых наблюдений: {n}; они пропущены."),
                        &[("n", list.unreadable.to_string())]) }</p>
                }
                if !list.loaded {
                    <Reading what={ui.t("Reading the watchlist…", "Читаем список…")} empty={nothing_watched} />
                } else if list.watches.is_empty() {
                    <EmptyState title={nothing_watched} />
                } else {
                    <ul class="watches">
                        { for sorted(&list.watches).into_iter().map(|watch| html! {
                            <WatchItem watch={watch.clone()} />
                        }) }
                    </ul>
                }
            </div>
            <p class="hint">{ ui.t(
                "Kept in this browser (IndexedDB) and sent nowhere but to the API when checked. Checks in Settings: by themselves when the console opens, at most once per interval.",
                "Хранится в этом браузере (IndexedDB) и никуда не отправляется, кроме запросов к API при проверке. В настройках: проверять при открытии консоли, не чаще заданного интервала.",
            ) }</p>
        </section>
    }
}

/// Watches with alerts first, then those with news, then by name.
fn sorted(watches: &[Watch]) -> Vec<&Watch> {
    let mut sorted: Vec<&Watch> = watches.iter().collect();
    sorted.sort_by(|a, b| {
        (!b.alerts.is_empty())
            .cmp(&!a.alerts.is_empty())
            .then_with(|| b.news.count().cmp(&a.news.count()))
            .then_with(|| a.name.to_lowercase().cmp(&b.name.to_lowercase()))
    });
    sorted
}

fn import_handler(
    ui: &Ui,
    list: &Watchlist,
    notice: UseStateHandle<Option<String>>,
    import_error: UseStateHandle<Option<String>>,
) -> Callback<Event> {
    let (ui, import, count) = (ui.clone(), list.import.clone(), list.watches.len());
    on_file_text(&ui.clone(), move |text| {
        let watches = match text {
            Ok(text) => import_json(&text).map_err(|error| error.message(ui.locale)),
            Err(unread) => Err(unread),
        };
        match watches {
            Ok(watches) if watches.len() + count > MAX_WATCHES => import_error.set(Some(fill(
                ui.t(
                    "At most {max} watches in all.",
                    "Не больше {max} наблюдений всего.",
                ),
                &[("max", MAX_WATCHES.to_string())],
            ))),
            Ok(watches) => {
                import_error.set(None);
                let (ui, notice) = (ui.clone(), notice.clone());
                import.emit((
                    watches,
                    Callback::from(move |report: MergeReport| {
                        notice.set(Some(imported_text(&ui, report)))
                    }),
                ));
            }
            Err(error) => import_error.set(Some(error)),
        }
    })
}

#[derive(Properties, PartialEq)]
struct WatchItemProps {
    watch: Watch,
}

#[function_component(WatchItem)]
fn watch_item(props: &WatchItemProps) -> Html {
    let ui = use_ui();
    let Some(list) = use_watchlist() else {
        return Html::default();
    };
    let watch = &props.watch;
    let news = &watch.news;
    let remove = {
        let (remove, id) = (list.remove.clone(), watch.id.clone());
        Callback::from(move |_: MouseEvent| remove.emit(id.clone()))
    };
    let failed = list.failure(&watch.id);
    let checked = match watch.checked_at {
        Some(at) => fill(
            ui.t("Checked {at}", "Проверено {at}"),
            &[("at", ui.timestamp(at))],
        ),
        None => ui
            .t(
                "Not checked yet: the first check notes what there is.",
                "Ещё не проверялось: первая проверка запомнит, что есть.",
            )
            .to_owned(),
    };
    html! {
        <li class={classes!("watch", (news.count() > 0).then_some("has-news"))} data-watch-id={watch.id.clone()}>
            <header class="watch-head">
                <h2 class="watch-name"><RouteLink href={watch.target.href()}>{ watch.name.clone() }</RouteLink></h2>
                <span class="watch-kind muted">{ kind_label(&ui, watch.target.kind()) }</span>
                if news.count() > 0 {
                    <span class="watch-count" aria-label={fill(ui.t("{n} new", "новых: {n}"), &[("n", news.count().to_string())])}>
                        { fill(ui.t("{n} new", "новых: {n}"), &[("n", news.count().to_string())]) }
                    </span>
                }
                <button type="button" class="cs-button-quiet watch-remove" onclick={remove}
                    aria-label={fill(ui.t("Remove {name}", "Удалить {name}"), &[("name", watch.name.clone())])}>
                    { ui.t("Remove", "Удалить") }
                </button>
            </header>
            <p class="muted watch-checked">{ checked }</p>
            if let Some(error) = failed.clone() {
                <ErrorBanner {error} />
            }
            if !news.posts.is_empty() {
                <ul class="watch-new-posts">
                    { for news.posts.iter().map(|post| {
                        let reference = if post.link.is_empty() { post.id.to_string() } else { post.link.clone() };
                        html! {
                            <li data-post-id={post.id.to_string()}>
                                <RouteLink href={route_href(Route::PostStats, &PostQuery { post: reference })}>
                                    { format!("#{}", post.id) }
                                </RouteLink>
                                <span class="muted">{ format!(" · {}", ui.timestamp(post.date)) }</span>
                            </li>
                        }
                    }) }
                </ul>
            }
            if !news.channels.is_empty() {
                <p class="watch-new-channels">
                    { ui.t("New channels mentioning it: ", "Новые каналы с упоминанием: ") }
                    { for news.channels.iter().enumerate().map(|(i, id)| html! {
                        <>
                            if i > 0 { { ", " } }
                            <RouteLink href={route_href(Route::ChannelInfo, &ChannelQuery::new(id.to_string()))}>
                                { news.channel_name(i).map_or_else(|| format!("#{id}"), str::to_owned) }
                            </RouteLink>
                        </>
                    }) }
                </p>
            }
            if let Some(change) = news.subscriber_change {
                <p class="watch-subscribers">
                    { fill(ui.t("Subscribers since the check before: {n}", "Подписчики с прошлой проверки: {n}"),
                        &[("n", signed(change, ui.locale))]) }
                </p>
            }
            if watch.checked_at.is_some() && news.count() == 0 && news.subscriber_change.is_none() && failed.is_none() {
                <p class="muted">{ ui.t("Nothing new at the last check.", "При последней проверке нового не было.") }</p>
            }
            <WatchAlerts watch={watch.clone()} />
            <WatchHistory watch={watch.clone()} />
        </li>
    }
}

#[derive(Properties, PartialEq)]
pub struct AlertMarkProps {
    pub title: AttrValue,
}

/// The navigation's mark of a check that crossed a threshold, until the Watchlist page is seen.
#[function_component(AlertMark)]
pub fn alert_mark(props: &AlertMarkProps) -> Html {
    let alerted = use_watchlist().map_or(0, |list| list.alerted.len());
    if alerted == 0 {
        return Html::default();
    }
    html! {
        <span class="nav-alert" title={props.title.clone()} aria-label={props.title.clone()}>{ "!" }</span>
    }
}
