//! `cargo xtask serve`: the sandbox on 127.0.0.1:8090 and the console at http://127.0.0.1:8080
//! with live rebuilds (`trunk serve`, which proxies `/api/` to the sandbox). Ctrl-C stops both:
//! the terminal signals the whole process group, and the sandbox guard covers any other exit.
//!
//! `--no-sandbox` serves the console alone, for a `Trunk.toml` proxy pointed at another backend.
//!
//! It sets up only what a preview needs (`Setup::preview`): no browser, Redis, nginx or release
//! toolchain, which only `test`, `build` and `bench` use.

use std::path::Path;

use crate::proc::exec;
use crate::result::Result;
use crate::sandbox::{self, PREVIEW_PORT};
use crate::setup::Setup;

pub fn run(root: &Path, args: &[String]) -> Result {
    let with_sandbox = match args {
        [] => true,
        [flag] if flag == "--no-sandbox" => false,
        _ => return Err(format!("serve takes only --no-sandbox; got {args:?}")),
    };
    // The sandbox builds while the tools are set up: on a fresh machine both compile for
    // minutes, and each leaves a core idle at times.
    let (setup, bin_dir) = std::thread::scope(|scope| {
        let sandbox =
            with_sandbox.then(|| scope.spawn(|| sandbox::build(root, &[sandbox::SANDBOX])));
        let setup = Setup::preview(root);
        let bin_dir = sandbox.map(|build| {
            build
                .join()
                .unwrap_or_else(|_| Err("building the sandbox panicked".into()))
        });
        (setup, bin_dir)
    });
    let setup = setup?;
    let _sandbox = if let Some(bin_dir) = bin_dir {
        let bin_dir = bin_dir?;
        // Requests without a token act as `demo`, so the preview works before any settings.
        Some(sandbox::start(
            &bin_dir,
            PREVIEW_PORT,
            &["--anonymous-token", "demo"],
        )?)
    } else {
        None
    };
    println!(
        "\nThe console: http://127.0.0.1:8080/ (Ctrl-C stops it{})\n\
         A host page with embedded widgets: http://127.0.0.1:8080/embed.html",
        if with_sandbox { " and the sandbox" } else { "" }
    );
    exec(setup.wasm_command("trunk").arg("serve"), "trunk serve")
}
