//! The period of a form: the API's default, a preset number of days, or a custom range of dates,
//! as the address keeps it and as the API takes it.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use yew::prelude::*;

use super::fields::{Field, Select};
use crate::api::opening::preset_named;
use crate::format::fill;
use crate::format::{iso_date, last_days, parse_iso_date};
use crate::ui::{use_ui, Ui};

/// Period presets in days of the search pages; a form also offers the API's default and a
/// custom range. The gateway reads them too, for a post search's page it writes.
pub use crate::api::opening::SEARCH_PERIOD_PRESETS as PERIOD_PRESETS;
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
        if let Some(days) = preset_named(presets, &self.choice) {
            let (first, last) = last_days(today, days);
            let range = ui.day_range(first, last);
            return PeriodBounds {
                start: range.and_then(|(from, _)| at(from)),
                end: range.and_then(|(_, to)| at(to)),
                days: Some(i64::from(days)),
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
