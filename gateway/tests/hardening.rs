//! Probes an attacker would try: an upstream that echoes the token, connections that never
//! finish their headers or sit idle, a shutdown held up by such a connection, a hanging upstream
//! in front of a fleet, HEAD on the API, and IPv6 clients hopping within their /64.

mod common;

use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Stdio;

use procgroup::SIGTERM;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::Request;
use axum::http::{Method, StatusCode};
use axum::Router;

use common::fleet::Fleet;
use common::*;
use sandbox::Faults;

/// A token with every character that URL encoding, form encoding, JSON and HTML spell
/// differently: `+`, a space, `/`, `=`, `"` and `\`, around [`TOKEN_MARK`].
const ODD_TOKEN: &str = r#"gw+to k/en="Qz71xv\=="#;

/// The token's letters and digits that every spelling keeps as they are: a leak of the token in
/// any spelling contains them. Long and odd enough that no timestamp, port, length or id in a
/// log line or header holds them by chance (a bare "71" did: a log line's figure).
const TOKEN_MARK: &str = "Qz71xv";

/// Every way an echoing upstream may spell the token back, by name, made from the encoded value
/// it received (`raw`, as the gateway encoded it) and from that value decoded (`plain`).
fn spellings(raw: &str, plain: &str) -> Vec<(&'static str, String)> {
    let each = |spell: &dyn Fn(char) -> String| -> String {
        plain
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() {
                    c.to_string()
                } else {
                    spell(c)
                }
            })
            .collect()
    };
    let named = |c: char| match c {
        '+' => "&plus;".to_owned(),
        '/' => "&sol;".to_owned(),
        '=' => "&equals;".to_owned(),
        '"' => "&quot;".to_owned(),
        '\\' => "&bsol;".to_owned(),
        other => other.to_string(),
    };
    vec![
        ("plain", plain.to_owned()),
        ("raw", raw.to_owned()),
        ("lower", raw.to_lowercase()),
        ("twice", raw.replace('%', "%25")),
        ("twice_lower", raw.replace('%', "%25").to_lowercase()),
        // `+` plain and `=` in lower case, the rest as sent.
        ("mixed", raw.replace("%2B", "+").replace("%3D", "%3d")),
        // These two are JSON already: written into the body as they are.
        (
            "json_slash",
            serde_json::to_string(plain).unwrap().replace('/', "\\/"),
        ),
        (
            "json_unicode",
            format!("\"{}\"", each(&|c| format!("\\u{:04x}", u32::from(c)))),
        ),
        // A JSON string too: each special character spelled another way than the one before.
        ("json_mixed", format!("\"{}\"", mixed(plain))),
        ("html_decimal", each(&|c| format!("&#{};", u32::from(c)))),
        ("html_hex", each(&|c| format!("&#x{:X};", u32::from(c)))),
        ("html_named", plain.chars().map(named).collect()),
        (
            "form_encoded",
            form_urlencoded::byte_serialize(plain.as_bytes()).collect(),
        ),
        ("form_decoded", plain.replace('+', " ")),
    ]
}

/// `plain` with its special characters spelled in turn as `%XX`, `\u00XX`, `&#NN;` and as JSON
/// writes them, its letters and digits as they are: what a browser decodes to the token, though
/// no whole-string spelling of it.
fn mixed(plain: &str) -> String {
    let mut turn = 0;
    plain
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() {
                return c.to_string();
            }
            turn += 1;
            match turn % 4 {
                0 => format!("%{:02X}", u32::from(c)),
                1 => format!("\\u{:04x}", u32::from(c)),
                2 => format!("&#{};", u32::from(c)),
                _ => {
                    let json = serde_json::to_string(&c.to_string()).unwrap();
                    json[1..json.len() - 1].to_owned()
                }
            }
        })
        .collect()
}

