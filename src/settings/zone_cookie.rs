//! The console's time zone kept in a cookie, so that the server of the pages writes a post
//! search's dates in it (`gateway/src/painted/post_search.rs`): the zone the settings name, or
//! the browser's own by its IANA name. A cookie rather than the stored settings, which only the
//! browser reads.

use wasm_bindgen::JsValue;

use crate::ui::Zone;

/// The cookie's name, as the gateway reads it.
pub const ZONE_COOKIE: &str = "chanscope-zone";

/// The cookie for `zone`: `UTC` or an IANA name, for the whole site, for a year. `None` for a
/// name a cookie cannot hold as it is (IANA names never are such).
pub fn zone_cookie(zone: &Zone) -> Option<String> {
    let name = match zone {
        Zone::Browser => Zone::browser_name(),
        other => other.name().to_owned(),
    };
    let plain = |c: char| c.is_ascii_alphanumeric() || matches!(c, '/' | '_' | '-' | '+');
    (!name.is_empty() && name.chars().all(plain))
        .then(|| format!("{ZONE_COOKIE}={name}; Path=/; Max-Age=31536000; SameSite=Lax"))
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
