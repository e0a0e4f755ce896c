//! `sandbox-bench`: generates a dataset in-process, serves it on a loopback port and drives a
//! bounded `/posts/search` load over keep-alive connections, then prints machine-readable lines.

use std::net::{Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Instant;

use tokio::net::TcpListener;

use sandbox::cli::clock_now;
use sandbox::rng::Rng;
use sandbox::{serve, Config, Dataset, Size, State};
use server_bench::load;

#[tokio::main]
async fn main() -> ExitCode {
    let options = load::Options::from_args("sandbox-bench", Size::Default);
    let started = Instant::now();
    let dataset = Dataset::generate(options.seed, options.size, clock_now());
    let startup_ms = started.elapsed().as_millis();
    println!(
        "startup_ms={startup_ms} size={} channels={} posts={}",
        options.size,
        dataset.channels.len(),
        dataset.posts.len()
    );
    let paths = Arc::new(query_mix(&dataset, options.requests));
    let listener = match TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, 0))).await {
        Ok(l) => l,
        Err(e) => {
            eprintln!("sandbox-bench: cannot listen: {e}");
            return ExitCode::FAILURE;
        }
    };
    let Ok(address) = listener.local_addr() else {
        return ExitCode::FAILURE;
    };
    let state = Arc::new(State::new(dataset, Config::default()));
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let server = tokio::spawn(serve(listener, state, async {
        let _ = stopped.await;
    }));

    let report = load::run(address, paths, options.connections).await;
    let _ = stop.send(());
    let _ = server.await;
    println!("{}", report.line());
    println!("peak_rss_mib={}", peak_rss_mib().unwrap_or(0));
    if report.errors > 0 {
        ExitCode::FAILURE
    } else {
        ExitCode::SUCCESS
    }
}

/// Realistic post searches: words of the dataset's own vocabulary, alone or combined, with the
/// flags and filters people use.
fn query_mix(ds: &Dataset, n: usize) -> Vec<String> {
    let words: Vec<&str> = ds
        .index
        .vocabulary()
        .iter()
        .map(String::as_str)
        .filter(|w| w.chars().count() >= 4 && w.chars().all(char::is_alphabetic))
        .collect();
    let mut rng = Rng::new(0xbe4c);
    (0..n)
        .map(|_| {
            let word = *rng.pick(&words);
            let other = *rng.pick(&words);
            let extra = match rng.below(10) {
                0 => format!("&q={}%20{}", encode(word), encode(other)),
                1 => format!("&q={}&strongSearch=1", encode(word)),
                2 => format!(
                    "&q={}&extendedSyntax=1",
                    encode(&format!("({word} | {other}) -{}", rng.pick(&words)))
                ),
                3 => format!(
                    "&q={}&hideDeleted=1&hideForwards=1&peerType=channel",
                    encode(word)
                ),
                4 => format!(
                    "&q={}&startDate={}&extended=1",
                    encode(word),
                    ds.now - 30 * 86_400
                ),
                5 => format!("&q={}&minusWords={}", encode(word), encode(other)),
                _ => format!("&q={}", encode(word)),
            };
            let offset = 20 * rng.below(3);
            format!("/api/posts/search?token=demo&limit=20&offset={offset}{extra}")
        })
        .collect()
}

fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'_' | b'.' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The process's peak resident memory (VmHWM), in MiB.
fn peak_rss_mib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}
