//! A channel or chat as a card, written as markup: compact for grids of search results, full for
//! the channel page and the card widget.
//!
//! The one source of the card's markup for both sides: the console and the widgets insert what
//! [`write_card`] writes (`components::ChannelCard`), and the gateway sends the same markup inside
//! the pages people land on, so that the card is painted with the HTML and the console takes over
//! without a difference to draw (docs/architecture.md, "The answer inside the page").
//! What needs script (the "More" of a long description, the initials in place of an avatar that
//! fails to load) is done by the console on the markup, not drawn into it.

use chrono::FixedOffset;

use crate::api::catalog;
use crate::api::model::{web_url, Channel, PeerKind};
use crate::figures::restrictions::{flag_text, flags};
use crate::format::{compact, compact_f64, date_label, group_thousands, initials, Locale};
use crate::sanitize::{linkify, MarkupWriter};

/// How much of the channel a card shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CardVariant {
    #[default]
    Compact,
    Full,
}

/// Descriptions longer than this may be cut by the clamp of four lines: they get a "More".
pub const ABOUT_CLAMPED_CHARS: usize = 160;

/// The class of the element around a card's markup (what the console's event handlers listen on).
pub const CARD_BOX_CLASS: &str = "cs-card-box";

/// What a card is written in: the language, and the offset of the zone its dates are read in at
/// a given Unix second (the browser's or the settings' zone in the console; UTC on the server).
pub struct CardText<'a> {
    pub locale: Locale,
    pub offset_at: &'a dyn Fn(i64) -> FixedOffset,
}

impl CardText<'_> {
    fn t(&self, en: &'static str, ru: &'static str) -> &'static str {
        match self.locale {
            Locale::En => en,
            Locale::Ru => ru,
        }
    }

    fn date(&self, secs: i64) -> String {
        match crate::format::local_date_time(secs, &(self.offset_at)(secs)) {
            Ok(at) => date_label(at.date(), self.locale),
            Err(_) => secs.to_string(),
        }
    }
}

