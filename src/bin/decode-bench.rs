//! Bench-only module: the browser benchmark (`cargo xtask bench`) times the console's decoding of
//! one post-search answer against `JSON.parse` of the same text, in the same page. Trunk builds
//! only the `chanscope` binary, so this one never ships.

/// Decodes `body`, a whole post-search answer as the API sends it, `times` times with the
/// console's own decode path, and returns the number of posts decoded in all, so that no
/// iteration can be optimised away (0 when the answer does not decode).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = decodePostSearch)]
pub fn decode_post_search(body: &str, times: u32) -> u32 {
    use chanscope::api::ops::PostSearch;
    use chanscope::api::{envelope, HttpResponse, Operation};

    let answer = HttpResponse::new(200, body);
    (0..times)
        .map(|_| {
            envelope::decode::<<PostSearch as Operation>::Response>(&answer)
                .map_or(0, |r| r.items.len() as u32)
        })
        .sum()
}

/// Nothing runs at load: the page calls the export.
fn main() {}
