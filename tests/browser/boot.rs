//! Browser test of how the console takes over from the shell a page paints with its HTML (what
//! `app::start` does with `#boot-shell`): the console is mounted only once the loader's promise
//! says the shell has been painted, a task or two later, with the stored settings read; it draws
//! its parts a task each, hidden, and shows in the task that removes the shell, so no frame shows
//! both or neither. Without such a promise it is mounted at once and reads the settings itself.
#![cfg(target_arch = "wasm32")]

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use chanscope::app::{mount_when_painted, App, AppProps, ROOT_ID, SHELL_PAINTED};
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

/// A shell as the page paints it, and a hidden root to mount the console in, as `app::start`
/// makes them.
fn shell_and_root() -> web_sys::Element {
    let body = document().body().unwrap();
    let shell = document().create_element("div").unwrap();
    shell.set_id("boot-shell");
    shell.set_attribute("inert", "").unwrap();
    shell.set_inner_html("<main><h1>Post search</h1></main>");
    body.append_child(&shell).unwrap();
    let root = document().create_element("div").unwrap();
    root.set_id(ROOT_ID);
    root.set_attribute("hidden", "").unwrap();
    body.append_child(&root).unwrap();
    root
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

/// Whether the console shows: the element it is mounted in is not hidden, and holds the console
/// marked ready with its page.
fn console_shows() -> bool {
    count(&format!(
        "#{ROOT_ID}:not([hidden]) > .app[data-app-ready] main#main > *"
    )) == 1
}

/// Frame by frame until the shell is gone: before every frame, exactly one of the shell and the
/// console shows. Returns the frames it took. (The console's five parts took 9-10 frames of a
/// debug build here, and 15-19 with four busy loops beside the browser: up to 120 frames, two
/// seconds, leaves room for a busy machine.)
async fn shell_gives_way_to_console() -> u32 {
    for frame in 0..120 {
        let shell = count("#boot-shell") == 1;
        assert_ne!(
            shell,
            console_shows(),
            "frame {frame}: the shell and the console both show, or neither"
        );
        if !shell {
            return frame;
        }
        animation_frame().await;
    }
    panic!("the shell was still there after 120 frames");
}

#[wasm_bindgen_test]
async fn the_shell_stays_until_the_loader_says_it_was_painted_and_the_page_is_drawn() {
    // The loader's promise, settled by the test.
    let settle: Rc<RefCell<Option<js_sys::Function>>> = Rc::default();
    let painted = js_sys::Promise::new(&mut |resolve, _| *settle.borrow_mut() = Some(resolve));
    let global = js_sys::global();
    js_sys::Reflect::set(&global, &JsValue::from_str(SHELL_PAINTED), &painted).unwrap();

    let root = shell_and_root();
    let shells_at_mount = Rc::new(Cell::new(None));
    let given_settings = Rc::new(Cell::new(None));
    mount_when_painted(mount(&root, &shells_at_mount, &given_settings));
    for _ in 0..5 {
        animation_frame().await;
    }
    assert_eq!(count("#boot-shell"), 1, "removed before it was painted");
    assert_eq!(
        shells_at_mount.get(),
        None,
        "mounted before the shell was painted"
    );

    let settle = settle.borrow_mut().take().unwrap();
    settle.call0(&JsValue::NULL).unwrap();
    // Mounted in a later task than the one that settled the promise (the settings are read in a
    // task between), within a few frames, with the shell still there.
    assert_eq!(shells_at_mount.get(), None);
    for _ in 0..10 {
        if shells_at_mount.get().is_some() {
            break;
        }
        animation_frame().await;
    }
    assert_eq!(shells_at_mount.get(), Some(1));
    assert_eq!(given_settings.get(), Some(true));
    // The console's parts are drawn a task each, hidden; then the shell goes.
    shell_gives_way_to_console().await;
    let tools = root.query_selector_all("li.tool h4").unwrap().length();
    assert_eq!(tools, 13, "the overview's eight tools and five analyses");
    assert_eq!(count("header.app-header"), 1);

    // Without a loader's promise the console is mounted at once, and reads the settings itself.
    let global: js_sys::Object = global.unchecked_into();
    js_sys::Reflect::delete_property(&global, &JsValue::from_str(SHELL_PAINTED)).unwrap();
    root.remove();
    let root = shell_and_root();
    let shells_at_mount = Rc::new(Cell::new(None));
    let given_settings = Rc::new(Cell::new(None));
    mount_when_painted(mount(&root, &shells_at_mount, &given_settings));
    assert_eq!(shells_at_mount.get(), Some(1));
    assert_eq!(given_settings.get(), Some(false));
    let frames = shell_gives_way_to_console().await;
    assert!(
        frames >= 1,
        "the console showed in the task it was mounted in"
    );
    assert_eq!(root.query_selector_all("li.tool h4").unwrap().length(), 13);
}
