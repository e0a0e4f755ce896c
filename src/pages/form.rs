//! Form pieces shared by the pages: labelled fields with hints and inline errors, the folded
//! "advanced" section, the wording of validation problems in both languages, and the
//! URL-as-state hook that makes every view a shareable link.

use chrono::{DateTime, NaiveDate, Utc};
use serde::de::DeserializeOwned;
use serde::Serialize;
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;
use yew_router::prelude::*;

use crate::api::{Invalid, PeerType};
use crate::app::Route;
use crate::components::status::{fill, problem_text};
use crate::format::last_days;
use crate::ui::{use_ui, Ui};

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
    /// Extra classes on the field's wrapper, e.g. `wide` to span the whole form.
    #[prop_or_default]
    pub class: Classes,
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

/// `skip_serializing_if` for flags: only set flags go into the address.
pub fn is_false(flag: &bool) -> bool {
    !*flag
}

/// The peer type chosen in a form; blank or unknown text means the operation's default.
pub fn peer_type_or(text: &str, default: PeerType) -> PeerType {
    text.parse().unwrap_or(default)
}

/// Period presets in days; the form also offers the API's default and a custom range.
const PRESET_DAYS: [u32; 3] = [7, 30, 90];
/// The `period` value of a custom range (`startDate`/`endDate` from the date inputs).
const CUSTOM_PERIOD: &str = "custom";

/// `startDate` and `endDate` of the period chosen in a form: none for the default (blank),
/// the last N days up to today for a preset, and the given days (either may be blank) for a
/// custom range. Days are read in the interface's time zone.
pub fn period_bounds(
    ui: &Ui,
    period: &str,
    start: &str,
    end: &str,
) -> (Option<DateTime<Utc>>, Option<DateTime<Utc>>) {
    let at = |secs: i64| DateTime::from_timestamp(secs, 0);
    if let Some(days) = PRESET_DAYS.iter().find(|d| d.to_string() == period) {
        let (first, last) = last_days(ui.today(), *days);
        return match ui.day_range(first, last) {
            Some((from, to)) => (at(from), at(to)),
            None => (None, None),
        };
    }
    if period != CUSTOM_PERIOD {
        return (None, None);
    }
    // A date input shows nothing for text that is not a date, so such text (only possible in a
    // hand-edited link) counts as not given, as the user sees it.
    let day = |text: &str| NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok();
    let from = day(start)
        .and_then(|d| ui.day_range(d, d))
        .and_then(|(first, _)| at(first));
    let to = day(end)
        .and_then(|d| ui.day_range(d, d))
        .and_then(|(_, last)| at(last));
    (from, to)
}

#[derive(Properties, PartialEq)]
pub struct PeriodFieldsProps {
    /// Prefix of the inputs' ids.
    pub id: AttrValue,
    pub period: AttrValue,
    pub start: AttrValue,
    pub end: AttrValue,
    /// The label of the blank choice: what the API does without a period.
    pub default_label: AttrValue,
    pub on_period: Callback<String>,
    pub on_start: Callback<String>,
    pub on_end: Callback<String>,
    #[prop_or_default]
    pub error: Option<String>,
}

/// The period of a search: the API default, a preset, or two date inputs.
#[function_component(PeriodFields)]
pub fn period_fields(props: &PeriodFieldsProps) -> Html {
    let ui = use_ui();
    let mut options = vec![(AttrValue::from(""), props.default_label.clone())];
    options.extend(PRESET_DAYS.iter().map(|days| {
        let label = fill(
            ui.t("Last {n} days", "Последние {n} дней"),
            &[("n", days.to_string())],
        );
        (AttrValue::from(days.to_string()), AttrValue::from(label))
    }));
    options.push((
        AttrValue::Static(CUSTOM_PERIOD),
        AttrValue::Static(ui.t("Custom dates", "Свои даты")),
    ));
    let today = ui.today().format("%Y-%m-%d").to_string();
    html! {
        <>
            <Select id={format!("{}-period", props.id)} label={ui.t("Period", "Период")}
                value={props.period.clone()} {options} onchange={props.on_period.clone()} />
            if props.period == CUSTOM_PERIOD {
                <Field id={format!("{}-start", props.id)} kind="date"
                    label={ui.t("From (startDate)", "С (startDate)")}
                    value={props.start.clone()} oninput={props.on_start.clone()}
                    placeholder={today.clone()} error={props.error.clone()} />
                <Field id={format!("{}-end", props.id)} kind="date"
                    label={ui.t("To (endDate)", "По (endDate)")}
                    value={props.end.clone()} oninput={props.on_end.clone()}
                    placeholder={today}
                    hint={ui.t("Days in the interface's time zone; either may be left blank.",
                        "Дни в часовом поясе интерфейса; любую границу можно не задавать.")} />
            }
        </>
    }
}

/// The hint for `extendedSyntax`.
pub fn extended_syntax_hint(ui: &Ui) -> &'static str {
    ui.t(
        "space = AND, | = OR, \"…\" = phrase, -word = exclude, ( ) = group, =word = exact form, word* = prefix",
        "пробел = И, | = ИЛИ, \"…\" = фраза, -слово = исключить, ( ) = группа, =слово = точная форма, слово* = префикс",
    )
}
