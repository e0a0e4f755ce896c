//! `gateway-bench`: the sandbox (requiring a token) and the gateway in front of it, both
//! in-process on loopback. Measures cached calls through the gateway under a bounded keep-alive
//! load, then replays a scripted console session of two visitors and counts how many of their
//! calls reached the upstream.

use std::collections::HashSet;
use std::net::{Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::sync::Arc;

use chanscope::api::Token;
use tokio::net::TcpListener;

use gateway::access_log::AccessLog;
use gateway::config::Config as GatewayConfig;
use gateway::Gateway;
use sandbox::cli::clock_now;
use sandbox::{Config, Dataset, Size, State};
use server_bench::load;

/// The gateway's token; the sandbox accepts no other.
const TOKEN: &str = "bench-token";
/// Distinct cached calls the load cycles through.
const WARM_CALLS: usize = 60;

#[tokio::main]
async fn main() -> ExitCode {
    let Some(options) = load::Options::from_args("gateway-bench", Size::Small) else {
        return ExitCode::from(2);
    };
    match run(options).await {
        Ok(0) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("gateway-bench: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Runs both parts; the number of failed requests.
async fn run(options: load::Options) -> Result<usize, String> {
    let dataset = Dataset::generate(options.seed, options.size, clock_now());
    let calls = Calls::of(&dataset);
    let mut config = Config::default();
    config.tokens.add(&format!("{TOKEN}=search+stat:XL"))?;
    let upstream = listen().await?;
    let upstream_address = upstream.local_addr().map_err(|e| e.to_string())?;
    let state = Arc::new(State::new(dataset, config));
    tokio::spawn(sandbox::serve(upstream, state, std::future::pending()));

    // A page to serve is all the gateway needs of a dist directory here.
    let dist = std::env::temp_dir().join(format!("chanscope-gateway-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dist).map_err(|e| e.to_string())?;
    std::fs::write(dist.join("index.html"), "<!doctype html>").map_err(|e| e.to_string())?;
    let token = Token::new(TOKEN).ok_or("empty token")?;
    let mut gateway_config = GatewayConfig::new(&format!("http://{upstream_address}/api"), token)?;
    gateway_config.dist = dist.clone();
    // Every request comes from 127.0.0.1: the per-client limit would measure itself.
    gateway_config.rate = 1e9;
    gateway_config.burst = 1e9;
    let gateway =
        Arc::new(Gateway::new(gateway_config, AccessLog::to(|_| {})).map_err(|e| e.to_string())?);
    let listener = listen().await?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    tokio::spawn(gateway::serve(
        listener,
        Arc::clone(&gateway),
        std::future::pending(),
    ));

    // Warm: every call of the load once, so that the load measures cached answers.
    let warm: Vec<String> = calls.warm();
    let mut errors = 0;
    for path in &warm {
        if load::get(address, path).await != Some(200) {
            errors += 1;
        }
    }
    let paths: Vec<String> = warm
        .iter()
        .cycle()
        .take(options.requests)
        .cloned()
        .collect();
    let report = load::run(address, Arc::new(paths), options.connections).await;
    println!("cached calls: {}", report.line());
    errors += report.errors;

    let before = gateway.health().upstream_calls;
    let mut client_calls = 0;
    for _visitor in 0..2 {
        let (sent, failed) = session(address, &calls).await;
        client_calls += sent;
        errors += failed;
    }
    let upstream_calls = gateway.health().upstream_calls - before;
    println!(
        "console session: client_calls={client_calls} upstream_calls={upstream_calls} ratio={:.2} errors={errors}",
        upstream_calls as f64 / client_calls.max(1) as f64
    );
    let _ = std::fs::remove_dir_all(&dist);
    Ok(errors)
}

async fn listen() -> Result<TcpListener, String> {
    TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, 0)))
        .await
        .map_err(|e| format!("cannot listen: {e}"))
}

/// Names from the dataset that the calls use: the load takes the first [`LOAD_NAMES`] of each,
/// the session the rest, so that the session starts with nothing cached.
struct Calls {
    channels: Vec<u64>,
    words: Vec<String>,
}

const LOAD_NAMES: usize = 20;

impl Calls {
    fn of(ds: &Dataset) -> Calls {
        let candidates: Vec<&String> = ds
            .index
            .vocabulary()
            .iter()
            .filter(|w| w.chars().count() >= 5 && w.chars().all(char::is_alphabetic))
            .collect();
        // Spread over the vocabulary rather than its alphabetical start.
        let step = (candidates.len() / (LOAD_NAMES + 10)).max(1);
        let words = candidates
            .into_iter()
            .step_by(step)
            .take(LOAD_NAMES + 10)
            .cloned()
            .collect();
        Calls {
            channels: ds
                .channels
                .iter()
                .step_by(7)
                .take(LOAD_NAMES + 10)
                .map(|c| c.id)
                .collect(),
            words,
        }
    }

    fn info(&self, channel: u64) -> String {
        format!("/api/channels/get?channelId={channel}")
    }

    fn search(&self, word: &str, offset: u32) -> String {
        format!(
            "/api/posts/search?q={}&limit=20&offset={offset}",
            encode(word)
        )
    }

    fn subscribers(&self, channel: u64, group: &str) -> String {
        format!("/api/channels/subscribers?channelId={channel}&group={group}")
    }

    /// The load's calls: channel cards, post searches and subscriber charts.
    fn warm(&self) -> Vec<String> {
        let (channels, words) = (&self.channels[..LOAD_NAMES], &self.words[..LOAD_NAMES]);
        let mut out: Vec<String> = channels.iter().map(|c| self.info(*c)).collect();
        out.extend(words.iter().map(|w| self.search(w, 0)));
        out.extend(channels.iter().map(|c| self.subscribers(*c, "day")));
        out.truncate(WARM_CALLS);
        out
    }
}

/// One visitor's session in the console. The console keeps identical answers for 60 s itself,
/// so a repeat within the session (going back) never reaches the gateway: only first-time calls
/// are sent, except the widgets of one portal page, which ask at the same moment. Returns the
/// calls sent and the failures.
async fn session(address: SocketAddr, calls: &Calls) -> (usize, usize) {
    let mut remembered = HashSet::new();
    let mut steps: Vec<Vec<String>> = Vec::new();
    // A portal page with three widgets of one channel, loading together.
    let (channels, words) = (&calls.channels[LOAD_NAMES..], &calls.words[LOAD_NAMES..]);
    let featured = channels[0];
    steps.push(vec![calls.info(featured); 3]);
    // Searches with paging forward and back, then the cards of channels in the results, each
    // opened again after a look at its subscribers.
    for word in &words[..4] {
        for offset in [0, 20, 40, 20, 0] {
            steps.push(vec![calls.search(word, offset)]);
        }
    }
    for &channel in &channels[1..6] {
        steps.push(vec![calls.info(channel)]);
        for group in ["day", "week", "month", "day"] {
            steps.push(vec![calls.subscribers(channel, group)]);
        }
        steps.push(vec![calls.info(channel)]);
    }
    steps.push(vec![calls.info(featured)]);

    let (mut sent, mut failed) = (0, 0);
    for step in steps {
        let together = step.len() > 1;
        let fresh: Vec<String> = step
            .into_iter()
            .filter(|path| together || remembered.insert(path.clone()))
            .collect();
        let asks: Vec<_> = fresh
            .iter()
            .map(|path| {
                let path = path.clone();
                tokio::spawn(async move { load::get(address, &path).await })
            })
            .collect();
        for ask in asks {
            sent += 1;
            if !matches!(ask.await, Ok(Some(200))) {
                failed += 1;
            }
        }
        if together {
            remembered.extend(fresh);
        }
    }
    (sent, failed)
}

fn encode(text: &str) -> String {
    let mut out = String::new();
    chanscope::api::query::encode_component(text, &mut out);
    out
}
