//! A failed call: what happened, what to do, and Retry once flood control allows it; a short
//! wait is waited out and the call retried by the banner itself, once.

use std::cell::Cell;
use std::rc::Rc;

use yew::prelude::*;

use super::countdown::{use_countdown, SameError};
use super::wording::advice;
use crate::api::{ApiError, ApiErrorKind, Error};
use crate::format::fill;
#[cfg(debug_assertions)]
use crate::settings::SettingsContext;
use crate::ui::use_ui;

#[derive(Properties)]
pub struct ErrorBannerProps {
    pub error: Rc<Error>,
    /// Shows a Retry button when given.
    #[prop_or_default]
    pub on_retry: Option<Callback<()>>,
    /// Whether a wait of at most [`AUTO_RETRY_MAX_SECS`] ends in `on_retry` by itself.
    #[prop_or(true)]
    pub auto_retry: bool,
}

/// The longest wait the banner waits out and then retries by itself: about what a person waits
/// for a page anyway, and what flood control usually asks (`flood_control_10`).
const AUTO_RETRY_MAX_SECS: u32 = 30;
/// No automatic retry within this long of the last one: a service that keeps asking to wait is
/// retried once, then left to the person.
const AUTO_RETRY_GAP_MS: f64 = 60_000.0;

thread_local! {
    /// When (`Date.now()`) a banner last retried by itself.
    static LAST_AUTO_RETRY: Cell<f64> = const { Cell::new(f64::NEG_INFINITY) };
}

impl PartialEq for ErrorBannerProps {
    fn eq(&self, other: &Self) -> bool {
        // By address, so that a new failure equal to the last one restarts a flood-control wait.
        Rc::ptr_eq(&self.error, &other.error)
            && self.on_retry == other.on_retry
            && self.auto_retry == other.auto_retry
    }
}

/// The API address in Settings, read by debug builds only: only a preview's failures can be its
/// sandbox's (`view::preview`), so a release build, the widgets' bundle included (it is at its
/// size ceiling), carries no settings lookup here.
#[cfg(debug_assertions)]
#[hook]
fn use_preview_base_url() -> Option<String> {
    use_context::<SettingsContext>().map(|s| s.settings.base_url.clone())
}

#[cfg(not(debug_assertions))]
#[hook]
fn use_preview_base_url() -> Option<String> {
    None
}

/// A failed call: what happened and what to do, with a Retry button that waits out flood control.
#[function_component(ErrorBanner)]
pub fn error_banner(props: &ErrorBannerProps) -> Html {
    let ui = use_ui();
    let left = use_countdown(props.error.clone());
    let base_url = use_preview_base_url();
    let advice = advice(&ui, &props.error, base_url.as_deref());
    let cancelled = matches!(*props.error, Error::Aborted);
    let wait = props.error.retry_after_secs();
    let flood = wait.is_some();
    // Asking again cannot change these answers: the request or the plan has to change first.
    let futile = matches!(
        &*props.error,
        Error::Invalid(_)
            | Error::Api(ApiError {
                kind: ApiErrorKind::Plan
                    | ApiErrorKind::WrongMethod
                    | ApiErrorKind::InvalidParameter,
                ..
            })
    );
    let may_auto = props.auto_retry && props.on_retry.is_some() && !futile;
    // Read at each render: only a banner's own retry changes it, and that ends the wait shown.
    let auto = may_auto
        && wait.is_some_and(|w| w <= AUTO_RETRY_MAX_SECS)
        && js_sys::Date::now() - LAST_AUTO_RETRY.get() >= AUTO_RETRY_GAP_MS;
    {
        let on_retry = props.on_retry.clone();
        let due = auto && left == 0;
        use_effect_with((due, SameError(props.error.clone())), move |(due, _)| {
            if let (true, Some(on_retry)) = (*due, on_retry) {
                LAST_AUTO_RETRY.set(js_sys::Date::now());
                on_retry.emit(());
            }
        });
    }
    let todo = if flood {
        let (counting, done) = if auto {
            (
                ("Retrying in {n} s.", "Повтор через {n} с."),
                ("Retrying…", "Повторяем…"),
            )
        } else {
            (
                ("You can retry in {n} s.", "Повторить можно через {n} с."),
                ("You can retry now.", "Можно повторить."),
            )
        };
        if left > 0 {
            fill(ui.t(counting.0, counting.1), &[("n", left.to_string())])
        } else {
            ui.t(done.0, done.1).to_owned()
        }
    } else {
        advice.todo
    };
    let retry = props.on_retry.as_ref().filter(|_| !futile).map(|on_retry| {
        let on_retry = on_retry.clone();
        let label = if cancelled {
            ui.t("Run again", "Запустить снова")
        } else {
            ui.t("Retry", "Повторить")
        };
        html! {
            <button type="button" class="cs-button cs-banner-retry" disabled={left > 0}
                onclick={Callback::from(move |_: MouseEvent| on_retry.emit(()))}>
                { label }
            </button>
        }
    });
    let (class, role) = if cancelled {
        ("cs-banner cs-banner-info", "status")
    } else {
        ("cs-banner cs-banner-error", "alert")
    };
    html! {
        <div class={class} role={role}>
            <div class="cs-banner-body">
                <p class="cs-banner-what">{ advice.what }</p>
                if !advice.problems.is_empty() {
                    <ul class="cs-banner-problems">
                        { for advice.problems.into_iter().map(|p| html! { <li>{ p }</li> }) }
                    </ul>
                }
                if !todo.is_empty() {
                    <p class="cs-banner-todo">{ todo }</p>
                }
            </div>
            { retry }
        </div>
    }
}
