//! GET (and POST) over HTTP/1.1 with hyper's client (the one fantoccini talks to chromedriver through):
//! enough to ask the in-process site, a server a test started, and chromedriver's `/status`.

use std::time::Duration;

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper_util::client::legacy::Client;
use hyper_util::rt::TokioExecutor;

use crate::Res;

/// Status code and body of `GET http://{host_port}{path_and_query}`, within 10 s.
pub async fn get(host_port: &str, path_and_query: &str) -> Res<(u16, String)> {
    let url = format!("http://{host_port}{path_and_query}");
    let request = hyper::Request::get(url.as_str()).body(Full::new(Bytes::new()))?;
    exchange(&url, request).await
}

/// Status code and body of `POST http://{host_port}{path}` with the JSON `body`, within 10 s.
pub async fn post_json(
    host_port: &str,
    path: &str,
    body: &serde_json::Value,
) -> Res<(u16, String)> {
    let url = format!("http://{host_port}{path}");
    let request = hyper::Request::post(url.as_str())
        .header("content-type", "application/json")
        .body(Full::new(Bytes::from(body.to_string())))?;
    exchange(&url, request).await
}

async fn exchange(url: &str, request: hyper::Request<Full<Bytes>>) -> Res<(u16, String)> {
    let method = request.method().clone();
    let client = Client::builder(TokioExecutor::new()).build_http::<Full<Bytes>>();
    let exchange = async {
        let answer = client.request(request).await?;
        let status = answer.status().as_u16();
        let body = answer.into_body().collect().await?.to_bytes();
        Res::Ok((status, String::from_utf8(body.to_vec())?))
    };
    tokio::time::timeout(Duration::from_secs(10), exchange)
        .await
        .map_err(|_| format!("{method} {url}: no answer in 10 s"))?
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A plain body, a streamed (chunked) one, and a status other than 200, from a real server.
    #[tokio::test]
    async fn get_reads_the_status_and_the_whole_body() {
        use axum::body::Body;
        use axum::http::StatusCode;
        use axum::routing::get as route;

        let app = axum::Router::new()
            .route("/plain", route(|| async { "plain answer" }))
            .route(
                "/chunked",
                route(|| async {
                    let parts = ["one ", "two ", "three"].map(Ok::<_, std::io::Error>);
                    Body::from_stream(futures::stream::iter(parts))
                }),
            )
            .route(
                "/missing",
                route(|| async { (StatusCode::NOT_FOUND, "no") }),
            );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap().to_string();
        tokio::spawn(async move { axum::serve(listener, app).await });

        assert_eq!(
            get(&address, "/plain").await.unwrap(),
            (200, "plain answer".into())
        );
        assert_eq!(
            get(&address, "/chunked").await.unwrap(),
            (200, "one two three".into())
        );
        assert_eq!(get(&address, "/missing").await.unwrap(), (404, "no".into()));
    }
}
