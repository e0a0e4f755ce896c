//! Alerts of the watchlist: a watch's thresholds set on the Watchlist page, the note of what its
//! last check crossed, and the browser notification a crossing raises. Permission to notify is
//! asked when a threshold is first set (in that click's handler: browsers refuse a request that
//! no gesture made), never when a page loads; without it the note on the page is the alert.

use wasm_bindgen::JsValue;
use web_sys::{HtmlInputElement, Notification, NotificationOptions, NotificationPermission};
use yew::prelude::*;

use super::provider::use_watchlist;
use super::watch::{Watch, WatchKind};
use crate::format::{fill, format_percent};
use crate::ui::{use_ui, Ui};
use crate::view::alerts::{parse_count_threshold, parse_threshold, Alert, Thresholds};

/// Whether this browser has notifications at all (an insecure page or an old WebView has none;
/// reading `Notification.permission` there would throw).
fn available() -> bool {
    web_sys::window().is_some_and(|window| {
        js_sys::Reflect::has(&window, &JsValue::from_str("Notification")).unwrap_or(false)
    })
}

/// Whether a notification would show now.
pub(super) fn allowed() -> bool {
    available() && Notification::permission() == NotificationPermission::Granted
}

/// Asks for permission to notify unless the user already answered.
fn ask_permission() {
    if available() && Notification::permission() == NotificationPermission::Default {
        // The answer is read again at each check: nothing waits for it here.
        let _ = Notification::request_permission();
    }
}

/// What `alert` says, in the watch's note and its notification.
fn alert_text(ui: &Ui, alert: &Alert) -> String {
    match alert {
        Alert::Subscribers { percent } => fill(
            ui.t(
                "Subscribers changed by {p} since the check before.",
                "Подписчики изменились на {p} с прошлой проверки.",
            ),
            &[("p", format_percent(*percent, ui.locale))],
        ),
        Alert::Mentions { count } => fill(
            ui.t("{n} new mentions.", "Новых упоминаний: {n}."),
            &[("n", ui.count(i64::try_from(*count).unwrap_or(i64::MAX)))],
        ),
        Alert::PostViews { views } => fill(
            ui.t("A post reached {n} views.", "Пост набрал {n} просмотров."),
            &[("n", ui.count(i64::try_from(*views).unwrap_or(i64::MAX)))],
        ),
    }
}

/// Raises one notification for the alerts of `watch`'s last check, when allowed; whether it did.
pub(super) fn notify(ui: &Ui, watch: &Watch) -> bool {
    if watch.alerts.is_empty() || !allowed() {
        return false;
    }
    let body: Vec<String> = watch.alerts.iter().map(|a| alert_text(ui, a)).collect();
    let options = NotificationOptions::new();
    options.set_body(&body.join(" "));
    // One notification per watch: a later check's replaces the one still shown.
    options.set_tag(&format!("chanscope-watch-{}", watch.id));
    Notification::new_with_options(&watch.name, &options).is_ok()
}

#[derive(Properties, PartialEq)]
pub struct WatchAlertsProps {
    pub watch: Watch,
}

/// The note of what the last check crossed, and the form of the watch's thresholds.
#[function_component(WatchAlerts)]
pub fn watch_alerts(props: &WatchAlertsProps) -> Html {
    let ui = use_ui();
    let watch = &props.watch;
    html! {
        <>
            if !watch.alerts.is_empty() {
                <div class="watch-alert" role="alert">
                    { for watch.alerts.iter().map(|alert| html! { <p>{ alert_text(&ui, alert) }</p> }) }
                    if !allowed() {
                        <p class="muted">{ ui.t(
                            "Browser notifications are off for this console, so the alert shows here only.",
                            "Уведомления браузера для консоли выключены, поэтому оповещение видно только здесь.",
                        ) }</p>
                    }
                </div>
            }
            <ThresholdsForm watch={watch.clone()} />
        </>
    }
}

