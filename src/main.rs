// The console and the widgets share one module. Loading it starts the console only on the
// console's own page; a host page mounts widgets through `chanscope::embed` instead.
#[cfg(target_arch = "wasm32")]
fn main() {
    if chanscope::app::is_console_page() {
        chanscope::app::start();
    }
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("Chanscope runs in the browser: start it with `cargo xtask serve`.");
}
