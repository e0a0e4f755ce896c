//! The watchlist: what a check finds new, the baseline it leaves, the export file read back,
//! every reason an import is refused, and the merge of an import into the list.

use chanscope::api::model::{MentionsByChannel, Post};
use chanscope::format::Locale;
use chanscope::view::watch::{
    check_since, export_json, import_json, merge, new_channels, new_posts, subscriber_change,
    CheckAnswer, ImportError, MergeReport, News, Seen, Watch, WatchKind, WatchTarget, MAX_WATCHES,
    SEEN_POSTS_MAX,
};
use proptest::prelude::*;
use serde_json::{json, Value};

const NOW: i64 = 1_700_000_000;

fn post(id: i64, date: i64) -> Post {
    Post {
        id,
        date,
        ..Post::default()
    }
}

fn mention(channel_id: i64, last_mention_date: i64) -> MentionsByChannel {
    MentionsByChannel {
        channel_id,
        last_mention_date,
        ..MentionsByChannel::default()
    }
}

fn search_watch(id: &str) -> Watch {
    Watch::new(
        id.into(),
        format!("Search {id}"),
        WatchTarget::PostSearch {
            query: "q=brand&peerType=channel".into(),
        },
        NOW,
    )
}

fn ids(posts: &[&Post]) -> Vec<i64> {
    posts.iter().map(|post| post.id).collect()
}

#[test]
fn a_second_check_finds_exactly_the_posts_added_since_the_first() {
    let first = [
        post(30, NOW - 100),
        post(20, NOW - 200),
        post(10, NOW - 300),
    ];
    let watch = search_watch("w1");
    assert!(
        new_posts(&watch.seen, &first).is_empty(),
        "a first check only sets the baseline"
    );
    let watch = watch.after_check(CheckAnswer::Posts(&first), NOW);
    assert_eq!(watch.checked_at, Some(NOW));
    assert_eq!(
        watch.seen,
        Seen::Posts {
            ids: vec![30, 20, 10],
            newest_date: Some(NOW - 100),
        }
    );

    // The second answer overlaps the first (the hour before it) and brings two new posts.
    let second = [
        post(50, NOW + 500),
        post(40, NOW + 400),
        post(30, NOW - 100),
    ];
    assert_eq!(ids(&new_posts(&watch.seen, &second)), [50, 40]);
    let watch = watch.after_check(CheckAnswer::Posts(&second), NOW + 600);
    assert_eq!(
        watch.seen,
        Seen::Posts {
            ids: vec![50, 40, 30, 20, 10],
            newest_date: Some(NOW + 500),
        }
    );
    assert_eq!(watch.checked_at, Some(NOW + 600));
    assert!(new_posts(&watch.seen, &second).is_empty());
}

#[test]
fn a_check_that_saw_no_posts_is_still_a_baseline() {
    let watch = search_watch("w1").after_check(CheckAnswer::Posts(&[]), NOW);
    assert_eq!(
        watch.seen,
        Seen::Posts {
            ids: vec![],
            newest_date: None,
        }
    );
    let answer = [post(7, NOW + 10), post(7, NOW + 10), post(6, NOW + 5)];
    // A post listed twice (pages that overlap) is new once.
    assert_eq!(ids(&new_posts(&watch.seen, &answer)), [7, 6]);
}

#[test]
fn the_baseline_is_newest_first_whatever_the_order_of_the_answer() {
    let answer = [post(1, NOW - 50), post(3, NOW - 10), post(2, NOW - 30)];
    let watch = search_watch("w1").after_check(CheckAnswer::Posts(&answer), NOW);
    assert_eq!(
        watch.seen,
        Seen::Posts {
            ids: vec![3, 2, 1],
            newest_date: Some(NOW - 10),
        }
    );
    // An older answer does not move the newest date back.
    let older = [post(0, NOW - 900)];
    let watch = watch.after_check(CheckAnswer::Posts(&older), NOW + 1);
    assert_eq!(
        watch.seen,
        Seen::Posts {
            ids: vec![0, 3, 2, 1],
            newest_date: Some(NOW - 10),
        }
    );
}

