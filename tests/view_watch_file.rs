//! The watchlist file: the export read back, every reason an import is refused, and the merge
//! of an import into the list.

use chanscope::format::Locale;
use chanscope::store::{merge, MergeReport};
use chanscope::watchlist::{
    export_json, import_json, CheckAnswer, ImportError, Seen, Watch, WatchTarget, MAX_WATCHES,
    SEEN_POSTS_MAX,
};
use proptest::prelude::*;
use serde_json::{json, Value};

mod fixtures;

use fixtures::{post_at, search_watch, NOW};

fn sample_watches() -> Vec<Watch> {
    let posts = [post_at(2, NOW - 5), post_at(1, NOW - 9)];
    vec![
        search_watch("w1").after_check(CheckAnswer::Posts(&posts), NOW),
        Watch::new(
            "k1".into(),
            "Мониторинг бренда".into(),
            WatchTarget::KeywordMentions {
                query: "q=%D0%B1%D1%80%D0%B5%D0%BD%D0%B4".into(),
            },
            NOW - 60,
        ),
        Watch::new(
            "c1".into(),
            "A channel".into(),
            WatchTarget::Channel {
                channel: "t.me/a".into(),
            },
            NOW - 120,
        )
        .after_check(CheckAnswer::Channel { participants: 42 }, NOW),
    ]
}

#[test]
fn an_export_reads_back_the_same() {
    let watches = sample_watches();
    let text = export_json(&watches, NOW + 1);
    let file: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(file["format"], "chanscope-watchlist");
    assert_eq!(file["version"], 1);
    assert_eq!(file["exported_at"], NOW + 1);
    assert_eq!(
        file["watches"][0],
        json!({
            "id": "w1",
            "name": "Search w1",
            "target": {"kind": "post_search", "query": "q=brand&peerType=channel"},
            "created_at": NOW,
            "checked_at": NOW,
            "seen": {"kind": "posts", "ids": [2, 1], "newest_date": NOW - 5},
        })
    );
    assert_eq!(
        file["watches"][2]["seen"],
        json!({"kind": "subscribers", "count": 42, "at": NOW})
    );
    assert_eq!(import_json(&text), Ok(watches));
    assert_eq!(import_json(&export_json(&[], NOW)), Ok(vec![]));
}

#[test]
fn a_watch_written_by_hand_needs_no_check_fields() {
    let text = r#"{"format":"chanscope-watchlist","version":1,"watches":[
        {"id":"h1","name":"Hand","target":{"kind":"channel","channel":"@a"},"created_at":5,"note":"ignored"}
    ]}"#;
    let watches = import_json(text).unwrap();
    assert_eq!(
        watches,
        [Watch::new(
            "h1".into(),
            "Hand".into(),
            WatchTarget::Channel {
                channel: "@a".into()
            },
            5
        )]
    );
}

#[test]
fn a_kind_may_come_after_the_fields_it_names() {
    let text = r#"{"format":"chanscope-watchlist","version":1,"watches":[
        {"id":"h2","name":"Hand","target":{"query":"q=x","kind":"keyword_mentions"},"created_at":5,
         "checked_at":6,"seen":{"ids":[7,3],"kind":"channels"}},
        {"id":"h3","name":"Hand","target":{"channel":"@a","kind":"channel"},"created_at":5,
         "checked_at":6,"seen":{"at":6,"count":12,"kind":"subscribers"}}
    ]}"#;
    let watches = import_json(text).unwrap();
    assert_eq!(
        watches[0].target,
        WatchTarget::KeywordMentions {
            query: "q=x".into()
        }
    );
    assert_eq!(watches[0].seen, Seen::Channels { ids: vec![7, 3] });
    assert_eq!(watches[1].seen, Seen::Subscribers { count: 12, at: 6 });
}

