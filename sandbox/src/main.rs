//! `sandbox`: serves the generated dataset on 127.0.0.1 until Ctrl-C or SIGTERM.

use std::net::{Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use sandbox::cli::Options;
use sandbox::dataset::FUTURE_DAYS;
use sandbox::{serve, State};
use serverkit::shutdown::stop_signal;

#[tokio::main]
async fn main() -> ExitCode {
    let options = Options::parse(std::env::args().skip(1), |path| {
        std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))
    })
    // `--help` (on stdout, success) or what was wrong with the line (status 2).
    .unwrap_or_else(|e| e.exit());
    let started = Instant::now();
    let dataset = options.dataset();
    let channels = dataset.channels.len();
    let posts = dataset.visible().len();
    let later = dataset.posts.len() - posts;
    let address = SocketAddr::from((Ipv4Addr::LOCALHOST, options.port));
    let listener = match tokio::net::TcpListener::bind(address).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("sandbox: cannot listen on {address}: {e}");
            return ExitCode::FAILURE;
        }
    };
    let port = listener.local_addr().map_or(options.port, |a| a.port());
    let mut config = options.config;
    // Avatars are loaded from here whatever serves the console (trunk's proxy, another port).
    config.public_host = Some(format!("127.0.0.1:{port}"));
    let state = Arc::new(State::new(dataset, config));
    println!(
        "sandbox listening on http://127.0.0.1:{port} (seed {}, size {}, {channels} channels, {posts} posts and {later} to come in {FUTURE_DAYS} days, ready in {} ms)",
        options.seed,
        options.size,
        started.elapsed().as_millis()
    );
    match serve(listener, state, stop_signal()).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("sandbox: {e}");
            ExitCode::FAILURE
        }
    }
}
