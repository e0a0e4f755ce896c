//! The widgets-only bundle: host pages import it through `embed.js` and mount widgets with the
//! functions of `chanscope::embed`. Loading it starts nothing by itself; the console's pages,
//! router and settings are not linked in.

#[cfg(target_arch = "wasm32")]
fn main() {
    // Referenced so that the linker keeps the module's exports.
    let _ = chanscope::embed::configure_embed as fn(String);
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("The widgets bundle runs in the browser: see \"Embedding\" in the README.");
}
