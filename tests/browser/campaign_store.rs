//! Browser tests of the campaigns in IndexedDB: two campaigns saved are read back as saved, a
//! record that is no campaign is skipped and counted, and a database of the watchlist alone
//! (version 1) gains the campaigns' store on upgrade and keeps its watches.
//!
//! Each test keeps its own database, emptied first.
#![cfg(target_arch = "wasm32")]

use chanscope::campaigns::{Campaign, CampaignStore, PlacementEntry};
use chanscope::watchlist::{Watch, WatchStore, WatchTarget};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Event, IdbDatabase, IdbOpenDbRequest, IdbTransactionMode};

mod idb_support;

use idb_support::{indexed_db, request_result};

wasm_bindgen_test_configure!(run_in_browser);

fn campaign(id: &str, posts: &[&str]) -> Campaign {
    Campaign {
        name: format!("Campaign {id}"),
        promoted: "@promoted".into(),
        placements: posts
            .iter()
            .map(|post| PlacementEntry {
                post: (*post).into(),
                price: "1 500 ₽".into(),
                date: String::new(),
            })
            .collect(),
        ..Campaign::new(id.into())
    }
}

async fn delete_database(name: &str) {
    request_result(&indexed_db().delete_database(name).unwrap())
        .await
        .unwrap();
}

#[wasm_bindgen_test]
async fn two_campaigns_are_read_back_and_an_unreadable_record_is_counted() {
    let name = "chanscope-test-campaigns";
    delete_database(name).await;
    let store = CampaignStore::open_named(name).await.unwrap();
    let saved = vec![
        campaign("c1", &["t.me/host/12", "t.me/other/7"]),
        campaign("c2", &["t.me/host/40"]),
    ];
    for one in &saved {
        store.put(one).await.unwrap();
    }

    // A record another hand left behind: text that is not a campaign.
    let db: IdbDatabase = request_result(&indexed_db().open(name).unwrap())
        .await
        .unwrap()
        .unchecked_into();
    let transaction = db
        .transaction_with_str_and_mode("campaigns", IdbTransactionMode::Readwrite)
        .unwrap();
    let raw = transaction.object_store("campaigns").unwrap();
    request_result(&raw.put_with_key(&"{not json".into(), &"c3".into()).unwrap())
        .await
        .unwrap();
    db.close();
    drop(store);

    let read = CampaignStore::open_named(name)
        .await
        .unwrap()
        .all()
        .await
        .unwrap();
    // Two read (in the order of their ids, c1 before c2), one left out and counted: 3 in all.
    assert_eq!(read.to_vec(), saved);
    assert_eq!(read.unreadable(), 1);
    assert_eq!(read.sent(), 3);
    delete_database(name).await;
}

#[wasm_bindgen_test]
async fn a_watchlist_of_version_1_gains_the_campaigns_and_keeps_its_watches() {
    let name = "chanscope-test-upgrade";
    delete_database(name).await;
    // Version 1 as the console made it: the store of watches alone, one watch in it.
    let request: IdbOpenDbRequest = indexed_db().open_with_u32(name, 1).unwrap();
    let upgrade = wasm_bindgen::closure::Closure::once_into_js(|event: Event| {
        let request: IdbOpenDbRequest = event.target().unwrap().unchecked_into();
        let db: IdbDatabase = request.result().unwrap().unchecked_into();
        db.create_object_store("watches").unwrap();
    });
    request.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
    let db: IdbDatabase = request_result(&request).await.unwrap().unchecked_into();
    let watch = Watch::new(
        "w1".into(),
        "Durov".into(),
        WatchTarget::Channel {
            channel: "@durov".into(),
        },
        1_700_000_000,
    );
    let text = serde_json::to_string(&watch).unwrap();
    let transaction = db
        .transaction_with_str_and_mode("watches", IdbTransactionMode::Readwrite)
        .unwrap();
    request_result(
        &transaction
            .object_store("watches")
            .unwrap()
            .put_with_key(&text.into(), &"w1".into())
            .unwrap(),
    )
    .await
    .unwrap();
    db.close();

    let campaigns = CampaignStore::open_named(name).await.unwrap();
    assert!(campaigns.all().await.unwrap().is_empty());
    campaigns
        .put(&campaign("c1", &["t.me/host/12"]))
        .await
        .unwrap();
    let watches = WatchStore::open_named(name).await.unwrap();
    assert_eq!(watches.all().await.unwrap().to_vec(), [watch]);
    drop((campaigns, watches));
    delete_database(name).await;
}
