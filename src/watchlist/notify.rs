//! The browser notification a check's alerts raise, and what each alert says: used by the check
//! (`provider.rs`) and by the note on the Watchlist page (`alerts.rs`).

use wasm_bindgen::JsValue;
use web_sys::{Notification, NotificationOptions, NotificationPermission};

use super::watch::Watch;
use crate::figures::alerts::Alert;
use crate::format::{fill, format_percent};
use crate::ui::Ui;

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
pub(super) fn ask_permission() {
    if available() && Notification::permission() == NotificationPermission::Default {
        // The answer is read again at each check: nothing waits for it here.
        let _ = Notification::request_permission();
    }
}

/// What `alert` says, in the watch's note and its notification.
pub fn alert_text(ui: &Ui, alert: &Alert) -> String {
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
