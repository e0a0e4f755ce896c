//! The README's commands, run as written: every line of its ```sh blocks, with bash in the
//! repository root, so that what a newcomer copies cannot rot.
//!
//! A command that exits by itself must exit 0 within [`COMMAND_LIMIT`]. A command that starts a
//! server (`cargo xtask serve`, anything given `--port` or `--listen`, the gateway) runs in a
//! process group of its own, must answer on its port within a bounded time, stays up while the
//! rest of its block runs (the block may talk to it), and is then stopped by signalling that
//! group. A line with a placeholder (`<service host>`) or alternatives (`small|default|large`) is
//! not runnable as written: it fails, named by its README line, and is not guessed at.
//!
//! `cargo xtask test` runs this last, on the checkout it has just built; `cargo xtask readme-check`
//! runs it alone after `cargo xtask build`.

use std::fs;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread;
use std::time::{Duration, Instant};

use crate::proc::{self, step};
use crate::sandbox::{self, http_status, PREVIEW_PORT};
use crate::Result;

/// How long a command that exits by itself may run.
const COMMAND_LIMIT: Duration = Duration::from_secs(300);
/// How long a server started through cargo may take to answer: `cargo xtask serve` builds the
/// console (debug) before Trunk listens.
const CARGO_SERVER_LIMIT: Duration = Duration::from_secs(600);
/// How long a server binary started directly may take to answer.
const SERVER_LIMIT: Duration = Duration::from_secs(60);
/// How long a port we have just freed may take to be free again.
const PORT_RELEASE: Duration = Duration::from_secs(10);
/// The port `trunk serve` listens on (`[serve]` in Trunk.toml).
const TRUNK_PORT: u16 = 8080;
/// The gateway's `--listen` default.
const GATEWAY_DEFAULT_PORT: u16 = 8080;

/// One command as README shows it: continuation lines joined, and the line it starts on.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub line: usize,
    pub text: String,
}