#[test]
fn an_imported_watch_is_cut_to_the_seen_cap() {
    let many: Vec<i64> = (0..SEEN_POSTS_MAX as i64 + 5).collect();
    let text = json!({"format": "chanscope-watchlist", "version": 1, "watches": [{
        "id": "w", "name": "n", "target": {"kind": "post_search", "query": "q=x"},
        "created_at": 1, "checked_at": 2,
        "seen": {"kind": "posts", "ids": many, "newest_date": 3},
    }]})
    .to_string();
    let watches = import_json(&text).unwrap();
    let Seen::Posts { ids, .. } = &watches[0].seen else {
        panic!("posts expected: {:?}", watches[0].seen);
    };
    assert_eq!(ids.len(), SEEN_POSTS_MAX);
    assert_eq!(ids.last(), Some(&(SEEN_POSTS_MAX as i64 - 1)));
}

/// A file of `watches` (JSON values) with the right frame.
fn file_of(watches: Value) -> String {
    json!({"format": "chanscope-watchlist", "version": 1, "exported_at": NOW, "watches": watches})
        .to_string()
}

fn watch_json(id: &str, name: &str, target: Value) -> Value {
    json!({"id": id, "name": name, "target": target, "created_at": NOW})
}

#[test]
fn each_broken_file_is_refused_with_its_reason() {
    let channel = json!({"kind": "channel", "channel": "@a"});
    let cases: Vec<(String, ImportError)> = vec![
        (String::new(), ImportError::NotJson { line: 1, column: 0 }),
        (
            "{\"format\":\n\"chanscope-watchlist\",".into(),
            ImportError::NotJson {
                line: 2,
                column: 22,
            },
        ),
        ("[1, 2]".into(), ImportError::WrongFormat { found: None }),
        (
            r#"{"format":"other-list","version":1,"watches":[]}"#.into(),
            ImportError::WrongFormat {
                found: Some("other-list".into()),
            },
        ),
        (
            r#"{"format":7,"version":1,"watches":[]}"#.into(),
            ImportError::WrongFormat {
                found: Some("7".into()),
            },
        ),
        (
            r#"{"format":"chanscope-watchlist","version":2,"watches":[]}"#.into(),
            ImportError::NewerVersion { version: 2 },
        ),
        (
            r#"{"format":"chanscope-watchlist","version":"1","watches":[]}"#.into(),
            ImportError::Damaged { field: "version" },
        ),
        (
            r#"{"format":"chanscope-watchlist","version":0,"watches":[]}"#.into(),
            ImportError::Damaged { field: "version" },
        ),
        (
            r#"{"format":"chanscope-watchlist","version":1,"watches":{}}"#.into(),
            ImportError::Damaged { field: "watches" },
        ),
        (
            file_of(json!([
                watch_json("a", "fine", channel.clone()),
                watch_json("b", "  ", channel.clone())
            ])),
            ImportError::EmptyName { number: 2 },
        ),
        (
            file_of(json!([watch_json("", "no id", channel.clone())])),
            ImportError::EmptyId { number: 1 },
        ),
        (
            file_of(json!([watch_json(
                "a",
                "story",
                json!({"kind": "story", "id": 5})
            )])),
            ImportError::UnknownKind {
                number: 1,
                kind: "story".into(),
            },
        ),
        (
            file_of(json!([{"id": "a", "name": "x", "target": channel.clone()}])),
            ImportError::BadWatch {
                number: 1,
                detail: "missing field `created_at`".into(),
            },
        ),
        (
            file_of(json!([{
                "id": "a", "name": "x", "target": channel.clone(), "created_at": 1,
                "seen": {"kind": "posts", "ids": [1]},
            }])),
            ImportError::SeenOfOtherKind { number: 1 },
        ),
        (
            file_of(json!([{
                "id": "a", "name": "x", "target": {"kind": "channel"}, "created_at": 1,
            }])),
            ImportError::BadWatch {
                number: 1,
                detail: "missing field `channel`".into(),
            },
        ),
        (
            file_of(json!([{
                "id": "a", "name": "x", "target": channel.clone(), "created_at": 1,
                "seen": {"kind": "subscribers", "count": 5},
            }])),
            ImportError::BadWatch {
                number: 1,
                detail: "missing field `at`".into(),
            },
        ),
        (
            file_of(json!([{
                "id": "a", "name": "x", "target": channel.clone(), "created_at": 1,
                "seen": {"kind": "watched", "count": 5, "at": 1},
            }])),
            ImportError::BadWatch {
                number: 1,
                // Quoted cut to 60 characters, as every value of a file.
                detail: "unknown variant `watched`, expected one of `not_checked`, `p…".into(),
            },
        ),
        (
            file_of(json!([
                watch_json("same", "one", channel.clone()),
                watch_json("same", "two", channel.clone())
            ])),
            ImportError::DuplicateId { id: "same".into() },
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(import_json(&text), Err(expected), "importing {text:?}");
    }
}

#[test]
fn a_file_with_too_many_watches_is_refused_before_reading_them() {
    let watch = watch_json(
        "x",
        "same id each time",
        json!({"kind": "channel", "channel": "@a"}),
    );
    let text = file_of(Value::Array(vec![watch; MAX_WATCHES + 1]));
    assert_eq!(
        import_json(&text),
        Err(ImportError::TooManyWatches {
            count: MAX_WATCHES + 1
        })
    );
}

#[test]
fn errors_say_what_to_do_in_both_languages() {
    let error = ImportError::NewerVersion { version: 3 };
    assert_eq!(
        error.message(Locale::En),
        "This watchlist was saved by a newer version of the console (file version 3); reload \
         the page to get the newest console, then import again."
    );
    assert_eq!(error.to_string(), error.message(Locale::En));
    assert_eq!(
        ImportError::EmptyName { number: 4 }.message(Locale::Ru),
        "У наблюдения 4 в файле нет названия; задайте его в файле и импортируйте снова."
    );
    assert_eq!(
        ImportError::TooManyWatches { count: 12_000 }.message(Locale::En),
        "The file holds 12000 watches; at most 10000 can be imported."
    );
}

#[test]
fn long_values_of_a_file_are_quoted_short() {
    let long = "x".repeat(5_000);
    let text = format!(r#"{{"format":"{long}"}}"#);
    let Err(ImportError::WrongFormat { found: Some(found) }) = import_json(&text) else {
        panic!("a wrong format is named");
    };
    assert_eq!(found, format!("{}…", "x".repeat(60)));
}

#[test]
fn an_import_replaces_watches_of_the_same_id_and_adds_the_others() {
    let existing = sample_watches();
    let renamed = Watch {
        name: "Renamed".into(),
        ..existing[1].clone()
    };
    let fresh = search_watch("w9");
    let (merged, report) = merge(existing.clone(), vec![fresh.clone(), renamed.clone()]);
    assert_eq!(
        report,
        MergeReport {
            added: 1,
            replaced: 1
        }
    );
    assert_eq!(
        merged,
        [
            existing[0].clone(),
            renamed,
            existing[2].clone(),
            fresh.clone()
        ]
    );

    // Twice the same id within one import: the later wins, and only the list's own count.
    let again = Watch {
        name: "Again".into(),
        ..fresh.clone()
    };
    let (merged, report) = merge(Vec::new(), vec![fresh, again.clone()]);
    assert_eq!(
        report,
        MergeReport {
            added: 1,
            replaced: 0
        }
    );
    assert_eq!(merged, [again]);
}

/// Text close to a watchlist file, so reading gets past the first checks.
fn near_file() -> impl Strategy<Value = String> {
    let sample = export_json(&sample_watches(), NOW);
    prop_oneof![
        any::<String>(),
        "[{}\\[\\]\",:0-9a-z_ -]{0,60}",
        (any::<prop::sample::Index>(), any::<String>()).prop_map(move |(at, noise)| {
            let mut text = sample.clone();
            let mut at = at.index(text.len() + 1);
            while !text.is_char_boundary(at) {
                at -= 1;
            }
            text.insert_str(at, &noise);
            text
        }),
    ]
}

proptest! {
    #[test]
    fn import_never_panics(text in near_file()) {
        let _ = import_json(&text);
    }

    #[test]
    fn any_valid_import_exports_and_reads_back(text in near_file()) {
        if let Ok(watches) = import_json(&text) {
            prop_assert_eq!(import_json(&export_json(&watches, NOW)), Ok(watches));
        }
    }
}
