//! `cargo xtask build`: the release console in `dist/`, ready to deploy.

use std::path::Path;

use crate::proc::{exec, step};
use crate::setup::Setup;
use crate::Result;

pub fn run_release_build(setup: &Setup) -> Result {
    let _t = step("trunk build --release (dist/)");
    exec(
        setup.wasm_command("trunk").args(["build", "--release"]),
        "trunk build --release",
    )
}

pub fn run(root: &Path) -> Result {
    let setup = Setup::run(root)?;
    run_release_build(&setup)?;
    println!("\nThe console is in {}", root.join("dist").display());
    Ok(())
}
