//! Bench-only module: the browser benchmark (`cargo xtask bench`) times the console's decoding of
//! one post-search answer against `JSON.parse` of the same text, in the same page, and the
//! channel report's health check over 90 days of hourly counts. Trunk builds only the
//! `chanscope` binary, so this one never ships.

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

/// Runs the health check `times` times over `body`, a whole subscriber-dynamics answer by hour as
/// the API sends it, decoded once, as the channel report does once it has the answer; returns
/// the readings checked and the findings of a run (`[0, 0]` when it does not decode).
#[cfg(target_arch = "wasm32")]
#[wasm_bindgen::prelude::wasm_bindgen(js_name = healthCheck)]
pub fn health_check(body: &str, times: u32) -> Vec<u32> {
    use chanscope::api::ops::SubscriberDynamics;
    use chanscope::api::{envelope, HttpResponse, Operation, PeriodGroup};
    use chanscope::figures::dynamics::readings;
    use chanscope::figures::health::subscriber_findings;

    let answer = HttpResponse::new(200, body);
    let Ok(records) = envelope::decode::<<SubscriberDynamics as Operation>::Response>(&answer)
    else {
        return vec![0, 0];
    };
    let (read, _) = readings(PeriodGroup::Hour, &records);
    // Summed, so that no run can be left out.
    let found: usize = (0..times)
        .map(|_| subscriber_findings(&read, PeriodGroup::Hour, &[]).len())
        .sum();
    vec![read.len() as u32, (found / times.max(1) as usize) as u32]
}

/// Nothing runs at load: the page calls the exports.
fn main() {}
