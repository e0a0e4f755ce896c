//! A bounded HTTP/1.1 load over loopback for the bench binaries: requests sent one after
//! another on each of a few keep-alive connections, with every latency kept.

use std::net::SocketAddr;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use sandbox::Size;

/// A run stops here whatever is left to send.
pub const HARD_STOP: Duration = Duration::from_secs(60);

/// The options of the bench binaries, read by clap.
#[derive(Parser)]
struct Args {
    /// How much data the sandbox generates: small, default or large [default: the binary's].
    #[arg(long, value_parser = Size::from_str)]
    size: Option<Size>,
    /// Seed of the generated data.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Requests in all.
    #[arg(long, default_value_t = 5_000)]
    requests: usize,
    /// Keep-alive connections the requests are spread over (at least 1).
    #[arg(long, default_value_t = 4)]
    connections: usize,
}

/// The options of the bench binaries.
pub struct Options {
    pub size: Size,
    pub seed: u64,
    pub requests: usize,
    pub connections: usize,
}

impl Options {
    /// From the command line, with `size` unless `--size` says otherwise. What is wrong with
    /// the line (status 2), or the help asked for (status 0), is printed as clap prints it, and
    /// the program ends.
    pub fn from_args(program: &str, size: Size) -> Options {
        Options::parse(program, std::env::args().skip(1), size).unwrap_or_else(|e| e.exit())
    }

    fn parse(
        program: &str,
        args: impl IntoIterator<Item = String>,
        size: Size,
    ) -> Result<Options, clap::Error> {
        let args = Args::try_parse_from(std::iter::once(program.to_owned()).chain(args))?;
        Ok(Options {
            size: args.size.unwrap_or(size),
            seed: args.seed,
            requests: args.requests,
            connections: args.connections.max(1),
        })
    }
}

/// What a load run measured.
pub struct Report {
    /// Sorted, fastest first.
    pub latencies: Vec<Duration>,
    pub errors: usize,
    pub elapsed: Duration,
}

impl Report {
    /// The latency at quantile `q` (0.5: the median), in milliseconds.
    pub fn ms_at(&self, q: f64) -> f64 {
        let n = self.latencies.len();
        self.latencies
            .get(((n as f64 * q) as usize).min(n.saturating_sub(1)))
            .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
    }

    /// `requests= rps= p50_ms= p90_ms= p99_ms= max_ms= errors=`.
    pub fn line(&self) -> String {
        format!(
            "requests={} rps={:.0} p50_ms={:.2} p90_ms={:.2} p99_ms={:.2} max_ms={:.2} errors={}",
            self.latencies.len(),
            self.latencies.len() as f64 / self.elapsed.as_secs_f64().max(1e-9),
            self.ms_at(0.50),
            self.ms_at(0.90),
            self.ms_at(0.99),
            self.ms_at(1.0),
            self.errors
        )
    }
}

/// Sends every path of `paths` (each connection takes every `connections`-th one) and stops
/// at [`HARD_STOP`] whatever is left.
pub async fn run(address: SocketAddr, paths: Arc<Vec<String>>, connections: usize) -> Report {
    let connections = connections.max(1);
    let deadline = Instant::now() + HARD_STOP;
    let started = Instant::now();
    let workers: Vec<_> = (0..connections)
        .map(|w| {
            let paths = Arc::clone(&paths);
            let mine: Vec<usize> = (w..paths.len()).step_by(connections).collect();
            tokio::spawn(async move { drive(address, &paths, mine, deadline).await })
        })
        .collect();
    let mut latencies = Vec::with_capacity(paths.len());
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
    let elapsed = started.elapsed();
    latencies.sort_unstable();
    Report {
        latencies,
        errors,
        elapsed,
    }
}

/// One request on a connection of its own; its status.
pub async fn get(address: SocketAddr, path: &str) -> Option<u16> {
    let mut stream = TcpStream::connect(address).await.ok()?;
    send(&mut stream, path).await.ok()?;
    read_response(&mut stream, &mut Vec::new()).await
}

async fn send(stream: &mut TcpStream, path: &str) -> std::io::Result<()> {
    let request =
        format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
    stream.write_all(request.as_bytes()).await
}

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
        let ok = send(&mut stream, &paths[i]).await.is_ok()
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

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Options, clap::Error> {
        Options::parse("bench", args.iter().map(|a| a.to_string()), Size::Small)
    }

    #[test]
    fn options() {
        let o = parse(&[]).unwrap();
        assert_eq!(
            (o.size, o.seed, o.requests, o.connections),
            (Size::Small, 1, 5_000, 4)
        );
        let o = parse(&["--size", "large", "--requests", "10", "--connections", "0"]).unwrap();
        assert_eq!((o.size, o.requests, o.connections), (Size::Large, 10, 1));
        assert!(parse(&["--size", "huge"]).is_err());
        assert!(parse(&["--seed", "x"]).is_err());
        assert!(parse(&["--requests"]).is_err());
    }
}
