//! The binary never prints a password it was given in `--upstream` or `--redis`, whatever the
//! password holds: not in its refusal, not in its log, not in `--help`.

mod common;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::*;

/// Passwords with each character that ends or splits a URL's parts.
const PASSWORDS: [&str; 5] = [
    "S3CR/ETPW",
    "S3CR?ETPW",
    "S3CR#ETPW",
    "S3CR@ETPW",
    "S3CR%ETPW",
];

fn shows_a_password(text: &str) -> bool {
    text.contains("S3CR") || text.contains("ETPW")
}

/// The binary with `env` on top of a working configuration, to its exit or for 3 s at most (then
/// stopped, with no exit code): (code, stdout, stderr).
fn run(args: &[&str], env: &[(&str, &str)]) -> (Option<i32>, String, String) {
    let files = dist();
    let mut command = Command::new(env!("CARGO_BIN_EXE_gateway"));
    command
        .args(args)
        .env("CHANSCOPE_LISTEN", "127.0.0.1:0")
        .env("CHANSCOPE_DIST", files.join("dist"))
        .env("CHANSCOPE_API_TOKEN", SECRET)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    for (k, v) in env {
        command.env(k, v);
    }
    let mut child = command.spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(3);
    let mut code = None;
    while Instant::now() < deadline {
        if let Some(status) = child.try_wait().unwrap() {
            code = status.code();
            break;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    if code.is_none() {
        let _ = child.kill();
    }
    let out = child.wait_with_output().unwrap();
    let _ = std::fs::remove_dir_all(&files);
    (
        code,
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn an_upstream_with_a_password_is_refused_and_the_password_never_shown() {
    for password in PASSWORDS {
        let url = format!("http://user:{password}@api.example/api");
        let (code, stdout, stderr) = run(&[], &[("CHANSCOPE_UPSTREAM", &url)]);
        eprintln!("{url} → exit {code:?}: {}", stderr.trim());
        assert_eq!(code, Some(2), "{url} was accepted: {stderr}");
        assert!(!shows_a_password(&stderr), "{url}: {stderr}");
        assert!(!shows_a_password(&stdout), "{url}: {stdout}");
        assert!(stderr.contains("http://***@api.example/api"), "{stderr}");
        assert!(stderr.contains("user information"), "{stderr}");

        let (code, stdout, _) = run(&["--help"], &[("CHANSCOPE_UPSTREAM", &url)]);
        assert_eq!(code, Some(0));
        assert!(!shows_a_password(&stdout), "--help shows {url}: {stdout}");
        assert!(stdout.contains("[env: CHANSCOPE_UPSTREAM"), "{stdout}");
    }
}

#[test]
fn a_redis_password_is_never_shown() {
    for password in PASSWORDS {
        // Encoded as a URL must carry it, and raw as an operator may paste it.
        let encoded: String = form_urlencoded::byte_serialize(password.as_bytes()).collect();
        for url in [
            format!("redis://:{encoded}@127.0.0.1:9/0"),
            format!("redis://:{password}@127.0.0.1:9/0"),
            format!("redis//:{password}@127.0.0.1:9/0"),
        ] {
            let (_, stdout, _) = run(&["--help"], &[("CHANSCOPE_REDIS_URL", &url)]);
            assert!(!shows_a_password(&stdout), "--help shows {url}: {stdout}");
            // The gateway either starts (an unreachable Redis is only down) or refuses the URL;
            // a start is cut short by an upstream that is no URL, after the Redis URL is read.
            let (code, _, stderr) = run(
                &[],
                &[
                    ("CHANSCOPE_REDIS_URL", &url),
                    ("CHANSCOPE_UPSTREAM", "http://127.0.0.1:9/api"),
                    ("CHANSCOPE_LISTEN", "203.0.113.1:1"),
                ],
            );
            eprintln!("{url} → exit {code:?}: {}", stderr.trim());
            assert_ne!(code, Some(0));
            assert!(!shows_a_password(&stderr), "{url}: {stderr}");
        }
    }
}
