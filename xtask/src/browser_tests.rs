//! Which test targets run in the browser: the `.rs` files directly in `tests/browser/`, each
//! declared as a `[[test]]` of its own in the root `Cargo.toml` (one binary per file, because they
//! share global state such as the stubbed `fetch` and the response cache). Their helpers live in
//! folders below `tests/browser/` and are not targets.

use std::fs;
use std::path::Path;

use crate::Result;

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
    let manifest_path = root.join("Cargo.toml");
    let manifest = fs::read_to_string(&manifest_path)
        .map_err(|e| format!("reading {}: {e}", manifest_path.display()))?;
    match_declared(&files, &declared_tests(&manifest))
}

/// A `[[test]]` target of a manifest.
#[derive(Debug, PartialEq)]
struct TestTarget {
    name: String,
    path: String,
}

/// The `[[test]]` targets of `manifest` that name both `name` and `path`, read line by line: the
/// project's own manifest writes each key on a line of its own as `key = "value"`.
fn declared_tests(manifest: &str) -> Vec<TestTarget> {
    let mut targets = Vec::new();
    let mut current: Option<(Option<String>, Option<String>)> = None;
    let mut finish = |current: &mut Option<(Option<String>, Option<String>)>| {
        if let Some((Some(name), Some(path))) = current.take() {
            targets.push(TestTarget { name, path });
        }
    };
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            finish(&mut current);
            if line == "[[test]]" {
                current = Some((None, None));
            }
            continue;
        }
        let Some((name, path)) = current.as_mut() else {
            continue;
        };
        let Some((key, value)) = line.split_once('=') else {
            continue;
        };
        let value = value.trim().trim_matches('"').to_owned();
        match key.trim() {
            "name" => *name = Some(value),
            "path" => *path = Some(value),
            _ => {}
        }
    }
    finish(&mut current);
    targets
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

    const MANIFEST: &str = r#"
[lib]
path = "src/lib.rs"

[[bin]]
name = "chanscope"
path = "src/main.rs"

[[test]]
name = "embed_client"
path = "tests/browser/embed_client.rs"

[[test]]
path = "tests/browser/browser.rs"
name = "browser"

[features]
name = "not a test"
"#;

    fn files(names: &[&str]) -> Vec<String> {
        names.iter().map(|n| (*n).to_owned()).collect()
    }

    #[test]
    fn reads_the_test_targets_and_nothing_else() {
        assert_eq!(
            declared_tests(MANIFEST),
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
        let declared = declared_tests(MANIFEST);
        assert_eq!(
            match_declared(&files(&["embed_client.rs", "browser.rs"]), &declared),
            Ok(vec!["browser".to_owned(), "embed_client".to_owned()])
        );
    }

    #[test]
    fn an_undeclared_file_fails_and_says_what_to_add() {
        let declared = declared_tests(MANIFEST);
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
            match_declared(&[], &declared_tests(MANIFEST)),
            Err("no browser test files in tests/browser/".to_owned())
        );
    }
}
