//! `gateway`: serves the built console and forwards `/api/<operation>` to the real service with
//! the token added on the server side, until Ctrl-C or SIGTERM (requests in flight finish within
//! `--drain-timeout`). `gateway mcp` serves MCP over stdio instead (`mcp/stdio.rs`).

use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;

use gateway::access_log::AccessLog;
use gateway::config::{Cli, Config, TOKEN_ENV};
use gateway::{logging, serve, Gateway};
use serverkit::shutdown::stop_signal;

#[tokio::main]
async fn main() -> ExitCode {
    if std::env::args().nth(1).as_deref() == Some("mcp") {
        return gateway::mcp::stdio::main(std::env::args().skip(2)).await;
    }
    let cli = Cli::parse();
    if let Err(e) = logging::init(cli.log_format, &cli.log) {
        eprintln!("gateway: {e}");
        return ExitCode::from(2);
    }
    let config = Config::from_cli(cli, std::env::var(TOKEN_ENV).ok(), |path| {
        // The error names the file, never its content.
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
    });
    let config = match config {
        Ok(c) => c,
        Err(e) => {
            tracing::error!("{e}");
            return ExitCode::from(2);
        }
    };
    let listen = config.listen;
    let (upstream, dist) = (config.upstream.clone(), config.dist.clone());
    let gateway = match Gateway::new(config, AccessLog::Tracing) {
        Ok(g) => Arc::new(g),
        Err(e) => {
            tracing::error!("{e}");
            return ExitCode::from(2);
        }
    };
    let listener = match tokio::net::TcpListener::bind(listen).await {
        Ok(l) => l,
        Err(e) => {
            tracing::error!("cannot listen on {listen}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let address = listener.local_addr().unwrap_or(listen);
    tracing::info!(
        "gateway listening on http://{address}: console from {}, /api/ forwarded to {upstream}",
        dist.display()
    );
    let stopping = async {
        stop_signal().await;
        tracing::info!("stopping: no new connections; requests in flight may finish");
    };
    match serve(listener, gateway, stopping).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e}");
            ExitCode::FAILURE
        }
    }
}
