//! The display settings every component reads: interface language and time zone, with the
//! helpers that turn API values into text in them. Provided as a Yew context by the console's
//! settings and by the root of each embedded widget; `use_ui()` falls back to English in the
//! browser's zone.

use std::rc::Rc;

use chrono::{FixedOffset, NaiveDate, NaiveDateTime};
use js_sys::{Array, Date, Function, Object, Reflect};
use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::format::{self, Locale};

/// A time zone the console shows dates in.
#[derive(Clone, Debug)]
pub enum Zone {
    /// Whatever the browser runs in (the default).
    Browser,
    Utc,
    /// An IANA zone such as `Europe/Moscow`, resolved by the browser's `Intl`.
    Named {
        name: Rc<str>,
        format: JsValue,
    },
}

impl PartialEq for Zone {
    fn eq(&self, other: &Self) -> bool {
        self.name() == other.name()
    }
}

impl Zone {
    /// `Browser` for an empty name, `Utc` for `UTC`, otherwise the named zone if the browser knows
    /// it; `None` for a name it does not.
    pub fn from_name(name: &str) -> Option<Zone> {
        let name = name.trim();
        if name.is_empty() {
            return Some(Zone::Browser);
        }
        if name.eq_ignore_ascii_case("utc") {
            return Some(Zone::Utc);
        }
        let options = Object::new();
        let set =
            |key: &str, value: &str| Reflect::set(&options, &key.into(), &value.into()).is_ok();
        if !(set("timeZone", name) && set("timeZoneName", "longOffset")) {
            return None;
        }
        let intl = Reflect::get(&js_sys::global(), &"Intl".into()).ok()?;
        let constructor: Function = Reflect::get(&intl, &"DateTimeFormat".into())
            .ok()?
            .dyn_into_function()?;
        let args = Array::of2(&"en-US".into(), &options);
        // An unknown zone makes the constructor throw a RangeError: caught here, not a panic.
        let format = Reflect::construct(&constructor, &args).ok()?;
        Some(Zone::Named {
            name: name.into(),
            format,
        })
    }

    /// The name kept in settings: empty for the browser's zone.
    pub fn name(&self) -> &str {
        match self {
            Zone::Browser => "",
            Zone::Utc => "UTC",
            Zone::Named { name, .. } => name,
        }
    }

    /// The zone the browser runs in, e.g. `Europe/Berlin` (for showing, not for storing).
    pub fn browser_name() -> String {
        let resolved =
            js_sys::Intl::DateTimeFormat::new(&Array::new(), &Object::new()).resolved_options();
        Reflect::get(&resolved, &"timeZone".into())
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_else(|| "UTC".into())
    }

    /// The offset from UTC in force at Unix second `secs`.
    pub fn offset_at(&self, secs: i64) -> FixedOffset {
        let utc = FixedOffset::east_opt(0).expect("zero is a valid offset");
        let millis = JsValue::from_f64(secs as f64 * 1000.0);
        match self {
            Zone::Utc => utc,
            Zone::Browser => {
                // getTimezoneOffset is UTC minus local, in minutes.
                let minutes = Date::new(&millis).get_timezone_offset();
                FixedOffset::west_opt((minutes * 60.0) as i32).unwrap_or(utc)
            }
            Zone::Named { format, .. } => named_offset(format, &Date::new(&millis)).unwrap_or(utc),
        }
    }
}

trait DynIntoFunction {
    fn dyn_into_function(self) -> Option<Function>;
}

impl DynIntoFunction for JsValue {
    fn dyn_into_function(self) -> Option<Function> {
        use wasm_bindgen::JsCast;
        self.dyn_into::<Function>().ok()
    }
}

