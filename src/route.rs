//! The console's routes (one page per operation), their names, and the links between pages: a
//! link carries the query the target page reads (`?channel=`, `?post=`, `?q=`), defined here
//! once for every page that links.

use serde::{Deserialize, Serialize};
use yew::prelude::*;

use crate::router::use_navigator;
use crate::ui::Ui;

/// One page per operation (the path names the operation as `src/api/ops` does), one per analysis
/// across many requests, and the watchlist.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    Home,
    KeywordMentions,
    ChannelSearch,
    SubscriberDynamics,
    ChannelInfo,
    MultiPostStats,
    MultiStoryStats,
    PostStats,
    PostSearch,
    CompareChannels,
    KeywordTrend,
    SearchAnalysis,
    Watchlist,
    NotFound,
}

impl Route {
    /// The route's path.
    pub fn to_path(self) -> &'static str {
        match self {
            Route::Home => "/",
            Route::KeywordMentions => "/keyword-mentions",
            Route::ChannelSearch => "/channel-search",
            Route::SubscriberDynamics => "/subscriber-dynamics",
            Route::ChannelInfo => "/channel-info",
            Route::MultiPostStats => "/multi-post-stats",
            Route::MultiStoryStats => "/multi-story-stats",
            Route::PostStats => "/post-stats",
            Route::PostSearch => "/post-search",
            Route::CompareChannels => "/compare-channels",
            Route::KeywordTrend => "/keyword-trend",
            Route::SearchAnalysis => "/search-analysis",
            Route::Watchlist => "/watchlist",
            Route::NotFound => "/404",
        }
    }

    /// The route whose path is `path` exactly (the overview, a tool or an analysis); `NotFound`
    /// for any other.
    pub fn recognize(path: &str) -> Route {
        std::iter::once(Route::Home)
            .chain(TOOLS)
            .chain(ANALYSES)
            .find(|route| route.to_path() == path)
            .unwrap_or(Route::NotFound)
    }
}

/// The address of `route` with `query` (a page's parameters) as its query string, encoded as the
/// pages read it back.
pub fn route_href(route: Route, query: &impl serde::Serialize) -> String {
    let path = route.to_path();
    match serde_urlencoded::to_string(query) {
        Ok(encoded) if !encoded.is_empty() => format!("{path}?{encoded}"),
        _ => path.to_owned(),
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
/// on a plain click (a click with a modifier key opens a tab as usual; outside a router, as in a
/// widget, the browser follows it).
#[function_component(RouteLink)]
pub fn route_link(props: &RouteLinkProps) -> Html {
    let navigator = use_navigator();
    let onclick = {
        let href = props.href.clone();
        Callback::from(move |event: MouseEvent| {
            let modified =
                event.ctrl_key() || event.meta_key() || event.shift_key() || event.alt_key();
            let Some(navigator) = &navigator else {
                return;
            };
            if event.button() != 0 || modified || event.default_prevented() {
                return;
            }
            event.prevent_default();
            navigator.push(&href);
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

/// The analyses across many requests, and the watchlist that checks saved searches and channels.
pub const ANALYSES: [Route; 4] = [
    Route::CompareChannels,
    Route::KeywordTrend,
    Route::SearchAnalysis,
    Route::Watchlist,
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
            Route::CompareChannels => ui.t("Compare channels", "Сравнение каналов"),
            Route::KeywordTrend => ui.t("Keyword trend", "Динамика упоминаний"),
            Route::SearchAnalysis => ui.t("Search analysis", "Анализ поиска"),
            Route::Watchlist => ui.t("Watchlist", "Наблюдение"),
            Route::NotFound => ui.t("Not found", "Не найдено"),
        }
    }

    /// The tool's name in the navigation bar, where all eight share one row.
    pub fn nav_title(self, ui: &Ui) -> &'static str {
        match self {
            Route::MultiPostStats => ui.t("Posts stats", "Посты"),
            Route::MultiStoryStats => ui.t("Stories stats", "Истории"),
            Route::PostStats => ui.t("Post stats", "Один пост"),
            Route::CompareChannels => ui.t("Compare", "Сравнение"),
            Route::KeywordTrend => ui.t("Trend", "Динамика"),
            Route::SearchAnalysis => ui.t("Analysis", "Анализ"),
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
            Route::CompareChannels => ui.t(
                "2 to 10 channels side by side: subscribers and their change, citation index, ERR, restrictions, age",
                "От 2 до 10 каналов рядом: подписчики и их изменение, индекс цитирования, ERR, ограничения, возраст",
            ),
            Route::KeywordTrend => ui.t(
                "Posts mentioning up to 3 keywords per day or week, and whether talk grows or fades",
                "Посты с упоминанием до 3 слов по дням или неделям: растёт интерес или угасает",
            ),
            Route::SearchAnalysis => ui.t(
                "A post search to its end (up to 1,050 posts): top posts, when they are posted, which channels carry them",
                "Поиск постов до конца (до 1050 постов): лучшие посты, когда публикуют, какие каналы",
            ),
            Route::Watchlist => ui.t(
                "Saved searches and channels, checked for what is new since the last look",
                "Сохранённые поиски и каналы: что нового с прошлой проверки",
            ),
            Route::Home | Route::NotFound => "",
        }
    }
}

/// `?channel=…`: the channel the channel-info and subscriber-dynamics pages open with, as typed
/// (`@name`, a link or the service's ID).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct ChannelQuery {
    #[serde(skip_serializing_if = "String::is_empty")]
    pub channel: String,
}

impl ChannelQuery {
    pub fn new(channel: impl Into<String>) -> Self {
        ChannelQuery {
            channel: channel.into(),
        }
    }
}

/// `?post=…` of the post statistics page: a post link or the service's post ID.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PostQuery {
    pub post: String,
}

/// `?q=…` of the post search page.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SearchQuery {
    pub q: String,
}
