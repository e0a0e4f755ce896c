//! The commands the project's documents show, run as written: every line of the ```sh blocks of
//! README.md and then of each guide directly in `docs/` (by file name), with bash in the
//! repository root, so that what a newcomer copies cannot rot.
//!
//! A command that exits by itself must exit 0 within 300 s. A command that starts a
//! server (`cargo xtask serve`, anything given `--port` or `--listen`, the gateway) runs in a
//! process group of its own, must answer on its port within a bounded time, stays up while the
//! rest of its block runs (the block may talk to it), and is then stopped by signalling that
//! group. A line with a placeholder (`<service host>`) or alternatives (`small|default|large`) is
//! not runnable as written: it fails, named by its file and line (`docs/deploying.md:40`), and is
//! not guessed at. What is not meant to run (a configuration, an nginx or systemd file, a host
//! page's HTML) belongs in a block of its own language (```text, ```nginx, ```html), which is
//! never run.
//!
//! `cargo xtask test` runs this last, on the checkout it has just built; `cargo xtask readme-check`
//! runs it alone after `cargo xtask build`.

mod commands;
mod documents;
mod process;

use std::fs;
use std::time::Instant;

use crate::proc::{self, step};
use crate::result::Result;
use crate::sandbox;
use crate::setup::Setup;
use commands::{classify, extract, Kind};
use documents::documents;
use process::{run_to_end, start_server};

/// Runs the check on a built checkout: the release build in `dist/` (`cargo xtask build`, or the
/// release build of `cargo xtask test`).
pub fn run(setup: &Setup) -> Result {
    let root = setup.root.as_path();
    let _t = step("README's and docs' commands, run as written");
    if !root.join("dist").join("index.html").is_file() {
        return Err("no release build in dist/: run `cargo xtask build` first".into());
    }
    // What `cargo xtask build` adds to the release build (the check skips that command).
    let bin_dir = sandbox::build(root, &[sandbox::SANDBOX, sandbox::GATEWAY])?;
    if !bin_dir.join("gateway").is_file() {
        return Err(format!("no gateway in {}", bin_dir.display()));
    }
    let documents = documents(root)?;
    let logs = root.join("target").join("readme-check");
    fs::create_dir_all(&logs).map_err(|e| format!("{}: {e}", logs.display()))?;
    let mut failures = Vec::new();
    for document in &documents {
        for block in extract(&document.text) {
            // Servers started in this block; dropping them stops their process groups.
            let mut servers = Vec::new();
            for shown in block {
                let at = document.at(shown.line);
                let log = document.log_name(shown.line);
                let started = Instant::now();
                // `trunk serve` as a reader runs it, with the tools and toolchain set up here
                // (nothing is put on the reader's PATH).
                let env = if shown.text.starts_with("trunk ") {
                    setup.trunk_env()
                } else {
                    Vec::new()
                };
                let outcome = match classify(&shown.text) {
                    Kind::Skip(reason) => {
                        println!("    {at} skipped ({reason}): {}", shown.text);
                        continue;
                    }
                    Kind::Unrunnable(reason) => Err(format!("not runnable as written: {reason}")),
                    Kind::Exits => run_to_end(root, &logs, &log, &shown.text, &env),
                    Kind::Server(probes) => {
                        start_server(root, &logs, &log, &shown.text, &probes, &env)
                            .map(|s| servers.push(s))
                    }
                };
                let took = proc::seconds(started.elapsed());
                match outcome {
                    Ok(()) => println!("    {at} ok ({took}): {}", shown.text),
                    Err(why) => {
                        println!("    {at} FAILED ({took}): {}", shown.text);
                        failures.push(format!("{at}: `{}`\n  {why}", shown.text));
                    }
                }
            }
        }
    }
    if failures.is_empty() {
        return Ok(());
    }
    let names: Vec<&str> = documents.iter().map(|d| d.name.as_str()).collect();
    Err(format!(
        "{} of README's and docs' commands do not run as written (checked: {}):\n{}",
        failures.len(),
        names.join(", "),
        failures.join("\n")
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::path::Path;

    /// The check above needs a built checkout and minutes; what it would refuse without running
    /// anything, a placeholder or alternatives in a shown command, is found here in a moment.
    #[test]
    fn every_command_readme_and_docs_show_is_runnable_as_written() {
        let root = Path::new(env!("CARGO_MANIFEST_DIR"))
            .parent()
            .expect("xtask lives in the workspace");
        let found = documents(root).unwrap();
        assert!(
            found.iter().any(|d| d.name.starts_with("docs/")),
            "no guide in docs/"
        );
        let mut refused = Vec::new();
        for document in &found {
            for shown in extract(&document.text).into_iter().flatten() {
                if let Kind::Unrunnable(why) = classify(&shown.text) {
                    refused.push(format!(
                        "{}: `{}`: {why}",
                        document.at(shown.line),
                        shown.text
                    ));
                }
            }
        }
        assert!(refused.is_empty(), "{}", refused.join("\n"));
    }

    #[test]
    fn a_guide_is_read_like_readme_with_its_own_line_numbers() {
        let guide = documents::Document {
            name: "docs/sandbox.md".into(),
            text: "\
# The sandbox

```text
target/release/sandbox --size small|default|large
```

```sh
cargo run -p sandbox --release -- --port 8090 --size small
curl -X POST 'http://127.0.0.1:8090/sandbox/clock?advance=86400'
```
"
            .into(),
        };
        let blocks = extract(&guide.text);
        assert_eq!(blocks.len(), 1, "the text block is shown, not run");
        let at: Vec<String> = blocks[0].iter().map(|s| guide.at(s.line)).collect();
        assert_eq!(at, ["docs/sandbox.md:8", "docs/sandbox.md:9"]);
        assert_eq!(
            classify(&blocks[0][0].text),
            Kind::Server(vec![(8090, "/healthz")])
        );
        assert_eq!(classify(&blocks[0][1].text), Kind::Exits);
        assert_eq!(guide.log_name(8), "docs-sandbox.md-8.log");
    }
}