/// What running a command means.
#[derive(Debug, PartialEq)]
enum Kind {
    /// Not run, for the reason given.
    Skip(&'static str),
    /// Not runnable as written: the README must change.
    Unrunnable(String),
    /// Starts a server that must answer `GET path` with 200 on each port.
    Server(Vec<(u16, &'static str)>),
    /// Must exit 0 by itself.
    Exits,
}

/// Runs the check on a built checkout: the release build in `dist/` (`cargo xtask build`, or the
/// release build of `cargo xtask test`).
pub fn run(root: &Path) -> Result {
    let _t = step("README commands, run as written");
    if !root.join("dist").join("index.html").is_file() {
        return Err("no release build in dist/: run `cargo xtask build` first".into());
    }
    // What `cargo xtask build` adds to the release build (the check skips that command).
    let bin_dir = sandbox::build(root)?;
    if !bin_dir.join("gateway").is_file() {
        return Err(format!("no gateway in {}", bin_dir.display()));
    }
    let readme = fs::read_to_string(root.join("README.md"))
        .map_err(|e| format!("reading README.md: {e}"))?;
    let logs = root.join("target").join("readme-check");
    fs::create_dir_all(&logs).map_err(|e| format!("{}: {e}", logs.display()))?;
    let mut failures = Vec::new();
    for block in extract(&readme) {
        // Servers started in this block; dropping them stops their process groups.
        let mut servers = Vec::new();
        for shown in block {
            let started = Instant::now();
            let outcome = match classify(&shown.text) {
                Kind::Skip(reason) => {
                    println!(
                        "    README.md:{} skipped ({reason}): {}",
                        shown.line, shown.text
                    );
                    continue;
                }
                Kind::Unrunnable(reason) => Err(format!("not runnable as written: {reason}")),
                Kind::Exits => run_to_end(root, &logs, &shown),
                Kind::Server(probes) => {
                    start_server(root, &logs, &shown, &probes).map(|s| servers.push(s))
                }
            };
            let took = proc::seconds(started.elapsed());
            match outcome {
                Ok(()) => println!("    README.md:{} ok ({took}): {}", shown.line, shown.text),
                Err(why) => {
                    println!(
                        "    README.md:{} FAILED ({took}): {}",
                        shown.line, shown.text
                    );
                    failures.push(format!(
                        "README.md:{}: `{}`\n  {why}",
                        shown.line, shown.text
                    ));
                }
            }
        }
    }
    if failures.is_empty() {
        return Ok(());
    }
    Err(format!(
        "{} README command(s) do not run as written:\n{}",
        failures.len(),
        failures.join("\n")
    ))
}

/// The commands of every ```sh (or bash, shell) block, block by block: comment lines and blank
/// lines left out, lines ending in `\` joined with the next.
pub fn extract(readme: &str) -> Vec<Vec<Shown>> {
    let mut blocks = Vec::new();
    // `Some` inside a shell block; `other` inside a block of another language.
    let mut current: Option<Vec<Shown>> = None;
    let mut other = false;
    let mut pending: Option<Shown> = None;
    for (index, raw) in readme.lines().enumerate() {
        let line = raw.trim();
        if let Some(info) = line.strip_prefix("```") {
            if let Some(mut block) = current.take() {
                block.extend(pending.take());
                blocks.push(block);
            } else if other {
                other = false;
            } else if matches!(info.trim(), "sh" | "bash" | "shell") {
                current = Some(Vec::new());
            } else {
                other = true;
            }
            continue;
        }
        let Some(block) = current.as_mut() else {
            continue;
        };
        let (text, continues) = match line.strip_suffix('\\') {
            Some(head) => (head.trim_end(), true),
            None => (line, false),
        };
        let shown = match pending.take() {
            Some(mut first) => {
                first.text = format!("{} {}", first.text, text).trim().to_owned();
                first
            }
            None if text.is_empty() || text.starts_with('#') => continue,
            None => Shown {
                line: index + 1,
                text: text.to_owned(),
            },
        };
        if continues {
            pending = Some(shown);
        } else {
            block.push(shown);
        }
    }
    blocks.retain(|b| !b.is_empty());
    blocks
}

/// Decides how to run `text`, from its words outside quotes.
fn classify(text: &str) -> Kind {
    if let Some(reason) = not_runnable(text) {
        return Kind::Unrunnable(reason);
    }
    let words = words(text);
    // Leading `NAME=value` words set the environment; the program comes after them.
    let words: Vec<&str> = words
        .iter()
        .map(String::as_str)
        .skip_while(|w| w.split_once('=').is_some_and(|(name, _)| is_variable(name)))
        .collect();
    match words.as_slice() {
        ["cargo", "xtask", "test", ..] => return Kind::Skip("it is what is running"),
        ["cargo", "xtask", "setup", ..] => {
            return Kind::Skip("`cargo xtask test` ran setup before anything else")
        }
        ["cargo", "xtask", "build", ..] => {
            return Kind::Skip(
                "the release build in dist/ is made; this check builds the gateway beside it",
            )
        }
        ["cargo", "xtask", "serve", rest @ ..] => {
            let mut probes = vec![(TRUNK_PORT, "/")];
            if !rest.contains(&"--no-sandbox") {
                probes.insert(0, (PREVIEW_PORT, "/healthz"));
            }
            return Kind::Server(probes);
        }
        _ => {}
    }
    if let Some(port) = flag_value(&words, "--port").and_then(|p| p.parse().ok()) {
        return Kind::Server(vec![(port, "/healthz")]);
    }
    if let Some(port) = flag_value(&words, "--listen")
        .and_then(|a| a.rsplit(':').next())
        .and_then(|p| p.parse().ok())
    {
        return Kind::Server(vec![(port, "/healthz")]);
    }
    let program = words.first().copied().unwrap_or_default();
    let gateway = Path::new(program)
        .file_name()
        .is_some_and(|n| n == "gateway")
        || flag_value(&words, "--bin") == Some("gateway");
    if gateway && !words.contains(&"--help") {
        return Kind::Server(vec![(GATEWAY_DEFAULT_PORT, "/healthz")]);
    }
    Kind::Exits
}

fn is_variable(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
}

/// Why `text` cannot run as written, if it cannot: a placeholder in angle brackets, alternatives
/// written as `a|b` (bash would read a pipe), or an elision.
fn not_runnable(text: &str) -> Option<String> {
    for (start, _) in text.match_indices('<') {
        let Some(len) = text[start..].find('>') else {
            break;
        };
        let inside = &text[start + 1..start + len];
        if !inside.is_empty()
            && inside
                .chars()
                .all(|c| c.is_alphanumeric() || matches!(c, ' ' | '_' | '-' | '.'))
        {
            return Some(format!(
                "`{}` is a placeholder; show a value that works",
                &text[start..=start + len]
            ));
        }
    }
    let chars: Vec<(char, bool)> = unquoted(text);
    for (i, &(c, bare)) in chars.iter().enumerate() {
        let around = |j: Option<usize>| {
            j.and_then(|j| chars.get(j))
                .is_some_and(|&(c, _)| !c.is_whitespace() && c != '|')
        };
        if c == '|' && bare && around(i.checked_sub(1)) && around(Some(i + 1)) {
            let word = words(text)
                .into_iter()
                .find(|w| w.trim_matches('|').contains('|'))
                .unwrap_or_else(|| "|".into());
            return Some(format!(
                "`{word}` offers alternatives (bash reads a pipe); show one value and name the others in prose"
            ));
        }
    }
    if text.contains('…') || text.contains("...") {
        return Some("an elision (`…`) stands for text the reader must supply".into());
    }
    None
}

/// Each character of `text` with whether it stands outside quotes; the quotes that open and
/// close are left out.
fn unquoted(text: &str) -> Vec<(char, bool)> {
    let mut quote = None;
    let mut out = Vec::new();
    for c in text.chars() {
        match (quote, c) {
            (None, '\'' | '"') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            _ => out.push((c, quote.is_none())),
        }
    }
    out
}

/// The shell words of `text` with quotes removed, up to an unquoted `#` comment.
fn words(text: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    for (c, bare) in unquoted(text) {
        if bare && c == '#' && word.is_none() {
            break;
        }
        if bare && c.is_whitespace() {
            words.extend(word.take());
        } else {
            word.get_or_insert_with(String::new).push(c);
        }
    }
    words.extend(word);
    words
}

/// The value after `flag` (`--flag value` or `--flag=value`).
fn flag_value<'a>(words: &[&'a str], flag: &str) -> Option<&'a str> {
    words.iter().enumerate().find_map(|(i, w)| {
        if *w == flag {
            words.get(i + 1).copied()
        } else {
            w.strip_prefix(flag).and_then(|rest| rest.strip_prefix('='))
        }
    })
}

