//! The restrictions a channel carries (`service_restrictions`, in the real service also
//! `tgstat_restrictions`), explained in words: a red label marks inflated subscribers, a black
//! label fraud or a scam; any other key is named as the service sent it.

use serde_json::Value;

use crate::api::model::{is_truthy, Channel, Restriction};
use crate::format::Locale;

/// One restriction in force.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Flag {
    /// `red_label`, `black_label`, or what the service sent.
    pub key: String,
    /// The service's own reason, when it gives one.
    pub reason: Option<String>,
}

fn text_of(value: Option<&Value>) -> Option<String> {
    match value? {
        Value::String(s) if !s.trim().is_empty() => Some(s.trim().to_owned()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// The flags of one restriction object: `{"type": …, "reason": …}` is one flag of that type;
/// otherwise each key set to a true value (`{"red_label": true}`) is one.
fn flags_of(restriction: &Restriction) -> Vec<Flag> {
    if let Some(key) = text_of(restriction.get("type")) {
        return vec![Flag {
            key,
            reason: text_of(restriction.get("reason")),
        }];
    }
    restriction
        .iter()
        .filter(|(_, value)| is_truthy(value))
        .map(|(key, value)| Flag {
            key: key.clone(),
            reason: text_of(Some(value)).filter(|t| t != "1" && t != "true"),
        })
        .collect()
}

/// Every restriction of the channel in force, each once.
pub fn flags(channel: &Channel) -> Vec<Flag> {
    let mut found: Vec<Flag> = Vec::new();
    for flag in channel
        .service_restrictions
        .iter()
        .chain(&channel.tgstat_restrictions)
        .flat_map(flags_of)
    {
        if !found.iter().any(|f| f.key == flag.key) {
            found.push(flag);
        }
    }
    found
}

/// A flag in words: `Red label: inflated subscribers`; another key as sent, with the service's
/// reason after it.
pub fn flag_text(flag: &Flag, locale: Locale) -> String {
    let (en, ru) = match flag.key.as_str() {
        "red_label" => (
            "Red label: inflated subscribers",
            "Красная метка: накрученные подписчики",
        ),
        "black_label" => ("Black label: fraud or scam", "Чёрная метка: мошенничество"),
        other => {
            return match &flag.reason {
                Some(reason) => format!("{other}: {reason}"),
                None => other.to_owned(),
            }
        }
    };
    let text = match locale {
        Locale::En => en,
        Locale::Ru => ru,
    };
    match &flag.reason {
        Some(reason) => format!("{text} ({reason})"),
        None => text.to_owned(),
    }
}
