//! The console's time zone kept in a cookie, so that the server of the pages writes a post
//! search's dates in it (`gateway/src/painted/post_search.rs`): the zone the settings name, or
//! the browser's own by its IANA name. A cookie rather than the stored settings, which only the
//! browser reads.

use wasm_bindgen::JsValue;

use crate::ui::Zone;

/// The cookie for `zone` (`view::zone_cookie`): the name the settings keep, or the browser's
/// own for [`Zone::Browser`].
pub fn zone_cookie(zone: &Zone) -> Option<String> {
    let name = match zone {
        Zone::Browser => Zone::browser_name(),
        other => other.name().to_owned(),
    };
    crate::view::zone_cookie::zone_cookie(&name)
}

/// Writes the cookie for `zone` into the page's document.
pub fn keep_zone(zone: &Zone) {
    let (Some(cookie), Some(document)) = (
        zone_cookie(zone),
        web_sys::window().and_then(|w| w.document()),
    ) else {
        return;
    };
    let _ = js_sys::Reflect::set(&document, &"cookie".into(), &JsValue::from_str(&cookie));
}
