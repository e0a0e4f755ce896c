//! Labelled form fields with hints and inline errors, the folded "advanced" section, and the
//! switch between views of one answer.

use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;

use wasm_bindgen::JsCast;

use crate::api::{catalog, PeerType};
use crate::components::capture::use_capture;
use crate::components::use_next_task;
use crate::format::fill;
use crate::sanitize::MarkupWriter;
use crate::ui::{use_ui, Ui};
use crate::view::switch::write_view_switch_buttons;

#[derive(Properties, PartialEq)]
pub struct FieldProps {
    pub id: AttrValue,
    pub label: AttrValue,
    pub value: AttrValue,
    pub oninput: Callback<String>,
    #[prop_or_default]
    pub hint: Option<AttrValue>,
    #[prop_or_default]
    pub error: Option<String>,
    #[prop_or_default]
    pub placeholder: Option<AttrValue>,
    #[prop_or_default]
    pub required: bool,
    /// `text`, `number`, `date`, `search`…
    #[prop_or(AttrValue::Static("text"))]
    pub kind: AttrValue,
    #[prop_or_default]
    pub multiline: bool,
    /// Extra classes on the field's wrapper, e.g. `wide` to span the whole form.
    #[prop_or_default]
    pub class: Classes,
    /// The service's known values offered as the user types (country, language, category);
    /// anything else typed is still accepted.
    #[prop_or_default]
    pub suggestions: Option<catalog::Field>,
}

