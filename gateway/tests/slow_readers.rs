//! Clients that stop reading: an answer whose writing makes no progress for `--write-timeout`
//! loses its connection, so such clients cannot hold the slots of `--max-connections`, while a
//! reader that is slow but keeps reading still gets the whole file.

mod common;

use std::time::{Duration, Instant};

use axum::http::{Method, StatusCode};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};

use common::*;

/// A hashed wasm file far larger than the socket buffers of both ends on loopback together.
const BIG: &str = "big-0123456789abcdef_bg.wasm";
const BIG_BYTES: usize = 16 << 20;

fn add_big_file(rig: &Rig) {
    // Bytes that vary, so nothing on the way could shrink them.
    let content: Vec<u8> = (0..BIG_BYTES).map(|i| (i * 7 + i / 255) as u8).collect();
    std::fs::write(rig.files.join("dist").join(BIG), content).unwrap();
}

/// A connection whose receive buffer is small, so that the gateway's writes stall soon.
async fn tight_connection(origin: &str) -> TcpStream {
    let socket = TcpSocket::new_v4().unwrap();
    socket.set_recv_buffer_size(4096).unwrap();
    let address = origin.trim_start_matches("http://").parse().unwrap();
    socket.connect(address).await.unwrap()
}

/// Reads until the gateway closes the connection; how long that took, or `None` within
/// `patience`.
async fn closed_within(stream: &mut TcpStream, patience: Duration) -> Option<Duration> {
    let started = Instant::now();
    let mut buffer = vec![0u8; 1 << 20];
    loop {
        let left = patience.checked_sub(started.elapsed())?;
        match tokio::time::timeout(left, stream.read(&mut buffer)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return Some(started.elapsed()),
            Ok(Ok(_)) => {}
            Err(_) => return None,
        }
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn clients_that_pipeline_and_never_read_cannot_hold_every_slot() {
    let rig = Rig::start(healthy(), |c| {
        c.max_connections = 3;
        c.write_timeout = Duration::from_millis(500);
    })
    .await;
    add_big_file(&rig);
    let request = format!("GET /{BIG} HTTP/1.1\r\nHost: x\r\n\r\n").repeat(3);
    let mut stuck = Vec::new();
    for _ in 0..3 {
        let mut connection = tight_connection(&rig.origin).await;
        connection.write_all(request.as_bytes()).await.unwrap();
        stuck.push(connection);
    }
    tokio::time::sleep(Duration::from_millis(100)).await;

    let started = Instant::now();
    let health = tokio::time::timeout(
        Duration::from_secs(5),
        rig.send(Method::GET, "/healthz", &[]),
    )
    .await
    .expect("/healthz did not answer within 5 s while three clients sat on their answers");
    let took = started.elapsed();
    eprintln!("/healthz answered {} after {took:?}", health.status);
    assert_eq!(health.status, StatusCode::OK);
    assert!(took < Duration::from_secs(2), "{took:?}");

    // Each stalled connection was closed by the gateway, not left open.
    for connection in &mut stuck {
        let closed = closed_within(connection, Duration::from_secs(5)).await;
        assert!(
            closed.is_some(),
            "a client that never read is still connected"
        );
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn a_slow_reader_that_keeps_reading_gets_the_whole_file() {
    let rig = Rig::start(healthy(), |c| {
        c.write_timeout = Duration::from_millis(500);
    })
    .await;
    add_big_file(&rig);
    let mut connection = TcpStream::connect(rig.origin.trim_start_matches("http://"))
        .await
        .unwrap();
    let request = format!("GET /{BIG} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
    connection.write_all(request.as_bytes()).await.unwrap();
    let started = Instant::now();
    let mut received = Vec::new();
    let mut chunk = vec![0u8; 1 << 20];
    loop {
        // Pauses under the limit, each ending in a read of up to 1 MiB: the gateway's writes
        // wait, then go on. (The kernel wakes a writer once a third of its send buffer is free,
        // so reads of a few KiB would not count as progress on loopback's large buffers.)
        tokio::time::sleep(Duration::from_millis(150)).await;
        let n = connection.read(&mut chunk).await.unwrap();
        if n == 0 {
            break;
        }
        received.extend_from_slice(&chunk[..n]);
    }
    let took = started.elapsed();
    let head_end = received
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("a head")
        + 4;
    let head = String::from_utf8_lossy(&received[..head_end]).into_owned();
    eprintln!(
        "{} bytes of body in {took:?}: {}",
        received.len() - head_end,
        head.lines().next().unwrap_or_default()
    );
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert_eq!(received.len() - head_end, BIG_BYTES);
    assert_eq!(
        &received[head_end..],
        &std::fs::read(rig.files.join("dist").join(BIG)).unwrap()[..]
    );
    // Far longer than the write timeout in all: only the pauses are bounded.
    assert!(took > Duration::from_secs(1), "{took:?}");
}
