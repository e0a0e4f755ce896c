//! Which documents show commands: README.md, the front door, then every guide directly in `docs/`
//! by file name, so that a run goes through them, and reports them, in the same order each time.

use std::fs;
use std::io::ErrorKind;
use std::path::Path;

use crate::result::Result;

pub const README: &str = "README.md";
pub const DOCS_DIR: &str = "docs";

/// A markdown file whose shell blocks are run, named by its path from the repository root.
#[derive(Debug)]
pub struct Document {
    pub name: String,
    pub text: String,
}

impl Document {
    /// Where a command stands, as a report names it: `README.md:12`, `docs/sandbox.md:40`.
    pub fn at(&self, line: usize) -> String {
        format!("{}:{line}", self.name)
    }

    /// The log file of the command on `line`, one flat folder for every document:
    /// `README.md-12.log`, `docs-sandbox.md-40.log`.
    pub fn log_name(&self, line: usize) -> String {
        format!("{}-{line}.log", self.name.replace('/', "-"))
    }
}

/// README.md, then the guides in `docs/`, each read whole.
pub fn documents(root: &Path) -> Result<Vec<Document>> {
    let mut names = vec![README.to_owned()];
    names.extend(guides(root)?);
    names
        .into_iter()
        .map(|name| {
            let text =
                fs::read_to_string(root.join(&name)).map_err(|e| format!("reading {name}: {e}"))?;
            Ok(Document { name, text })
        })
        .collect()
}

/// `docs/<file>.md` for each markdown file directly in `docs/`, sorted by name; none without a
/// `docs/` folder. Folders below it are not guides of their own (images, drafts).
fn guides(root: &Path) -> Result<Vec<String>> {
    let dir = root.join(DOCS_DIR);
    let entries = match fs::read_dir(&dir) {
        Ok(entries) => entries,
        Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(format!("reading {}: {e}", dir.display())),
    };
    let mut names = Vec::new();
    for entry in entries {
        let path = entry
            .map_err(|e| format!("reading {}: {e}", dir.display()))?
            .path();
        if !path.is_file() || path.extension().is_none_or(|e| e != "md") {
            continue;
        }
        let file = path
            .file_name()
            .and_then(|n| n.to_str())
            .ok_or_else(|| format!("{}: not a UTF-8 file name", path.display()))?;
        names.push(format!("{DOCS_DIR}/{file}"));
    }
    names.sort();
    Ok(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A folder of its own under the system's temporary one, removed when dropped.
    struct Scratch(std::path::PathBuf);

    impl Scratch {
        fn new(name: &str) -> Scratch {
            let dir = std::env::temp_dir().join(format!("xtask-{name}-{}", std::process::id()));
            let _ = fs::remove_dir_all(&dir);
            fs::create_dir_all(&dir).unwrap();
            Scratch(dir)
        }

        fn write(&self, path: &str, text: &str) {
            let path = self.0.join(path);
            fs::create_dir_all(path.parent().unwrap()).unwrap();
            fs::write(path, text).unwrap();
        }
    }

    impl Drop for Scratch {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn readme_comes_first_then_the_guides_directly_in_docs_by_name() {
        let root = Scratch::new("documents-order");
        root.write("README.md", "front door");
        root.write("docs/sandbox.md", "the double");
        root.write("docs/deploying.md", "the gateway");
        root.write("docs/architecture.md", "the map");
        root.write("docs/console.png", "not text");
        root.write("docs/notes.txt", "not a guide");
        root.write("docs/drafts/later.md", "not yet a guide");
        let found = documents(&root.0).unwrap();
        let names: Vec<&str> = found.iter().map(|d| d.name.as_str()).collect();
        assert_eq!(
            names,
            [
                "README.md",
                "docs/architecture.md",
                "docs/deploying.md",
                "docs/sandbox.md"
            ]
        );
        assert_eq!(found[2].text, "the gateway");
    }

    #[test]
    fn without_docs_only_readme_is_read_and_without_readme_the_run_stops() {
        let root = Scratch::new("documents-readme-only");
        root.write("README.md", "front door");
        let found = documents(&root.0).unwrap();
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].name, "README.md");

        let empty = Scratch::new("documents-none");
        let why = documents(&empty.0).unwrap_err();
        assert!(why.starts_with("reading README.md:"), "{why}");
    }

    #[test]
    fn a_command_is_named_by_its_document_and_line_and_so_is_its_log() {
        let readme = Document {
            name: "README.md".into(),
            text: String::new(),
        };
        let guide = Document {
            name: "docs/deploying.md".into(),
            text: String::new(),
        };
        assert_eq!(readme.at(12), "README.md:12");
        assert_eq!(guide.at(40), "docs/deploying.md:40");
        assert_eq!(readme.log_name(12), "README.md-12.log");
        assert_eq!(guide.log_name(40), "docs-deploying.md-40.log");
    }
}
