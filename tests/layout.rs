//! The rules of the source tree that keep it readable in one hop: no Rust file over 500 lines,
//! widgets built from components and view logic (never from pages), and view logic and the
//! figures free of the browser so that they compile and are tested natively.

use std::fs;
use std::path::{Path, PathBuf};

/// The longest a Rust file of the project may be.
const MAX_LINES: usize = 500;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, skipping build output and installed packages.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let Ok(entries) = fs::read_dir(dir) else {
        return found;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if path.is_dir() {
            if !matches!(name.as_ref(), "target" | "dist" | "node_modules" | ".git") {
                found.extend(rust_files(&path));
            }
        } else if name.ends_with(".rs") {
            found.push(path);
        }
    }
    found
}

fn read(path: &Path) -> String {
    fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn no_rust_file_is_over_500_lines() {
    let files = rust_files(&root());
    assert!(files.len() > 100, "found only {} files", files.len());
    let long: Vec<String> = files
        .iter()
        .filter_map(|path| {
            let lines = read(path).lines().count();
            (lines > MAX_LINES).then(|| format!("{} ({lines} lines)", path.display()))
        })
        .collect();
    assert!(long.is_empty(), "split these by job: {long:#?}");
}

#[test]
fn widgets_import_nothing_from_pages() {
    let files = rust_files(&root().join("src/embed"));
    assert!(!files.is_empty());
    for path in files {
        let text = read(&path);
        // The features with a folder of their own hold pages too.
        let page_of = [
            "pages::",
            "crate::app::",
            "channel_report::",
            "campaigns::CampaignsPage",
        ];
        assert!(
            !page_of.iter().any(|page| text.contains(page)),
            "{} uses a page or the console's shell; share it through components or view",
            path.display()
        );
    }
}

#[test]
fn view_logic_and_figures_need_no_browser() {
    let view = rust_files(&root().join("src/view"));
    let figures = rust_files(&root().join("figures/src"));
    assert!(view.len() >= 8 && figures.len() >= 20);
    for path in view.into_iter().chain(figures) {
        let text = read(&path);
        for browser_only in [
            "yew",
            "web_sys",
            "wasm_bindgen",
            "js_sys",
            "crate::ui",
            "Html",
        ] {
            assert!(
                !text.contains(browser_only),
                "{} mentions {browser_only}: view logic and figures must compile and be tested natively",
                path.display()
            );
        }
    }
}