/// The card of `channel`, heading level `heading` (2 right under a page's `h1`; 3 inside a
/// section or a widget's box), with `actions` written at its foot (the page's links to its other
/// pages; nothing for a widget).
pub fn write_card(
    m: &mut MarkupWriter,
    channel: &Channel,
    variant: CardVariant,
    heading: u8,
    text: &CardText,
    actions: impl FnOnce(&mut MarkupWriter),
) {
    let full = variant == CardVariant::Full;
    m.tags(r#"<article class="cs-card "#).tags(if full {
        r#"cs-card-full">"#
    } else {
        r#"cs-card-compact">"#
    });
    write_head(m, channel, full, heading, text);
    let restrictions: Vec<String> = flags(channel)
        .iter()
        .map(|flag| flag_text(flag, text.locale))
        .collect();
    if !restrictions.is_empty() {
        m.tags(r#"<p class="cs-card-warning" role="note">⚠ "#)
            .text(text.t("Restrictions: ", "Ограничения: "))
            .text(restrictions.join("; "))
            .tags("</p>");
    }
    write_facts(m, channel, full, text);
    let description = linkify(&channel.about);
    if !description.is_empty() {
        m.tags(r#"<div class="cs-card-about cs-rich-text">"#)
            .nodes(&description)
            .tags("</div>");
        if channel.about.chars().count() > ABOUT_CLAMPED_CHARS {
            m.tags(r#"<button type="button" class="cs-card-more" aria-expanded="false">"#)
                .text(more_label(text.locale, false))
                .tags("</button>");
        }
    }
    if let (Some(href), true) = (channel_url(channel), full) {
        m.tags(r#"<p class="cs-card-open"><a class="cs-link""#)
            .attribute("href", href)
            .tags(r#" rel="noopener noreferrer" target="_blank">"#)
            .text(text.t("Open in the messenger", "Открыть в мессенджере"))
            .tags("</a></p>");
    }
    let mut foot = MarkupWriter::default();
    actions(&mut foot);
    if !foot.as_str().is_empty() {
        m.tags(r#"<div class="cs-card-actions">"#)
            .raw(foot)
            .tags("</div>");
    }
    m.tags("</article>");
}

/// The words of the "More" button under a clamped description, open or not.
pub fn more_label(locale: Locale, open: bool) -> &'static str {
    match (locale, open) {
        (Locale::En, false) => "More",
        (Locale::En, true) => "Less",
        (Locale::Ru, false) => "Ещё",
        (Locale::Ru, true) => "Свернуть",
    }
}

/// The initials shown in place of `channel`'s avatar: when it has none, or when it fails to load.
pub fn write_initials(m: &mut MarkupWriter, channel: &Channel) {
    let tone = channel.id.rem_euclid(5) + 1;
    m.tags(r#"<span class="cs-avatar cs-avatar-initials cs-avatar-tone-"#)
        .text(tone.to_string())
        .tags(r#"" aria-hidden="true">"#)
        .text(initials(&channel.title))
        .tags("</span>");
}

fn write_head(m: &mut MarkupWriter, channel: &Channel, full: bool, heading: u8, text: &CardText) {
    m.tags(r#"<header class="cs-card-head">"#);
    let avatar = if full {
        channel.image640_url().or_else(|| channel.image100_url())
    } else {
        channel.image100_url()
    };
    match avatar {
        // `loading` before `src`: an image starts to load as soon as it has a `src`.
        Some(src) => {
            m.tags(r#"<img class="cs-avatar" loading="lazy""#)
                .attribute("src", src)
                .tags(r#" alt="" referrerpolicy="no-referrer">"#);
        }
        None => write_initials(m, channel),
    }
    m.tags(r#"<div class="cs-card-names">"#);
    let title = if channel.title.trim().is_empty() {
        channel.username.clone()
    } else {
        channel.title.clone()
    };
    let (open, close) = if heading == 2 {
        (r#"<h2 class="cs-card-title""#, "</h2>")
    } else {
        (r#"<h3 class="cs-card-title""#, "</h3>")
    };
    // The heading clamps to two lines; the whole title is its tooltip.
    m.tags(open).attribute("title", &title).tags(">");
    match channel_url(channel) {
        Some(href) => {
            m.tags(r#"<a class="cs-link""#)
                .attribute("href", href)
                .tags(r#" rel="noopener noreferrer" target="_blank">"#)
                .text(&title)
                .tags("</a>");
        }
        None => {
            m.text(&title);
        }
    }
    m.tags(close);
    let username = (!channel.username.trim().is_empty()).then(|| with_at(&channel.username));
    if let Some(username) = &username {
        m.tags(r#"<p class="cs-card-username">"#)
            .text(username)
            .tags("</p>");
    }
    let other_names: Vec<String> = channel
        .active_usernames
        .iter()
        .map(|name| with_at(name))
        .filter(|name| Some(name) != username.as_ref())
        .collect();
    if full && !other_names.is_empty() {
        m.tags(r#"<p class="cs-card-aliases">"#)
            .text(text.t("Also: ", "Также: "))
            .text(other_names.join(", "))
            .tags("</p>");
    }
    if let Some(v) = &channel.rkn_verification {
        write_verified(m, v, text);
    }
    m.tags("</div></header>");
}

fn write_verified(m: &mut MarkupWriter, v: &crate::api::model::RknVerification, text: &CardText) {
    if !v.is_active() {
        m.tags(r#"<span class="cs-badge cs-badge-quiet""#)
            .attribute(
                "title",
                text.t(
                    "Not listed as verified in the registry of channels",
                    "В реестре каналов как проверенный не значится",
                ),
            )
            .tags(">")
            .text(text.t("Not in the registry", "Нет в реестре"))
            .tags("</span>");
        return;
    }
    let label = text.t("Registered", "В реестре");
    let hint = text.t(
        "Listed in the registry of channels (verification active)",
        "Канал внесён в реестр (проверка активна)",
    );
    match v.url() {
        Some(href) => {
            m.tags(r#"<a class="cs-badge cs-badge-ok""#)
                .attribute("href", href)
                .attribute("title", hint)
                .tags(r#" rel="noopener noreferrer" target="_blank">✓ "#)
                .text(label)
                .tags("</a>");
        }
        None => {
            m.tags(r#"<span class="cs-badge cs-badge-ok""#)
                .attribute("title", hint)
                .tags(">✓ ")
                .text(label)
                .tags("</span>");
        }
    }
}

fn write_facts(m: &mut MarkupWriter, channel: &Channel, full: bool, text: &CardText) {
    let fact = |m: &mut MarkupWriter, label: &str| {
        m.tags(r#"<div class="cs-card-fact"><dt>"#)
            .text(label)
            .tags("</dt><dd>");
    };
    let end = "</dd></div>";
    m.tags(r#"<dl class="cs-card-facts">"#);
    let participants = i64::try_from(channel.participants_count).unwrap_or(i64::MAX);
    fact(m, text.t("Subscribers", "Подписчики"));
    m.tags(r#"<span class="cs-num""#)
        .attribute("title", group_thousands(participants, text.locale))
        .tags(">")
        .text(compact(participants))
        .tags("</span>")
        .tags(end);
    if let Some(ci) = channel.ci_index {
        fact(m, text.t("Citation index", "Индекс цитирования"));
        m.tags(r#"<span class="cs-num">"#)
            .text(compact_f64(ci))
            .tags("</span>")
            .tags(end);
    }
    if let Some(kind) = &channel.peer_type {
        fact(m, text.t("Type", "Тип"));
        match kind {
            PeerKind::Channel => m.text(text.t("Channel", "Канал")),
            PeerKind::Chat => m.text(text.t("Chat", "Чат")),
            PeerKind::Other(other) => m.text(other),
        }
        .tags(end);
    }
    let optional = [
        (
            text.t("Category", "Категория"),
            catalog::Field::Category,
            &channel.category,
        ),
        (
            text.t("Country", "Страна"),
            catalog::Field::Country,
            &channel.country,
        ),
        (
            text.t("Language", "Язык"),
            catalog::Field::Language,
            &channel.language,
        ),
    ];
    for (label, field, value) in optional {
        let Some(value) = value.as_ref().filter(|v| !v.trim().is_empty()) else {
            continue;
        };
        fact(m, label);
        // A known value by its name, the service's code as its tooltip; others as sent.
        match catalog::label(field, value.trim(), text.locale) {
            Some(name) => m
                .tags("<span")
                .attribute("title", value)
                .tags(">")
                .text(name)
                .tags("</span>"),
            None => m.text(value),
        }
        .tags(end);
    }
    if full {
        if let Some(created) = channel.created_at {
            fact(m, text.t("Created", "Создан"));
            m.text(text.date(created)).tags(end);
        }
        if let Some(tg_id) = channel.tg_id {
            fact(m, text.t("Messenger ID", "ID в мессенджере"));
            m.text(tg_id.to_string()).tags(end);
        }
        fact(m, text.t("Service ID", "ID в сервисе"));
        m.text(channel.id.to_string()).tags(end);
    }
    m.tags("</dl>");
}

/// The channel's page: its `link`, or else its username on t.me.
pub fn channel_url(channel: &Channel) -> Option<String> {
    channel.url().or_else(|| {
        let name = channel.username.trim().trim_start_matches('@');
        let valid =
            !name.is_empty() && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
        valid.then(|| web_url(&format!("t.me/{name}"))).flatten()
    })
}

fn with_at(name: &str) -> String {
    let name = name.trim();
    if name.starts_with('@') {
        name.to_owned()
    } else {
        format!("@{name}")
    }
}

/// The path of the console's subscriber-dynamics page (`Route::SubscriberDynamics`; a browser
/// test holds the two equal).
pub const SUBSCRIBER_DYNAMICS_PATH: &str = "/subscriber-dynamics";
pub use crate::api::opening::POST_SEARCH_PATH;

/// The address of a console page at `path` with the query `pairs`, as the console's
/// `route_href` writes it.
pub fn page_href(path: &str, pairs: &[(&str, &str)]) -> String {
    match serde_urlencoded::to_string(pairs) {
        Ok(query) if !query.is_empty() => format!("{path}?{query}"),
        _ => path.to_owned(),
    }
}

/// The channel report's links at the foot of its card: the channel's subscriber dynamics (named
/// as it was asked, `asked`, so both pages name it the same way) and a search of its posts by
/// its `@name` (or title), with the note that the search has no channel filter.
pub fn write_report_actions(m: &mut MarkupWriter, locale: Locale, asked: &str, channel: &Channel) {
    let t = |en, ru| if locale == Locale::En { en } else { ru };
    let posts_query = {
        let name = channel.username.trim().trim_start_matches('@');
        if name.is_empty() {
            channel.title.trim().to_owned()
        } else {
            format!("@{name}")
        }
    };
    m.tags(r#"<a class="cs-button""#)
        .attribute(
            "href",
            page_href(SUBSCRIBER_DYNAMICS_PATH, &[("channel", asked.trim())]),
        )
        .tags(">")
        .text(t("Subscriber dynamics", "Динамика подписчиков"))
        .tags("</a>");
    if posts_query.is_empty() {
        return;
    }
    m.tags(r#"<a class="cs-button cs-button-quiet""#)
        .attribute("href", page_href(POST_SEARCH_PATH, &[("q", &posts_query)]))
        .tags(">")
        .text(t("Search its posts", "Искать его посты"))
        .tags(r#"</a><p class="hint">"#)
        .text(t(
            "Post search has no channel filter: this finds posts that contain ",
            "У поиска постов нет фильтра по каналу: будут найдены посты, содержащие ",
        ))
        .tags("<code>")
        .text(&posts_query)
        .tags("</code>")
        .text(t(
            ", in this channel and elsewhere.",
            " — в этом канале и в других.",
        ))
        .tags("</p>");
}

/// The results of the channel-info page as the console draws them above its report: the card,
/// its title a level under the page's, with the report's links.
pub fn write_channel_info_card(
    m: &mut MarkupWriter,
    channel: &Channel,
    asked: &str,
    text: &CardText,
) {
    m.tags(r#"<div class=""#).tags(CARD_BOX_CLASS).tags(r#"">"#);
    let locale = text.locale;
    write_card(m, channel, CardVariant::Full, 2, text, |m| {
        write_report_actions(m, locale, asked, channel)
    });
    m.tags("</div>");
}
