//! The seconds left of a flood-control wait (of one call, or of a job), counting down on screen.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::api::Error;

/// Seconds left until `deadline_ms` (a `Date.now()` value), rounded up.
fn seconds_left(deadline_ms: f64) -> u32 {
    ((deadline_ms - js_sys::Date::now()) / 1000.0)
        .ceil()
        .max(0.0) as u32
}

/// Seconds left of a flood-control wait, re-rendering each second until it reaches zero.
///
/// Keyed by the error's address, not its value: the same flood-control answer to a retry starts
/// a new wait.
#[hook]
pub(super) fn use_countdown(error: Rc<Error>) -> u32 {
    let deadline = use_memo(SameError(error), |error| {
        error
            .0
            .retry_after_secs()
            .map(|secs| js_sys::Date::now() + f64::from(secs) * 1000.0)
    });
    use_seconds_left(*deadline)
}

/// Seconds left until `deadline` (a `Date.now()` value), re-rendering as they pass.
#[hook]
pub(super) fn use_seconds_left(deadline: Option<f64>) -> u32 {
    let left = use_state(|| deadline.map_or(0, seconds_left));
    {
        let left = left.clone();
        use_effect_with(deadline.map(f64::to_bits), move |_| {
            let window = web_sys::window();
            let timer = Rc::new(Cell::new(None::<i32>));
            let mut tick = None;
            left.set(deadline.map_or(0, seconds_left));
            if let (Some(window), Some(deadline)) = (window.clone(), deadline) {
                let timer_in = timer.clone();
                let window_in = window.clone();
                let closure = Closure::<dyn FnMut()>::new(move || {
                    let now_left = seconds_left(deadline);
                    left.set(now_left);
                    if now_left == 0 {
                        if let Some(id) = timer_in.take() {
                            window_in.clear_interval_with_handle(id);
                        }
                    }
                });
                timer.set(
                    window
                        .set_interval_with_callback_and_timeout_and_arguments_0(
                            closure.as_ref().unchecked_ref(),
                            250,
                        )
                        .ok(),
                );
                tick = Some(closure);
            }
            move || {
                if let (Some(window), Some(id)) = (window, timer.take()) {
                    window.clear_interval_with_handle(id);
                }
                // The closure lives until the interval that calls it is gone.
                drop(tick);
            }
        });
    }
    *left
}

/// An error compared by address (held, so that the address is not another's later).
pub(super) struct SameError(pub(super) Rc<Error>);

impl PartialEq for SameError {
    fn eq(&self, other: &Self) -> bool {
        Rc::ptr_eq(&self.0, &other.0)
    }
}
