//! Browser test of how the console takes over from the shell a page paints with its HTML
//! (`app::replace_when_painted`, what `app::start` does with `#boot-shell`): the shell stays until
//! the loader's promise says it has been painted, then goes in the same task as the console is
//! mounted, a task or two later, with the stored settings read; without such a promise it goes at
//! once, and the console reads the settings itself.
#![cfg(target_arch = "wasm32")]

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use chanscope::app::{replace_when_painted, App, AppProps, SHELL_PAINTED};
use chanscope::settings::Settings;
use wasm_bindgen::prelude::*;
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

/// A shell as the page paints it, and a root to mount the console in (mounting on `<body>` would
/// remove the test runner's own page).
fn shell_and_root() -> (web_sys::Element, web_sys::Element) {
    let body = document().body().unwrap();
    let shell = document().create_element("div").unwrap();
    shell.set_id("boot-shell");
    shell.set_attribute("inert", "").unwrap();
    shell.set_inner_html("<main id=\"main\"><h1>Post search</h1></main>");
    body.append_child(&shell).unwrap();
    let root = document().create_element("div").unwrap();
    body.append_child(&root).unwrap();
    (shell, root)
}

/// The console's mount, noting how many shells were on the page when it ran and whether it was
/// given the stored settings.
fn mount(
    root: &web_sys::Element,
    shells_at_mount: &Rc<Cell<Option<u32>>>,
    given_settings: &Rc<Cell<Option<bool>>>,
) -> impl FnOnce(Option<Rc<Settings>>) {
    let root = root.clone();
    let shells_at_mount = Rc::clone(shells_at_mount);
    let given_settings = Rc::clone(given_settings);
    move |settings: Option<Rc<Settings>>| {
        shells_at_mount.set(Some(count("#boot-shell")));
        given_settings.set(Some(settings.is_some()));
        yew::Renderer::<App>::with_root_and_props(root, AppProps { settings }).render();
    }
}

#[wasm_bindgen_test]
async fn the_shell_stays_until_the_loader_says_it_was_painted() {
    // The loader's promise, settled by the test.
    let settle: Rc<RefCell<Option<js_sys::Function>>> = Rc::default();
    let painted = js_sys::Promise::new(&mut |resolve, _| *settle.borrow_mut() = Some(resolve));
    let global = js_sys::global();
    js_sys::Reflect::set(&global, &JsValue::from_str(SHELL_PAINTED), &painted).unwrap();

    let (shell, root) = shell_and_root();
    let shells_at_mount = Rc::new(Cell::new(None));
    let given_settings = Rc::new(Cell::new(None));
    replace_when_painted(shell, mount(&root, &shells_at_mount, &given_settings));
    for _ in 0..5 {
        animation_frame().await;
    }
    assert_eq!(
        count("#boot-shell"),
        1,
        "replaced before the shell was painted"
    );
    assert_eq!(shells_at_mount.get(), None);

    let settle = settle.borrow_mut().take().unwrap();
    settle.call0(&JsValue::NULL).unwrap();
    // Mounted in a later task than the one that settled the promise (the settings are read in a
    // task between), within a few frames.
    assert_eq!(shells_at_mount.get(), None);
    for _ in 0..10 {
        if shells_at_mount.get().is_some() {
            break;
        }
        animation_frame().await;
    }
    // Removed just before the console was mounted, in one task.
    assert_eq!(shells_at_mount.get(), Some(0));
    assert_eq!(given_settings.get(), Some(true));
    animation_frame().await;
    assert_eq!(count("#boot-shell"), 0);
    assert_eq!(count("main#main"), 1);
    let tools = root.query_selector_all("li.tool h2").unwrap().length();
    assert_eq!(tools, 12, "the overview's eight tools and four analyses");

    // Without a loader's promise the shell goes at once.
    let global: js_sys::Object = global.unchecked_into();
    js_sys::Reflect::delete_property(&global, &JsValue::from_str(SHELL_PAINTED)).unwrap();
    root.remove();
    let (shell, root) = shell_and_root();
    let shells_at_mount = Rc::new(Cell::new(None));
    let given_settings = Rc::new(Cell::new(None));
    replace_when_painted(shell, mount(&root, &shells_at_mount, &given_settings));
    assert_eq!(shells_at_mount.get(), Some(0));
    assert_eq!(given_settings.get(), Some(false));
    assert_eq!(count("#boot-shell"), 0);
}