/// The threshold a watch of `kind` offers: its field's name and label.
fn offered(ui: &Ui, kind: WatchKind) -> (&'static str, &'static str) {
    match kind {
        WatchKind::Channel => (
            "subscribers-percent",
            ui.t(
                "Subscribers changed by at least ± % since the check before",
                "Подписчики изменились не меньше чем на ± % с прошлой проверки",
            ),
        ),
        WatchKind::KeywordMentions => (
            "new-mentions",
            ui.t(
                "At least this many new mentions",
                "Не меньше стольких новых упоминаний",
            ),
        ),
        WatchKind::PostSearch => (
            "post-views",
            ui.t(
                "A post found past this many views",
                "Найденный пост набрал столько просмотров",
            ),
        ),
    }
}

/// The threshold of a watch of `kind` as its field shows it.
fn shown(thresholds: &Thresholds, kind: WatchKind) -> String {
    match kind {
        WatchKind::Channel => thresholds.subscribers_percent.map(|x| x.to_string()),
        WatchKind::KeywordMentions => thresholds.new_mentions.map(|n| n.to_string()),
        WatchKind::PostSearch => thresholds.post_views.map(|n| n.to_string()),
    }
    .unwrap_or_default()
}

/// The thresholds of a watch of `kind` with its one field read from `text`; `None` when the text
/// is no threshold.
fn read(text: &str, kind: WatchKind) -> Option<Thresholds> {
    let mut thresholds = Thresholds::default();
    match kind {
        WatchKind::Channel => thresholds.subscribers_percent = parse_threshold(text).ok()?,
        WatchKind::KeywordMentions => thresholds.new_mentions = parse_count_threshold(text).ok()?,
        WatchKind::PostSearch => thresholds.post_views = parse_count_threshold(text).ok()?,
    }
    Some(thresholds)
}

#[function_component(ThresholdsForm)]
fn thresholds_form(props: &WatchAlertsProps) -> Html {
    let ui = use_ui();
    let list = use_watchlist();
    let kind = props.watch.target.kind();
    let text = use_state(|| shown(&props.watch.thresholds, kind));
    let wrong = use_state(|| false);
    // A threshold that changed elsewhere (an import) shows as it now is.
    {
        let text = text.clone();
        use_effect_with(props.watch.thresholds.clone(), move |thresholds| {
            text.set(shown(thresholds, kind))
        });
    }
    let Some(list) = list else {
        return Html::default();
    };
    let (field, label) = offered(&ui, kind);
    let id = format!("threshold-{}-{field}", props.watch.id);
    let on_input = {
        let text = text.clone();
        Callback::from(move |e: InputEvent| {
            text.set(e.target_unchecked_into::<HtmlInputElement>().value())
        })
    };
    let on_submit = {
        let (text, wrong, save, watch) = (
            text.clone(),
            wrong.clone(),
            list.save.clone(),
            props.watch.clone(),
        );
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let Some(thresholds) = read(&text, kind) else {
                wrong.set(true);
                return;
            };
            wrong.set(false);
            if !thresholds.is_empty() {
                ask_permission();
            }
            save.emit(Watch {
                thresholds,
                ..watch.clone()
            });
        })
    };
    html! {
        <details class="watch-thresholds" open={!props.watch.thresholds.is_empty()}>
            <summary>{ ui.t("Alert", "Оповещение") }</summary>
            <form class="threshold-form" onsubmit={on_submit}>
                <label for={id.clone()}>{ label }</label>
                <input id={id} class={classes!("threshold", field)} type="text" inputmode="decimal"
                    value={(*text).clone()} oninput={on_input} aria-invalid={wrong.to_string()} />
                <button type="submit" class="secondary">{ ui.t("Set", "Задать") }</button>
                if *wrong {
                    <p class="field-error" role="alert">{ ui.t(
                        "A number above 0, or nothing for no alert.",
                        "Число больше 0 или пусто, чтобы не оповещать.",
                    ) }</p>
                }
            </form>
        </details>
    }
}