/// An upstream that answers every request with the token it was sent, in every spelling, as
/// string values (so JSON escapes `"` and `\` in each): `ok` for channel info, `pending` for
/// post stats, an error otherwise.
async fn echoing_upstream() -> CountingUpstream {
    let echo = |request: Request| async move {
        let query = request.uri().query().unwrap_or_default().to_owned();
        let raw = query.split("token=").nth(1).unwrap_or_default().to_owned();
        let plain = form_urlencoded::parse(query.as_bytes())
            .find(|(k, _)| k == "token")
            .map(|(_, v)| v.into_owned())
            .unwrap_or_default();
        let mut fields: Vec<String> = spellings(&raw, &plain)
            .into_iter()
            .map(|(name, spelling)| match name {
                "json_slash" | "json_unicode" | "json_mixed" => {
                    format!("\"{name}\":{spelling}")
                }
                _ => format!("\"{name}\":{}", serde_json::to_string(&spelling).unwrap()),
            })
            .collect();
        let in_text = serde_json::to_string(&format!("token_invalid: {plain}.")).unwrap();
        fields.push(format!("\"in_text\":{in_text}"));
        let body = format!("{{{}}}", fields.join(","));
        match request.uri().path() {
            "/api/channels/get" => format!(r#"{{"status":"ok","response":{body}}}"#),
            "/api/posts/stat" => format!(r#"{{"status":"pending","response":{body}}}"#),
            _ => format!(r#"{{"status":"error","error":"bad call","detail":{body}}}"#),
        }
    };
    CountingUpstream::own(Router::new().fallback(echo)).await
}

#[tokio::test]
async fn echoed_tokens_are_scrubbed_in_every_spelling() {
    let upstream = echoing_upstream().await;
    let rig = Rig::on(&upstream, |c| {
        c.token = chanscope_api::Token::new(ODD_TOKEN).unwrap();
    })
    .await;
    let calls = [
        ("/api/channels/get?channelId=5", "ok", "response"),
        ("/api/posts/stat?postId=5", "pending", "response"),
        ("/api/channels/subscribers?channelId=5", "error", "detail"),
    ];
    for (path, status, field) in calls {
        for round in ["first", "second"] {
            let answer = rig.get(path).await;
            let v = answer.json();
            assert_eq!(v["status"], status, "{path} {round}: {v}");
            let echoed = v[field].as_object().unwrap();
            assert_eq!(echoed.len(), 15, "{v}");
            for (name, value) in echoed {
                let expected = if name == "in_text" {
                    "token_invalid: ***."
                } else {
                    "***"
                };
                assert_eq!(value, expected, "{path} ({round}): {name}");
            }
            assert!(
                !answer.everything().contains(TOKEN_MARK),
                "{path} ({round})"
            );
        }
    }
    // The ok answer came from the cache the second time: what was kept is scrubbed too.
    assert_eq!(rig.counters().cache_hits, 1);
    let log = rig.log();
    assert!(!log.is_empty());
    assert!(log.iter().all(|l| !l.contains(TOKEN_MARK)), "{log:?}");
}

/// Reads until the gateway closes the connection; how long that took, or `None` if it stayed
/// open for `patience`.
fn closed_within(stream: &mut TcpStream, patience: Duration) -> Option<Duration> {
    let started = Instant::now();
    stream.set_read_timeout(Some(patience)).unwrap();
    let mut buffer = [0u8; 4096];
    loop {
        match stream.read(&mut buffer) {
            Ok(0) => return Some(started.elapsed()),
            Ok(_) => {}
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => {
                return Some(started.elapsed())
            }
            Err(_) => return None,
        }
        if started.elapsed() > patience {
            return None;
        }
    }
}

fn connect(origin: &str) -> TcpStream {
    TcpStream::connect(origin.trim_start_matches("http://")).unwrap()
}

#[tokio::test(flavor = "multi_thread")]
async fn idle_and_half_sent_connections_are_closed_in_time() {
    let rig = Rig::start(healthy(), |c| c.header_timeout = Duration::from_millis(400)).await;
    let origin = rig.origin.clone();
    tokio::task::spawn_blocking(move || {
        // Idle after one answer on a keep-alive connection.
        let mut idle = connect(&origin);
        idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
            .unwrap();
        let mut first = [0u8; 12];
        idle.read_exact(&mut first).unwrap();
        assert_eq!(&first, b"HTTP/1.1 200");
        let took = closed_within(&mut idle, Duration::from_secs(3))
            .expect("an idle keep-alive connection stays open for 3 s");
        assert!(
            took < Duration::from_millis(900),
            "idle closed after {took:?}"
        );

        // Headers begun and never finished.
        let mut half = connect(&origin);
        half.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
            .unwrap();
        let took = closed_within(&mut half, Duration::from_secs(3))
            .expect("a half-sent request stays open for 3 s");
        assert!(
            took >= Duration::from_millis(300) && took < Duration::from_millis(900),
            "half-sent closed after {took:?}"
        );
    })
    .await
    .unwrap();
}

#[tokio::test(flavor = "multi_thread")]
async fn connections_beyond_the_cap_wait_their_turn() {
    let rig = Rig::start(healthy(), |c| c.max_connections = 2).await;
    let origin = rig.origin.clone();
    tokio::task::spawn_blocking(move || {
        let mut holders: Vec<TcpStream> = (0..2)
            .map(|_| {
                let mut s = connect(&origin);
                s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
                    .unwrap();
                s
            })
            .collect();
        std::thread::sleep(Duration::from_millis(100));
        let mut third = connect(&origin);
        third
            .write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .unwrap();
        third
            .set_read_timeout(Some(Duration::from_millis(500)))
            .unwrap();
        let mut buffer = [0u8; 12];
        let early = third.read(&mut buffer);
        assert!(
            matches!(&early, Err(e) if e.kind() == std::io::ErrorKind::WouldBlock),
            "a third connection was served past a cap of 2: {early:?}"
        );
        // One holder leaves: the third is served.
        holders.pop();
        third
            .set_read_timeout(Some(Duration::from_secs(3)))
            .unwrap();
        third.read_exact(&mut buffer).unwrap();
        assert_eq!(&buffer, b"HTTP/1.1 200");
    })
    .await
    .unwrap();
}

#[test]
fn sigterm_exits_within_the_drain_deadline_despite_a_half_sent_request() {
    let files = dist();
    let (mut child, address) = start_binary(
        &files.join("dist"),
        &[
            ("CHANSCOPE_DRAIN_TIMEOUT", "1"),
            ("CHANSCOPE_HEADER_TIMEOUT", "60"),
        ],
        Stdio::null(),
    );
    let mut half = TcpStream::connect(&address).unwrap();
    half.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let signalled = Instant::now();
    assert!(child.signal(SIGTERM));
    let exited = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if signalled.elapsed() > Duration::from_secs(5) {
            break None;
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let took = signalled.elapsed();
    child.stop().expect("the gateway's group is gone");
    let _ = std::fs::remove_dir_all(&files);
    assert!(
        exited.is_some(),
        "still running {took:?} after SIGTERM with a half-sent request open"
    );
    assert!(took < Duration::from_millis(1800), "exited after {took:?}");
    drop(half);
}

#[tokio::test(flavor = "multi_thread")]
async fn a_fleet_shares_a_hanging_upstreams_failure() {
    let hanging = upstream_state(Faults {
        latency_ms: 30_000,
        ..Faults::default()
    });
    let timeout = Duration::from_millis(1000);
    let fleet = Arc::new(Fleet::start_on(hanging, 3, |c| c.upstream_timeout = timeout).await);
    let path = fleet.gateways[0].channel_info();
    let started = Instant::now();
    let asks: Vec<_> = (0..3)
        .map(|n| {
            let (fleet, path) = (Arc::clone(&fleet), path.clone());
            tokio::spawn(async move {
                let answer = fleet.get(n, &path).await;
                (answer.status, answer.error(), started.elapsed())
            })
        })
        .collect();
    let mut took = Vec::new();
    for ask in asks {
        let (status, error, after) = ask.await.unwrap();
        assert_eq!(
            (status, error.as_str()),
            (StatusCode::GATEWAY_TIMEOUT, "upstream_timeout")
        );
        took.push(after);
    }
    let slowest = took.iter().max().unwrap();
    assert!(
        *slowest < timeout + Duration::from_millis(500),
        "answers after {took:?} with a {timeout:?} upstream timeout"
    );
    assert_eq!(fleet.upstream_calls(), 1, "{took:?}");
}

#[tokio::test]
async fn head_on_the_api_is_answered_like_get() {
    let rig = Rig::start(healthy(), |_| {}).await;
    let head = rig.send(Method::HEAD, &rig.channel_info(), &[]).await;
    assert_eq!(head.status, StatusCode::OK);
    assert!(head.bytes.is_empty());
    let get = rig.get(&rig.channel_info()).await;
    assert_eq!(get.header("x-chanscope-cache"), Some("hit"));
    assert_eq!(
        head.header("content-length").map(str::to_owned),
        Some(get.bytes.len().to_string())
    );
    assert_eq!(rig.upstream_calls(), 1);
}

#[tokio::test]
async fn ipv6_clients_share_a_bucket_per_64() {
    let rig = Rig::start(healthy(), |c| {
        c.trust_forwarded_for = true;
        c.rate = 0.01;
        c.burst = 1.0;
    })
    .await;
    let from = |address: &'static str| {
        let rig = &rig;
        async move {
            rig.send(
                Method::GET,
                "/api/channels/get?channelId=1",
                &[("x-forwarded-for", address)],
            )
            .await
            .status
        }
    };
    assert_ne!(from("2001:db8:1:2::1").await, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        from("2001:db8:1:2:ffff:ffff:ffff:9").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_ne!(from("2001:db8:1:3::1").await, StatusCode::TOO_MANY_REQUESTS);
    // An IPv4 address written as IPv6 is the IPv4 client.
    assert_ne!(from("203.0.113.9").await, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        from("::ffff:203.0.113.9").await,
        StatusCode::TOO_MANY_REQUESTS
    );
}

/// The status line of `request` sent as it is on a fresh connection.
fn status_line_of(origin: &str, request: &str) -> String {
    let mut stream = connect(origin);
    stream.write_all(request.as_bytes()).unwrap();
    stream
        .set_read_timeout(Some(Duration::from_secs(3)))
        .unwrap();
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer);
    let answer = String::from_utf8_lossy(&answer).into_owned();
    answer.lines().next().unwrap_or_default().to_owned()
}

#[tokio::test(flavor = "multi_thread")]
async fn http_1_1_requests_without_host_are_refused() {
    let rig = Rig::start(healthy(), |_| {}).await;
    let (origin, channel_info) = (rig.origin.clone(), rig.channel_info());
    let lines = tokio::task::spawn_blocking(move || {
        [
            "GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n".to_owned(),
            format!("GET {channel_info} HTTP/1.1\r\nConnection: close\r\n\r\n"),
            "GET /healthz HTTP/1.1\r\nHost: gateway.example\r\nConnection: close\r\n\r\n"
                .to_owned(),
            // HTTP/1.0 had no Host.
            "GET /healthz HTTP/1.0\r\n\r\n".to_owned(),
        ]
        .map(|request| status_line_of(&origin, &request))
    })
    .await
    .unwrap();
    assert_eq!(
        lines,
        [
            "HTTP/1.1 400 Bad Request",
            "HTTP/1.1 400 Bad Request",
            "HTTP/1.1 200 OK",
            "HTTP/1.0 200 OK"
        ]
    );
    assert_eq!(rig.upstream_calls(), 0);
}

#[tokio::test]
async fn where_an_answer_came_from_is_told_only_with_debug_headers() {
    let upstream = CountingUpstream::start(healthy()).await;
    let quiet = Rig::on(&upstream, |c| c.debug_headers = false).await;
    for _ in 0..2 {
        let answer = quiet.get(&quiet.channel_info()).await;
        assert_eq!(answer.status, StatusCode::OK);
        assert_eq!(answer.header("x-chanscope-cache"), None);
    }
    // The log and the metrics still say it.
    let log = quiet.log();
    assert!(log[0].contains(" 200 miss "), "{log:?}");
    assert!(log[1].contains(" 200 hit "), "{log:?}");
    let metrics = quiet.get("/metrics").await.body;
    assert!(
        metrics.contains("gateway_cache_total{outcome=\"hit\"} 1"),
        "{metrics}"
    );

    let debugging = Rig::on(&upstream, |c| c.debug_headers = true).await;
    let answer = debugging.get(&debugging.channel_info()).await;
    assert_eq!(answer.header("x-chanscope-cache"), Some("miss"));
}
