//! The watchlist in the browser: IndexedDB database `chanscope`, object store `watches`, each
//! watch kept as its JSON text ([`Watch::to_json`]) under its `id`. It survives reloads, holds
//! thousands of watches, and leaves the browser only as a file the user exports.

mod error;
mod idb;

use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{
    Event, IdbDatabase, IdbFactory, IdbObjectStore, IdbOpenDbRequest, IdbTransaction,
    IdbTransactionMode,
};

pub use error::{StoreAction, StoreError};

use super::watch::Watch;
use crate::api::model::Records;

/// The console's database.
pub const DATABASE: &str = "chanscope";
/// The object store of the watches.
const STORE: &str = "watches";
/// The version of the database's layout; an upgrade to a later one makes what is missing.
const VERSION: u32 = 1;

/// An open watchlist. Clones share the one connection, which closes when the last is dropped.
#[derive(Clone)]
pub struct WatchStore {
    connection: Rc<Connection>,
}

struct Connection {
    db: IdbDatabase,
    /// Closes the connection when another tab upgrades or deletes the database: an open
    /// connection would hold that tab's console back until this one is closed.
    _on_version_change: Closure<dyn FnMut()>,
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.db.set_onversionchange(None);
        self.db.close();
    }
}

impl WatchStore {
    /// The watchlist of this browser, made on first use.
    pub async fn open() -> Result<WatchStore, StoreError> {
        Self::open_named(DATABASE).await
    }

    /// The watchlist kept in database `name` instead (tests keep theirs apart).
    pub async fn open_named(name: &str) -> Result<WatchStore, StoreError> {
        let failed = |error: JsValue| StoreError::of(StoreAction::Open, &error);
        let request = factory()?
            .open_with_u32(name, VERSION)
            .map_err(|error| refused(&error))?;
        request.set_onupgradeneeded(Some(&upgrade_handler()));
        let db: IdbDatabase = idb::finished(&request)
            .await
            .map_err(failed)?
            .unchecked_into();
        let on_version_change = Closure::<dyn FnMut()>::new({
            let db = db.clone();
            move || db.close()
        });
        db.set_onversionchange(Some(on_version_change.as_ref().unchecked_ref()));
        Ok(WatchStore {
            connection: Rc::new(Connection {
                db,
                _on_version_change: on_version_change,
            }),
        })
    }

    /// Every watch, in the order of their ids. A record that cannot be read as a watch is left
    /// out and counted ([`Records::unreadable`]).
    pub async fn all(&self) -> Result<Records<Watch>, StoreError> {
        let failed = |error: JsValue| StoreError::of(StoreAction::Read, &error);
        let (_, store) = self.transaction(IdbTransactionMode::Readonly, StoreAction::Read)?;
        let request = store.get_all().map_err(failed)?;
        let records: js_sys::Array = idb::finished(&request)
            .await
            .map_err(failed)?
            .dyn_into()
            .map_err(failed)?;
        let mut watches = Vec::with_capacity(records.length() as usize);
        let mut unreadable = 0;
        for record in records.iter() {
            match record
                .as_string()
                .and_then(|text| serde_json::from_str::<Watch>(&text).ok())
            {
                Some(watch) => watches.push(watch),
                None => unreadable += 1,
            }
        }
        Ok(Records::with_unreadable(watches, unreadable))
    }

    /// Saves `watch`, replacing the one with its id.
    pub async fn put(&self, watch: &Watch) -> Result<(), StoreError> {
        self.put_all(std::slice::from_ref(watch)).await
    }

    /// Saves every watch of `watches` in one transaction: all of them or, on failure, none.
    pub async fn put_all(&self, watches: &[Watch]) -> Result<(), StoreError> {
        self.write(StoreAction::Save, |store| {
            for watch in watches {
                store.put_with_key(
                    &JsValue::from_str(&watch.to_json()),
                    &JsValue::from_str(&watch.id),
                )?;
            }
            Ok(())
        })
        .await
    }

    /// Deletes the watch `id` (nothing when there is none).
    pub async fn delete(&self, id: &str) -> Result<(), StoreError> {
        self.write(StoreAction::Delete, |store| {
            store.delete(&JsValue::from_str(id)).map(drop)
        })
        .await
    }

    /// Deletes every watch.
    pub async fn clear(&self) -> Result<(), StoreError> {
        self.write(StoreAction::Clear, |store| store.clear().map(drop))
            .await
    }

    fn transaction(
        &self,
        mode: IdbTransactionMode,
        action: StoreAction,
    ) -> Result<(IdbTransaction, IdbObjectStore), StoreError> {
        let failed = |error: JsValue| StoreError::of(action, &error);
        let transaction = self
            .connection
            .db
            .transaction_with_str_and_mode(STORE, mode)
            .map_err(failed)?;
        let store = transaction.object_store(STORE).map_err(failed)?;
        Ok((transaction, store))
    }

    /// Runs `issue` (which makes the requests) in a transaction of its own and waits until it is
    /// committed: done means kept.
    async fn write(
        &self,
        action: StoreAction,
        issue: impl FnOnce(&IdbObjectStore) -> Result<(), JsValue>,
    ) -> Result<(), StoreError> {
        let (transaction, store) = self.transaction(IdbTransactionMode::Readwrite, action)?;
        if let Err(error) = issue(&store) {
            // Requests made before the one that threw would otherwise still be committed.
            let _ = transaction.abort();
            return Err(StoreError::of(action, &error));
        }
        idb::committed(&transaction)
            .await
            .map_err(|error| StoreError::of(action, &error))
    }
}

/// The browser's IndexedDB, if this page may use it.
fn factory() -> Result<IdbFactory, StoreError> {
    let unavailable = |detail: String| StoreError::Unavailable { detail };
    let window = web_sys::window().ok_or_else(|| unavailable("no browser window".into()))?;
    match window.indexed_db() {
        Ok(Some(factory)) => Ok(factory),
        Ok(None) => Err(unavailable(String::new())),
        Err(error) => Err(refused(&error)),
    }
}

/// What reaching IndexedDB or asking it to open threw: the page may not use it, unless the
/// exception says more (a full storage).
fn refused(error: &JsValue) -> StoreError {
    match StoreError::of(StoreAction::Open, error) {
        StoreError::Failed { detail, .. } => StoreError::Unavailable { detail },
        other => other,
    }
}

/// The `upgradeneeded` handler of an open request: makes the object store of a new database.
///
/// Handed to the browser for good rather than owned by the opening future: if that future were
/// dropped mid-upgrade, the upgrade would commit without the store. The browser frees it after
/// its one call; an open that needs no upgrade leaves it, a few bytes, uncalled.
fn upgrade_handler() -> js_sys::Function {
    Closure::once_into_js(|event: Event| {
        let Some(request) = event
            .target()
            .and_then(|target| target.dyn_into::<IdbOpenDbRequest>().ok())
        else {
            return;
        };
        let Ok(db) = request.result().and_then(|db| db.dyn_into::<IdbDatabase>()) else {
            return;
        };
        if !db.object_store_names().contains(STORE) && db.create_object_store(STORE).is_err() {
            // A database without the store would pass every later open; failing this one lets
            // the next try again.
            if let Some(upgrade) = request.transaction() {
                let _ = upgrade.abort();
            }
        }
    })
    .unchecked_into()
}

/// A new watch id, unique in practice: the time in milliseconds and 64 random bits.
pub fn new_id() -> String {
    let millis = js_sys::Date::now() as u64;
    // `Math.random` carries at most 53 bits; two draws of 32 make the 64.
    let draw = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
    format!("{millis:x}-{:016x}", draw() << 32 | draw())
}
