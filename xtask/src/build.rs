//! `cargo xtask build`: the release console in `dist/` with brotli and gzip copies of its files,
//! and the gateway that serves it, ready to deploy.

use std::path::Path;

use crate::proc::{exec, step};
use crate::result::Result;
use crate::setup::Setup;
use crate::{precompress, prerender, sandbox};

/// `trunk build --release`, each page's shell, then the compressed copies the gateway serves:
/// every release build (build, test, bench) is the one that gets deployed or measured.
pub fn run_release_build(setup: &Setup) -> Result {
    {
        let _t = step("trunk build --release (dist/)");
        exec(
            setup.release_command("trunk").args(["build", "--release"]),
            "trunk build --release",
        )?;
    }
    {
        let _t = step("prerender each page's shell (dist/routes/)");
        let rows = prerender::run(setup, &setup.root.join("dist"))?;
        print!("{}", prerender::table(&rows));
    }
    let _t = step("precompress dist/ (brotli 11, gzip 9)");
    let rows = precompress::run(&setup.root.join("dist"))?;
    print!("{}", precompress::table(&rows));
    Ok(())
}

pub fn run(root: &Path) -> Result {
    let setup = Setup::run(root)?;
    run_release_build(&setup)?;
    let bin_dir = sandbox::build(root, &[sandbox::GATEWAY])?;
    println!("\nThe console is in {}", root.join("dist").display());
    println!(
        "Serve it with the gateway, the API token held on the server (README, \"Deploying\"):\n  \
         {} --dist dist --upstream https://<service host>/<base path> --token-file <token file>",
        bin_dir
            .join("gateway")
            .strip_prefix(root)
            .unwrap_or(&bin_dir.join("gateway"))
            .display()
    );
    Ok(())
}
