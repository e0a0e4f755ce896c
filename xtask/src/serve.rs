//! `cargo xtask serve`: the console at http://127.0.0.1:8080 with live rebuilds (`trunk serve`);
//! Trunk proxies `/api/` to the backend named in Trunk.toml.

use std::path::Path;

use crate::proc::exec;
use crate::setup::Setup;
use crate::Result;

pub fn run(root: &Path) -> Result {
    let setup = Setup::run(root)?;
    println!("\nThe console: http://127.0.0.1:8080/ (Ctrl-C stops it)");
    exec(setup.wasm_command("trunk").arg("serve"), "trunk serve")
}