/// Reads the `GMT+03:00` part that `Intl.DateTimeFormat` with `timeZoneName: "longOffset"`
/// gives for `date`.
fn named_offset(format: &JsValue, date: &Date) -> Option<FixedOffset> {
    let to_parts: Function = Reflect::get(format, &"formatToParts".into())
        .ok()?
        .dyn_into_function()?;
    let parts = Array::from(&to_parts.call1(format, date).ok()?);
    let text = parts.iter().find_map(|part| {
        let kind = Reflect::get(&part, &"type".into()).ok()?.as_string()?;
        (kind == "timeZoneName")
            .then(|| Reflect::get(&part, &"value".into()).ok()?.as_string())
            .flatten()
    })?;
    parse_gmt_offset(&text)
}

/// `GMT` → +0, `GMT+03:00` → +3 h, `GMT-09:30` → −9.5 h.
pub(crate) fn parse_gmt_offset(text: &str) -> Option<FixedOffset> {
    let rest = text.trim().strip_prefix("GMT")?;
    if rest.is_empty() {
        return FixedOffset::east_opt(0);
    }
    let (sign, rest) = if let Some(rest) = rest.strip_prefix('+') {
        (1, rest)
    } else if let Some(rest) = rest.strip_prefix(['-', '\u{2212}']) {
        (-1, rest)
    } else {
        return None;
    };
    let (hours, minutes) = rest.split_once(':').unwrap_or((rest, "0"));
    let secs = hours.parse::<i32>().ok()? * 3600 + minutes.parse::<i32>().ok()? * 60;
    FixedOffset::east_opt(sign * secs)
}

/// Language and time zone of the interface.
#[derive(Clone, Debug, PartialEq)]
pub struct Ui {
    pub locale: Locale,
    pub zone: Zone,
}

impl Default for Ui {
    fn default() -> Self {
        Ui {
            locale: Locale::En,
            zone: Zone::Browser,
        }
    }
}

impl Ui {
    /// The interface text in the current language: `ui.t("Search", "Найти")`.
    pub fn t(&self, en: &'static str, ru: &'static str) -> &'static str {
        match self.locale {
            Locale::En => en,
            Locale::Ru => ru,
        }
    }

    /// The form of a noun after the count `n` in the interface's language (see [`Locale::noun`]).
    pub fn noun(&self, n: usize, en: [&'static str; 2], ru: [&'static str; 3]) -> &'static str {
        self.locale.noun(n as u64, en, ru)
    }

    /// The wall-clock time at Unix second `secs` in the interface's zone.
    pub fn local(&self, secs: i64) -> Option<NaiveDateTime> {
        format::local_date_time(secs, &self.zone.offset_at(secs)).ok()
    }

    /// A timestamp of the API as date and time, e.g. `29 Jan 2024, 14:05`.
    pub fn timestamp(&self, secs: i64) -> String {
        format::format_timestamp(secs, &self.zone.offset_at(secs), self.locale)
    }

    /// A timestamp of the API as a date, e.g. `29 Jan 2024`.
    pub fn date(&self, secs: i64) -> String {
        match self.local(secs) {
            Some(at) => format::date_label(at.date(), self.locale),
            None => secs.to_string(),
        }
    }

    /// A count with thousands grouped in the interface's style.
    pub fn count(&self, n: i64) -> String {
        format::group_thousands(n, self.locale)
    }

    /// Today's date in the interface's zone.
    pub fn today(&self) -> NaiveDate {
        let now = (Date::now() / 1000.0) as i64;
        self.local(now)
            .map(|at| at.date())
            .unwrap_or(NaiveDate::MIN)
    }

    /// The `startDate`/`endDate` seconds covering the days `start..=end` in the interface's zone.
    /// Read as the gateway reads them for a page it writes (`format::local_day_range`).
    pub fn day_range(&self, start: NaiveDate, end: NaiveDate) -> Option<(i64, i64)> {
        format::local_day_range(start, end, |secs| self.zone.offset_at(secs))
    }

    /// The local date of Unix second `secs`, for date inputs.
    pub fn date_of(&self, secs: i64) -> Option<NaiveDate> {
        self.local(secs).map(|at| at.date())
    }
}

/// The interface settings from the nearest provider, or the defaults.
#[hook]
pub fn use_ui() -> Ui {
    use_context::<Ui>().unwrap_or_default()
}
