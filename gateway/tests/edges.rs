//! Requests at the edges of what HTTP allows: `Host` headers that are missing, repeated or no
//! host at all, a repeated `/embed` option, and characters in a path that would rewrite a log
//! line (NEL, right-to-left override) in the text and JSON logs.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Stdio;

use axum::http::StatusCode;
use procgroup::SIGTERM;

use common::*;

/// `request` sent as it is on a connection of its own; the whole answer, once the gateway
/// closes the connection (each request says `Connection: close`).
fn raw(address: &str, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(address.trim_start_matches("http://")).unwrap();
    stream.write_all(request).unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).unwrap();
    String::from_utf8_lossy(&answer).into_owned()
}

fn status_line(answer: &str) -> &str {
    answer.lines().next().unwrap_or_default()
}

#[tokio::test(flavor = "multi_thread")]
async fn a_missing_repeated_or_malformed_host_gets_400() {
    let rig = Rig::start(healthy(), |_| {}).await;
    let origin = rig.origin.clone();
    let call = rig.channel_info();
    tokio::task::spawn_blocking(move || {
        let request = |version: &str, hosts: &[&str]| {
            let mut text = format!("GET {call} {version}\r\n");
            for host in hosts {
                text.push_str(&format!("Host: {host}\r\n"));
            }
            text.push_str("Connection: close\r\n\r\n");
            raw(&origin, text.as_bytes())
        };
        for (version, hosts, refusal) in [
            (
                "HTTP/1.1",
                &[][..],
                "an HTTP/1.1 request needs a Host header",
            ),
            (
                "HTTP/1.1",
                &["a.example", "b.example"],
                "a request carries one Host header, not more",
            ),
            (
                "HTTP/1.1",
                &["a.example", "a.example"],
                "a request carries one Host header, not more",
            ),
            (
                "HTTP/1.0",
                &["a.example", "b.example"],
                "a request carries one Host header, not more",
            ),
            ("HTTP/1.1", &["a b"], "the Host header must be host[:port]"),
            (
                "HTTP/1.1",
                &["user@evil"],
                "the Host header must be host[:port]",
            ),
            (
                "HTTP/1.1",
                &["evil.example/x"],
                "the Host header must be host[:port]",
            ),
            (
                "HTTP/1.0",
                &["user@evil"],
                "the Host header must be host[:port]",
            ),
        ] {
            let answer = request(version, hosts);
            assert!(
                status_line(&answer).ends_with(" 400 Bad Request"),
                "{version} {hosts:?}: {answer}"
            );
            assert!(
                answer.ends_with(&format!("\r\n\r\n{refusal}\n")),
                "{answer}"
            );
        }
        for (version, hosts) in [
            ("HTTP/1.1", &["stats.example.org"][..]),
            ("HTTP/1.1", &["127.0.0.1:8080"]),
            ("HTTP/1.1", &["[::1]:8080"]),
            ("HTTP/1.0", &[]),
        ] {
            let answer = request(version, hosts);
            assert!(
                status_line(&answer).ends_with(" 200 OK"),
                "{version} {hosts:?}: {answer}"
            );
        }
    })
    .await
    .unwrap();
    // Only the four that passed reached the upstream (the same call: the first one did).
    assert_eq!(rig.upstream_calls(), 1);
}

#[tokio::test]
async fn a_repeated_embed_option_gets_400_naming_it() {
    let rig = Rig::start(healthy(), |_| {}).await;
    let answer = rig.get("/embed/channel-card?channel=@a&channel=@b").await;
    assert_eq!(answer.status, StatusCode::BAD_REQUEST);
    assert_eq!(
        answer.body,
        "\"channel\" is repeated; give each option of chanscope-channel-card once\n"
    );
    let answer = rig.get("/embed/channel-card?channel=@a&theme=dark").await;
    assert_eq!(answer.status, StatusCode::OK);
    assert_eq!(answer.body.matches(" channel=\"@a\"").count(), 1);
}

/// Every character a log must not hold as it is, and how each is written there.
const UNSAFE: [(char, &str); 16] = [
    ('\u{0085}', "%C2%85"),
    ('\u{0080}', "%C2%80"),
    ('\u{009B}', "%C2%9B"),
    ('\u{009F}', "%C2%9F"),
    ('\u{202A}', "%E2%80%AA"),
    ('\u{202B}', "%E2%80%AB"),
    ('\u{202C}', "%E2%80%AC"),
    ('\u{202D}', "%E2%80%AD"),
    ('\u{202E}', "%E2%80%AE"),
    ('\u{2066}', "%E2%81%A6"),
    ('\u{2067}', "%E2%81%A7"),
    ('\u{2068}', "%E2%81%A8"),
    ('\u{2069}', "%E2%81%A9"),
    ('\u{200E}', "%E2%80%8E"),
    ('\u{200F}', "%E2%80%8F"),
    ('\u{061C}', "%D8%9C"),
];

/// The gateway binary's log, in `format`, after one request whose path and query hold every
/// character of [`UNSAFE`].
async fn log_of_a_hostile_path(format: &str) -> (String, String, String) {
    let files = dist();
    let log_path = files.join("gateway.log");
    let log = std::fs::File::create(&log_path).unwrap();
    let (mut child, address) = start_binary(
        &files.join("dist"),
        &[("CHANSCOPE_LOG_FORMAT", format)],
        Stdio::from(log),
    );
    let hostile: String = UNSAFE.iter().map(|(c, _)| format!("x{c}")).collect();
    let path = format!("/api/nothing/{hostile}");
    let query = format!("q={hostile}");
    let request = format!("GET {path}?{query} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n");
    let answer = tokio::task::spawn_blocking(move || raw(&address, request.as_bytes()))
        .await
        .unwrap();
    assert!(status_line(&answer).starts_with("HTTP/1.1 404"), "{answer}");
    assert!(child.signal(SIGTERM));
    child.wait().unwrap();
    let text = std::fs::read_to_string(&log_path).unwrap();
    let _ = std::fs::remove_dir_all(&files);
    let escaped: String = UNSAFE.iter().map(|(_, e)| format!("x{e}")).collect();
    (
        text,
        format!("/api/nothing/{escaped}"),
        format!("q={escaped}"),
    )
}

fn assert_escaped(format: &str, text: &str) {
    for (c, _) in UNSAFE {
        assert!(
            !text.contains(c),
            "{format} log holds U+{:04X} as it is:\n{text}",
            u32::from(c)
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn control_and_bidirectional_characters_are_escaped_in_the_text_log() {
    let (text, path, query) = log_of_a_hostile_path("text").await;
    assert_escaped("text", &text);
    let line = text
        .lines()
        .find(|l| l.contains("gateway::access"))
        .unwrap_or_else(|| panic!("no access line in:\n{text}"));
    assert!(line.contains(&format!(" path={path} ")), "{line}");
    assert!(line.contains(&format!(" query=\"{query}\" ")), "{line}");
}

#[tokio::test(flavor = "multi_thread")]
async fn control_and_bidirectional_characters_are_escaped_in_the_json_log() {
    let (text, path, query) = log_of_a_hostile_path("json").await;
    assert_escaped("json", &text);
    let record: serde_json::Value = text
        .lines()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .find(|v| v["target"] == "gateway::access")
        .unwrap_or_else(|| panic!("no access record in:\n{text}"));
    // Decoded, as a log shipper reads it: still escaped.
    assert_eq!(record["path"], path.as_str());
    assert_eq!(record["query"], query.as_str());
}
