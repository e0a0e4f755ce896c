//! `gateway mcp`: the MCP server over standard input and output, for a desktop assistant that
//! starts it as a command. With a token (`--token-file` or `CHANSCOPE_API_TOKEN`) and
//! `--upstream`, it asks the real service; without one, in a build with the `sandbox` feature,
//! the sandbox in process, so that a newcomer can try it with one command. Either way through a
//! gateway in process: the same policy, cache, coalescing and limits as a served one. Standard
//! output carries the protocol alone; logs go to standard error.

use std::process::ExitCode;
use std::sync::Arc;

use chanscope_api::Token;
use clap::Parser;
use rmcp::ServiceExt;

use super::Chanscope;
use crate::access_log::AccessLog;
use crate::config::{Config, TOKEN_ENV};
use crate::logging::{self, LogFormat};
use crate::state::Gateway;

/// `gateway mcp`'s command line.
#[derive(Parser, Debug)]
#[command(
    name = "gateway mcp",
    about = "Serves MCP over stdio for a desktop AI assistant: the API's eight operations, \
             channel_report and campaign_gains.",
    after_help = "With a token (--token-file or CHANSCOPE_API_TOKEN) and --upstream it asks \
                  the service; without a token it answers from the sandbox, in a build with \
                  `--features sandbox`."
)]
pub struct McpCli {
    /// The service's http or https base URL (needed with a token)
    #[arg(
        long,
        env = "CHANSCOPE_UPSTREAM",
        value_name = "URL",
        hide_env_values = true
    )]
    upstream: Option<String>,
    /// A file holding the API token (trimmed); else the variable CHANSCOPE_API_TOKEN
    #[arg(long, env = "CHANSCOPE_TOKEN_FILE", value_name = "PATH")]
    token_file: Option<String>,
    /// Which logs to write to standard error, as tracing's EnvFilter reads it
    #[arg(
        long,
        env = "CHANSCOPE_LOG",
        value_name = "FILTER",
        default_value = "warn"
    )]
    log: String,
}

/// Runs `gateway mcp` with `args` (those after `mcp`) until the assistant closes its input.
pub async fn main(args: impl Iterator<Item = String>) -> ExitCode {
    let cli = match McpCli::try_parse_from(std::iter::once("gateway mcp".to_owned()).chain(args)) {
        Ok(cli) => cli,
        Err(e) => {
            // --help and --version are clap's "errors" too, printed to stderr: stdout is the
            // protocol's.
            eprint!("{e}");
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    if let Err(e) = logging::init(LogFormat::Text, &cli.log) {
        eprintln!("gateway mcp: {e}");
        return ExitCode::from(2);
    }
    let config = match config(&cli).await {
        Ok(config) => config,
        Err(e) => {
            tracing::error!("{e}");
            return ExitCode::from(2);
        }
    };
    let gateway = match Gateway::new(config, AccessLog::Tracing) {
        Ok(g) => Arc::new(g),
        Err(e) => {
            tracing::error!("{e}");
            return ExitCode::from(2);
        }
    };
    let served = match Chanscope::new(gateway)
        .serve(rmcp::transport::stdio())
        .await
    {
        Ok(served) => served,
        Err(e) => {
            tracing::error!("gateway mcp: {e}");
            return ExitCode::FAILURE;
        }
    };
    match served.waiting().await {
        Ok(_) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("gateway mcp: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The in-process gateway's settings: the service with the token, else the sandbox.
async fn config(cli: &McpCli) -> Result<Config, String> {
    let secret = match &cli.token_file {
        // The error names the file, never its content.
        Some(path) => Some(
            std::fs::read_to_string(path)
                .map_err(|e| format!("cannot read --token-file {path}: {e}"))?,
        ),
        None => std::env::var(TOKEN_ENV).ok(),
    };
    let mut config = match secret.as_deref().and_then(Token::new) {
        Some(token) => {
            let upstream = cli
                .upstream
                .as_deref()
                .ok_or("with a token, --upstream (or CHANSCOPE_UPSTREAM) names the service")?;
            Config::new(upstream, token)?
        }
        None => sandbox().await?,
    };
    // Nothing is served from it: the gateway in process answers the tools only.
    config.dist = std::env::temp_dir();
    Ok(config)
}

/// The sandbox on a loopback port of its own, as the upstream, with its demo token.
#[cfg(feature = "sandbox")]
async fn sandbox() -> Result<Config, String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(|e| format!("cannot start the sandbox: {e}"))?;
    let address = listener
        .local_addr()
        .map_err(|e| format!("cannot start the sandbox: {e}"))?;
    let state = Arc::new(sandbox::State::new(
        sandbox::Dataset::live(1, sandbox::Size::Default),
        sandbox::Config::default(),
    ));
    tokio::spawn(sandbox::serve(listener, state, std::future::pending()));
    tracing::info!("no token: answering from the sandbox at http://{address}");
    let token = Token::new(sandbox::auth::DEMO_TOKEN).ok_or("the sandbox has no demo token")?;
    Config::new(&format!("http://{address}/api"), token)
}

#[cfg(not(feature = "sandbox"))]
async fn sandbox() -> Result<Config, String> {
    Err(format!(
        "no token: give --token-file or {TOKEN_ENV} with --upstream; to try it on the sandbox, \
         build with `cargo build -p gateway --features sandbox`"
    ))
}
