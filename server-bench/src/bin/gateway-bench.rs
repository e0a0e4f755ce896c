//! `gateway-bench`: the sandbox (requiring a token) and the gateway in front of it, both
//! in-process on loopback. Measures cached calls through the gateway under a bounded keep-alive
//! load, then replays a scripted console session of two visitors and counts how many of their
//! calls reached the upstream. Then the same with several instances sharing a `redis-server` of
//! the bench's own: cached calls answered from Redis (an instance without its in-process layer),
//! and the two visitors' session split over two instances.

use std::collections::HashSet;
use std::net::{Ipv4Addr, SocketAddr};
use std::path::Path;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use chanscope_api::Token;
use tokio::net::TcpListener;

use gateway::access_log::AccessLog;
use gateway::config::Config as GatewayConfig;
use gateway::Gateway;
use sandbox::cli::clock_now;
use sandbox::redis_server::RedisServer;
use sandbox::{Config, Dataset, Size, State};
use server_bench::load;

/// The gateway's token; the sandbox accepts no other.
const TOKEN: &str = "bench-token";
/// Distinct cached calls the load cycles through.
const WARM_CALLS: usize = 60;

#[tokio::main]
async fn main() -> ExitCode {
    let options = load::Options::from_args("gateway-bench", Size::Small);
    match run(options).await {
        Ok(0) => ExitCode::SUCCESS,
        Ok(_) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("gateway-bench: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Runs every part; the number of failed requests.
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
    let base = format!("http://{upstream_address}/api");
    let (gateway, address) = start_gateway(&base, &dist, &|_| {}).await?;

    // Warm: every call of the load once, so that the load measures cached answers.
    let warm: Vec<String> = calls.warm();
    let mut errors = warm_up(address, &warm).await;
    let paths: Vec<String> = warm
        .iter()
        .cycle()
        .take(options.requests)
        .cloned()
        .collect();
    let paths = Arc::new(paths);
    let report = load::run(address, Arc::clone(&paths), options.connections).await;
    println!("cached calls: {}", report.line());
    errors += report.errors;

    let before = gateway.counters().upstream_calls;
    let mut client_calls = 0;
    for _visitor in 0..2 {
        let (sent, failed) = session(address, &calls).await;
        client_calls += sent;
        errors += failed;
    }
    let upstream_calls = gateway.counters().upstream_calls - before;
    println!(
        "console session: client_calls={client_calls} upstream_calls={upstream_calls} ratio={:.2} errors={errors}",
        upstream_calls as f64 / client_calls.max(1) as f64
    );

    let shared = several_instances((&base, &dist), &calls, &paths, &options).await;
    let _ = std::fs::remove_dir_all(&dist);
    let (split_upstream, split_errors) = shared?;
    println!(
        "session split over two instances: split_upstream_calls={split_upstream} split_ratio={:.2} split_extra_calls={} split_errors={split_errors}",
        split_upstream as f64 / client_calls.max(1) as f64,
        split_upstream as i64 - upstream_calls as i64
    );
    Ok(errors + split_errors)
}

/// Three instances on one Redis: cached calls through the one without an in-process layer
/// (each answer a GET from Redis, besides the shared per-client limit), warmed by another; then
/// the first visitor's session on one instance and the second's on another. Returns the
/// session's upstream calls and the failed requests.
async fn several_instances(
    (upstream, dist): (&str, &Path),
    calls: &Calls,
    paths: &Arc<Vec<String>>,
    options: &load::Options,
) -> Result<(u64, usize), String> {
    let redis = RedisServer::start()?;
    let url = redis.url();
    let with_redis = |c: &mut GatewayConfig| c.redis = Some(url.clone());
    let (first, first_address) = start_gateway(upstream, dist, &with_redis).await?;
    let (second, second_address) = start_gateway(upstream, dist, &with_redis).await?;
    let without_own_layer = |c: &mut GatewayConfig| {
        with_redis(c);
        c.cache_max_bytes = 0;
    };
    let (_bare, bare_address) = start_gateway(upstream, dist, &without_own_layer).await?;
    let mut errors = warm_up(first_address, &calls.warm()).await;
    let report = load::run(bare_address, Arc::clone(paths), options.connections).await;
    println!(
        "cached calls through Redis: redis_requests={} redis_p50_ms={:.2} redis_p99_ms={:.2} redis_errors={}",
        report.latencies.len(),
        report.ms_at(0.50),
        report.ms_at(0.99),
        report.errors
    );
    errors += report.errors;
    let upstream = || first.counters().upstream_calls + second.counters().upstream_calls;
    let before = upstream();
    for address in [first_address, second_address] {
        errors += session(address, calls).await.1;
    }
    Ok((upstream() - before, errors))
}

/// A gateway with the bench's settings and `tweak` in front of `upstream`, serving on a loopback
/// port; with `--redis`, once it has reached Redis.
async fn start_gateway(
    upstream: &str,
    dist: &Path,
    tweak: &dyn Fn(&mut GatewayConfig),
) -> Result<(Arc<Gateway>, SocketAddr), String> {
    let token = Token::new(TOKEN).ok_or("empty token")?;
    let mut config = GatewayConfig::new(upstream, token)?;
    config.dist = dist.to_path_buf();
    // Every request comes from 127.0.0.1: the per-client limit would measure itself.
    config.rate = 1e9;
    config.burst = 1e9;
    tweak(&mut config);
    let with_redis = config.redis.is_some();
    let gateway = Arc::new(Gateway::new(config, AccessLog::to(|_| {}))?);
    if with_redis {
        let deadline = Instant::now() + Duration::from_secs(5);
        while gateway.counters().redis != "up" {
            if Instant::now() > deadline {
                return Err("the gateway did not reach redis-server in 5 s".into());
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    let listener = listen().await?;
    let address = listener.local_addr().map_err(|e| e.to_string())?;
    tokio::spawn(gateway::serve(
        listener,
        Arc::clone(&gateway),
        std::future::pending(),
    ));
    Ok((gateway, address))
}

/// Asks each of `paths` once; the failures.
async fn warm_up(address: SocketAddr, paths: &[String]) -> usize {
    let mut errors = 0;
    for path in paths {
        if load::get(address, path).await != Some(200) {
            errors += 1;
        }
    }
    errors
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
    chanscope_api::query::encode_component(text, &mut out);
    out
}
