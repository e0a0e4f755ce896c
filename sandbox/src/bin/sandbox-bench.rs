//! `sandbox-bench`: generates a dataset in-process, serves it on a loopback port and drives a
//! bounded `/posts/search` load over keep-alive connections, then prints machine-readable lines.

use std::net::{Ipv4Addr, SocketAddr};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use sandbox::cli::clock_now;
use sandbox::rng::Rng;
use sandbox::{serve, Config, Dataset, Size, State};

const USAGE: &str =
    "usage: sandbox-bench [--size small|default|large] [--seed S] [--requests N] [--connections N]";
/// The run stops here whatever is left to send.
const HARD_STOP: Duration = Duration::from_secs(60);

struct Options {
    size: Size,
    seed: u64,
    requests: usize,
    connections: usize,
}

fn parse(args: Vec<String>) -> Result<Options, String> {
    let mut o = Options {
        size: Size::Default,
        seed: 1,
        requests: 5_000,
        connections: 4,
    };
    let mut args = args.into_iter();
    while let Some(flag) = args.next() {
        let value = args.next().ok_or_else(|| format!("{flag} needs a value"))?;
        let bad = |_| format!("{flag}: not a number: {value}");
        match flag.as_str() {
            "--size" => o.size = value.parse()?,
            "--seed" => o.seed = value.parse().map_err(bad)?,
            "--requests" => o.requests = value.parse().map_err(bad)?,
            "--connections" => o.connections = value.parse::<usize>().map_err(bad)?.max(1),
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    Ok(o)
}

#[tokio::main]
async fn main() -> ExitCode {
    let options = match parse(std::env::args().skip(1).collect()) {
        Ok(o) => o,
        Err(e) => {
            eprintln!("sandbox-bench: {e}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
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

    let deadline = Instant::now() + HARD_STOP;
    let load_started = Instant::now();
    let workers: Vec<_> = (0..options.connections)
        .map(|w| {
            let paths = Arc::clone(&paths);
            let mine: Vec<usize> = (w..paths.len()).step_by(options.connections).collect();
            tokio::spawn(async move { drive(address, &paths, mine, deadline).await })
        })
        .collect();
    let mut latencies = Vec::with_capacity(options.requests);
    let mut errors = 0usize;
    for worker in workers {
        match worker.await {
            Ok((times, failed)) => {
                latencies.extend(times);
                errors += failed;
            }
            Err(_) => errors += 1,
        }
    }
    let elapsed = load_started.elapsed().as_secs_f64();
    let _ = stop.send(());
    let _ = server.await;

    latencies.sort_unstable();
    let at = |q: f64| -> f64 {
        latencies
            .get(((latencies.len() as f64 * q) as usize).min(latencies.len().saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    };
    println!(
        "requests={} rps={:.0} p50_ms={:.2} p90_ms={:.2} p99_ms={:.2} max_ms={:.2} errors={errors}",
        latencies.len(),
        latencies.len() as f64 / elapsed.max(1e-9),
        at(0.50),
        at(0.90),
        at(0.99),
        latencies.last().map_or(0.0, |d| d.as_secs_f64() * 1000.0),
    );
    println!("peak_rss_mib={}", peak_rss_mib().unwrap_or(0));
    if errors > 0 {
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

/// Sends the given requests one after another on one keep-alive connection; returns the
/// latencies and the number of failures.
async fn drive(
    address: SocketAddr,
    paths: &[String],
    mine: Vec<usize>,
    deadline: Instant,
) -> (Vec<Duration>, usize) {
    let mut times = Vec::with_capacity(mine.len());
    let Ok(mut stream) = TcpStream::connect(address).await else {
        return (times, mine.len());
    };
    let _ = stream.set_nodelay(true);
    let mut buf = Vec::with_capacity(64 * 1024);
    for i in mine {
        if Instant::now() >= deadline {
            break;
        }
        let sent = Instant::now();
        let request = format!(
            "GET {} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n",
            paths[i]
        );
        let ok = stream.write_all(request.as_bytes()).await.is_ok()
            && read_response(&mut stream, &mut buf).await == Some(200);
        if !ok {
            return (times, 1);
        }
        times.push(sent.elapsed());
    }
    (times, 0)
}

/// Reads one response with a `Content-Length` body; returns its status.
async fn read_response(stream: &mut TcpStream, buf: &mut Vec<u8>) -> Option<u16> {
    buf.clear();
    let mut chunk = [0u8; 16 * 1024];
    let head_end = loop {
        if let Some(p) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break p + 4;
        }
        let n = stream.read(&mut chunk).await.ok().filter(|n| *n > 0)?;
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = std::str::from_utf8(&buf[..head_end]).ok()?;
    let status: u16 = head.split(' ').nth(1)?.parse().ok()?;
    let length: usize = head.lines().find_map(|l| {
        let (name, value) = l.split_once(':')?;
        name.eq_ignore_ascii_case("content-length")
            .then(|| value.trim().parse().ok())
            .flatten()
    })?;
    while buf.len() < head_end + length {
        let n = stream.read(&mut chunk).await.ok().filter(|n| *n > 0)?;
        buf.extend_from_slice(&chunk[..n]);
    }
    Some(status)
}

/// The process's peak resident memory (VmHWM), in MiB.
fn peak_rss_mib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}
