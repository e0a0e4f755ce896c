//! `cargo xtask serve`: the sandbox on 127.0.0.1:8090 and the console at http://127.0.0.1:8080
//! with live rebuilds (`trunk serve`, which proxies `/api/` to the sandbox). Ctrl-C stops both:
//! the terminal signals the whole process group, and the sandbox guard covers any other exit.

use std::path::Path;

use crate::proc::exec;
use crate::sandbox::{self, PREVIEW_PORT};
use crate::setup::Setup;
use crate::Result;

pub fn run(root: &Path) -> Result {
    let setup = Setup::run(root)?;
    let bin_dir = sandbox::build(root)?;
    // Requests without a token act as `demo`, so the preview works before any settings are made.
    let _sandbox = sandbox::start(&bin_dir, PREVIEW_PORT, &["--anonymous-token", "demo"])?;
    println!("\nThe console: http://127.0.0.1:8080/ (Ctrl-C stops it and the sandbox)");
    exec(setup.wasm_command("trunk").arg("serve"), "trunk serve")
}