/// `bash -c text` in the repository root, in a process group of its own, output to a log file.
fn spawn(root: &Path, logs: &Path, shown: &Shown) -> Result<(Child, PathBuf)> {
    let log_path = logs.join(format!("line-{}.log", shown.line));
    let log = fs::File::create(&log_path).map_err(|e| format!("{}: {e}", log_path.display()))?;
    let err = log.try_clone().map_err(|e| e.to_string())?;
    let child = Command::new("bash")
        .args(["-c", &shown.text])
        .current_dir(root)
        // As `native_cargo`: nothing a wasm build of the surrounding run may have set.
        .env_remove("CARGO_UNSTABLE_BUILD_STD")
        .env_remove("CARGO_TARGET_DIR")
        // `trunk serve` writes its debug build elsewhere than dist/, which holds the release
        // build the rest of the run (and a deployment) uses.
        .env("TRUNK_BUILD_DIST", logs.join("dist"))
        .stdin(Stdio::null())
        .stdout(Stdio::from(log))
        .stderr(Stdio::from(err))
        .process_group(0)
        .spawn()
        .map_err(|e| format!("starting bash: {e}"))?;
    Ok((child, log_path))
}

/// A command that must exit 0 within [`COMMAND_LIMIT`].
fn run_to_end(root: &Path, logs: &Path, shown: &Shown) -> Result {
    let (child, log) = spawn(root, logs, shown)?;
    let mut group = Group { child };
    let deadline = Instant::now() + COMMAND_LIMIT;
    loop {
        if let Some(status) = group.child.try_wait().map_err(|e| e.to_string())? {
            if status.success() {
                return Ok(());
            }
            return Err(format!("exited with {status}{}", tail(&log)));
        }
        if Instant::now() > deadline {
            return Err(format!(
                "did not exit within {} s; a server needs its port shown with --port or --listen{}",
                COMMAND_LIMIT.as_secs(),
                tail(&log)
            ));
        }
        thread::sleep(Duration::from_millis(100));
    }
}

