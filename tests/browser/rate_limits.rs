//! When the service asks the console to wait: every way it says so (its flood control, the
//! gateway's own 429, a 429 in other words) gets the same advice with a countdown; a short wait
//! is waited out and asked again once by itself, a long one left to the person. (A page that
//! waited keeping its form is `rate_limit_page.rs`: the one retry a minute is the page's, so it
//! needs a page of its own.)
#![cfg(target_arch = "wasm32")]

mod dom;
mod mount;

use std::cell::Cell as StdCell;
use std::rc::Rc;
use std::time::Duration;

use chanscope::api::{ApiError, Error};
use chanscope::components::status::{ErrorBanner, ErrorBannerProps};
use mount::{mount, texts};
use wasm_bindgen_test::*;
use web_sys::Element;
use yew::Callback;

wasm_bindgen_test_configure!(run_in_browser);

/// A banner whose Retry does nothing, and that never retries by itself.
async fn banner(error: Error, retry: bool) -> Element {
    mount::<ErrorBanner>(ErrorBannerProps {
        error: Rc::new(error),
        on_retry: retry.then(|| Callback::from(|()| ())),
        auto_retry: false,
    })
    .await
}

/// A banner that may retry by itself, and how many times it retried.
async fn retrying_banner(error: Error) -> (Element, Rc<StdCell<u32>>) {
    let retried = Rc::new(StdCell::new(0));
    let counter = retried.clone();
    let root = mount::<ErrorBanner>(ErrorBannerProps {
        error: Rc::new(error),
        on_retry: Some(Callback::from(move |()| counter.set(counter.get() + 1))),
        auto_retry: true,
    })
    .await;
    (root, retried)
}

#[wasm_bindgen_test]
async fn every_request_to_wait_gets_the_same_advice() {
    // The service's flood control, the gateway's own 429 (flood_control_N too), and a 429 of a
    // proxy or of the service in other words.
    for error in [
        Error::Api(ApiError::from_message("flood_control_10")),
        Error::TooManyRequests {
            retry_after_secs: Some(10),
        },
    ] {
        let root = banner(error, true).await;
        assert_eq!(
            texts(&root, ".cs-banner p"),
            [
                "The service asks to wait before the next request.",
                "You can retry in 10 s."
            ]
        );
        assert!(!root.text_content().unwrap().contains("support"));
    }
}

#[wasm_bindgen_test]
async fn a_short_wait_is_waited_out_and_retried_once_by_itself() {
    // A long wait is left to the person.
    let (root, retried) =
        retrying_banner(Error::Api(ApiError::from_message("flood_control_45"))).await;
    assert_eq!(texts(&root, ".cs-banner-todo"), ["You can retry in 45 s."]);
    assert_eq!(retried.get(), 0);

    let (root, retried) = retrying_banner(Error::TooManyRequests {
        retry_after_secs: Some(1),
    })
    .await;
    assert_eq!(texts(&root, ".cs-banner-todo"), ["Retrying in 1 s."]);
    assert_eq!(retried.get(), 0);
    yew::platform::time::sleep(Duration::from_millis(1_300)).await;
    assert_eq!(retried.get(), 1);
    yew::platform::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(retried.get(), 1, "retried more than once");

    // The same wait again right after: once was enough, the person decides now.
    let (root, retried) =
        retrying_banner(Error::Api(ApiError::from_message("flood_control_1"))).await;
    assert_eq!(texts(&root, ".cs-banner-todo"), ["You can retry in 1 s."]);
    yew::platform::time::sleep(Duration::from_millis(1_300)).await;
    assert_eq!(texts(&root, ".cs-banner-todo"), ["You can retry now."]);
    assert_eq!(retried.get(), 0);
}
