//! `gateway`: serves the built console and forwards `/api/<operation>` to the real service with
//! the token added on the server side, until Ctrl-C or SIGTERM (requests in flight finish).

use std::process::ExitCode;
use std::sync::Arc;

use gateway::access_log::AccessLog;
use gateway::config::{Config, REDIS_ENV, TOKEN_ENV};
use gateway::{serve, Gateway, USAGE};
use serverkit::cli::help_asked;
use serverkit::shutdown::stop_signal;

#[tokio::main]
async fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if help_asked(&args, USAGE) {
        return ExitCode::SUCCESS;
    }
    let config = Config::parse(args, std::env::var(TOKEN_ENV).ok(), |path| {
        // The error names the file, never its content.
        std::fs::read_to_string(path).map_err(|e| format!("cannot read --token-file {path}: {e}"))
    })
    .and_then(|mut c| c.redis_from_env(std::env::var(REDIS_ENV).ok()).map(|()| c));
    let config = match config {
        Ok(c) => c,
        Err(e) => {
            eprintln!("gateway: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let listen = config.listen;
    let (upstream, dist) = (config.upstream.clone(), config.dist.clone());
    let gateway = match Gateway::new(config, AccessLog::stderr()) {
        Ok(g) => Arc::new(g),
        Err(e) => {
            eprintln!("gateway: {e}");
            return ExitCode::from(2);
        }
    };
    let listener = match tokio::net::TcpListener::bind(listen).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("gateway: cannot listen on {listen}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let address = listener.local_addr().unwrap_or(listen);
    eprintln!(
        "gateway listening on http://{address}: console from {}, /api/ forwarded to {upstream}",
        dist.display()
    );
    match serve(listener, gateway, stop_signal()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gateway: {e}");
            ExitCode::FAILURE
        }
    }
}
