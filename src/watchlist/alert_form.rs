//! Alerts of the watchlist on its page: a watch's thresholds, set in a form, and the note of what
//! its last check crossed. Permission to notify ([`super::notify`]) is asked when a threshold is
//! first set (in that click's handler: browsers refuse a request that no gesture made), never
//! when a page loads; without it the note on the page is the alert.

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::notify::{alert_text, allowed, ask_permission};
use super::provider::use_watchlist;
use super::watch::{Watch, WatchKind};
use crate::figures::alerts::{parse_count_threshold, parse_threshold, Thresholds};
use crate::ui::{use_ui, Ui};

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
