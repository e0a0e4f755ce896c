//! `cargo xtask serve`: the sandbox on 127.0.0.1:8090 and the console at http://127.0.0.1:8080
//! with live rebuilds (`trunk serve`, which proxies `/api/` to the sandbox). Ctrl-C stops both:
//! the terminal signals the whole process group, and the sandbox guard covers any other exit.
//!
//! `--no-sandbox` serves the console alone, for a `Trunk.toml` proxy pointed at another backend.

use std::path::Path;

use crate::proc::exec;
use crate::sandbox::{self, PREVIEW_PORT};
use crate::setup::Setup;
use crate::Result;

pub fn run(root: &Path, args: &[String]) -> Result {
    let with_sandbox = match args {
        [] => true,
        [flag] if flag == "--no-sandbox" => false,
        _ => return Err(format!("serve takes only --no-sandbox; got {args:?}")),
    };
    let setup = Setup::run(root)?;
    let _sandbox = if with_sandbox {
        let bin_dir = sandbox::build(root, &[sandbox::SANDBOX])?;
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

#[cfg(test)]
mod tests {
    use std::fs;
    use std::path::{Path, PathBuf};
    use std::process::Command;

    const PRELOADS: &str = "<link rel=\"modulepreload\" href=\"/chanscope-1.js\" \
        crossorigin=\"anonymous\"><link rel=\"preload\" href=\"/chanscope-1_bg.wasm\" as=\"fetch\" \
        type=\"application/wasm\" crossorigin=\"anonymous\">";
    const BOOT: &str = "<script type=\"module\" src=\"/boot.js\" data-chanscope-boot \
        data-js=\"/chanscope-1.js\" data-wasm=\"/chanscope-1_bg.wasm\"></script>";

    /// `static/preview-preloads.sh` run on an `index.html` of `head` in a build of `profile`:
    /// whether it succeeded, and the page it left.
    fn run_hook(profile: &str, head: &str) -> (bool, String) {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let staging: PathBuf = std::env::temp_dir().join(format!(
            "xtask-preview-{profile}-{}-{}",
            head.len(),
            std::process::id()
        ));
        fs::create_dir_all(&staging).unwrap();
        let page = format!("<html><head><title>Chanscope</title>{head}</head><body></body></html>");
        fs::write(staging.join("index.html"), page).unwrap();
        let ok = Command::new("sh")
            .arg(root.join("static/preview-preloads.sh"))
            .env("TRUNK_PROFILE", profile)
            .env("TRUNK_STAGING_DIR", &staging)
            .status()
            .unwrap()
            .success();
        let left = fs::read_to_string(staging.join("index.html")).unwrap();
        fs::remove_dir_all(&staging).unwrap();
        (ok, left)
    }

    #[test]
    fn the_preview_page_loses_only_the_preloads() {
        let (ok, page) = run_hook("debug", &format!("{PRELOADS}{BOOT}"));
        assert!(ok);
        assert_eq!(
            page,
            format!("<html><head><title>Chanscope</title>{BOOT}</head><body></body></html>")
        );
    }

    #[test]
    fn release_pages_keep_their_preloads() {
        let head = format!("{PRELOADS}{BOOT}");
        let (ok, page) = run_hook("release", &head);
        assert!(ok);
        assert!(page.contains(&head));
    }

    #[test]
    fn a_preview_page_without_trunks_preloads_fails_the_build() {
        let (ok, _) = run_hook("debug", BOOT);
        assert!(!ok);
        // The module's preload without the wasm's is not Trunk's pattern: nothing is removed.
        let module_only = PRELOADS.split_inclusive('>').next().unwrap();
        let (ok, page) = run_hook("debug", &format!("{module_only}{BOOT}"));
        assert!(!ok);
        assert!(page.contains(module_only));
    }
}
