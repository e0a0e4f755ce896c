//! Parts of a page drawn a task or a few after the part above them ([`Later`],
//! [`use_task_count`]).
//!
//! Drawing a part for the first time is the longest thing the console does on the main thread,
//! as it also compiles the part's code: the browser compiles the module's functions on their first
//! call. A page's start and the first answer of post statistics were each one task of 90–190 ms
//! under a fourfold CPU slowdown, where Lighthouse counts every millisecond of a task past 50 as
//! blocking. Drawn a part per task, the browser paints and handles input between them, and what is
//! on top is drawn first.
//!
//! Not for the rows of a table: a table's columns are as wide as their widest cells, so rows
//! drawn later moved the rows drawn first (a layout shift of 0.06–0.12 on keyword mentions). Nor
//! for post search's list any more: drawn 4, then 8 a task, the click to 50 painted posts took
//! 1.4–1.9 times as long as all at once in the same rounds (medians of 8–10 clicks: 176–271 ms
//! against 124–163 ms).

use std::cell::Cell;
use std::rc::Rc;
use std::time::Duration;

use yew::prelude::*;

use crate::api::browser::sleep;

/// Runs `then` in a later task of the event loop; the returned function, called before that,
/// cancels it (an effect's cleanup: a component gone or drawn again).
fn in_next_task(then: impl FnOnce() + 'static) -> impl FnOnce() + 'static {
    let cancelled = Rc::new(Cell::new(false));
    {
        let cancelled = cancelled.clone();
        wasm_bindgen_futures::spawn_local(async move {
            sleep(Duration::ZERO).await;
            if !cancelled.get() {
                then();
            }
        });
    }
    move || cancelled.set(true)
}

/// False when a component is first drawn, true from the next task on: for a part that is out of
/// sight at first (a folded section), drawn after what is in sight.
#[hook]
pub fn use_next_task() -> bool {
    use_task_count(1) == 1
}

/// How many tasks of the event loop have begun since a component was first drawn, counted up to
/// `last`: 0 when it is first drawn, 1 in the next task, and so on. A part drawn at count `n` is
/// drawn in a task of its own, after the parts of lower counts.
#[hook]
pub fn use_task_count(last: u8) -> u8 {
    let count = use_state_eq(|| 0u8);
    {
        let count = count.clone();
        let now = *count;
        use_effect_with(now, move |&now| {
            let cancel = (now < last).then(|| in_next_task(move || count.set(now + 1)));
            move || {
                if let Some(cancel) = cancel {
                    cancel();
                }
            }
        });
    }
    *count
}

#[derive(Properties, PartialEq)]
pub struct LaterProps {
    /// How many tasks after this part first is drawn its children are.
    #[prop_or(1)]
    pub tasks: u8,
    pub children: Html,
}

/// Its children, drawn `tasks` tasks of the event loop after it first is, and at once on every
/// draw after that: for the lower parts of a page's first results, so that what is on top is
/// built, and the browser free to paint and answer input, before them (see the module's comment).
#[function_component(Later)]
pub fn later(props: &LaterProps) -> Html {
    if use_task_count(props.tasks) < props.tasks {
        return Html::default();
    }
    props.children.clone()
}
