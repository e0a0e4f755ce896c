//! What the browser bench serves: the release build as the gateway serves it, with the plain-DOM
//! reference pages and the decode module beside it.

use std::fs;
use std::path::{Path, PathBuf};

use super::project_dir;
use crate::proc::{exec, step};
use crate::result::Result;
use crate::setup::{Setup, WASM_TARGET};

/// The bench-only module that decodes answers with the console's code (src/bin/decode-bench.rs).
const DECODE_BIN: &str = "decode-bench";

/// `target/bench/site`: the release build as the gateway serves it, and under `bench/` the
/// plain-DOM reference pages and the decode module, which are never shipped in dist/.
pub(super) fn site(setup: &Setup, out: &Path) -> Result<PathBuf> {
    let site = out.join("site");
    if site.exists() {
        fs::remove_dir_all(&site).map_err(|e| format!("{}: {e}", site.display()))?;
    }
    copy_dir(&setup.root.join("dist"), &site)?;
    let bench = site.join("bench");
    copy_dir(&project_dir(&setup.root).join("site"), &bench)?;
    build_decode_module(setup, &bench)?;
    Ok(site)
}

fn copy_dir(from: &Path, to: &Path) -> Result {
    fs::create_dir_all(to).map_err(|e| format!("{}: {e}", to.display()))?;
    for entry in fs::read_dir(from).map_err(|e| format!("{}: {e}", from.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let target = to.join(path.file_name().unwrap_or_default());
        if path.is_dir() {
            copy_dir(&path, &target)?;
        } else {
            fs::copy(&path, &target).map_err(|e| format!("{}: {e}", path.display()))?;
        }
    }
    Ok(())
}

/// The decode module, built as the console is (release profile, wasm-bindgen for the web,
/// wasm-opt with the level and passes `index.html` gives Trunk for the console), into `dir`.
fn build_decode_module(setup: &Setup, dir: &Path) -> Result {
    let _t = step("bench: the decode module (release wasm, wasm-bindgen, wasm-opt)");
    exec(
        setup.release_command("cargo").args([
            "build",
            "--quiet",
            "--release",
            "--no-default-features",
            "--target",
            WASM_TARGET,
            "--bin",
            DECODE_BIN,
        ]),
        "building the decode module",
    )?;
    let wasm = setup
        .release_target_dir()
        .join(WASM_TARGET)
        .join("release")
        .join(format!("{DECODE_BIN}.wasm"));
    exec(
        setup
            .wasm_command("wasm-bindgen")
            .args([
                "--target",
                "web",
                "--no-typescript",
                "--out-name",
                DECODE_BIN,
            ])
            .arg("--out-dir")
            .arg(dir)
            .arg(&wasm),
        "wasm-bindgen of the decode module",
    )?;
    let bindgen_output = dir.join(format!("{DECODE_BIN}_bg.wasm"));
    let index_path = setup.root.join("index.html");
    let index = fs::read_to_string(&index_path)
        .map_err(|e| format!("reading {}: {e}", index_path.display()))?;
    exec(
        setup
            .wasm_command("wasm-opt")
            .arg(format!("--output={}", bindgen_output.display()))
            .args(console_wasm_opt_args(&index)?)
            .arg(&bindgen_output),
        "wasm-opt of the decode module",
    )
}

/// The arguments Trunk gives wasm-opt for the console, as `index.html` asks for them: `-O` with
/// the link's `data-wasm-opt` level, then its `data-wasm-opt-params`.
fn console_wasm_opt_args(index: &str) -> Result<Vec<String>> {
    let link = index
        .lines()
        .find(|line| line.contains(r#"rel="rust""#) && line.contains(r#"data-bin="chanscope""#))
        .ok_or("index.html has no rust link for the console")?;
    let attribute = |name: &str| {
        let start = link.find(&format!(r#"{name}=""#))? + name.len() + 2;
        let end = start + link[start..].find('"')?;
        Some(&link[start..end])
    };
    let level = attribute("data-wasm-opt").ok_or("the console's link has no data-wasm-opt")?;
    let mut args = vec![format!("-O{level}")];
    args.extend(
        attribute("data-wasm-opt-params")
            .unwrap_or_default()
            .split_whitespace()
            .map(str::to_owned),
    );
    Ok(args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_decode_module_is_optimised_as_index_html_asks_for_the_console() {
        let index = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../index.html"))
            .unwrap();
        assert_eq!(
            console_wasm_opt_args(&index).unwrap(),
            ["-Oz", "--flatten", "--rereloop", "-Oz", "-Oz"]
        );
        let plain = r#"<link data-trunk rel="rust" data-bin="chanscope" data-wasm-opt="s" />"#;
        assert_eq!(console_wasm_opt_args(plain).unwrap(), ["-Os"]);
        assert!(console_wasm_opt_args("<html></html>").is_err());
    }
}
