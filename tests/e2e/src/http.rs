//! A tiny HTTP/1.1 GET, enough to ask the in-process site and chromedriver's `/status`
//! (chromedriver refuses HTTP/1.0): one request per connection, `Connection: close`, and a body
//! that is either plain or chunked.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::Res;

/// Status code and body of `GET http://{host_port}{path_and_query}`.
pub async fn get(host_port: &str, path_and_query: &str) -> Res<(u16, String)> {
    let exchange = async {
        let mut stream = TcpStream::connect(host_port).await?;
        let request =
            format!("GET {path_and_query} HTTP/1.1\r\nHost: {host_port}\r\nAccept: */*\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await?;
        // Until the server closes, or the body's Content-Length is in (chromedriver keeps the
        // connection open).
        let mut raw = Vec::new();
        let mut buf = [0u8; 16 * 1024];
        loop {
            let n = stream.read(&mut buf).await?;
            if n == 0 {
                break;
            }
            raw.extend_from_slice(&buf[..n]);
            if let Some(split) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&raw[..split]).to_ascii_lowercase();
                let length = head.lines().find_map(|l| {
                    l.strip_prefix("content-length:")
                        .and_then(|v| v.trim().parse::<usize>().ok())
                });
                if length.is_some_and(|len| raw.len() >= split + 4 + len) {
                    break;
                }
            }
        }
        Ok::<_, std::io::Error>(raw)
    };
    let raw = tokio::time::timeout(Duration::from_secs(10), exchange)
        .await
        .map_err(|_| format!("GET {host_port}{path_and_query}: no answer in 10 s"))??;
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .ok_or_else(|| format!("GET {path_and_query}: no header end"))?;
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let body = &raw[split + 4..];
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("GET {path_and_query}: bad status line in {head:?}"))?;
    let chunked = head
        .lines()
        .any(|l| l.to_ascii_lowercase().replace(' ', "") == "transfer-encoding:chunked");
    let body = if chunked {
        dechunk(body).ok_or_else(|| format!("GET {path_and_query}: bad chunked body"))?
    } else {
        body.to_vec()
    };
    Ok((status, String::from_utf8(body)?))
}

/// The data of a chunked body.
fn dechunk(mut rest: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    loop {
        let line_end = rest.windows(2).position(|w| w == b"\r\n")?;
        let line = std::str::from_utf8(&rest[..line_end]).ok()?;
        let size = usize::from_str_radix(line.split(';').next()?.trim(), 16).ok()?;
        let data = rest.get(line_end + 2..)?;
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(data.get(..size)?);
        rest = data.get(size..)?.strip_prefix(b"\r\n")?;
    }
}

/// The `response` of an API envelope at `path_and_query`; an error envelope is an error here.
pub async fn api_response(host_port: &str, path_and_query: &str) -> Res<serde_json::Value> {
    let (status, body) = get(host_port, path_and_query).await?;
    if status != 200 {
        return Err(format!("GET {path_and_query}: HTTP {status}: {body}").into());
    }
    let envelope: serde_json::Value = serde_json::from_str(&body)?;
    match envelope["status"].as_str() {
        Some("ok") => Ok(envelope["response"].clone()),
        _ => Err(format!("GET {path_and_query}: {body}").into()),
    }
}
