//! A channel or chat as a card: compact for grids of search results, full for the channel page.

use std::rc::Rc;

use yew::prelude::*;

use super::rich_text::render_nodes;
use crate::api::catalog;
use crate::api::model::{web_url, Channel, PeerKind};
use crate::figures::restrictions::{flag_text, flags};
use crate::format::{compact, compact_f64};
use crate::sanitize::linkify;
use crate::ui::{use_ui, Ui};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum CardVariant {
    #[default]
    Compact,
    Full,
}

#[derive(Properties, PartialEq)]
pub struct ChannelCardProps {
    pub channel: Rc<Channel>,
    #[prop_or_default]
    pub variant: CardVariant,
    /// Buttons of the page (e.g. "Subscriber dynamics"), shown at the bottom of the card.
    #[prop_or_default]
    pub actions: Html,
    /// The level of the card's title: 2 right under a page's `h1`; 3 (the default) inside a
    /// section, as in a widget's box.
    #[prop_or(3)]
    pub heading: u8,
}

/// Up to two initials of a title, for a channel without a usable avatar.
pub use crate::format::initials;

/// The channel's page: its `link`, or else its username on t.me.
fn channel_url(channel: &Channel) -> Option<String> {
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

fn kind_label(ui: &Ui, kind: &PeerKind) -> String {
    match kind {
        PeerKind::Channel => ui.t("Channel", "Канал").to_owned(),
        PeerKind::Chat => ui.t("Chat", "Чат").to_owned(),
        PeerKind::Other(text) => text.clone(),
    }
}

fn fact(label: &'static str, value: Html) -> Html {
    html! {
        <div class="cs-card-fact">
            <dt>{ label }</dt>
            <dd>{ value }</dd>
        </div>
    }
}

/// Descriptions longer than this may be cut by the clamp of four lines: they get a "More".
const ABOUT_CLAMPED_CHARS: usize = 160;

#[function_component(ChannelCard)]
pub fn channel_card(props: &ChannelCardProps) -> Html {
    let ui = use_ui();
    let channel = &props.channel;
    let full = props.variant == CardVariant::Full;
    let description = use_memo(channel.about.clone(), |about| linkify(about));

    let avatar_url = if full {
        channel.image640_url().or_else(|| channel.image100_url())
    } else {
        channel.image100_url()
    };
    // An avatar that fails to load (gone, blocked, offline) falls back to the initials.
    let broken = use_state_eq(|| None::<String>);
    let avatar_url = avatar_url.filter(|url| broken.as_deref() != Some(url.as_str()));
    let avatar = match avatar_url {
        Some(src) => {
            let onerror = {
                let (broken, src) = (broken.clone(), src.clone());
                Callback::from(move |_: Event| broken.set(Some(src.clone())))
            };
            // `loading` before `src`: attributes are set in the order written, and an image
            // starts to load as soon as it has a `src`.
            html! {
                <img class="cs-avatar" loading="lazy" src={src} alt=""
                    referrerpolicy="no-referrer" {onerror} />
            }
        }
        None => {
            let tone = channel.id.rem_euclid(5) + 1;
            html! {
                <span class={classes!("cs-avatar", "cs-avatar-initials", format!("cs-avatar-tone-{tone}"))}
                    aria-hidden="true">{ initials(&channel.title) }</span>
            }
        }
    };
    let url = channel_url(channel);
    let title = if channel.title.trim().is_empty() {
        channel.username.clone()
    } else {
        channel.title.clone()
    };
    // The heading clamps to two lines; the whole title is its tooltip.
    let full_title = title.clone();
    let about_open = use_state_eq(|| false);
    let title = match &url {
        Some(href) => html! {
            <a class="cs-link" href={href.clone()} rel="noopener noreferrer" target="_blank">{ title }</a>
        },
        None => html! { { title } },
    };
    let username = (!channel.username.trim().is_empty()).then(|| with_at(&channel.username));
    let other_names: Vec<String> = channel
        .active_usernames
        .iter()
        .map(|name| with_at(name))
        .filter(|name| Some(name) != username.as_ref())
        .collect();
    let verified = channel.rkn_verification.as_ref().map(|v| {
        if !v.is_active() {
            return html! {
                <span class="cs-badge cs-badge-quiet" title={ui.t(
                    "Not listed as verified in the registry of channels",
                    "В реестре каналов как проверенный не значится",
                )}>{ ui.t("Not in the registry", "Нет в реестре") }</span>
            };
        }
        {
            let label = ui.t("Registered", "В реестре");
            let hint = ui.t(
                "Listed in the registry of channels (verification active)",
                "Канал внесён в реестр (проверка активна)",
            );
            match v.url() {
                Some(href) => html! {
                    <a class="cs-badge cs-badge-ok" href={href} title={hint}
                        rel="noopener noreferrer" target="_blank">{ "✓ " }{ label }</a>
                },
                None => html! { <span class="cs-badge cs-badge-ok" title={hint}>{ "✓ " }{ label }</span> },
            }
        }
    });
    let restrictions: Vec<String> = flags(channel)
        .iter()
        .map(|flag| flag_text(flag, ui.locale))
        .collect();
    let participants = i64::try_from(channel.participants_count).unwrap_or(i64::MAX);

    let mut facts = Vec::new();
    facts.push(fact(
        ui.t("Subscribers", "Подписчики"),
        html! { <span class="cs-num" title={ui.count(participants)}>{ compact(participants) }</span> },
    ));
    if let Some(ci) = channel.ci_index {
        facts.push(fact(
            ui.t("Citation index", "Индекс цитирования"),
            html! { <span class="cs-num">{ compact_f64(ci) }</span> },
        ));
    }
    if let Some(kind) = &channel.peer_type {
        facts.push(fact(
            ui.t("Type", "Тип"),
            html! { { kind_label(&ui, kind) } },
        ));
    }
    let optional = [
        (
            ui.t("Category", "Категория"),
            catalog::Field::Category,
            &channel.category,
        ),
        (
            ui.t("Country", "Страна"),
            catalog::Field::Country,
            &channel.country,
        ),
        (
            ui.t("Language", "Язык"),
            catalog::Field::Language,
            &channel.language,
        ),
    ];
    for (label, field, value) in optional {
        if let Some(value) = value.as_ref().filter(|v| !v.trim().is_empty()) {
            // A known value by its name, the service's code as its tooltip; others as sent.
            let shown = match catalog::label(field, value.trim(), ui.locale) {
                Some(name) => html! { <span title={value.clone()}>{ name }</span> },
                None => html! { { value.clone() } },
            };
            facts.push(fact(label, shown));
        }
    }
    if full {
        if let Some(created) = channel.created_at {
            facts.push(fact(
                ui.t("Created", "Создан"),
                html! { { ui.date(created) } },
            ));
        }
        if let Some(tg_id) = channel.tg_id {
            facts.push(fact(
                ui.t("Messenger ID", "ID в мессенджере"),
                html! { { tg_id.to_string() } },
            ));
        }
        facts.push(fact(
            ui.t("Service ID", "ID в сервисе"),
            html! { { channel.id.to_string() } },
        ));
    }

    html! {
        <article class={classes!("cs-card", if full { "cs-card-full" } else { "cs-card-compact" })}>
            <header class="cs-card-head">
                { avatar }
                <div class="cs-card-names">
                    <@{if props.heading == 2 { "h2" } else { "h3" }} class="cs-card-title"
                        title={full_title}>{ title }</@>
                    if let Some(username) = username {
                        <p class="cs-card-username">{ username }</p>
                    }
                    if full && !other_names.is_empty() {
                        <p class="cs-card-aliases">
                            { ui.t("Also: ", "Также: ") }{ other_names.join(", ") }
                        </p>
                    }
                    { verified }
                </div>
            </header>
            if !restrictions.is_empty() {
                <p class="cs-card-warning" role="note">
                    { "⚠ " }{ ui.t("Restrictions: ", "Ограничения: ") }{ restrictions.join("; ") }
                </p>
            }
            <dl class="cs-card-facts">{ for facts }</dl>
            if !description.is_empty() {
                <div class={classes!("cs-card-about", "cs-rich-text", about_open.then_some("cs-open"))}>
                    { render_nodes(&description) }
                </div>
                if channel.about.chars().count() > ABOUT_CLAMPED_CHARS {
                    <button type="button" class="cs-card-more" aria-expanded={about_open.to_string()}
                        onclick={{
                            let about_open = about_open.clone();
                            Callback::from(move |_: MouseEvent| about_open.set(!*about_open))
                        }}>
                        { if *about_open { ui.t("Less", "Свернуть") } else { ui.t("More", "Ещё") } }
                    </button>
                }
            }
            if let (Some(href), true) = (&url, full) {
                <p class="cs-card-open">
                    <a class="cs-link" href={href.clone()} rel="noopener noreferrer" target="_blank">
                        { ui.t("Open in the messenger", "Открыть в мессенджере") }
                    </a>
                </p>
            }
            if props.actions != Html::default() {
                <div class="cs-card-actions">{ props.actions.clone() }</div>
            }
        </article>
    }
}
