//! Long lists drawn a slice at a time: the first screenful in the task that has the answer, the
//! rest a slice per task after it.
//!
//! Building a page of results is the longest thing the console does on the main thread: twenty
//! posts drawn in one task made a task of 200–480 ms in Lighthouse's model of a mid-range phone,
//! so a tap or a scroll in that time waited for all of it. In slices the browser paints and handles
//! input between them, and what is shown first is what the reader sees first.
//!
//! Not for tables: a table's columns are as wide as their widest cells, so rows drawn later
//! moved the rows drawn first (a layout shift of 0.06–0.12 on keyword mentions).

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

/// How many of `list`'s `len` items to draw now: `first` when `list` is new, then `step` more in
/// each following task until all are drawn. A new list (another `Rc`, even with equal contents)
/// starts again from `first`; the same list keeps what it has drawn.
#[hook]
pub fn use_slices<T: 'static>(list: &Rc<T>, len: usize, first: usize, step: usize) -> usize {
    let drawn = use_state(|| (list.clone(), first));
    let now = if Rc::ptr_eq(&drawn.0, list) {
        drawn.1
    } else {
        first
    };
    let now = now.min(len);
    {
        let drawn = drawn.clone();
        let list = list.clone();
        let step = step.max(1);
        use_effect_with(
            (Rc::as_ptr(&list) as *const () as usize, now, len),
            move |_| {
                let cancel =
                    (now < len).then(|| in_next_task(move || drawn.set((list, now + step))));
                move || {
                    if let Some(cancel) = cancel {
                        cancel();
                    }
                }
            },
        );
    }
    now
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
/// built, and the browser free to paint and answer input, before them. Drawing a part of a page
/// the first time also compiles the code that draws it (the browser compiles the module's
/// functions on their first call), which made the first answer of post statistics one task of
/// 92–118 ms under a fourfold CPU slowdown.
#[function_component(Later)]
pub fn later(props: &LaterProps) -> Html {
    if use_task_count(props.tasks) < props.tasks {
        return Html::default();
    }
    props.children.clone()
}