/// A labelled input (or textarea) with its hint and inline error, wired for screen readers.
#[function_component(Field)]
pub fn field(props: &FieldProps) -> Html {
    let ui = use_ui();
    let hint_id = format!("{}-hint", props.id);
    let error_id = format!("{}-error", props.id);
    let described = [
        props.hint.as_ref().map(|_| hint_id.clone()),
        props.error.as_ref().map(|_| error_id.clone()),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(" ");
    let described = (!described.is_empty()).then_some(described);
    let invalid = props.error.is_some().then_some("true");
    let input = if props.multiline {
        let oninput = props
            .oninput
            .reform(|e: InputEvent| e.target_unchecked_into::<HtmlTextAreaElement>().value());
        html! {
            <textarea id={props.id.clone()} value={props.value.clone()} {oninput} rows="5"
                placeholder={props.placeholder.clone()} aria-describedby={described}
                aria-invalid={invalid} required={props.required} spellcheck="false" />
        }
    } else {
        let oninput = props
            .oninput
            .reform(|e: InputEvent| e.target_unchecked_into::<HtmlInputElement>().value());
        let list_id = format!("{}-known", props.id);
        let known = props.suggestions.map(|field| {
            let ui = &ui;
            html! {
                <datalist id={list_id.clone()}>
                    { for catalog::entries(field).iter().map(|entry| html! {
                        <option value={entry.value}>{ entry.label(ui.locale) }</option>
                    }) }
                </datalist>
            }
        });
        // What a known value stands for, beside it: `ru` reads "Russia".
        let meaning = props
            .suggestions
            .and_then(|field| catalog::label(field, props.value.trim(), ui.locale));
        html! {
            <>
                <input id={props.id.clone()} type={props.kind.clone()} value={props.value.clone()}
                    {oninput} placeholder={props.placeholder.clone()} aria-describedby={described}
                    aria-invalid={invalid} required={props.required} spellcheck="false"
                    list={known.is_some().then_some(list_id.clone())} />
                { known }
                if let Some(meaning) = meaning {
                    <p class="hint field-meaning">{ meaning }</p>
                }
            </>
        }
    };
    html! {
        <div class={classes!("field", props.error.is_some().then_some("has-error"), props.class.clone())}>
            <label for={props.id.clone()}>
                { props.label.clone() }
                if props.required { <span class="required" aria-hidden="true">{ " *" }</span> }
            </label>
            { input }
            if let Some(hint) = &props.hint {
                <p class="hint" id={hint_id}>{ hint.clone() }</p>
            }
            if let Some(error) = &props.error {
                <p class="field-error" id={error_id}>{ error.clone() }</p>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct LimitFieldProps {
    pub id: AttrValue,
    pub label: AttrValue,
    pub value: AttrValue,
    pub oninput: Callback<String>,
    /// The hint, in which `{max}` and `{default}` are filled in.
    pub hint: &'static str,
    pub max: u32,
    pub default: u32,
    #[prop_or_default]
    pub error: Option<String>,
}

/// The `limit` of a request: a number input whose placeholder and hint give the API's default
/// and whose hint gives the maximum.
#[function_component(LimitField)]
pub fn limit_field(props: &LimitFieldProps) -> Html {
    let hint = fill(
        props.hint,
        &[
            ("max", props.max.to_string()),
            ("default", props.default.to_string()),
        ],
    );
    html! {
        <Field id={props.id.clone()} kind="number" label={props.label.clone()}
            value={props.value.clone()} placeholder={props.default.to_string()} {hint}
            oninput={props.oninput.clone()} error={props.error.clone()} />
    }
}

#[derive(Properties, PartialEq)]
pub struct SelectProps {
    pub id: AttrValue,
    pub label: AttrValue,
    pub value: AttrValue,
    /// `(value, label)` pairs.
    pub options: Vec<(AttrValue, AttrValue)>,
    pub onchange: Callback<String>,
    #[prop_or_default]
    pub hint: Option<AttrValue>,
}

#[function_component(Select)]
pub fn select(props: &SelectProps) -> Html {
    let onchange = props
        .onchange
        .reform(|e: Event| e.target_unchecked_into::<HtmlSelectElement>().value());
    html! {
        <div class="field">
            <label for={props.id.clone()}>{ props.label.clone() }</label>
            <select id={props.id.clone()} {onchange}>
                { for props.options.iter().map(|(value, label)| html! {
                    <option value={value.clone()} selected={*value == props.value}>{ label.clone() }</option>
                }) }
            </select>
            if let Some(hint) = &props.hint {
                <p class="hint">{ hint.clone() }</p>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct CheckProps {
    pub id: AttrValue,
    pub label: AttrValue,
    pub checked: bool,
    pub onchange: Callback<bool>,
    #[prop_or_default]
    pub hint: Option<AttrValue>,
}

#[function_component(Check)]
pub fn check(props: &CheckProps) -> Html {
    let onchange = props
        .onchange
        .reform(|e: Event| e.target_unchecked_into::<HtmlInputElement>().checked());
    html! {
        <div class="field check-field">
            <label class="check" for={props.id.clone()}>
                <input id={props.id.clone()} type="checkbox" checked={props.checked} {onchange} />
                { props.label.clone() }
            </label>
            if let Some(hint) = &props.hint {
                <p class="hint">{ hint.clone() }</p>
            }
        </div>
    }
}

#[derive(Properties, PartialEq)]
pub struct AdvancedProps {
    pub children: Children,
    /// Open from the start, e.g. when a deep link sets one of the advanced parameters.
    #[prop_or_default]
    pub open: bool,
}

/// The folded section for the less common parameters.
///
/// Folded, its fields are drawn a task after the rest of the form: on post search they are 120
/// of the page's 195 elements (the lists of countries, languages and categories among them), out
/// of sight, and drawing them with the rest made the page's start its longest task.
#[function_component(Advanced)]
pub fn advanced(props: &AdvancedProps) -> Html {
    let ui = use_ui();
    let later = use_next_task();
    html! {
        <details class="advanced" open={props.open}>
            <summary>{ ui.t("More options", "Дополнительные параметры") }</summary>
            <div class="advanced-body">
                if props.open || later {
                    { props.children.clone() }
                }
            </div>
        </details>
    }
}

/// The `peerType` choice in both languages, for [`Select`].
pub fn peer_type_options(ui: &Ui) -> Vec<(AttrValue, AttrValue)> {
    PeerType::ALL
        .iter()
        .map(|p| {
            let label = match p {
                PeerType::Channel => ui.t("Channels", "Каналы"),
                PeerType::Chat => ui.t("Chats", "Чаты"),
                PeerType::All => ui.t("Channels and chats", "Каналы и чаты"),
            };
            (AttrValue::Static(p.as_str()), AttrValue::Static(label))
        })
        .collect()
}

/// The hint for `extendedSyntax`.
pub fn extended_syntax_hint(ui: &Ui) -> &'static str {
    ui.t(
        "space = AND, | = OR, \"…\" = phrase, -word = exclude, ( ) = group, =word = exact form, word* = prefix",
        "пробел = И, | = ИЛИ, \"…\" = фраза, -слово = исключить, ( ) = группа, =слово = точная форма, слово* = префикс",
    )
}

#[derive(Properties, PartialEq)]
pub struct ViewSwitchProps {
    /// Labels of the views, in order; the chosen one is pressed.
    pub labels: Vec<&'static str>,
    pub chosen: usize,
    pub onchange: Callback<usize>,
    pub label: AttrValue,
}

/// Buttons choosing between views of the same data (e.g. per period / cumulative); a display
/// choice, so it is not kept in the URL. The buttons are [`write_view_switch_buttons`]'
/// markup, as the gateway writes them into a page, and a click is heard on the group.
#[function_component(ViewSwitch)]
pub fn view_switch(props: &ViewSwitchProps) -> Html {
    let group = use_node_ref();
    // The buttons are written anew when the choice changes: the one that had the focus gets it
    // back, so that a keyboard stays on the switch.
    let refocus = use_mut_ref(|| None::<u32>);
    {
        let group_node = group.clone();
        let onchange = props.onchange.clone();
        let refocus = refocus.clone();
        use_capture(&group, "click", onchange.clone(), move |event| {
            let (Some(group), Some(target)) = (
                group_node.cast::<web_sys::Element>(),
                event
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::Element>().ok()),
            ) else {
                return;
            };
            let Some(button) = target.closest("button").ok().flatten() else {
                return;
            };
            let buttons = group.children();
            let Some(index) =
                (0..buttons.length()).find(|i| buttons.item(*i).is_some_and(|b| b == button))
            else {
                return;
            };
            let focused = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.active_element());
            *refocus.borrow_mut() = (focused.as_ref() == Some(&button)).then_some(index);
            onchange.emit(index as usize);
        });
    }
    let mut buttons = MarkupWriter::with_capacity(256);
    write_view_switch_buttons(&mut buttons, &props.labels, props.chosen);
    let buttons = AttrValue::from(buttons.into_string());
    {
        let group = group.clone();
        use_effect_with(buttons.clone(), move |_| {
            let button = refocus.borrow_mut().take().and_then(|index| {
                group
                    .cast::<web_sys::Element>()?
                    .children()
                    .item(index)?
                    .dyn_into::<web_sys::HtmlElement>()
                    .ok()
            });
            if let Some(button) = button {
                let _ = button.focus();
            }
        });
    }
    html! {
        <div class="view-switch" role="group" aria-label={props.label.clone()} ref={group}>
            { Html::from_html_unchecked(buttons) }
        </div>
    }
}
