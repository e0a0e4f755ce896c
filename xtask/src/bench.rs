//! `cargo xtask bench`: figures the issues set targets for, measured on a real build.

use std::fs;
use std::path::Path;
use std::process::Command;

use crate::build::run_release_build;
use crate::proc::{output, step};
use crate::setup::Setup;
use crate::Result;

/// The whole console's wasm and JavaScript, gzipped, must stay under this.
const CONSOLE_GZIP_BUDGET: u64 = 250 * 1024;

pub fn run(root: &Path) -> Result {
    let setup = Setup::run(root)?;
    run_release_build(&setup)?;
    let _t = step("bench: size of the release build");
    let dist = root.join("dist");
    let mut rows = Vec::new();
    for entry in fs::read_dir(&dist).map_err(|e| format!("reading dist/: {e}"))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let ext = path
            .extension()
            .and_then(|e| e.to_str())
            .unwrap_or("")
            .to_owned();
        if matches!(ext.as_str(), "wasm" | "js" | "css" | "html") {
            let raw = fs::metadata(&path).map_err(|e| e.to_string())?.len();
            let gz = gzip_size(&path)?;
            rows.push((path, ext, raw, gz));
        }
    }
    rows.sort_by_key(|r| std::cmp::Reverse(r.2));
    println!("    {:<48} {:>10} {:>10}", "file", "raw B", "gzip B");
    for (path, _, raw, gz) in &rows {
        let name = path.file_name().unwrap_or_default().to_string_lossy();
        println!("    {name:<48} {raw:>10} {gz:>10}");
    }
    let code: u64 = rows
        .iter()
        .filter(|r| r.1 == "wasm" || r.1 == "js")
        .map(|r| r.3)
        .sum();
    println!(
        "    wasm + JS gzip: {code} B ({:.1} KiB); budget {} KiB: {}",
        code as f64 / 1024.0,
        CONSOLE_GZIP_BUDGET / 1024,
        if code <= CONSOLE_GZIP_BUDGET {
            "within"
        } else {
            "OVER"
        }
    );
    Ok(())
}

fn gzip_size(path: &Path) -> Result<u64> {
    let out = output(
        Command::new("sh")
            .arg("-c")
            .arg(format!("gzip -9 -c '{}' | wc -c", path.display())),
    )
    .ok_or("gzip failed")?;
    out.trim()
        .parse()
        .map_err(|e| format!("gzip size of {}: {e}", path.display()))
}
