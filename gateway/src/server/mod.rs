//! The accept loop. axum's `serve` (0.8) gives hyper no timer, so it can bound neither how long
//! a client takes to send its headers nor how long a keep-alive connection idles, caps no
//! connections and waits for them forever when stopping: 45 idle connections made a gateway with
//! 40 file descriptors unreachable, and a half-sent request held up SIGTERM. Nor does anything in
//! hyper bound a write: three clients that pipelined requests for a large file and never read
//! held every slot of `--max-connections 3`. This loop drives hyper's HTTP/1 connections itself,
//! with all five bounds.

mod bounded;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tokio::sync::Semaphore;
use tower::Service;

/// How the loop treats its connections.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// For a request's headers to arrive; hyper restarts the same timer while a keep-alive
    /// connection waits for its next request, so this is the idle limit too.
    pub header_timeout: Duration,
    /// The longest a write of an answer may make no progress (a client that stopped reading).
    pub write_timeout: Duration,
    /// Connections served at once; further clients wait in the listen backlog.
    pub max_connections: usize,
    /// After `shutdown`, how long requests in flight may still finish.
    pub drain_timeout: Duration,
}

/// A pause after a failed `accept` (out of file descriptors, say), so that the loop does not
/// spin while the condition lasts.
const ACCEPT_RETRY: Duration = Duration::from_millis(100);

/// Serves `router` until `shutdown` completes, then lets the connections finish their requests
/// for [`Limits::drain_timeout`] at most.
pub async fn run(
    listener: TcpListener,
    router: Router,
    limits: Limits,
    shutdown: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .keep_alive(true);
    let mut make = router.into_make_service_with_connect_info::<SocketAddr>();
    let permits = Arc::new(Semaphore::new(limits.max_connections.max(1)));
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let permit = tokio::select! {
            permit = Arc::clone(&permits).acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
            () = &mut shutdown => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    tracing::warn!(error = %e, "accepting a connection failed");
                    tokio::time::sleep(ACCEPT_RETRY).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let service = match make.call(peer).await {
            Ok(service) => service,
            Err(never) => match never {},
        };
        let stream = bounded::Bounded::new(stream, limits.write_timeout);
        let connection =
            http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            // A client that goes away mid-request is no error of the gateway's.
            let _ = connection.await;
            drop(permit);
        });
    }
    drop(listener);
    let open = graceful.count();
    if tokio::time::timeout(limits.drain_timeout, graceful.shutdown())
        .await
        .is_err()
    {
        tracing::warn!(
            open,
            drain_timeout_s = limits.drain_timeout.as_secs_f64(),
            "stopping with connections still open after the drain deadline"
        );
    }
    Ok(())
}
