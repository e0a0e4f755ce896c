//! What a page shows while waiting ([`Loading`]), while it reads what this browser keeps
//! ([`Reading`]), when a call failed ([`ErrorBanner`], worded by
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
    /// Its room held but not shown, and hidden from screen readers (see [`Reading`]).
    #[prop_or_default]
    pub held: bool,
}

#[derive(Properties, PartialEq)]
pub struct ReadingProps {
    /// What is being read, said to screen readers: "Reading the watchlist…".
    pub what: AttrValue,
    /// The title of the empty state that a first visit then shows in this place.
    pub empty: AttrValue,
}

/// What this browser keeps (IndexedDB) being read, in milliseconds: the room of a first visit's
/// empty state, held but not shown, so that nothing below it moves when the empty state takes
/// its place (a "Reading…" line there shifted the page's note by 44 px, a layout shift of 0.006).
#[function_component(Reading)]
pub fn reading(props: &ReadingProps) -> Html {
    html! {
        <div class="cs-reading" aria-busy="true">
            <p class="cs-visually-hidden" role="status">{ props.what.clone() }</p>
            <EmptyState title={props.empty.clone()} held=true />
        </div>
    }
}

#[function_component(EmptyState)]
pub fn empty_state(props: &EmptyStateProps) -> Html {
    html! {
        <div class={classes!("cs-empty", props.held.then_some("cs-held"))}
            aria-hidden={props.held.then_some("true")}>
            <p class="cs-empty-title">{ props.title.clone() }</p>
            if let Some(hint) = &props.hint {
                <p class="cs-empty-hint">{ hint.clone() }</p>
            }
        </div>
    }
}
