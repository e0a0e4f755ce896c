//! How pages and widgets name what the API returns: groupings, channels, and the text that
//! stands for a post.

use crate::api::model::{Channel, Post};
use crate::api::PeriodGroup;
use crate::format::Locale;

fn tr(locale: Locale, en: &'static str, ru: &'static str) -> &'static str {
    match locale {
        Locale::En => en,
        Locale::Ru => ru,
    }
}

/// A grouping as a choice of a form or a widget: "By week".
pub fn group_label(group: PeriodGroup, locale: Locale) -> &'static str {
    match group {
        PeriodGroup::Hour => tr(locale, "By hour", "По часам"),
        PeriodGroup::Day => tr(locale, "By day", "По дням"),
        PeriodGroup::Week => tr(locale, "By week", "По неделям"),
        PeriodGroup::Month => tr(locale, "By month", "По месяцам"),
    }
}

/// How links name a channel: its username when it has one (readable in the address), else the
/// service's numeric ID.
pub fn channel_ref(channel: &Channel) -> String {
    let name = channel.username.trim().trim_start_matches('@');
    if name.is_empty() {
        channel.id.to_string()
    } else {
        format!("@{name}")
    }
}

/// A channel's name in a short list (the new channels of a watch): its title, else
/// `@username`; `None` when it has neither. [`channel_label`] gives both, for a post's channel.
pub fn channel_name(channel: &Channel) -> Option<String> {
    let title = channel.title.trim();
    let username = channel.username.trim().trim_start_matches('@');
    if !title.is_empty() {
        Some(title.to_owned())
    } else if !username.is_empty() {
        Some(format!("@{username}"))
    } else {
        None
    }
}

/// A post's channel as (what a link to it carries, its text): the title and username when known,
/// else "Channel #ID".
pub fn channel_label(id: i64, channel: Option<&Channel>, locale: Locale) -> (String, String) {
    let fallback = || {
        (
            id.to_string(),
            format!("{} #{id}", tr(locale, "Channel", "Канал")),
        )
    };
    let Some(channel) = channel else {
        return fallback();
    };
    let username = channel.username.trim().trim_start_matches('@');
    let title = channel.title.trim();
    let text = match (title.is_empty(), username.is_empty()) {
        (false, false) => format!("{title} (@{username})"),
        (false, true) => title.to_owned(),
        (true, false) => format!("@{username}"),
        (true, true) => return fallback(),
    };
    (channel_ref(channel), text)
}

/// What stands for a post in a list: the search's snippet (matches marked), or its text when the
/// answer has no snippet.
pub fn excerpt(post: &Post) -> &str {
    if post.snippet.trim().is_empty() {
        &post.text
    } else {
        &post.snippet
    }
}
