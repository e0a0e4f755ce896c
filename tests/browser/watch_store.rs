//! Browser tests of the watchlist's store in IndexedDB: watches survive a reopen, are replaced
//! and deleted by id, thousands go in one transaction, an unreadable record is counted rather
//! than fatal, an open store never holds back another tab's upgrade, and a database of a newer
//! console is refused by name.
//!
//! Each test keeps its own database, emptied first, so that none sees another's watches.
#![cfg(target_arch = "wasm32")]

use chanscope::format::Locale;
use chanscope::route::{route_href, ChannelQuery, Route};
use chanscope::store::{new_id, Kept, StoreAction, StoreError};
use chanscope::watchlist::{CheckAnswer, Watch, WatchStore, WatchTarget};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{IdbDatabase, IdbTransactionMode};
use yew_router::Routable;

mod idb_support;

use idb_support::{indexed_db, request_result};

wasm_bindgen_test_configure!(run_in_browser);

const NOW: i64 = 1_700_000_000;

async fn empty_store(name: &str) -> WatchStore {
    let store = WatchStore::open_named(name).await.expect("the store opens");
    store.clear().await.expect("the store clears");
    store
}

fn watch(id: &str, target: WatchTarget) -> Watch {
    Watch::new(id.into(), format!("Watch {id}"), target, NOW)
}

fn three_watches() -> Vec<Watch> {
    vec![
        watch(
            "a",
            WatchTarget::PostSearch {
                query: "q=brand&peerType=channel".into(),
            },
        )
        .after_check(CheckAnswer::Posts(&[]), NOW + 5),
        watch(
            "b",
            WatchTarget::KeywordMentions {
                query: "q=%D0%B1%D1%80%D0%B5%D0%BD%D0%B4".into(),
            },
        ),
        watch(
            "c",
            WatchTarget::Channel {
                channel: "@durov".into(),
            },
        )
        .after_check(CheckAnswer::Channel { participants: 42 }, NOW + 9),
    ]
}

#[wasm_bindgen_test]
async fn watches_survive_a_reopen_and_are_deleted_by_id() {
    let name = "chanscope-test-reopen";
    let store = empty_store(name).await;
    for watch in three_watches() {
        store.put(&watch).await.unwrap();
    }
    drop(store);

    let store = WatchStore::open_named(name).await.unwrap();
    let read = store.all().await.unwrap();
    assert_eq!(read.unreadable(), 0);
    assert_eq!(read.to_vec(), three_watches());

    store.delete("b").await.unwrap();
    store.delete("no such id").await.unwrap();
    let ids: Vec<String> = store
        .all()
        .await
        .unwrap()
        .iter()
        .map(|watch| watch.id.clone())
        .collect();
    assert_eq!(ids, ["a", "c"]);
}

#[wasm_bindgen_test]
async fn a_watch_put_again_replaces_the_one_with_its_id() {
    let store = empty_store("chanscope-test-replace").await;
    let [first, ..] = &three_watches()[..] else {
        unreachable!()
    };
    store.put(first).await.unwrap();
    let renamed = Watch {
        name: "Renamed".into(),
        ..first.clone()
    };
    store.put(&renamed).await.unwrap();
    assert_eq!(store.all().await.unwrap().to_vec(), [renamed]);
}

#[wasm_bindgen_test]
async fn two_thousand_watches_go_in_one_transaction() {
    let store = empty_store("chanscope-test-many").await;
    let watches: Vec<Watch> = (0..2_000)
        .map(|n| {
            watch(
                &format!("w{n:04}"),
                WatchTarget::Channel {
                    channel: format!("@channel{n}"),
                },
            )
        })
        .collect();
    store.put_all(&watches).await.unwrap();
    let read = store.all().await.unwrap();
    assert_eq!(read.len(), 2_000);
    assert_eq!(read[1_234], watches[1_234]);

    store.clear().await.unwrap();
    assert!(store.all().await.unwrap().is_empty());
}

