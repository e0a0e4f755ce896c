//! What a document (README.md or a guide in docs/) shows and what running it means: the commands
//! of its shell blocks, and for each whether it is skipped, not runnable as written, a server (and
//! on which ports) or a command that exits by itself. Pure text work, tested natively.

use std::path::Path;

use crate::sandbox::PREVIEW_PORT;

/// The port `trunk serve` listens on (`[serve]` in Trunk.toml).
const TRUNK_PORT: u16 = 8080;
/// The gateway's `--listen` default.
const GATEWAY_DEFAULT_PORT: u16 = 8080;

/// One command as a document shows it: continuation lines joined, and the line it starts on.
#[derive(Clone, Debug, PartialEq)]
pub struct Shown {
    pub line: usize,
    pub text: String,
}

/// What running a command means.
#[derive(Debug, PartialEq)]
pub enum Kind {
    /// Not run, for the reason given.
    Skip(&'static str),
    /// Not runnable as written: the document must change.
    Unrunnable(String),
    /// Starts a server that must answer `GET path` with 200 on each port.
    Server(Vec<(u16, &'static str)>),
    /// Must exit 0 by itself.
    Exits,
}

/// The commands of every ```sh (or bash, shell) block, block by block: comment lines and blank
/// lines left out, lines ending in `\` joined with the next.
pub fn extract(document: &str) -> Vec<Vec<Shown>> {
    let mut blocks = Vec::new();
    // `Some` inside a shell block; `other` inside a block of another language.
    let mut current: Option<Vec<Shown>> = None;
    let mut other = false;
    let mut pending: Option<Shown> = None;
    for (index, raw) in document.lines().enumerate() {
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
pub fn classify(text: &str) -> Kind {
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
        // Trunk.toml's address; the sandbox it proxies to is a command of its own.
        ["trunk", "serve", ..] => return Kind::Server(vec![(TRUNK_PORT, "/")]),
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
            ("trunk serve", Kind::Server(vec![(8080, "/")])),
            (
                "cargo run -p sandbox --release -- --port 8090 --anonymous-token demo",
                Kind::Server(vec![(8090, "/healthz")]),
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
