//! Which test targets run in the browser: the `.rs` files directly in `tests/browser/`, each
//! declared as a `[[test]]` of its own in the root `Cargo.toml` (one binary per file, because they
//! share global state such as the stubbed `fetch` and the response cache). Their helpers live in
//! folders below `tests/browser/` and are not targets.

use std::fs;
use std::path::Path;

use crate::proc::native_cargo;
use crate::result::Result;

/// Where the browser tests live, relative to the workspace root.
pub const BROWSER_TESTS_DIR: &str = "tests/browser";

/// The names of the browser test targets, sorted. A file in `tests/browser/` that `Cargo.toml`
/// does not declare is an error: cargo would never build it, and its tests would be skipped
/// without a word.
pub fn browser_test_targets(root: &Path) -> Result<Vec<String>> {
    let dir = root.join(BROWSER_TESTS_DIR);
    let entries = fs::read_dir(&dir).map_err(|e| format!("reading {}: {e}", dir.display()))?;
    let mut files = Vec::new();
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_file() && path.extension().and_then(|e| e.to_str()) == Some("rs") {
            if let Some(name) = path.file_name().and_then(|n| n.to_str()) {
                files.push(name.to_owned());
            }
        }
    }
    let metadata = native_cargo(root)
        .args(["metadata", "--no-deps", "--format-version", "1"])
        .output()
        .map_err(|e| format!("running cargo metadata: {e}"))?;
    if !metadata.status.success() {
        return Err(format!(
            "cargo metadata failed: {}",
            String::from_utf8_lossy(&metadata.stderr).trim()
        ));
    }
    let declared = declared_tests(&metadata.stdout)?;
    match_declared(&files, &declared)
}

/// A `[[test]]` target of the workspace: its name, and its file relative to the workspace root.
#[derive(Debug, PartialEq)]
struct TestTarget {
    name: String,
    path: String,
}

/// The test targets in `cargo metadata`'s JSON (`--format-version 1`), with paths made relative
/// to its workspace root; targets outside it are left out.
fn declared_tests(metadata: &[u8]) -> Result<Vec<TestTarget>> {
    let metadata: serde_json::Value =
        serde_json::from_slice(metadata).map_err(|e| format!("reading cargo metadata: {e}"))?;
    let root = Path::new(
        metadata["workspace_root"]
            .as_str()
            .ok_or("cargo metadata names no workspace root")?,
    );
    let packages = metadata["packages"]
        .as_array()
        .ok_or("cargo metadata lists no packages")?;
    let targets = packages
        .iter()
        .filter_map(|package| package["targets"].as_array())
        .flatten()
        .filter(|target| {
            target["kind"]
                .as_array()
                .is_some_and(|kinds| kinds.iter().any(|k| k == "test"))
        })
        .filter_map(|target| {
            let path = Path::new(target["src_path"].as_str()?)
                .strip_prefix(root)
                .ok()?;
            Some(TestTarget {
                name: target["name"].as_str()?.to_owned(),
                path: path.to_str()?.to_owned(),
            })
        })
        .collect();
    Ok(targets)
}

/// The target name declared for each of `files` (names of files in [`BROWSER_TESTS_DIR`]), sorted;
/// an error that lists every file without one.
fn match_declared(files: &[String], declared: &[TestTarget]) -> Result<Vec<String>> {
    if files.is_empty() {
        return Err(format!("no browser test files in {BROWSER_TESTS_DIR}/"));
    }
    let mut names = Vec::new();
    let mut missing = Vec::new();
    for file in files {
        let path = format!("{BROWSER_TESTS_DIR}/{file}");
        match declared.iter().find(|t| t.path == path) {
            Some(target) => names.push(target.name.clone()),
            None => missing.push(path),
        }
    }
    if !missing.is_empty() {
        let stanzas: Vec<String> = missing
            .iter()
            .map(|path| {
                let stem = path
                    .rsplit('/')
                    .next()
                    .unwrap_or(path)
                    .trim_end_matches(".rs");
                format!("[[test]]\nname = \"{stem}\"\npath = \"{path}\"")
            })
            .collect();
        return Err(format!(
            "browser test files without a [[test]] in Cargo.toml, so cargo would never run them: \
             {}. Declare each, e.g.:\n\n{}",
            missing.join(", "),
            stanzas.join("\n\n")
        ));
    }
    names.sort();
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What `cargo metadata` prints, cut to what is read: a library, a binary, two tests (one
    /// with its `src_path` outside the root), a test of another package, and a benchmark.
    const METADATA: &str = r#"{"packages":[
        {"name":"chanscope","targets":[
            {"kind":["lib"],"name":"chanscope","src_path":"/repo/src/lib.rs"},
            {"kind":["bin"],"name":"chanscope","src_path":"/repo/src/main.rs"},
            {"kind":["test"],"name":"embed_client","src_path":"/repo/tests/browser/embed_client.rs"},
            {"kind":["test"],"name":"elsewhere","src_path":"/other/tests/x.rs"}]},
        {"name":"sandbox","targets":[
            {"kind":["test"],"name":"browser","src_path":"/repo/tests/browser/browser.rs"},
            {"kind":["bench"],"name":"speed","src_path":"/repo/benches/speed.rs"}]}],
        "workspace_root":"/repo"}"#;

    fn declared() -> Vec<TestTarget> {
        declared_tests(METADATA.as_bytes()).unwrap()
    }

    fn files(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| (*n).to_owned()).collect()
    }

    #[test]
    fn reads_the_test_targets_and_nothing_else() {
        assert_eq!(
            declared(),
            [
                TestTarget {
                    name: "embed_client".into(),
                    path: "tests/browser/embed_client.rs".into()
                },
                TestTarget {
                    name: "browser".into(),
                    path: "tests/browser/browser.rs".into()
                },
            ]
        );
    }

    #[test]
    fn declared_files_give_their_target_names_sorted() {
        let declared = declared();
        assert_eq!(
            match_declared(&files(&["embed_client.rs", "browser.rs"]), &declared),
            Ok(vec!["browser".to_owned(), "embed_client".to_owned()])
        );
    }

    #[test]
    fn an_undeclared_file_fails_and_says_what_to_add() {
        let declared = declared();
        let error = match_declared(&files(&["browser.rs", "new_page.rs"]), &declared).unwrap_err();
        assert!(
            error.starts_with(
                "browser test files without a [[test]] in Cargo.toml, so cargo would never run \
                 them: tests/browser/new_page.rs."
            ),
            "{error}"
        );
        assert!(
            error.ends_with("[[test]]\nname = \"new_page\"\npath = \"tests/browser/new_page.rs\""),
            "{error}"
        );
    }

    #[test]
    fn every_browser_test_file_of_the_project_is_declared() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
        let names = browser_test_targets(root).unwrap_or_else(|e| panic!("{e}"));
        assert!(names.iter().any(|n| n == "browser"), "{names:?}");
    }

    #[test]
    fn no_files_is_an_error() {
        assert_eq!(
            match_declared(&[], &declared()),
            Err("no browser test files in tests/browser/".to_owned())
        );
    }
}