#[test]
fn the_seen_cap_keeps_the_newest_posts() {
    let full: Vec<Post> = (0..SEEN_POSTS_MAX as i64)
        .map(|n| post(10_000 - n, NOW - n))
        .collect();
    let watch = search_watch("w1").after_check(CheckAnswer::Posts(&full), NOW);
    let fresh = [post(20_002, NOW + 20), post(20_001, NOW + 10)];
    let watch = watch.after_check(CheckAnswer::Posts(&fresh), NOW + 30);
    let Seen::Posts { ids, newest_date } = &watch.seen else {
        panic!("a post search keeps posts: {:?}", watch.seen);
    };
    assert_eq!(ids.len(), SEEN_POSTS_MAX);
    assert_eq!(ids[..4], [20_002, 20_001, 10_000, 9_999]);
    // The two oldest of the first answer made room.
    assert_eq!(ids.last(), Some(&(10_000 - SEEN_POSTS_MAX as i64 + 3)));
    assert!(!ids.contains(&(10_000 - SEEN_POSTS_MAX as i64 + 1)));
    assert_eq!(*newest_date, Some(NOW + 20));
}

#[test]
fn keyword_mentions_report_channels_not_seen_before() {
    let watch = Watch::new(
        "k1".into(),
        "Brand mentions".into(),
        WatchTarget::KeywordMentions {
            query: "q=brand".into(),
        },
        NOW,
    );
    let first = [mention(5, NOW - 50), mention(9, NOW - 10)];
    assert!(new_channels(&watch.seen, &first).is_empty());
    let watch = watch.after_check(CheckAnswer::Mentions(&first), NOW);
    assert_eq!(watch.seen, Seen::Channels { ids: vec![9, 5] });

    let second = [
        mention(9, NOW + 5),
        mention(12, NOW + 3),
        mention(7, NOW + 1),
    ];
    assert_eq!(new_channels(&watch.seen, &second), [12, 7]);
    let watch = watch.after_check(CheckAnswer::Mentions(&second), NOW + 10);
    assert_eq!(
        watch.seen,
        Seen::Channels {
            ids: vec![9, 12, 7, 5]
        }
    );
    assert_eq!(
        check_since(&watch),
        None,
        "mentions are read for the whole period"
    );
}

#[test]
fn a_channel_watch_reports_the_change_of_its_participants() {
    let watch = Watch::new(
        "c1".into(),
        "Durov".into(),
        WatchTarget::Channel {
            channel: "@durov".into(),
        },
        NOW,
    );
    assert_eq!(subscriber_change(&watch.seen, 1_000), None);
    let watch = watch.after_check(
        CheckAnswer::Channel {
            participants: 1_000,
        },
        NOW,
    );
    assert_eq!(
        watch.seen,
        Seen::Subscribers {
            count: 1_000,
            at: NOW
        }
    );
    assert_eq!(subscriber_change(&watch.seen, 1_250), Some(250));
    assert_eq!(subscriber_change(&watch.seen, 990), Some(-10));
    assert_eq!(
        subscriber_change(&watch.seen, u64::MAX),
        Some(i64::MAX - 1_000)
    );
    assert_eq!(check_since(&watch), None);
}

#[test]
fn an_answer_of_another_kind_changes_nothing() {
    let watch = search_watch("w1");
    let after = watch
        .clone()
        .after_check(CheckAnswer::Channel { participants: 5 }, NOW);
    assert_eq!(after, watch);
    assert_eq!(subscriber_change(&Seen::Channels { ids: vec![1] }, 5), None);
    assert!(new_posts(&Seen::Channels { ids: vec![1] }, &[post(1, NOW)]).is_empty());
}

#[test]
fn a_post_search_check_starts_an_hour_before_the_previous_one() {
    let watch = search_watch("w1");
    assert_eq!(check_since(&watch), None);
    let watch = watch.after_check(CheckAnswer::Posts(&[]), NOW);
    assert_eq!(check_since(&watch), Some(NOW - 3_600));
}

