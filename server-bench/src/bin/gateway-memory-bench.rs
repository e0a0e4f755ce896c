//! `gateway-memory-bench`: the gateway's resident memory under many distinct calls. Starts the
//! release `gateway` binary (next to this one, or `--gateway`) with a small `--cache-max-bytes`
//! in front of an upstream of its own that says "channel not found" to every call, half of the
//! answers chunked (no `Content-Length`) and half with a length, and asks for `--keys` distinct
//! channels over keep-alive connections. Reads the gateway's resident memory (`VmRSS`, and the
//! peak `VmHWM`, from `/proc`) before and after, and what its cache counts (`/metrics`).
//!
//! The upstream is a few lines over a TCP socket rather than a web framework so that each
//! answer's framing (chunked or not) is exactly what is written here.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::{Command, ExitCode, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use clap::Parser;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

use server_bench::load;

const TOKEN: &str = "bench-token";
const ABSENT: &str = r#"{"status":"error","error":"channel not found"}"#;
const MIB: f64 = 1024.0 * 1024.0;

#[derive(Parser)]
struct Args {
    /// The gateway binary [default: `gateway` next to this one]
    #[arg(long)]
    gateway: Option<PathBuf>,
    /// Distinct calls in all
    #[arg(long, default_value_t = 500_000)]
    keys: usize,
    /// The gateway's --cache-max-bytes, in MiB
    #[arg(long, default_value_t = 16)]
    cache_max_mib: usize,
    /// Keep-alive connections the calls are spread over
    #[arg(long, default_value_t = 8)]
    connections: usize,
    /// Not used: `cargo xtask bench` passes the dataset's size to every bench, and this one
    /// generates no dataset
    #[arg(long, hide = true)]
    size: Option<String>,
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    match run(args).await {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("gateway-memory-bench: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn run(args: Args) -> Result<(), String> {
    let gateway_bin = match args.gateway {
        Some(path) => path,
        None => std::env::current_exe()
            .map_err(|e| e.to_string())?
            .with_file_name("gateway"),
    };
    let upstream = listen().await?;
    let upstream_address = upstream.local_addr().map_err(|e| e.to_string())?;
    tokio::spawn(serve_absent(upstream));
    let dist = std::env::temp_dir().join(format!("chanscope-memory-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dist).map_err(|e| e.to_string())?;
    std::fs::write(dist.join("index.html"), "<!doctype html>").map_err(|e| e.to_string())?;
    let address = free_address()?;
    let cache_max_bytes = args.cache_max_mib << 20;
    let mut child = Command::new(&gateway_bin)
        .env("CHANSCOPE_API_TOKEN", TOKEN)
        .args(["--upstream", &format!("http://{upstream_address}/api")])
        .args(["--listen", &address.to_string()])
        .arg("--dist")
        .arg(&dist)
        .args(["--cache-max-bytes", &cache_max_bytes.to_string()])
        // Every call comes from 127.0.0.1: the per-client limit would measure itself.
        .args(["--rate", "1000000000", "--burst", "1000000000"])
        .args(["--log", "warn"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| format!("starting {}: {e}", gateway_bin.display()))?;
    let result = measure(
        address,
        child.id(),
        args.keys,
        args.connections,
        cache_max_bytes,
    )
    .await;
    let _ = child.kill();
    let _ = child.wait();
    let _ = std::fs::remove_dir_all(&dist);
    result
}

async fn measure(
    address: SocketAddr,
    pid: u32,
    keys: usize,
    connections: usize,
    cache_max_bytes: usize,
) -> Result<(), String> {
    let deadline = Instant::now() + Duration::from_secs(10);
    while TcpStream::connect(address).await.is_err() {
        if Instant::now() > deadline {
            return Err("the gateway did not listen within 10 s".into());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    // A first round of keys that are not part of the count: the connections, pools and the
    // runtime's buffers are in place before the baseline is read.
    let warm: Vec<String> = (0..2_000).map(|n| path(keys + n)).collect();
    load::run(address, Arc::new(warm), connections).await;
    let baseline = proc_kib(pid, "VmRSS")?;
    let paths: Vec<String> = (0..keys).map(path).collect();
    let report = load::run(address, Arc::new(paths), connections).await;
    let after = proc_kib(pid, "VmRSS")?;
    let peak = proc_kib(pid, "VmHWM")?;
    let metrics = metrics(address).await.unwrap_or_default();
    let counted = |name: &str| {
        metrics
            .lines()
            .find_map(|l| l.strip_prefix(name)?.trim().parse::<f64>().ok())
            .unwrap_or(-1.0)
    };
    let mib = |kib: u64| kib as f64 / 1024.0;
    let growth = mib(peak.saturating_sub(baseline));
    let budget = cache_max_bytes as f64 / MIB;
    println!(
        "distinct calls: keys={} answered={} errors={} seconds={:.1} (half chunked, half with a length)",
        keys,
        report.latencies.len(),
        report.errors,
        report.elapsed.as_secs_f64()
    );
    println!(
        "gateway memory: rss_baseline_mib={:.1} rss_after_mib={:.1} rss_peak_mib={:.1} cache_entries={} cache_counted_mib={:.1} cache_max_mib={budget:.0}",
        mib(baseline),
        mib(after),
        mib(peak),
        counted("gateway_cache_entries"),
        counted("gateway_cache_bytes") / MIB,
    );
    println!(
        "rss_growth_mib={growth:.1} rss_over_cache_max_mib={:.1} memory_errors={}",
        growth - budget,
        // A call the load's time limit left unsent counts as failed: the figure is for all.
        report.errors + keys.saturating_sub(report.latencies.len())
    );
    Ok(())
}

/// The call for channel `n`: odd ones are answered chunked.
fn path(n: usize) -> String {
    format!("/api/channels/get?channelId={}", 1_000_000_000 + n)
}

/// A `/proc/<pid>/status` field in KiB.
fn proc_kib(pid: u32, field: &str) -> Result<u64, String> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .map_err(|e| format!("reading the gateway's memory: {e}"))?;
    status
        .lines()
        .find_map(|l| {
            l.strip_prefix(field)?
                .trim_start_matches(':')
                .trim()
                .strip_suffix("kB")?
                .trim()
                .parse()
                .ok()
        })
        .ok_or_else(|| format!("no {field} in /proc/{pid}/status"))
}

async fn metrics(address: SocketAddr) -> Option<String> {
    let mut stream = TcpStream::connect(address).await.ok()?;
    stream
        .write_all(b"GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .await
        .ok()?;
    let mut out = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), stream.read_to_end(&mut out))
        .await
        .ok()?
        .ok()?;
    String::from_utf8(out).ok()
}

/// Answers every request on every connection with [`ABSENT`]: chunked when the channel's
/// number is odd, with a `Content-Length` otherwise.
async fn serve_absent(listener: TcpListener) {
    while let Ok((stream, _)) = listener.accept().await {
        tokio::spawn(answer_all(stream));
    }
}

async fn answer_all(mut stream: TcpStream) {
    let _ = stream.set_nodelay(true);
    let mut buf = Vec::with_capacity(4096);
    let mut chunk = [0u8; 4096];
    loop {
        let head_end = loop {
            if let Some(p) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                break p + 4;
            }
            match stream.read(&mut chunk).await {
                Ok(n) if n > 0 => buf.extend_from_slice(&chunk[..n]),
                _ => return,
            }
        };
        let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
        buf.drain(..head_end);
        let odd = head
            .split("channelId=")
            .nth(1)
            .and_then(|rest| rest.split(['&', ' ']).next())
            .and_then(|n| n.parse::<u64>().ok())
            .is_some_and(|n| n % 2 == 1);
        let response = if odd {
            format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n{:x}\r\n{ABSENT}\r\n0\r\n\r\n",
                ABSENT.len()
            )
        } else {
            format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{ABSENT}",
                ABSENT.len()
            )
        };
        if stream.write_all(response.as_bytes()).await.is_err() {
            return;
        }
    }
}

async fn listen() -> Result<TcpListener, String> {
    TcpListener::bind(SocketAddr::from((Ipv4Addr::LOCALHOST, 0)))
        .await
        .map_err(|e| format!("cannot listen: {e}"))
}

/// A loopback address nothing listens on now, for the gateway.
fn free_address() -> Result<SocketAddr, String> {
    let probe = std::net::TcpListener::bind((Ipv4Addr::LOCALHOST, 0)).map_err(|e| e.to_string())?;
    probe.local_addr().map_err(|e| e.to_string())
}
