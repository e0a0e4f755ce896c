//! `cargo xtask check`: clippy over the console, the API crate and the figures for wasm32, the code that a
//! plain `cargo check` skips (most of `src/` compiles for wasm32 only). It is the command an
//! editor's rust-analyzer runs on save (`.vscode/settings.json`, docs/developing.md), so it
//! sets up only the wasm32 toolchain a preview needs, and passes its arguments on to cargo
//! (rust-analyzer adds `--message-format=json`).

use std::path::Path;

use crate::proc::exec;
use crate::result::Result;
use crate::setup::{Setup, WASM_TARGET};

pub fn run(root: &Path, args: &[String]) -> Result {
    let setup = Setup::preview(root)?;
    exec(
        setup
            .wasm_command("cargo")
            .current_dir(root)
            .args(["clippy", "--target", WASM_TARGET])
            .args(["--package", "chanscope", "--package", "chanscope-api"])
            .args(["--package", "chanscope-figures"])
            .args(["--lib", "--bins"])
            .args(args),
        "cargo clippy (wasm32)",
    )
}
