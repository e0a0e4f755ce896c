//! What the console calls each page, in the interface's language.

use super::{Job, Route};
use crate::ui::Ui;

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
            Route::Campaigns => ui.t("Campaigns", "Кампании"),
            Route::NotFound => ui.t("Not found", "Не найдено"),
        }
    }

    /// The page's name in its job's menu, where the job already says what it is about.
    pub fn nav_title(self, ui: &Ui) -> &'static str {
        match self {
            Route::ChannelInfo => ui.t("Channel report", "Отчёт о канале"),
            Route::CompareChannels => ui.t("Compare channels", "Сравнение каналов"),
            Route::SubscriberDynamics => ui.t("Subscribers over time", "Подписчики во времени"),
            Route::PostStats => ui.t("One post", "Один пост"),
            Route::MultiPostStats => ui.t("Several posts", "Несколько постов"),
            Route::MultiStoryStats => ui.t("Stories", "Истории"),
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
                "Everything known about one channel or chat: its card, its subscribers and their change over 1, 7 and 30 days, and a 30-day chart",
                "Всё об одном канале или чате: карточка, подписчики и их изменение за 1, 7 и 30 дней, график за 30 дней",
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
                "Saved searches and channels, checked for what is new since the last look. Press Watch on a post search, keyword mentions or a channel to add one here.",
                "Сохранённые поиски и каналы: что нового с прошлой проверки. Чтобы добавить, нажмите «Наблюдать» в поиске постов, упоминаниях или на канале.",
            ),
            Route::Campaigns => ui.t(
                "Adverts bought for a channel: reach at 24 and 48 h, CPM, subscribers gained beyond normal growth and what each cost",
                "Реклама, купленная для канала: охват за 24 и 48 ч, CPM, подписчики сверх обычного прироста и цена каждого",
            ),
            Route::Home | Route::NotFound => "",
        }
    }
}

impl Job {
    /// The job's name in the navigation.
    pub fn title(self, ui: &Ui) -> &'static str {
        match self {
            Job::Discover => ui.t("Discover", "Поиск"),
            Job::Channels => ui.t("Channels", "Каналы"),
            Job::Posts => ui.t("Posts", "Посты"),
            Job::Campaigns => ui.t("Campaigns", "Кампании"),
            Job::Watchlist => ui.t("Watchlist", "Наблюдение"),
        }
    }
}
