//! Restrictions explained in words, whichever shape the service sends them in.

use chanscope_api::format::Locale;
use chanscope_api::model::Channel;
use chanscope_figures::restrictions::{flag_text, flags, Flag};
use serde_json::{json, Map, Value};

fn object(value: Value) -> Map<String, Value> {
    match value {
        Value::Object(map) => map,
        _ => panic!("not an object"),
    }
}

#[test]
fn labels_read_as_what_they_mean() {
    let channel = Channel {
        service_restrictions: vec![object(json!({"red_label": true, "black_label": false}))],
        tgstat_restrictions: vec![
            object(json!({"black_label": 1})),
            object(json!({"red_label": true})),
        ],
        ..Channel::default()
    };
    let found = flags(&channel);
    let texts: Vec<String> = found.iter().map(|f| flag_text(f, Locale::En)).collect();
    assert_eq!(
        texts,
        [
            "Red label: inflated subscribers",
            "Black label: fraud or scam"
        ]
    );
    assert_eq!(
        flag_text(&found[0], Locale::Ru),
        "Красная метка: накрученные подписчики"
    );
}

#[test]
fn an_object_with_a_type_is_one_restriction_with_its_reason() {
    let channel = Channel {
        service_restrictions: vec![object(json!({"type": "spam", "reason": "mass mailing"}))],
        ..Channel::default()
    };
    assert_eq!(
        flags(&channel),
        [Flag {
            key: "spam".into(),
            reason: Some("mass mailing".into())
        }]
    );
    assert_eq!(
        flag_text(&flags(&channel)[0], Locale::En),
        "spam: mass mailing"
    );
    let labelled = Channel {
        service_restrictions: vec![object(json!({"type": "red_label", "reason": "bots"}))],
        ..Channel::default()
    };
    assert_eq!(
        flag_text(&flags(&labelled)[0], Locale::En),
        "Red label: inflated subscribers (bots)"
    );
    assert!(flags(&Channel::default()).is_empty());
}