#[wasm_bindgen_test]
async fn a_record_that_is_no_watch_is_skipped_and_counted() {
    let name = "chanscope-test-unreadable";
    let store = empty_store(name).await;
    store.put_all(&three_watches()).await.unwrap();

    // Records another hand left behind: text that is not a watch, and not text at all.
    let db: IdbDatabase = request_result(&indexed_db().open(name).unwrap())
        .await
        .unwrap()
        .unchecked_into();
    let transaction = db
        .transaction_with_str_and_mode("watches", IdbTransactionMode::Readwrite)
        .unwrap();
    let raw = transaction.object_store("watches").unwrap();
    raw.put_with_key(&"{not json".into(), &"x1".into()).unwrap();
    request_result(&raw.put_with_key(&JsValue::from(7), &"x2".into()).unwrap())
        .await
        .unwrap();
    db.close();

    let read = store.all().await.unwrap();
    assert_eq!(read.unreadable(), 2);
    assert_eq!(read.sent(), 5);
    assert_eq!(read.to_vec(), three_watches());
}

#[wasm_bindgen_test]
async fn an_open_store_does_not_hold_back_deleting_its_database() {
    let name = "chanscope-test-delete";
    let store = empty_store(name).await;
    store.put_all(&three_watches()).await.unwrap();
    // Without closing on `versionchange`, this request would stay blocked while `store` lives.
    request_result(&indexed_db().delete_database(name).unwrap())
        .await
        .unwrap();
    let reopened = WatchStore::open_named(name).await.unwrap();
    assert!(reopened.all().await.unwrap().is_empty());
    drop(store);
}

#[wasm_bindgen_test]
async fn a_database_of_a_newer_console_is_named_as_such() {
    let name = "chanscope-test-newer";
    let db: IdbDatabase = request_result(&indexed_db().open_with_u32(name, 99).unwrap())
        .await
        .unwrap()
        .unchecked_into();
    db.close();
    let opened = WatchStore::open_named(name).await.map(drop);
    assert_eq!(opened, Err(StoreError::NewerDatabase));
    request_result(&indexed_db().delete_database(name).unwrap())
        .await
        .unwrap();
}

/// The watchlist's pure logic is native and cannot name the console's routes, so it spells their
/// paths.
#[wasm_bindgen_test]
fn targets_link_to_the_console_routes() {
    let [search, mentions, channel] = &three_watches()[..] else {
        unreachable!()
    };
    assert_eq!(search.target.path(), Route::PostSearch.to_path());
    assert_eq!(mentions.target.path(), Route::KeywordMentions.to_path());
    assert_eq!(channel.target.path(), Route::ChannelInfo.to_path());
    assert_eq!(
        channel.target.href(),
        route_href(Route::ChannelInfo, &ChannelQuery::new("@durov"))
    );
}

#[wasm_bindgen_test]
fn new_ids_differ() {
    let ids: std::collections::HashSet<String> = (0..1_000).map(|_| new_id()).collect();
    assert_eq!(ids.len(), 1_000);
    let id = ids.iter().next().unwrap();
    let (millis, random) = id.split_once('-').unwrap();
    let millis = u64::from_str_radix(millis, 16).unwrap() as f64;
    assert!((js_sys::Date::now() - millis).abs() < 60_000.0, "{id}");
    assert_eq!(random.len(), 16, "{id}");
}

#[wasm_bindgen_test]
fn store_errors_say_what_to_do() {
    assert_eq!(
        StoreError::QuotaExceeded.message(Locale::En, Kept::Watchlist),
        "The browser's storage for this site is full. Delete watches you no longer need, or \
         free disk space, and try again."
    );
    assert_eq!(
        StoreError::Unavailable {
            detail: "SecurityError: The operation is insecure.".into()
        }
        .message(Locale::En, Kept::Watchlist),
        "This browser does not let the console keep a watchlist (SecurityError: The operation \
         is insecure.). Allow site data for this site, or open the console outside a private \
         window."
    );
    assert_eq!(
        StoreError::Failed {
            action: StoreAction::Delete,
            detail: String::new()
        }
        .message(Locale::Ru, Kept::Campaigns),
        "Не удалось удалить кампанию. Обновите страницу и повторите."
    );
}
