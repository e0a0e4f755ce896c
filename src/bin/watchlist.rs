//! The console's third bundle: the watchlist's page (see `app::Bundle`).
#[cfg(target_arch = "wasm32")]
fn main() {
    chanscope::app::start(chanscope::app::Bundle::WATCHLIST);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("Chanscope runs in the browser: start it with `cargo xtask serve`.");
}
