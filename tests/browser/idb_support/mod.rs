//! IndexedDB reached directly, as another hand would, for the browser tests of the stores.
// Each browser test binary uses its own part of these.
#![allow(dead_code)]

use js_sys::Promise;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;
use web_sys::IdbRequest;

/// Waits for an IndexedDB request of the test's own; its result, or what the browser said.
pub async fn request_result(request: &IdbRequest) -> Result<JsValue, String> {
    let promise = Promise::new(&mut |resolve, reject| {
        request.set_onsuccess(Some(&resolve));
        request.set_onerror(Some(&reject));
    });
    match JsFuture::from(promise).await {
        Ok(_) => request.result().map_err(|e| format!("{e:?}")),
        Err(_) => Err(format!("{:?}", request.error())),
    }
}

pub fn indexed_db() -> web_sys::IdbFactory {
    web_sys::window().unwrap().indexed_db().unwrap().unwrap()
}
