//! The start page, for the work rather than the API: the one box, what the watchlist found last,
//! what was opened lately and the campaigns kept here; every page of the console below, by job.

use std::rc::Rc;

use yew::prelude::*;
use yew_router::Routable;

use crate::campaigns::{Campaign, CampaignStore};
use crate::format::fill;
use crate::route::{Job, Route, RouteLink, JOBS};
use crate::store::recent::recent;
use crate::ui::{use_ui, Ui};
use crate::view::paste::{Opened, OpenedKind};
use crate::watchlist::{alert_text, use_watchlist, Watch, Watchlist};

use super::paste_box::PasteBox;

/// How many watches the start page lists.
const WATCHES_SHOWN: usize = 5;

#[function_component(Home)]
pub fn home() -> Html {
    let ui = use_ui();
    let watchlist = use_watchlist();
    let opened = use_memo((), |_| recent());
    let campaigns = use_campaigns();
    html! {
        <section class="home">
            <h1>{ ui.t("Channel analytics", "Аналитика каналов") }</h1>
            <p class="lead">{ ui.t(
                "Paste the link somebody sent you (a channel, a post or a list of posts) or type words to search. Every view is a link you can share.",
                "Вставьте присланную ссылку (на канал, пост или список постов) или введите слова для поиска. Каждый вид — ссылка, которой можно поделиться.",
            ) }</p>
            <PasteBox large=true />
            <div class="home-work" data-prerender="no">
                { watch_panel(&ui, watchlist.as_ref()) }
                { opened_panel(&ui, &opened) }
                { campaigns_panel(&ui, &campaigns) }
            </div>
            <h2 class="home-all">{ ui.t("All tools", "Все инструменты") }</h2>
            { for JOBS.iter().map(|&(job, routes)| catalogue(&ui, job, routes)) }
        </section>
    }
}

fn catalogue(ui: &Ui, job: Job, routes: &[Route]) -> Html {
    html! {
        <section class="home-job" aria-label={job.title(ui)}>
            <h3>{ job.title(ui) }</h3>
            <ul class="tools">
                { for routes.iter().map(|&tool| html! {
                    <li class="tool">
                        <RouteLink href={tool.to_path()}>
                            <h4>{ tool.title(ui) }</h4>
                            <p>{ tool.summary(ui) }</p>
                        </RouteLink>
                    </li>
                }) }
            </ul>
        </section>
    }
}

/// The watches with something new or an alert first, then the rest by their last check.
fn watch_panel(ui: &Ui, watchlist: Option<&Watchlist>) -> Html {
    let heading = html! { <h2>{ ui.t("Watchlist", "Наблюдение") }</h2> };
    let nothing_watched = ui.t(
        "Nothing watched yet. Press Watch on a channel report, a post search or keyword mentions, and what is new shows here.",
        "Пока ничего не отслеживается. Нажмите «Наблюдать» в отчёте о канале, поиске постов или упоминаниях — новое появится здесь.",
    );
    let Some(list) = watchlist.filter(|l| l.loaded) else {
        // While the watchlist is read, a first visit's line holds its room, not shown: the
        // panels below do not move when it comes (67 px, a layout shift of 0.042, before).
        return html! {
            <section class="home-panel home-watch" aria-busy="true">{ heading }
                <p class="hint cs-held" aria-hidden="true">{ nothing_watched }</p>
            </section>
        };
    };
    if list.watches.is_empty() {
        return html! {
            <section class="home-panel home-watch">{ heading }
                <p class="hint">{ nothing_watched }</p>
            </section>
        };
    }
    let mut watches: Vec<&Watch> = list.watches.iter().collect();
    watches.sort_by_key(|w| {
        (
            std::cmp::Reverse(!w.alerts.is_empty()),
            std::cmp::Reverse(w.news.count()),
            std::cmp::Reverse(w.checked_at.unwrap_or(w.created_at)),
        )
    });
    let news = list.news();
    html! {
        <section class="home-panel home-watch" data-news={news.to_string()}>
            { heading }
            <p class="hint">{ if news == 0 {
                ui.t("Nothing new since the last check.", "Ничего нового с прошлой проверки.").to_owned()
            } else {
                fill(ui.t("{n} new since the last check.", "Нового с прошлой проверки: {n}."), &[("n", news.to_string())])
            } }</p>
            <ul class="home-list">
                { for watches.iter().take(WATCHES_SHOWN).map(|w| html! {
                    <li data-watch={w.target.href()}>
                        <RouteLink href={w.target.href()}>{ w.name.clone() }</RouteLink>
                        if w.news.count() > 0 {
                            <span class="nav-count">{ w.news.count().to_string() }</span>
                        }
                        { for w.alerts.iter().map(|a| html! { <p class="hint home-alert">{ alert_text(ui, a) }</p> }) }
                    </li>
                }) }
            </ul>
            <RouteLink href={Route::Watchlist.to_path()}>
                { fill(ui.t("All {n} watches", "Все наблюдения ({n})"), &[("n", list.watches.len().to_string())]) }
            </RouteLink>
        </section>
    }
}

