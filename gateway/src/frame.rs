//! Around every request: who the client is, CORS, the common headers, where an API answer came
//! from (with `--debug-headers`), the log line and the metrics.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Instant;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::access_log::Entry;
use crate::api::CacheSource;
use crate::state::Gateway;
use crate::{host, metrics, statics};

/// Says where an API answer came from: `hit`, `miss`, `stale` or `coalesced`; sent only with
/// `--debug-headers`, since it tells anyone whether somebody else asked the same lately.
pub const CACHE_HEADER: HeaderName = HeaderName::from_static("x-chanscope-cache");

/// The client's address, as decided once per request (see `--trust-forwarded-for`).
#[derive(Clone, Copy)]
pub(crate) struct ClientAddress(pub(crate) IpAddr);

/// Around every request: who the client is, CORS, the common headers, and the log line.
pub(crate) async fn frame(
    State(gw): State<Arc<Gateway>>,
    mut request: Request,
    next: Next,
) -> Response {
    let started = Instant::now();
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |c| c.0.ip());
    let client = client_address(peer, request.headers(), gw.config.trust_forwarded_for);
    request.extensions_mut().insert(ClientAddress(client));
    let method = request.method().clone();
    let uri = request.uri().clone();
    let origin = gw.cors.allowed_origin(request.headers());
    let mut response = if let Some(problem) = host::problem(request.version(), request.headers()) {
        (StatusCode::BAD_REQUEST, problem).into_response()
    } else {
        match gw.cors.preflight(&method, request.headers()) {
            Some(preflight) => preflight,
            None => next.run(request).await,
        }
    };
    gw.cors.decorate(origin, &mut response);
    statics::common_headers(response.headers_mut());
    if let Some(source) = response.extensions().get::<CacheSource>().copied() {
        if gw.config.debug_headers {
            response
                .headers_mut()
                .insert(CACHE_HEADER, HeaderValue::from_static(source.0));
        }
    }
    let entry = Entry {
        at: chrono::Utc::now(),
        client,
        method: &method,
        path: uri.path(),
        query: uri.query(),
        status: response.status(),
        cache: response
            .extensions()
            .get::<CacheSource>()
            .map_or("-", |s| s.0),
        took: started.elapsed(),
    };
    gw.log.request(&entry);
    gw.metrics
        .request(metrics::operation(uri.path()), response.status().as_u16());
    response
}

/// The connecting address, or behind a trusted proxy the last `X-Forwarded-For` hop (the one
/// that proxy added; earlier hops are whatever the client claimed).
fn client_address(peer: IpAddr, headers: &HeaderMap, trust_forwarded_for: bool) -> IpAddr {
    if !trust_forwarded_for {
        return peer;
    }
    headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .next_back()
        .and_then(|hop| hop.trim().parse().ok())
        .unwrap_or(peer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn forwarded_for_only_when_trusted_and_only_the_last_hop() {
        let peer: IpAddr = "10.0.0.1".parse().unwrap();
        let mut headers = HeaderMap::new();
        headers.append("x-forwarded-for", "1.1.1.1, 2.2.2.2".parse().unwrap());
        headers.append("x-forwarded-for", "203.0.113.7".parse().unwrap());
        assert_eq!(client_address(peer, &headers, false), peer);
        assert_eq!(
            client_address(peer, &headers, true),
            "203.0.113.7".parse::<IpAddr>().unwrap()
        );
        headers.insert("x-forwarded-for", "not an address".parse().unwrap());
        assert_eq!(client_address(peer, &headers, true), peer);
        assert_eq!(client_address(peer, &HeaderMap::new(), true), peer);
    }
}
