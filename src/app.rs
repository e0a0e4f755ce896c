//! The console: routes, the shell (header, navigation, settings) and the catalogue of tools.

use yew::prelude::*;
use yew_router::history::{BrowserHistory, History};
use yew_router::prelude::*;

use crate::pages::{
    ChannelInfoPage, ChannelSearchPage, KeywordMentionsPage, MultiPostStatsPage,
    MultiStoryStatsPage, PostSearchPage, PostStatsPage, SubscriberDynamicsPage,
};
use crate::settings::{SettingsPanel, SettingsProvider};
use crate::ui::{use_ui, Ui};

/// One page per operation; the path names the operation as `src/api/ops` does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Routable)]
pub enum Route {
    #[at("/")]
    Home,
    #[at("/keyword-mentions")]
    KeywordMentions,
    #[at("/channel-search")]
    ChannelSearch,
    #[at("/subscriber-dynamics")]
    SubscriberDynamics,
    #[at("/channel-info")]
    ChannelInfo,
    #[at("/multi-post-stats")]
    MultiPostStats,
    #[at("/multi-story-stats")]
    MultiStoryStats,
    #[at("/post-stats")]
    PostStats,
    #[at("/post-search")]
    PostSearch,
    #[not_found]
    #[at("/404")]
    NotFound,
}

/// The address of `route` with `query` (a page's parameters) as its query string, encoded as the
/// pages read it back.
pub fn route_href(route: Route, query: &impl serde::Serialize) -> String {
    let path = route.to_path();
    match serde_urlencoded::to_string(query) {
        Ok(encoded) if !encoded.is_empty() => format!("{path}?{encoded}"),
        _ => path,
    }
}

#[derive(Properties, PartialEq)]
pub struct RouteLinkProps {
    /// From [`Route::to_path`] or [`route_href`].
    pub href: AttrValue,
    #[prop_or_default]
    pub classes: Classes,
    #[prop_or_default]
    pub children: Html,
}

/// A link to a page of the console: a plain `<a href>` that the router follows without reloading
/// on a plain click (a click with a modifier key opens a tab as usual). One component for every
/// route and query, where yew-router's `Link` is compiled once per query type.
#[function_component(RouteLink)]
pub fn route_link(props: &RouteLinkProps) -> Html {
    let onclick = {
        let href = props.href.clone();
        Callback::from(move |event: MouseEvent| {
            let modified =
                event.ctrl_key() || event.meta_key() || event.shift_key() || event.alt_key();
            if event.button() != 0 || modified || event.default_prevented() {
                return;
            }
            event.prevent_default();
            BrowserHistory::new().push(href.to_string());
        })
    };
    html! {
        <a href={props.href.clone()} class={props.classes.clone()} {onclick}>
            { props.children.clone() }
        </a>
    }
}

/// The eight tools in the order the API documents them.
pub const TOOLS: [Route; 8] = [
    Route::KeywordMentions,
    Route::ChannelSearch,
    Route::SubscriberDynamics,
    Route::ChannelInfo,
    Route::MultiPostStats,
    Route::MultiStoryStats,
    Route::PostStats,
    Route::PostSearch,
];

impl Route {
    /// The tool's name, short enough for the navigation bar.
    pub fn title(self, ui: &Ui) -> &'static str {
        match self {
            Route::Home => ui.t("Overview", "Обзор"),
            Route::KeywordMentions => ui.t("Keyword mentions", "Упоминания"),
            Route::ChannelSearch => ui.t("Channel search", "Поиск каналов"),
            Route::SubscriberDynamics => ui.t("Subscribers", "Подписчики"),
            Route::ChannelInfo => ui.t("Channel info", "О канале"),
            Route::MultiPostStats => ui.t("Posts stats", "Статистика постов"),
            Route::MultiStoryStats => ui.t("Stories stats", "Статистика историй"),
            Route::PostStats => ui.t("Post stats", "Статистика поста"),
            Route::PostSearch => ui.t("Post search", "Поиск постов"),
            Route::NotFound => ui.t("Not found", "Не найдено"),
        }
    }

    /// The tool's name in the navigation bar, where all eight share one row.
    pub fn nav_title(self, ui: &Ui) -> &'static str {
        match self {
            Route::MultiPostStats => ui.t("Posts stats", "Посты"),
            Route::MultiStoryStats => ui.t("Stories stats", "Истории"),
            Route::PostStats => ui.t("Post stats", "Один пост"),
            other => other.title(ui),
        }
    }

    /// What the tool answers, for the catalogue.
    pub fn summary(self, ui: &Ui) -> &'static str {
        match self {
            Route::KeywordMentions => ui.t(
                "Per channel: mentions of a word or phrase, their reach and the latest one",
                "По каналам: число упоминаний слова или фразы, охват и дата последнего",
            ),
            Route::ChannelSearch => ui.t(
                "Find channels and chats by keyword or category",
                "Поиск каналов и чатов по ключевому слову или категории",
            ),
            Route::SubscriberDynamics => ui.t(
                "Participants of a channel over time, by hour, day, week or month",
                "Число участников канала во времени: по часам, дням, неделям, месяцам",
            ),
            Route::ChannelInfo => ui.t(
                "Everything known about one channel or chat",
                "Всё об одном канале или чате",
            ),
            Route::MultiPostStats => ui.t(
                "Views, shares, comments and reactions of many posts",
                "Просмотры, репосты, комментарии и реакции многих постов",
            ),
            Route::MultiStoryStats => ui.t(
                "Views, shares and reactions of many stories",
                "Просмотры, репосты и реакции многих историй",
            ),
            Route::PostStats => ui.t(
                "Counters, reposts, mentions and the growth of views of one post",
                "Счётчики, репосты, упоминания и рост просмотров одного поста",
            ),
            Route::PostSearch => ui.t(
                "Full-text search of posts, newest first",
                "Полнотекстовый поиск постов, сначала новые",
            ),
            Route::Home | Route::NotFound => "",
        }
    }
}

