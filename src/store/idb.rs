//! IndexedDB's callbacks as futures: a request until `success` or `error`, a transaction until
//! `complete`, `error` or `abort`.
//!
//! Each waits on a promise whose `resolve` and `reject` are the handlers themselves, so no Rust
//! closure has to outlive the future. The continuation runs as a microtask of the event, while
//! the transaction is still active, but the store relies on that nowhere: each operation issues
//! all its requests before its first wait.

use js_sys::{Promise, Reflect};
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbRequest, IdbTransaction};

/// The result of `request` once it succeeded, or its error (a `DomException`; `null` when the
/// browser gave none).
pub(super) async fn finished(request: &IdbRequest) -> Result<JsValue, JsValue> {
    let promise = Promise::new(&mut |resolve, reject| {
        request.set_onsuccess(Some(&resolve));
        request.set_onerror(Some(&reject));
    });
    match JsFuture::from(promise).await {
        Ok(_) => request.result(),
        Err(_) => Err(request
            .error()
            .ok()
            .flatten()
            .map_or(JsValue::NULL, JsValue::from)),
    }
}

/// Waits until `transaction` is committed; otherwise its error (a `DomException`; `null` when it
/// was aborted without one).
pub(super) async fn committed(transaction: &IdbTransaction) -> Result<(), JsValue> {
    let promise = Promise::new(&mut |resolve, reject| {
        transaction.set_oncomplete(Some(&resolve));
        transaction.set_onerror(Some(&reject));
        transaction.set_onabort(Some(&reject));
    });
    match JsFuture::from(promise).await {
        Ok(_) => Ok(()),
        Err(event) => Err(transaction
            .error()
            .map(JsValue::from)
            .unwrap_or_else(|| error_of_target(&event))),
    }
}

/// The `error` of what `event` was fired at: a request's error reaches the transaction's
/// `onerror` before the transaction itself has one.
fn error_of_target(event: &JsValue) -> JsValue {
    Reflect::get(event, &JsValue::from_str("target"))
        .and_then(|target| Reflect::get(&target, &JsValue::from_str("error")))
        .unwrap_or(JsValue::NULL)
}
