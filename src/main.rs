//! The console: every page in one running app (see `app`). Host pages load the widgets-only
//! bundle (`src/bin/widgets.rs`) instead.
#[cfg(target_arch = "wasm32")]
fn main() {
    chanscope::app::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("Chanscope runs in the browser: start it with `cargo xtask serve`.");
}