fn switch(route: Route) -> Html {
    match route {
        Route::Home => html! { <Home /> },
        Route::KeywordMentions => html! { <KeywordMentionsPage /> },
        Route::ChannelSearch => html! { <ChannelSearchPage /> },
        Route::SubscriberDynamics => html! { <SubscriberDynamicsPage /> },
        Route::ChannelInfo => html! { <ChannelInfoPage /> },
        Route::MultiPostStats => html! { <MultiPostStatsPage /> },
        Route::MultiStoryStats => html! { <MultiStoryStatsPage /> },
        Route::PostStats => html! { <PostStatsPage /> },
        Route::PostSearch => html! { <PostSearchPage /> },
        Route::NotFound => html! { <NotFound /> },
    }
}

#[function_component(Home)]
fn home() -> Html {
    let ui = use_ui();
    html! {
        <section class="home">
            <h1>{ ui.t("Channel analytics", "Аналитика каналов") }</h1>
            <p class="lead">{ ui.t(
                "Eight tools over the analytics API. Choose one; every view is a link you can share.",
                "Восемь инструментов над API аналитики. Выберите один; каждый вид — ссылка, которой можно поделиться."
            ) }</p>
            <ul class="tools">
                { for TOOLS.iter().map(|&tool| html! {
                    <li class="tool">
                        <RouteLink href={tool.to_path()}>
                            <h2>{ tool.title(&ui) }</h2>
                            <p>{ tool.summary(&ui) }</p>
                        </RouteLink>
                    </li>
                }) }
            </ul>
        </section>
    }
}

#[function_component(NotFound)]
fn not_found() -> Html {
    let ui = use_ui();
    html! {
        <section class="not-found">
            <h1>{ ui.t("Page not found", "Страница не найдена") }</h1>
            <RouteLink href={Route::Home.to_path()}>{ ui.t("Back to the overview", "К обзору") }</RouteLink>
        </section>
    }
}

#[function_component(Shell)]
fn shell() -> Html {
    let ui = use_ui();
    let route = use_route::<Route>().unwrap_or(Route::Home);
    let settings_open = use_state(|| false);
    let menu_open = use_state(|| false);
    {
        let title = match route {
            Route::Home => "Chanscope".to_owned(),
            other => format!("{} · Chanscope", other.title(&ui)),
        };
        use_effect_with(title, |title| {
            if let Some(document) = web_sys::window().and_then(|w| w.document()) {
                document.set_title(title);
            }
        });
    }
    let toggle_settings = {
        let open = settings_open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let close_settings = {
        let open = settings_open.clone();
        Callback::from(move |()| open.set(false))
    };
    let toggle_menu = {
        let open = menu_open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    let close_menu = {
        let open = menu_open.clone();
        Callback::from(move |_: MouseEvent| open.set(false))
    };
    html! {
        <div class="app" data-app-ready="true">
            <a class="skip-link" href="#main">{ ui.t("Skip to content", "К содержимому") }</a>
            <header class="app-header">
                <RouteLink href={Route::Home.to_path()} classes="brand">{ "Chanscope" }</RouteLink>
                <button type="button" class="menu-toggle secondary" aria-expanded={menu_open.to_string()}
                    aria-controls="tools-nav" onclick={toggle_menu}>
                    { ui.t("Tools", "Инструменты") }
                </button>
                <nav id="tools-nav" class={classes!("tools-nav", menu_open.then_some("open"))}
                    aria-label={ui.t("Tools", "Инструменты")} onclick={close_menu}>
                    <ul>
                        { for TOOLS.iter().map(|&tool| {
                            let current = (tool == route).then_some("page");
                            html! {
                                <li>
                                    <RouteLink href={tool.to_path()} classes={classes!(current.map(|_| "active"))}>
                                        <span aria-current={current} title={tool.title(&ui)}>
                                            { tool.nav_title(&ui) }
                                        </span>
                                    </RouteLink>
                                </li>
                            }
                        }) }
                    </ul>
                </nav>
                <button type="button" class="settings-toggle secondary"
                    aria-expanded={settings_open.to_string()} onclick={toggle_settings}>
                    { ui.t("Settings", "Настройки") }
                </button>
            </header>
            if *settings_open {
                <SettingsPanel on_close={close_settings} />
            }
            <main id="main" class="app-main" tabindex="-1">
                <Switch<Route> render={switch} />
            </main>
        </div>
    }
}

#[function_component(App)]
pub fn app() -> Html {
    html! {
        <BrowserRouter>
            <SettingsProvider>
                <Shell />
            </SettingsProvider>
        </BrowserRouter>
    }
}

/// Mounts the console on the page's `<body>`, in place of the shell `index.html` paints while the
/// module loads (removed in the same task, so no frame shows both or neither).
pub fn start() {
    if let Some(shell) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.get_element_by_id("boot-shell"))
    {
        shell.remove();
    }
    yew::Renderer::<App>::new().render();
}
