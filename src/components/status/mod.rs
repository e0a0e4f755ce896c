//! What a page shows while waiting ([`Loading`]), when a call failed ([`ErrorBanner`], worded by
//! [`wording`]), when there is nothing to show ([`EmptyState`]), and how a long job of many
//! requests stands ([`JobPanel`]).

mod banner;
mod countdown;
mod job_panel;
mod wording;

use yew::prelude::*;

pub use banner::{ErrorBanner, ErrorBannerProps};
pub use job_panel::JobPanel;
pub use wording::{identifier_text, problem_text};

use crate::api::model::Records;
use crate::ui::{use_ui, Ui};
use crate::view::unreadable::records_note;
pub use crate::view::unreadable::RecordNoun;

/// "1 of 50 posts could not be read." beside lists that left records out (`[&response.items]`,
/// or one list per batch or channel); nothing otherwise.
pub fn unreadable_note<'a, T: 'a>(
    ui: &Ui,
    noun: RecordNoun,
    lists: impl IntoIterator<Item = &'a Records<T>>,
) -> Html {
    match records_note(ui.locale, noun, lists) {
        Some(text) => html! { <p class="cs-unreadable" role="note">{ text }</p> },
        None => Html::default(),
    }
}

#[derive(Properties, PartialEq)]
pub struct LoadingProps {
    pub on_cancel: Callback<()>,
    /// What is being loaded; "Loading…" when absent.
    #[prop_or_default]
    pub label: Option<AttrValue>,
}

#[function_component(Loading)]
pub fn loading(props: &LoadingProps) -> Html {
    let ui = use_ui();
    let on_cancel = props.on_cancel.clone();
    html! {
        <div class="cs-loading" role="status" aria-busy="true" aria-live="polite">
            <span class="cs-spinner" aria-hidden="true"></span>
            <span class="cs-loading-label">
                { props.label.clone().unwrap_or_else(|| ui.t("Loading…", "Загрузка…").into()) }
            </span>
            <button type="button" class="cs-button cs-button-quiet"
                onclick={Callback::from(move |_: MouseEvent| on_cancel.emit(()))}>
                { ui.t("Cancel", "Отменить") }
            </button>
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct EmptyStateProps {
    pub title: AttrValue,
    #[prop_or_default]
    pub hint: Option<AttrValue>,
}

#[function_component(EmptyState)]
pub fn empty_state(props: &EmptyStateProps) -> Html {
    html! {
        <div class="cs-empty">
            <p class="cs-empty-title">{ props.title.clone() }</p>
            if let Some(hint) = &props.hint {
                <p class="cs-empty-hint">{ hint.clone() }</p>
            }
        </div>
    }
}
