//! The console's second bundle: the three analyses (see `app::Bundle`).
#[cfg(target_arch = "wasm32")]
fn main() {
    chanscope::app::start(chanscope::app::Bundle::ANALYSES);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("Chanscope runs in the browser: start it with `cargo xtask serve`.");
}
