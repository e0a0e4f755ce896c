//! Form pieces shared by the pages: labelled fields with hints and inline errors, the folded
//! "advanced" section, the wording of validation problems in both languages, and the
//! URL-as-state hook that makes every view a shareable link.

use serde::de::DeserializeOwned;
use serde::Serialize;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;
use yew_router::prelude::*;

use crate::api::ids::{IdError, IdKind};
use crate::api::{Invalid, PeerType, Problem, Rule};
use crate::app::Route;
use crate::format::Locale;
use crate::ui::{use_ui, Ui};

/// A validation problem in the interface's language.
pub fn problem_text(ui: &Ui, problem: &Problem) -> String {
    if ui.locale == Locale::En {
        return problem.to_string();
    }
    let p = problem.param;
    match &problem.rule {
        Rule::Required => format!("{p}: обязательный параметр"),
        Rule::QueryOrCategory => {
            "Укажите ключевое слово (q) или категорию: нужно хотя бы одно".into()
        }
        Rule::TooShort { min, given } => {
            format!("{p}: не короче {min} символов (сейчас {given})")
        }
        Rule::AboveMax { max, given } => format!("{p}: не больше {max} (сейчас {given})"),
        Rule::BelowMin { min, given } => format!("{p}: не меньше {min} (сейчас {given})"),
        Rule::TooManyIds { max, given } => {
            format!("{p}: не больше {max} идентификаторов за запрос (сейчас {given})")
        }
        Rule::BadIdentifier(error) => {
            let kind = match error {
                IdError::Empty { what } => *what,
                IdError::WrongKind { expected, .. } | IdError::Unrecognised { expected, .. } => {
                    *expected
                }
            };
            let forms = match kind {
                IdKind::Channel => "@username, t.me/username, t.me/joinchat/КОД или числовой ID",
                IdKind::Post => "t.me/username/123, t.me/c/12345/123 или числовой ID публикации",
            };
            format!("{p}: не удалось распознать идентификатор; допустимые формы: {forms}")
        }
        Rule::StartAfterEnd => "Начало периода позже его конца".into(),
    }
}

/// The problem with `param` in `invalid`, worded for the interface.
pub fn field_error(ui: &Ui, invalid: Option<&Invalid>, param: &str) -> Option<String> {
    invalid
        .and_then(|i| i.for_param(param))
        .map(|p| problem_text(ui, p))
}

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
}

/// A labelled input (or textarea) with its hint and inline error, wired for screen readers.
#[function_component(Field)]
pub fn field(props: &FieldProps) -> Html {
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
        html! {
            <input id={props.id.clone()} type={props.kind.clone()} value={props.value.clone()}
                {oninput} placeholder={props.placeholder.clone()} aria-describedby={described}
                aria-invalid={invalid} required={props.required} spellcheck="false" />
        }
    };
    html! {
        <div class={classes!("field", props.error.is_some().then_some("has-error"))}>
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
#[function_component(Advanced)]
pub fn advanced(props: &AdvancedProps) -> Html {
    let ui = use_ui();
    html! {
        <details class="advanced" open={props.open}>
            <summary>{ ui.t("More options", "Дополнительные параметры") }</summary>
            <div class="advanced-body">{ props.children.clone() }</div>
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

/// The submitted form of a page, kept in the URL query: `P` is read from the address on every
/// navigation (so deep links and back/forward reproduce a view), and `submit` pushes a new
/// history entry. `P` must never hold the token.
pub struct UrlState<P> {
    pub params: P,
    /// Whether the address carries any query at all (a fresh page shows no results yet).
    pub submitted: bool,
    pub submit: Callback<P>,
}

#[hook]
pub fn use_url_state<P>(route: Route) -> UrlState<P>
where
    P: Serialize + DeserializeOwned + Default + Clone + PartialEq + 'static,
{
    let location = use_location();
    let navigator = use_navigator();
    let query = location
        .as_ref()
        .map(|l| l.query_str().trim_start_matches('?').to_owned())
        .unwrap_or_default();
    let params = location
        .as_ref()
        .and_then(|l| l.query::<P>().ok())
        .unwrap_or_default();
    let submit = Callback::from(move |next: P| {
        if let Some(navigator) = &navigator {
            let _ = navigator.push_with_query(&route, &next);
        }
    });
    UrlState {
        params,
        submitted: !query.is_empty(),
        submit,
    }
}
