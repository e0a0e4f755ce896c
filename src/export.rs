//! Tables as files a user can take away (the tables and their CSV and JSON are
//! [`crate::figures::table`]'s), handed to the user as a download in the browser.

pub use crate::figures::table::{to_csv, to_json, Cell, Table};

/// Offers `content` to the user as a file named `filename`.
///
/// Through a Blob and a temporary object URL clicked from a hidden `<a download>`: the data never
/// goes to a server and no address bar or history entry holds it. The URL is revoked a little
/// later, once the browser has started reading it.
#[cfg(target_arch = "wasm32")]
pub fn download(filename: &str, mime: &str, content: &str) -> Result<(), String> {
    use wasm_bindgen::closure::Closure;
    use wasm_bindgen::JsCast;

    let describe = |what: &str, error: wasm_bindgen::JsValue| {
        let detail = error
            .dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .unwrap_or_default();
        format!("{what} failed {detail}").trim_end().to_owned()
    };
    let window = web_sys::window().ok_or("no window")?;
    let document = window.document().ok_or("no document")?;
    let body = document.body().ok_or("no document body")?;

    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(content));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|e| describe("creating the file", e))?;
    let url = web_sys::Url::create_object_url_with_blob(&blob)
        .map_err(|e| describe("creating the file address", e))?;

    let anchor: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|e| describe("creating the link", e))?
        .dyn_into()
        .map_err(|_| "the link is not an anchor".to_owned())?;
    anchor.set_href(&url);
    anchor.set_download(filename);
    anchor.set_hidden(true);
    body.append_child(&anchor)
        .map_err(|e| describe("attaching the link", e))?;
    anchor.click();
    anchor.remove();

    let revoke = Closure::once_into_js(move || {
        // Nothing to report if it fails: the URL dies with the page anyway.
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    window
        .set_timeout_with_callback_and_timeout_and_arguments_0(revoke.unchecked_ref(), 10_000)
        .map_err(|e| describe("scheduling the cleanup", e))?;
    Ok(())
}
