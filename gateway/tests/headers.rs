//! Cross-origin access for allowed portals only, API answers compressed when large enough, and
//! the Content-Security-Policy of the console.

mod common;

use axum::http::{Method, StatusCode};
use serde_json::Value;

use common::*;
use gateway::statics::{
    is_local_upstream, CONTENT_SECURITY_POLICY, CONTENT_SECURITY_POLICY_LOCAL_UPSTREAM,
};

#[tokio::test]
async fn cross_origin_access_only_for_allowed_origins() {
    let portal = "https://portal.example";
    let rig = Rig::start(healthy(), |c| c.allow_origins = vec![portal.into()]).await;
    for path in [rig.channel_info(), "/app-0123456789abcdef_bg.wasm".into()] {
        let allowed = rig.send(Method::GET, &path, &[("origin", portal)]).await;
        assert_eq!(allowed.status, StatusCode::OK, "{path}");
        assert_eq!(allowed.header("access-control-allow-origin"), Some(portal));
        assert_eq!(allowed.header("vary"), Some("Origin"));
        let other = rig
            .send(Method::GET, &path, &[("origin", "https://evil.example")])
            .await;
        assert_eq!(other.header("access-control-allow-origin"), None, "{path}");
    }
    let rig = &rig;
    let preflight = |origin: &'static str| async move {
        let headers = [("origin", origin), ("access-control-request-method", "GET")];
        rig.send(Method::OPTIONS, "/api/posts/search", &headers)
            .await
    };
    let ok = preflight(portal).await;
    assert_eq!(ok.status, StatusCode::NO_CONTENT);
    assert_eq!(ok.header("access-control-allow-origin"), Some(portal));
    assert_eq!(
        ok.header("access-control-allow-methods"),
        Some("GET, HEAD, OPTIONS")
    );
    let refused = preflight("https://evil.example").await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN);
    assert_eq!(refused.header("access-control-allow-origin"), None);
    assert_eq!(rig.upstream_calls(), 1);
}

#[tokio::test]
async fn large_api_answers_are_compressed_for_clients_that_accept_it() {
    let rig = Rig::start(healthy(), |_| {}).await;
    let large = "/api/posts/search?q=law&limit=50";
    let plain = rig.get(large).await;
    assert_eq!(plain.status, StatusCode::OK);
    assert_eq!(plain.header("content-encoding"), None);
    assert!(plain.bytes.len() >= 4 * 1024, "{}", plain.bytes.len());
    // Its encoding depends on Accept-Encoding, even when no encoding was asked for.
    assert_eq!(plain.vary(), ["accept-encoding", "origin"]);
    let json: Value = serde_json::from_slice(&plain.bytes).unwrap();
    assert_eq!(json["status"], "ok");

    for (accept, expected) in [
        ("br", Some("br")),
        ("gzip", Some("gzip")),
        ("gzip, deflate, br", Some("br")),
        ("br;q=0.2, gzip;q=0.9", Some("gzip")),
        ("identity", None),
        ("deflate", None),
    ] {
        let answer = rig
            .send(Method::GET, large, &[("accept-encoding", accept)])
            .await;
        assert_eq!(answer.status, StatusCode::OK, "{accept}");
        assert_eq!(answer.header("content-encoding"), expected, "{accept}");
        assert_eq!(answer.header("x-chanscope-cache"), Some("hit"));
        assert_eq!(answer.header("cache-control"), Some("no-store"));
        assert_eq!(
            answer.header("content-type"),
            Some("application/json; charset=utf-8")
        );
        assert_eq!(answer.vary(), ["accept-encoding", "origin"]);
        let decoded = answer.decoded();
        assert_eq!(decoded, plain.bytes, "{accept}");
        assert_eq!(serde_json::from_slice::<Value>(&decoded).unwrap(), json);
        if expected.is_some() {
            assert!(
                answer.bytes.len() * 3 < plain.bytes.len(),
                "{accept}: {} of {}",
                answer.bytes.len(),
                plain.bytes.len()
            );
        }
    }
    assert_eq!(rig.upstream_calls(), 1);

    // Small answers, errors and flood control go as they are, whatever is accepted.
    let small = [
        "/api/posts/search?q=law&limit=1&offset=999",
        "/api/channels/get?channelId=@nobody_here",
        "/api/nothing",
        "/healthz",
    ];
    for path in small {
        let answer = rig
            .send(Method::GET, path, &[("accept-encoding", "br, gzip")])
            .await;
        assert!(answer.bytes.len() < 1024, "{path}: {}", answer.bytes.len());
        assert_eq!(answer.header("content-encoding"), None, "{path}");
        assert_eq!(answer.vary(), ["origin"], "{path}");
        assert_eq!(
            answer.header("content-length"),
            Some(answer.bytes.len().to_string().as_str())
        );
        serde_json::from_slice::<Value>(&answer.bytes).unwrap();
    }
    let limited = Rig::start(healthy(), |c| {
        c.rate = 0.1;
        c.burst = 1.0;
    })
    .await;
    limited.get(large).await;
    let refused = limited
        .send(Method::GET, large, &[("accept-encoding", "br")])
        .await;
    assert_eq!(refused.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(refused.header("content-encoding"), None);
    assert_eq!(refused.error(), "flood_control_10");
}

#[test]
fn the_policy_is_the_console_s_own_with_same_origin_calls_and_no_framing() {
    let index =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../index.html")).unwrap();
    let meta = index
        .split("http-equiv=\"Content-Security-Policy\"")
        .nth(1)
        .and_then(|rest| rest.split("content=\"").nth(1))
        .and_then(|rest| rest.split('"').next())
        .expect("index.html has a CSP meta tag");
    let expected: Vec<String> = meta
        .split(';')
        .map(str::trim)
        .filter(|d| !d.is_empty())
        .map(|d| {
            if d.starts_with("connect-src ") {
                "connect-src 'self'".to_owned()
            } else if d.starts_with("img-src ") {
                // The console's also allows images from the loopback (the local sandbox's
                // avatars in preview); the gateway's, only https.
                "img-src 'self' https: data:".to_owned()
            } else {
                d.to_owned()
            }
        })
        .chain(["frame-ancestors 'none'".to_owned()])
        .collect();
    let ours: Vec<&str> = CONTENT_SECURITY_POLICY.split("; ").collect();
    assert_eq!(ours, expected);
    // In front of the local sandbox, the loopback's images too, as the console's own allows.
    let local: Vec<&str> = CONTENT_SECURITY_POLICY_LOCAL_UPSTREAM.split("; ").collect();
    let with_loopback: Vec<String> = expected
        .iter()
        .map(|d| {
            if d.starts_with("img-src ") {
                format!("{d} http://127.0.0.1:* http://localhost:*")
            } else {
                d.clone()
            }
        })
        .collect();
    assert_eq!(local, with_loopback);
}

#[test]
fn only_an_upstream_on_this_machine_is_local() {
    assert!(is_local_upstream("http://127.0.0.1:8090/api"));
    assert!(is_local_upstream("http://localhost:8090"));
    assert!(is_local_upstream("http://[::1]:8090/api"));
    assert!(!is_local_upstream("https://api.example.org/v1"));
    assert!(!is_local_upstream("https://127.0.0.1.example.org/api"));
    assert!(!is_local_upstream("https://example.org/127.0.0.1"));
}