/// A server: every port free first (the project never talks to a server it did not start), then
/// alive and answering 200 on each probe within the limit.
fn start_server(
    root: &Path,
    logs: &Path,
    shown: &Shown,
    probes: &[(u16, &'static str)],
) -> Result<Group> {
    for &(port, _) in probes {
        wait_free(port)?;
    }
    let (child, log) = spawn(root, logs, shown)?;
    let mut group = Group { child };
    let limit = if shown.text.starts_with("cargo ") {
        CARGO_SERVER_LIMIT
    } else {
        SERVER_LIMIT
    };
    let deadline = Instant::now() + limit;
    let mut waiting: Vec<(u16, &str)> = probes.to_vec();
    loop {
        if let Some(status) = group.child.try_wait().map_err(|e| e.to_string())? {
            return Err(format!(
                "a server was expected; it exited with {status}{}",
                tail(&log)
            ));
        }
        waiting.retain(|&(port, path)| http_status(port, path) != Some(200));
        if waiting.is_empty() {
            return Ok(group);
        }
        if Instant::now() > deadline {
            let list: Vec<String> = waiting
                .iter()
                .map(|(port, path)| format!("http://127.0.0.1:{port}{path}"))
                .collect();
            return Err(format!(
                "did not answer {} with 200 within {} s{}",
                list.join(" and "),
                limit.as_secs(),
                tail(&log)
            ));
        }
        thread::sleep(Duration::from_millis(250));
    }
}

/// Waits briefly for `port` to be free (a server of ours may just have stopped), then refuses.
fn wait_free(port: u16) -> Result {
    let deadline = Instant::now() + PORT_RELEASE;
    loop {
        match std::net::TcpListener::bind(("127.0.0.1", port)) {
            Ok(_) => return Ok(()),
            Err(e) if Instant::now() > deadline => {
                return Err(format!(
                    "port {port} on 127.0.0.1 is taken ({e}); stop whatever listens there first"
                ))
            }
            Err(_) => thread::sleep(Duration::from_millis(200)),
        }
    }
}

/// A command's process group: dropped, it gets SIGTERM, then SIGKILL if still there after 10 s.
struct Group {
    child: Child,
}

impl Drop for Group {
    fn drop(&mut self) {
        let group = format!("-{}", self.child.id());
        let signal = |name: &str| {
            Command::new("kill")
                .args([name, "--", &group])
                .stderr(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        };
        // `kill -0` succeeds while any process of the group is left.
        let deadline = Instant::now() + Duration::from_secs(10);
        if signal("-TERM") {
            while signal("-0") && Instant::now() < deadline {
                thread::sleep(Duration::from_millis(100));
                let _ = self.child.try_wait();
            }
            signal("-KILL");
        }
        let _ = self.child.wait();
    }
}

/// The end of a command's log, to show with a failure.
fn tail(log: &Path) -> String {
    let text = fs::read_to_string(log).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    let last = &lines[lines.len().saturating_sub(15)..];
    if last.is_empty() {
        return String::new();
    }
    format!(
        "; its output ended with ({}):\n      {}",
        log.display(),
        last.join("\n      ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(line: usize, text: &str) -> Shown {
        Shown {
            line,
            text: text.into(),
        }
    }

    #[test]
    fn commands_come_from_sh_blocks_only_with_comments_left_out_and_continuations_joined() {
        let readme = "\
# Title
```sh
# a comment
cargo xtask serve

curl -s \\
  'http://127.0.0.1:8090/healthz'
```
```toml
[[proxy]]
```
   ```bash
   echo indented   # trailing comment kept for bash
   ```
```rust
let x = 1;
```
";
        assert_eq!(
            extract(readme),
            vec![
                vec![
                    shown(4, "cargo xtask serve"),
                    shown(6, "curl -s 'http://127.0.0.1:8090/healthz'"),
                ],
                vec![shown(
                    13,
                    "echo indented   # trailing comment kept for bash"
                )],
            ]
        );
    }

    #[test]
    fn the_running_command_and_what_it_already_did_are_skipped() {
        assert!(matches!(classify("cargo xtask test"), Kind::Skip(_)));
        assert!(matches!(classify("cargo xtask setup"), Kind::Skip(_)));
        assert!(matches!(
            classify("cargo xtask build      # dist/ and target/release/gateway"),
            Kind::Skip(_)
        ));
    }

    #[test]
    fn servers_are_known_by_their_ports() {
        let healthz = |port| Kind::Server(vec![(port, "/healthz")]);
        for (text, expected) in [
            (
                "cargo xtask serve",
                Kind::Server(vec![(8090, "/healthz"), (8080, "/")]),
            ),
            (
                "cargo xtask serve --no-sandbox",
                Kind::Server(vec![(8080, "/")]),
            ),
            (
                "cargo run -p sandbox --release --bin sandbox -- --port 8091 --seed 1",
                healthz(8091),
            ),
            (
                "target/release/gateway --listen 127.0.0.1:8095 --upstream http://x",
                healthz(8095),
            ),
            (
                "target/release/gateway --dist dist --upstream http://127.0.0.1:8090/api",
                healthz(8080),
            ),
            (
                "CHANSCOPE_API_TOKEN=demo target/release/gateway --upstream http://x/api",
                healthz(8080),
            ),
            ("target/release/gateway --help", Kind::Exits),
            ("cargo run -p sandbox --release -- --help", Kind::Exits),
            (
                "curl 'http://127.0.0.1:8090/api/posts/search?q=a|b&limit=2'",
                Kind::Exits,
            ),
            ("seq 3 | wc -l", Kind::Exits),
        ] {
            assert_eq!(classify(text), expected, "{text}");
        }
    }

    #[test]
    fn placeholders_and_alternatives_are_not_runnable() {
        for text in [
            "cargo run -p sandbox --release -- --port 8090 --seed 1 --size small|default|large",
            "target/release/gateway --dist dist --upstream https://<service host>/<base path>",
            "curl 'http://127.0.0.1:8090/api/channels/get?token=<API_TOKEN>'",
            "sort 2>&1 <input.txt --key=<field name>",
            "cargo run -- …",
        ] {
            assert!(
                matches!(classify(text), Kind::Unrunnable(_)),
                "{text}: {:?}",
                classify(text)
            );
        }
        let Kind::Unrunnable(why) = classify("x --size small|default|large") else {
            panic!("alternatives were accepted");
        };
        assert!(why.contains("small|default|large"), "{why}");
        let Kind::Unrunnable(why) = classify("x https://<service host>/") else {
            panic!("a placeholder was accepted");
        };
        assert!(why.contains("<service host>"), "{why}");
    }
}
