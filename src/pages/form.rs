//! Form pieces shared by the pages: labelled fields with hints and inline errors, the folded
//! "advanced" section, the choice of a period, and the URL-as-state hook that makes every view a
//! shareable link.

use chrono::{DateTime, Utc};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use web_sys::{HtmlInputElement, HtmlSelectElement, HtmlTextAreaElement};
use yew::prelude::*;
use yew_router::prelude::*;

use crate::api::PeerType;
use crate::app::Route;
use crate::components::status::fill;
use crate::format::{iso_date, last_days, parse_iso_date};
use crate::ui::{use_ui, Ui};

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

/// Period presets in days of the search pages; a form also offers the API's default and a
/// custom range.
pub const PERIOD_PRESETS: &[u32] = &[7, 30, 90];
/// The `period` value of a custom range (`startDate`/`endDate` from the date inputs).
const CUSTOM_PERIOD: &str = "custom";

/// The period of a form as kept in the address.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default, rename_all = "camelCase")]
pub struct PeriodQuery {
    /// Blank for the API's default, a preset number of days, or `custom`.
    #[serde(rename = "period", skip_serializing_if = "String::is_empty")]
    pub choice: String,
    /// `YYYY-MM-DD`, for a custom period.
    #[serde(skip_serializing_if = "String::is_empty")]
    pub start_date: String,
    #[serde(skip_serializing_if = "String::is_empty")]
    pub end_date: String,
}

/// The period chosen in a form, as the API takes it.
pub struct PeriodBounds {
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
    /// How many days the period spans, when the form sets its first day.
    pub days: Option<i64>,
}

impl PeriodQuery {
    pub fn is_custom(&self) -> bool {
        self.choice == CUSTOM_PERIOD
    }

    /// The period chosen among `presets`: nothing for the default (blank), the last N days up
    /// to today for a preset, and the given days (either may be blank) for a custom range.
    /// Days are read in the interface's time zone.
    pub fn bounds(&self, ui: &Ui, presets: &[u32]) -> PeriodBounds {
        let at = |secs: i64| DateTime::from_timestamp(secs, 0);
        let today = ui.today();
        if let Some(days) = presets.iter().find(|d| d.to_string() == self.choice) {
            let (first, last) = last_days(today, *days);
            let range = ui.day_range(first, last);
            return PeriodBounds {
                start: range.and_then(|(from, _)| at(from)),
                end: range.and_then(|(_, to)| at(to)),
                days: Some(i64::from(*days)),
            };
        }
        if !self.is_custom() {
            return PeriodBounds {
                start: None,
                end: None,
                days: None,
            };
        }
        // A date input shows nothing for text that is not a date, so such text (only possible
        // in a hand-edited link) counts as not given, as the user sees it.
        let day = |text: &str| parse_iso_date(text.trim());
        let (first, last) = (day(&self.start_date), day(&self.end_date));
        PeriodBounds {
            start: first
                .and_then(|d| ui.day_range(d, d))
                .and_then(|(from, _)| at(from)),
            end: last
                .and_then(|d| ui.day_range(d, d))
                .and_then(|(_, to)| at(to)),
            days: first.map(|first| (last.unwrap_or(today) - first).num_days() + 1),
        }
    }
}

#[derive(Properties, PartialEq)]
pub struct PeriodFieldsProps {
    /// Prefix of the inputs' ids.
    pub id: AttrValue,
    pub value: PeriodQuery,
    /// The label of the blank choice: what the API does without a period.
    pub default_label: AttrValue,
    /// The preset numbers of days offered.
    pub presets: &'static [u32],
    /// Whether the date inputs show today's date as their placeholder.
    #[prop_or(true)]
    pub today_placeholder: bool,
    pub onchange: Callback<PeriodQuery>,
    #[prop_or_default]
    pub error: Option<String>,
}

/// The period of a search: the API default, a preset, or two date inputs.
#[function_component(PeriodFields)]
pub fn period_fields(props: &PeriodFieldsProps) -> Html {
    let ui = use_ui();
    let edit = |apply: fn(&mut PeriodQuery, String)| {
        let (value, onchange) = (props.value.clone(), props.onchange.clone());
        Callback::from(move |text: String| {
            let mut next = value.clone();
            apply(&mut next, text);
            onchange.emit(next);
        })
    };
    let mut options = vec![(AttrValue::from(""), props.default_label.clone())];
    options.extend(props.presets.iter().map(|days| {
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
    let today = props.today_placeholder.then(|| iso_date(ui.today()));
    html! {
        <>
            <Select id={format!("{}-period", props.id)} label={ui.t("Period", "Период")}
                value={props.value.choice.clone()} {options}
                onchange={edit(|p, v| p.choice = v)} />
            if props.value.is_custom() {
                <Field id={format!("{}-start", props.id)} kind="date"
                    label={ui.t("From (startDate)", "С (startDate)")}
                    value={props.value.start_date.clone()} oninput={edit(|p, v| p.start_date = v)}
                    placeholder={today.clone()} error={props.error.clone()} />
                <Field id={format!("{}-end", props.id)} kind="date"
                    label={ui.t("To (endDate)", "По (endDate)")}
                    value={props.value.end_date.clone()} oninput={edit(|p, v| p.end_date = v)}
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

#[derive(Properties, PartialEq)]
pub struct ViewSwitchProps {
    /// Labels of the views, in order; the chosen one is pressed.
    pub labels: Vec<&'static str>,
    pub chosen: usize,
    pub onchange: Callback<usize>,
    pub label: AttrValue,
}

/// Buttons choosing between views of the same data (e.g. per period / cumulative); a display
/// choice, so it is not kept in the URL.
#[function_component(ViewSwitch)]
pub fn view_switch(props: &ViewSwitchProps) -> Html {
    html! {
        <div class="view-switch" role="group" aria-label={props.label.clone()}>
            { for props.labels.iter().enumerate().map(|(i, label)| {
                let pressed = i == props.chosen;
                let onclick = props.onchange.reform(move |_: MouseEvent| i);
                html! {
                    <button type="button" class={classes!("cs-button", (!pressed).then_some("cs-button-quiet"))}
                        aria-pressed={pressed.to_string()} {onclick}>
                        { *label }
                    </button>
                }
            }) }
        </div>
    }
}

/// The heading every page starts with: the tool's name and what it answers.
pub fn page_header(ui: &Ui, route: Route) -> Html {
    html! {
        <header class="page-header">
            <h1>{ route.title(ui) }</h1>
            <p class="lead">{ route.summary(ui) }</p>
        </header>
    }
}
