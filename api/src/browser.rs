//! The browser transport: `fetch` through gloo-net, with a time limit and cancellation. Dropping
//! a request's future aborts the fetch, so a superseded request never lands.

use std::cell::Cell;
use std::future::Future;
use std::rc::Rc;
use std::time::Duration;

use gloo_net::http::Request;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use web_sys::{AbortController, AbortSignal};

use super::transport::{parse_retry_after, HttpResponse, Transport, TransportError};

/// Requests without an answer after this long are given up.
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(30);

/// `fetch` for the [`Client`](super::Client) in the browser.
#[derive(Clone, Debug)]
pub struct BrowserTransport {
    timeout: Duration,
    cancel: Option<AbortSignal>,
}

impl Default for BrowserTransport {
    fn default() -> Self {
        Self::new()
    }
}

impl BrowserTransport {
    pub fn new() -> Self {
        BrowserTransport {
            timeout: DEFAULT_TIMEOUT,
            cancel: None,
        }
    }

    pub fn with_timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Requests end with [`TransportError::Aborted`] once `signal` aborts (a Cancel button, or a
    /// newer request replacing this one).
    pub fn with_cancel_signal(mut self, signal: AbortSignal) -> Self {
        self.cancel = Some(signal);
        self
    }
}

/// Clears a timer and detaches listeners when the request ends or its future is dropped; the
/// final `abort()` stops a fetch that is still running (it does nothing after completion).
struct InFlight {
    controller: AbortController,
    timer: Option<i32>,
    _on_timeout: Closure<dyn FnMut()>,
    on_cancel: Option<(AbortSignal, Closure<dyn FnMut()>)>,
}

impl Drop for InFlight {
    fn drop(&mut self) {
        if let (Some(window), Some(timer)) = (web_sys::window(), self.timer) {
            window.clear_timeout_with_handle(timer);
        }
        if let Some((signal, listener)) = &self.on_cancel {
            let _ = signal
                .remove_event_listener_with_callback("abort", listener.as_ref().unchecked_ref());
        }
        self.controller.abort();
    }
}

fn js_text(value: &wasm_bindgen::JsValue) -> String {
    value.as_string().unwrap_or_else(|| format!("{value:?}"))
}

impl BrowserTransport {
    async fn fetch(&self, url: String) -> Result<HttpResponse, TransportError> {
        let window =
            web_sys::window().ok_or_else(|| TransportError::Network("no browser window".into()))?;
        if self.cancel.as_ref().is_some_and(AbortSignal::aborted) {
            return Err(TransportError::Aborted);
        }
        let controller =
            AbortController::new().map_err(|e| TransportError::Network(js_text(&e)))?;
        let timed_out = Rc::new(Cell::new(false));

        let on_timeout = {
            let controller = controller.clone();
            let timed_out = timed_out.clone();
            Closure::<dyn FnMut()>::new(move || {
                timed_out.set(true);
                controller.abort();
            })
        };
        let millis = i32::try_from(self.timeout.as_millis()).unwrap_or(i32::MAX);
        let timer = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(
                on_timeout.as_ref().unchecked_ref(),
                millis,
            )
            .ok();
        let on_cancel = self.cancel.as_ref().map(|signal| {
            let controller = controller.clone();
            let listener = Closure::<dyn FnMut()>::new(move || controller.abort());
            let _ =
                signal.add_event_listener_with_callback("abort", listener.as_ref().unchecked_ref());
            (signal.clone(), listener)
        });
        let _in_flight = InFlight {
            controller: controller.clone(),
            timer,
            _on_timeout: on_timeout,
            on_cancel,
        };

        let failed = |error: gloo_net::Error| {
            if timed_out.get() {
                TransportError::Timeout
            } else if controller.signal().aborted() {
                TransportError::Aborted
            } else {
                TransportError::Network(error.to_string())
            }
        };
        let signal = controller.signal();
        let response = Request::get(&url)
            .abort_signal(Some(&signal))
            .send()
            .await
            .map_err(failed)?;
        let status = response.status();
        let retry_after_secs = response
            .headers()
            .get("retry-after")
            .and_then(|value| parse_retry_after(&value, (js_sys::Date::now() / 1000.0) as i64));
        let body = response.text().await.map_err(failed)?;
        Ok(HttpResponse {
            status,
            body,
            retry_after_secs,
        })
    }
}

impl Transport for BrowserTransport {
    fn get(&self, url: &str) -> impl Future<Output = Result<HttpResponse, TransportError>> {
        self.fetch(url.to_owned())
    }

    fn sleep(&self, duration: Duration) -> impl Future<Output = ()> {
        sleep(duration)
    }
}

/// Settles after `duration` on the window's timer: always in a later task of the event loop,
/// even for a zero duration, so the browser can paint and handle input in between.
pub fn sleep(duration: Duration) -> impl Future<Output = ()> {
    let millis = i32::try_from(duration.as_millis()).unwrap_or(i32::MAX);
    let promise = js_sys::Promise::new(&mut |resolve, _reject| {
        // Without a window there is no timer: go on at once rather than hang.
        let scheduled = web_sys::window().and_then(|window| {
            window
                .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, millis)
                .ok()
        });
        if scheduled.is_none() {
            let _ = resolve.call0(&wasm_bindgen::JsValue::UNDEFINED);
        }
    });
    async move {
        let _ = wasm_bindgen_futures::JsFuture::from(promise).await;
    }
}
