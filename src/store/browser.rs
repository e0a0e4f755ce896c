//! The console's database in the browser: open, read, write and delete records of one kind.

use std::cell::RefCell;
use std::marker::PhantomData;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{
    Event, IdbDatabase, IdbFactory, IdbObjectStore, IdbOpenDbRequest, IdbTransaction,
    IdbTransactionMode,
};

pub use super::error::{Kept, StoreAction, StoreError};

use super::idb;
use super::record::{Record, STORES};
use crate::api::model::Records;

/// The console's database.
pub const DATABASE: &str = "chanscope";
/// The version of the database's layout; an upgrade to a later one makes what is missing.
/// Version 2 added `campaigns` beside `watches`.
const VERSION: u32 = 2;

/// The open object store of the records `R`. Clones share the one connection, which closes when
/// the last is dropped.
pub struct Store<R> {
    connection: Rc<Connection>,
    records: PhantomData<fn() -> R>,
}

impl<R> Clone for Store<R> {
    fn clone(&self) -> Self {
        Store {
            connection: self.connection.clone(),
            records: PhantomData,
        }
    }
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

impl<R: Record> Store<R> {
    /// The records of this browser, made on first use.
    pub async fn open() -> Result<Self, StoreError> {
        Self::open_named(DATABASE).await
    }

    /// The records kept in database `name` instead (tests keep theirs apart).
    pub async fn open_named(name: &str) -> Result<Self, StoreError> {
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
        Ok(Store {
            connection: Rc::new(Connection {
                db,
                _on_version_change: on_version_change,
            }),
            records: PhantomData,
        })
    }

    /// Every record, in the order of their ids. One that cannot be read as an `R` is left out
    /// and counted ([`Records::unreadable`]).
    pub async fn all(&self) -> Result<Records<R>, StoreError> {
        let failed = |error: JsValue| StoreError::of(StoreAction::Read, &error);
        let (_, store) = self.transaction(IdbTransactionMode::Readonly, StoreAction::Read)?;
        let request = store.get_all().map_err(failed)?;
        let records: js_sys::Array = idb::finished(&request)
            .await
            .map_err(failed)?
            .dyn_into()
            .map_err(failed)?;
        let mut read = Vec::with_capacity(records.length() as usize);
        let mut unreadable = 0;
        for record in records.iter() {
            match record
                .as_string()
                .and_then(|text| serde_json::from_str::<R>(&text).ok())
            {
                Some(record) => read.push(record),
                None => unreadable += 1,
            }
        }
        Ok(Records::with_unreadable(read, unreadable))
    }

    /// Saves `record`, replacing the one with its id.
    pub async fn put(&self, record: &R) -> Result<(), StoreError> {
        self.put_all(std::slice::from_ref(record)).await
    }

    /// Saves every record of `records` in one transaction: all of them or, on failure, none.
    pub async fn put_all(&self, records: &[R]) -> Result<(), StoreError> {
        self.write(StoreAction::Save, |store| {
            for record in records {
                store.put_with_key(
                    &JsValue::from_str(&record.to_json()),
                    &JsValue::from_str(record.id()),
                )?;
            }
            Ok(())
        })
        .await
    }

    /// Deletes the record `id` (nothing when there is none).
    pub async fn delete(&self, id: &str) -> Result<(), StoreError> {
        self.write(StoreAction::Delete, |store| {
            store.delete(&JsValue::from_str(id)).map(drop)
        })
        .await
    }

    /// Deletes every record of this kind.
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
            .transaction_with_str_and_mode(R::STORE, mode)
            .map_err(failed)?;
        let store = transaction.object_store(R::STORE).map_err(failed)?;
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

/// Runs `change` on the store in `store` once it is open, then `done`; a failure goes to `failed`
/// instead. Nothing runs while the store is not open yet.
pub fn persist<R: Record + 'static, F, Fut>(
    store: &RefCell<Option<Store<R>>>,
    change: F,
    done: impl FnOnce() + 'static,
    failed: impl FnOnce(StoreError) + 'static,
) where
    F: FnOnce(Store<R>) -> Fut + 'static,
    Fut: std::future::Future<Output = Result<(), StoreError>> + 'static,
{
    let Some(store) = store.borrow().clone() else {
        return;
    };
    wasm_bindgen_futures::spawn_local(async move {
        match change(store).await {
            Ok(()) => done(),
            Err(error) => failed(error),
        }
    });
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

/// The `upgradeneeded` handler of an open request: makes the object stores the database lacks,
/// so that an older one keeps what it holds.
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
        let names = db.object_store_names();
        let made = STORES
            .iter()
            .all(|store| names.contains(store) || db.create_object_store(store).is_ok());
        if !made {
            // A database without a store would pass every later open; failing this one lets
            // the next try again.
            if let Some(upgrade) = request.transaction() {
                let _ = upgrade.abort();
            }
        }
    })
    .unchecked_into()
}

/// A new record id, unique in practice: the time in milliseconds and 64 random bits.
pub fn new_id() -> String {
    let millis = js_sys::Date::now() as u64;
    // `Math.random` carries at most 53 bits; two draws of 32 make the 64.
    let draw = || (js_sys::Math::random() * 4_294_967_296.0) as u64;
    format!("{millis:x}-{:016x}", draw() << 32 | draw())
}
