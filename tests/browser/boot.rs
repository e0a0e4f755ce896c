//! Browser test of how the console takes over from the shell a page paints with its HTML
//! (`app::replace_when_painted`, what `app::start` does with `#boot-shell`): the shell stays until
//! a frame has shown it, then goes in the same task as the console is mounted.
#![cfg(target_arch = "wasm32")]

use std::cell::Cell;
use std::rc::Rc;

use chanscope::app::{replace_when_painted, App, SHELL_WAIT_MS};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

/// Resolves at the next animation frame.
async fn animation_frame() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let _ = web_sys::window()
            .unwrap()
            .request_animation_frame(resolve.unchecked_ref());
    });
    let _ = JsFuture::from(promise).await;
}

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

fn count(selector: &str) -> u32 {
    document().query_selector_all(selector).unwrap().length()
}

#[wasm_bindgen_test]
async fn the_shell_stays_until_a_frame_has_shown_it_then_the_console_takes_its_place() {
    let body = document().body().unwrap();
    let shell = document().create_element("div").unwrap();
    shell.set_id("boot-shell");
    shell.set_attribute("inert", "").unwrap();
    shell.set_inner_html("<main id=\"main\"><h1>Post search</h1></main>");
    body.append_child(&shell).unwrap();
    let root = document().create_element("div").unwrap();
    body.append_child(&root).unwrap();
    animation_frame().await;

    // What the console's mount sees: whether the shell was still there when it ran.
    let shell_at_mount = Rc::new(Cell::new(None));
    let started = js_sys::Date::now();
    replace_when_painted(shell, {
        let shell_at_mount = Rc::clone(&shell_at_mount);
        let root = root.clone();
        move || {
            shell_at_mount.set(Some(count("#boot-shell")));
            yew::Renderer::<App>::with_root(root).render();
        }
    });
    // Not in the same task: the shell is still what the page shows.
    assert_eq!(count("#boot-shell"), 1);
    assert_eq!(shell_at_mount.get(), None);
    // Nor after one frame, the one that shows it (unless frames are so slow here that the time
    // bound came first).
    animation_frame().await;
    if js_sys::Date::now() - started < f64::from(SHELL_WAIT_MS) - 10.0 {
        assert_eq!(count("#boot-shell"), 1, "replaced after one frame");
        assert_eq!(shell_at_mount.get(), None);
    }

    let mut frames = 1;
    while shell_at_mount.get().is_none() && frames < 10 {
        animation_frame().await;
        frames += 1;
    }
    assert!(frames <= 3, "replaced only after {frames} frames");
    // The shell was removed just before the console was mounted, in one task.
    assert_eq!(shell_at_mount.get(), Some(0));
    animation_frame().await;
    assert_eq!(count("#boot-shell"), 0);
    assert_eq!(count("main#main"), 1);
    let tools = root.query_selector_all("li.tool h2").unwrap().length();
    assert_eq!(tools, 12, "the overview's eight tools and four analyses");
}
