//! The console's overview and eight tools; the analyses and the watchlist are bundles of their
//! own (`src/bin/analyses.rs`, `src/bin/watchlist.rs`, see `app::Bundle`). Host pages load the
//! widgets-only bundle (`src/bin/widgets.rs`) instead.
#[cfg(target_arch = "wasm32")]
fn main() {
    chanscope::app::start(chanscope::app::Bundle::TOOLS);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("Chanscope runs in the browser: start it with `cargo xtask serve`.");
}