#[test]
fn targets_link_back_to_their_pages() {
    let search = WatchTarget::PostSearch {
        query: "q=brand&peerType=channel".into(),
    };
    assert_eq!(search.href(), "/post-search?q=brand&peerType=channel");
    assert_eq!(search.kind(), WatchKind::PostSearch);
    let mentions = WatchTarget::KeywordMentions {
        query: String::new(),
    };
    assert_eq!(mentions.href(), "/keyword-mentions");
    let channel = WatchTarget::Channel {
        channel: "t.me/some name".into(),
    };
    assert_eq!(channel.path(), "/channel-info");
    assert_eq!(channel.href(), "/channel-info?channel=t.me%2Fsome%20name");
    assert_eq!(
        WatchTarget::Channel {
            channel: "@durov".into()
        }
        .href(),
        "/channel-info?channel=%40durov"
    );
}

#[test]
fn kinds_are_named_as_in_the_file() {
    let targets = [
        WatchTarget::PostSearch {
            query: "q=a".into(),
        },
        WatchTarget::KeywordMentions {
            query: "q=a".into(),
        },
        WatchTarget::Channel {
            channel: "@a".into(),
        },
    ];
    for (target, kind) in targets.iter().zip(WatchKind::ALL) {
        assert_eq!(target.kind(), kind);
        let written = serde_json::to_value(target).unwrap();
        assert_eq!(written["kind"], kind.as_str());
    }
}

fn sample_watches() -> Vec<Watch> {
    let posts = [post(2, NOW - 5), post(1, NOW - 9)];
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

#[test]
fn a_check_keeps_what_it_found_new_until_the_next_one() {
    let first = [post(30, NOW - 100), post(20, NOW - 200)];
    let watch = search_watch("w9").checked(CheckAnswer::Posts(&first), NOW);
    assert_eq!(
        watch.news,
        News::default(),
        "a first check finds nothing new"
    );
    assert_eq!(watch.news.count(), 0);

    let second = [
        post(41, NOW + 50),
        post(40, NOW + 90),
        post(30, NOW - 100),
        post(20, NOW - 200),
    ];
    let watch = watch.checked(CheckAnswer::Posts(&second), NOW + 3_600);
    let found: Vec<(i64, i64)> = watch.news.posts.iter().map(|p| (p.id, p.date)).collect();
    assert_eq!(found, [(40, NOW + 90), (41, NOW + 50)], "newest first");
    assert_eq!(watch.news.count(), 2);
    assert_eq!(watch.checked_at, Some(NOW + 3_600));

    // The next check with nothing new clears the news.
    let watch = watch.checked(CheckAnswer::Posts(&second), NOW + 7_200);
    assert_eq!(watch.news.count(), 0);

    // Survives the store's JSON.
    let back: Watch = serde_json::from_str(&watch.to_json()).unwrap();
    assert_eq!(back, watch);
}

#[test]
fn a_channel_check_reports_the_subscriber_change_and_mentions_new_channels() {
    let channel = Watch::new(
        "c1".into(),
        "Channel".into(),
        WatchTarget::Channel {
            channel: "@name".into(),
        },
        NOW,
    );
    let channel = channel.checked(
        CheckAnswer::Channel {
            participants: 1_000,
        },
        NOW,
    );
    assert_eq!(channel.news.subscriber_change, None);
    let channel = channel.checked(
        CheckAnswer::Channel {
            participants: 1_250,
        },
        NOW + 60,
    );
    assert_eq!(channel.news.subscriber_change, Some(250));
    assert_eq!(channel.news.count(), 1);
    let unchanged = channel.checked(
        CheckAnswer::Channel {
            participants: 1_250,
        },
        NOW + 120,
    );
    assert_eq!(unchanged.news.subscriber_change, Some(0));
    assert_eq!(unchanged.news.count(), 0, "no change is nothing new");

    let mentions = Watch::new(
        "k1".into(),
        "Keyword".into(),
        WatchTarget::KeywordMentions {
            query: "q=brand".into(),
        },
        NOW,
    );
    let mentions = mentions.checked(CheckAnswer::Mentions(&[mention(7, NOW - 10)]), NOW);
    let mentions = mentions.checked(
        CheckAnswer::Mentions(&[mention(9, NOW + 5), mention(7, NOW)]),
        NOW + 60,
    );
    assert_eq!(mentions.news.channels, [9]);
    // An answer of another kind is no check of this watch.
    let same = mentions
        .clone()
        .checked(CheckAnswer::Channel { participants: 5 }, NOW + 90);
    assert_eq!(same, mentions);
}