fn opened_panel(ui: &Ui, opened: &[Opened]) -> Html {
    let kind = |k: OpenedKind| match k {
        OpenedKind::Channel => ui.t("channel", "канал"),
        OpenedKind::Post => ui.t("post", "пост"),
        OpenedKind::Posts => ui.t("posts", "посты"),
        OpenedKind::Channels => ui.t("comparison", "сравнение"),
        OpenedKind::Search => ui.t("search", "поиск"),
    };
    html! {
        <section class="home-panel home-recent">
            <h2>{ ui.t("Opened lately", "Открывали недавно") }</h2>
            if opened.is_empty() {
                <p class="hint">{ ui.t(
                    "The channels and posts you open are listed here, in this browser only.",
                    "Здесь появятся открытые каналы и посты — только в этом браузере.",
                ) }</p>
            } else {
                <ul class="home-list">
                    { for opened.iter().map(|o| html! {
                        <li data-opened={o.href.clone()}>
                            <RouteLink href={o.href.clone()}>{ o.label.clone() }</RouteLink>
                            <span class="hint">{ format!(" · {}", kind(o.kind)) }</span>
                        </li>
                    }) }
                </ul>
            }
        </section>
    }
}

fn campaigns_panel(ui: &Ui, campaigns: &Option<Rc<Vec<Campaign>>>) -> Html {
    let Some(campaigns) = campaigns.as_ref().filter(|c| !c.is_empty()) else {
        return Html::default();
    };
    html! {
        <section class="home-panel home-campaigns">
            <h2>{ ui.t("Campaigns", "Кампании") }</h2>
            <ul class="home-list">
                { for campaigns.iter().take(WATCHES_SHOWN).map(|c| html! {
                    <li>
                        <RouteLink href={Route::Campaigns.to_path()}>{ c.name.clone() }</RouteLink>
                        <span class="hint">{ fill(
                            ui.t(" · {channel}, {n} placements", " · {channel}, размещений: {n}"),
                            &[("channel", c.promoted.clone()), ("n", c.placements.len().to_string())],
                        ) }</span>
                    </li>
                }) }
            </ul>
        </section>
    }
}

/// The campaigns kept in this browser, once read (none when the store cannot be opened).
#[hook]
fn use_campaigns() -> Option<Rc<Vec<Campaign>>> {
    let campaigns = use_state(|| None::<Rc<Vec<Campaign>>>);
    {
        let campaigns = campaigns.clone();
        use_effect_with((), move |_| {
            wasm_bindgen_futures::spawn_local(async move {
                let Ok(store) = CampaignStore::open().await else {
                    return;
                };
                if let Ok(kept) = store.all().await {
                    campaigns.set(Some(Rc::new(kept.into_vec())));
                }
            });
        });
    }
    (*campaigns).clone()
}

#[function_component(NotFound)]
pub fn not_found() -> Html {
    let ui = use_ui();
    html! {
        <section class="not-found">
            <h1>{ ui.t("Page not found", "Страница не найдена") }</h1>
            <RouteLink href={Route::Home.to_path()}>{ ui.t("Back to the start", "К началу") }</RouteLink>
        </section>
    }
}
