//! The HTTP side: determinism of responses, CORS, health, injected faults, a real listener.

mod common;

use std::sync::Arc;

use axum::http::{Method, StatusCode};
use common::*;
use sandbox::{Dataset, Faults, Size, State};

fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers
        .iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

#[tokio::test]
async fn same_seed_and_now_give_the_same_bytes() {
    let again = Arc::new(State::new(
        Dataset::generate(1, Size::Small, NOW + 59),
        config(),
    ));
    let other = Arc::new(State::new(Dataset::generate(2, Size::Small, NOW), config()));
    let uris = [
        format!(
            "/api/posts/search?token=demo&q={}&extended=1&limit=50",
            enc("закон")
        ),
        "/api/channels/search?token=demo&country=ru&category=news".to_owned(),
        "/api/channels/subscribers?token=demo&channelId=10003&group=hour".to_owned(),
        format!("/api/posts/stat?token=demo&postId={}", ds().posts[500].id),
        "/api/words/mentions-by-channels?token=demo&q=law".to_owned(),
    ];
    for uri in &uris {
        let first = send(state(), Method::GET, uri).await.2;
        // The hour is what counts: 59 s later is the same dataset.
        assert_eq!(send(&again, Method::GET, uri).await.2, first, "{uri}");
        assert_ne!(send(&other, Method::GET, uri).await.2, first, "{uri}");
    }
    assert_eq!(again.dataset.posts.len(), ds().posts.len());
}

#[tokio::test]
async fn cors_and_health() {
    let (status, headers, body) = send(state(), Method::GET, "/healthz").await;
    assert_eq!((status, body.as_slice()), (StatusCode::OK, &b"ok"[..]));
    let (_, headers_api, _) =
        send(state(), Method::GET, "/api/posts/search?token=demo&q=law").await;
    for h in [&headers, &headers_api] {
        assert_eq!(header(h, "access-control-allow-origin"), Some("*"));
    }
    assert_eq!(
        header(&headers_api, "content-type"),
        Some("application/json; charset=utf-8")
    );
    let (status, headers, body) = send(state(), Method::OPTIONS, "/api/posts/search").await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert!(body.is_empty());
    assert_eq!(header(&headers, "access-control-allow-origin"), Some("*"));
    assert_eq!(
        header(&headers, "access-control-allow-methods"),
        Some("GET, OPTIONS")
    );
}

fn faulty(faults: Faults) -> Arc<State> {
    let mut config = config();
    config.faults = faults;
    // The dataset is not what is tested here; the smallest one will do.
    Arc::new(State::new(Dataset::generate(3, Size::Small, NOW), config))
}

#[tokio::test]
async fn faults_apply_to_the_api_only() {
    let uri = "/api/channels/get?token=demo&channelId=10001";
    let all_500 = faulty(Faults {
        fail_500: 1.0,
        ..Faults::default()
    });
    let (status, headers, body) = send(&all_500, Method::GET, uri).await;
    assert_eq!(status, StatusCode::INTERNAL_SERVER_ERROR);
    assert_eq!(
        header(&headers, "content-type"),
        Some("text/html; charset=utf-8")
    );
    assert!(String::from_utf8(body).unwrap().contains("<h1>500</h1>"));
    let (status, _, body) = send(&all_500, Method::GET, "/healthz").await;
    assert_eq!((status, body.as_slice()), (StatusCode::OK, &b"ok"[..]));

    let flood = faulty(Faults {
        flood: 1.0,
        ..Faults::default()
    });
    let (status, _, body) = send(&flood, Method::GET, uri).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body, br#"{"status":"error","error":"flood_control_10"}"#);

    let cut = faulty(Faults {
        truncate: 1.0,
        ..Faults::default()
    });
    let clean = faulty(Faults::default());
    let whole = send(&clean, Method::GET, uri).await.2;
    let half = send(&cut, Method::GET, uri).await.2;
    assert_eq!(half, whole[..whole.len() / 2]);
    assert!(serde_json::from_slice::<serde_json::Value>(&half).is_err());

    // Mixed shares: the sequence is fixed by the fault seed.
    let mixed = Faults {
        seed: 4,
        fail_502: 0.3,
        fail_503: 0.3,
        ..Faults::default()
    };
    let statuses = |state: Arc<State>| async move {
        let mut out = Vec::new();
        for _ in 0..40 {
            out.push(send(&state, Method::GET, uri).await.0.as_u16());
        }
        out
    };
    let first = statuses(faulty(mixed.clone())).await;
    assert_eq!(first, statuses(faulty(mixed)).await);
    assert!(first.contains(&502) && first.contains(&503) && first.contains(&200));

    let slow = faulty(Faults {
        latency_ms: 120,
        ..Faults::default()
    });
    let started = std::time::Instant::now();
    send(&slow, Method::GET, uri).await;
    assert!(started.elapsed() >= std::time::Duration::from_millis(120));

    // Latency added while serving counts on top of the configured one, until taken away.
    slow.set_latency_ms(200);
    assert_eq!(slow.latency_ms(), 320);
    let started = std::time::Instant::now();
    send(&slow, Method::GET, uri).await;
    assert!(started.elapsed() >= std::time::Duration::from_millis(320));
    slow.set_latency_ms(0);
    assert_eq!(slow.latency_ms(), 120);
}

#[tokio::test]
async fn serves_on_a_real_socket_and_stops() {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(sandbox::serve(listener, Arc::clone(state()), async {
        let _ = stopped.await;
    }));
    let mut stream = tokio::net::TcpStream::connect(address).await.unwrap();
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    stream
        .write_all(b"GET /api/channels/get?token=demo&channelId=10002 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut response = String::new();
    stream.read_to_string(&mut response).await.unwrap();
    assert!(response.starts_with("HTTP/1.1 200 OK"));
    assert!(response.contains("\"id\":10002"));
    stop.send(()).unwrap();
    server.await.unwrap().unwrap();
}
