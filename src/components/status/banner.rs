//! A failed call: what happened, what to do, and Retry once flood control allows it.

use std::rc::Rc;

use yew::prelude::*;

use super::countdown::use_countdown;
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
}

impl PartialEq for ErrorBannerProps {
    fn eq(&self, other: &Self) -> bool {
        // By address, so that a new failure equal to the last one restarts a flood-control wait.
        Rc::ptr_eq(&self.error, &other.error) && self.on_retry == other.on_retry
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
    let flood = props.error.retry_after_secs().is_some();
    let todo = if flood && left > 0 {
        fill(
            ui.t("You can retry in {n} s.", "Повторить можно через {n} с."),
            &[("n", left.to_string())],
        )
    } else if flood {
        ui.t("You can retry now.", "Можно повторить.").to_owned()
    } else {
        advice.todo
    };
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
