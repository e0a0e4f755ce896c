//! deploy/ used for real: nginx (deploy/nginx/chanscope.conf) over HTTPS in front of two gateways
//! started by the ExecStart line of deploy/chanscope-gateway@.service, sharing one redis-server,
//! with the sandbox as their service. Under a bounded load, one gateway is stopped with SIGTERM
//! (what systemd sends it) and clients must see no failed request: it finishes what it has begun,
//! and nginx retries on the other what it can no longer send there. (Under SIGKILL, a response
//! the gateway had begun is cut off, and nginx cannot retry what it has started passing on: one
//! request in 468 failed so, with an HTTP/2 stream reset.) Then Redis is stopped
//! and requests must still be answered. Prints requests sent, failed and answered by each
//! gateway (from nginx's access log).
//!
//! Needs the release build (`CHANSCOPE_DIST`, or `dist/`) and the release gateway
//! (`CHANSCOPE_GATEWAY`, or `target/release/gateway`); `cargo xtask test` passes both.

mod load;
mod nginx;
mod unit;

use std::collections::BTreeMap;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::Request;
use axum::middleware::{self, Next};
use chanscope_e2e::group::Group;
use chanscope_e2e::{ensure, http, repo_root, Res};
use sandbox::redis_server::RedisServer;
use sandbox::{Config, Dataset, Size, State};

use load::{CurlLoad, Tally};
use nginx::{Nginx, Ports};
use unit::Unit;

/// The token only the gateways hold (through their environment file).
const TOKEN: &str = "e2e-deploy-held-51c0";
/// The load: rounds of requests sent at once, a round starting each second. Each round asks for
/// files of the release build and a few API calls, few enough to stay within the gateways'
/// per-client limit (`--rate 5`, burst 20: nginx's address is the only client), over channels
/// few enough to stay within the unit's upstream budget (`--upstream-rate 5/s`).
struct Load {
    /// Rounds while both gateways run; the first gateway dies during round `kill_in` (from 0).
    rounds: usize,
    kill_in: usize,
    /// Rounds after Redis is stopped.
    rounds_without_redis: usize,
    files_per_round: usize,
    api_per_round: usize,
    /// Distinct API calls: channels 10000 and on.
    channels: usize,
}

const LOAD: Load = Load {
    rounds: 12,
    kill_in: 6,
    rounds_without_redis: 4,
    files_per_round: 36,
    api_per_round: 3,
    channels: 8,
};

fn main() -> ExitCode {
    chanscope_e2e::runner::single("nginx_two_gateways_one_redis", nginx_two_gateways_one_redis)
}

fn free_port() -> Res<u16> {
    Ok(TcpListener::bind(("127.0.0.1", 0))?.local_addr()?.port())
}

async fn nginx_two_gateways_one_redis() -> Res<()> {
    let root = repo_root();
    let dist = chanscope_e2e::dist_dir()?;
    let gateway = std::env::var_os("CHANSCOPE_GATEWAY")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("target/release/gateway"));
    ensure(gateway.is_file(), || {
        format!(
            "no gateway at {}: run `cargo xtask build` (or set CHANSCOPE_GATEWAY)",
            gateway.display()
        )
    })?;
    let work = root.join("target/deploy-test");
    let _ = std::fs::remove_dir_all(&work);
    std::fs::create_dir_all(&work)?;
    let result = run(&root, &dist, &gateway, &work).await;
    if result.is_ok() {
        let _ = std::fs::remove_dir_all(&work);
    } else {
        println!("(logs kept in {})", work.display());
    }
    result
}

async fn run(root: &Path, dist: &Path, gateway: &Path, work: &Path) -> Res<()> {
    // The service: the sandbox, in-process, accepting the gateways' token only.
    let mut config = Config::default();
    config.tokens.add(&format!("{TOKEN}=search+stat:XL"))?;
    let now = chanscope_e2e::pinned_now()?;
    let dataset = Dataset::generate(chanscope_e2e::SEED, Size::Small, now);
    let upstream_calls = Arc::new(AtomicUsize::new(0));
    let app = {
        let calls = Arc::clone(&upstream_calls);
        sandbox::router(Arc::new(State::new(dataset, config))).layer(middleware::from_fn(
            move |request: Request, next: Next| {
                calls.fetch_add(1, Ordering::Relaxed);
                next.run(request)
            },
        ))
    };
    let listener = tokio::net::TcpListener::bind(("127.0.0.1", 0)).await?;
    let upstream = format!("http://{}/api", listener.local_addr()?);
    let upstream_task = tokio::spawn(async move { axum::serve(listener, app).await });

    let mut redis = RedisServer::start()?;

    // The unit, checked, then its ExecStart run for two instances as systemd would.
    let unit = Unit::read(&root.join("deploy/chanscope-gateway@.service"))?;
    let ports = Ports {
        https: free_port()?,
        http: free_port()?,
        gateways: [free_port()?, free_port()?],
    };
    unit.verify(gateway, &work.join("units"), ports.gateways[0])?;
    println!("systemd-analyze verify: the unit has no error or warning");
    // WorkingDirectory=/srv/chanscope holds `dist`.
    let srv = work.join("srv");
    std::fs::create_dir_all(&srv)?;
    std::os::unix::fs::symlink(dist, srv.join("dist"))?;
    let env = [
        ("CHANSCOPE_UPSTREAM", upstream.clone()),
        ("CHANSCOPE_API_TOKEN", TOKEN.to_owned()),
        ("CHANSCOPE_REDIS_URL", redis.url()),
    ];
    let mut gateways = Vec::new();
    for port in ports.gateways {
        let words = unit.exec_start(port, &env, gateway)?;
        println!("ExecStart: {}", words.join(" "));
        let log = std::fs::File::create(work.join(format!("gateway-{port}.log")))?;
        let mut process = Group::spawn(
            Command::new(&words[0])
                .args(&words[1..])
                .current_dir(&srv)
                // systemd starts a service with the environment file's variables and little else.
                .env_clear()
                .envs(env.iter().map(|(k, v)| (k, v)))
                .stdout(Stdio::from(log.try_clone()?))
                .stderr(Stdio::from(log)),
            "the gateway",
        )?;
        wait_healthy(&mut process, port).await?;
        gateways.push(process);
    }

    let nginx = Nginx::start(
        &root.join("deploy/nginx/chanscope.conf"),
        &work.join("nginx"),
        &ports,
    )
    .await?;
    let client = CurlLoad {
        https: ports.https,
        certificate: nginx.certificate.clone(),
    };

    // What the configuration promises besides balancing: HSTS on every answer, the API's
    // answers from the service, and plain HTTP sent to HTTPS.
    let page = client.get(&client.url("/post-search")).await?;
    let api = client
        .get(&client.url("/api/channels/get?channelId=10000"))
        .await?;
    for (what, answer) in [("the page", &page), ("an API answer", &api)] {
        ensure(
            answer
                .to_ascii_lowercase()
                .contains("strict-transport-security: max-age=63072000; includesubdomains"),
            || format!("{what} through nginx has no HSTS header:\n{answer}"),
        )?;
    }
    ensure(api.contains("\"status\":\"ok\""), || {
        format!("the API through nginx and a gateway: {api}")
    })?;
    // The gateways' metrics are for the monitoring on their own ports, not for visitors.
    let metrics = client.get(&client.url("/metrics")).await?;
    let status = metrics.lines().next().unwrap_or_default();
    ensure(status.split(' ').nth(1) == Some("403"), || {
        format!("/metrics through nginx: {metrics}")
    })?;
    let redirect = tokio::process::Command::new("curl")
        .args(["--silent", "--output", "/dev/null"])
        .args(["--write-out", "%{http_code} %{redirect_url}"])
        .arg(format!("http://127.0.0.1:{}/post-search", ports.http))
        .output()
        .await?;
    let redirect = String::from_utf8_lossy(&redirect.stdout).into_owned();
    ensure(redirect == "301 https://127.0.0.1/post-search", || {
        format!("plain HTTP answered: {redirect}")
    })?;

    let files = release_files(dist)?;
    let log_mark = log_lines(&nginx.access_log)?.len();

    // Both gateways; the first one is killed during round `LOAD.kill_in`.
    let mut with_both = Tally::default();
    let mut killed_at = None;
    for round in 0..LOAD.rounds {
        let started = Instant::now();
        let running = client.start(&paths(round, &files))?;
        if round == LOAD.kill_in {
            tokio::time::sleep(Duration::from_millis(20)).await;
            gateways[0].terminate();
            killed_at = Some(log_lines(&nginx.access_log)?.len());
        }
        with_both.add(client.finish(running).await?);
        pace(started).await;
    }
    let killed_at = killed_at.ok_or("the gateway was never killed")?;
    let both = by_gateway(&log_lines(&nginx.access_log)?[log_mark..]);
    let after_kill_mark = log_lines(&nginx.access_log)?.len();

    // Redis stopped: the surviving gateway answers on its own.
    redis.stop();
    let mut without_redis = Tally::default();
    for round in LOAD.rounds..LOAD.rounds + LOAD.rounds_without_redis {
        let started = Instant::now();
        let running = client.start(&paths(round, &files))?;
        without_redis.add(client.finish(running).await?);
        pace(started).await;
    }
    let alone = by_gateway(&log_lines(&nginx.access_log)?[after_kill_mark..]);
    let (_, readiness) = http::get(&format!("127.0.0.1:{}", ports.gateways[1]), "/readyz").await?;

    let [first, second] = ports.gateways.map(|p| format!("127.0.0.1:{p}"));
    println!(
        "two gateways, one stopped (SIGTERM) in round {} of {}: {} requests sent, {} failed; \
         answered by {first}: {}, by {second}: {}; retried on the other gateway: {}",
        LOAD.kill_in + 1,
        LOAD.rounds,
        with_both.sent,
        with_both.failed.len(),
        both.answered.get(&first).copied().unwrap_or(0),
        both.answered.get(&second).copied().unwrap_or(0),
        both.retried,
    );
    println!(
        "Redis stopped: {} requests sent, {} failed; answered by {first}: {}, by {second}: {}",
        without_redis.sent,
        without_redis.failed.len(),
        alone.answered.get(&first).copied().unwrap_or(0),
        alone.answered.get(&second).copied().unwrap_or(0),
    );
    println!(
        "upstream calls: {} (of {} API requests)",
        upstream_calls.load(Ordering::Relaxed),
        (LOAD.rounds + LOAD.rounds_without_redis) * LOAD.api_per_round + 1
    );

    ensure(with_both.failed.is_empty(), || {
        format!(
            "clients saw failures while a gateway died: {:?}",
            with_both.failed
        )
    })?;
    ensure(without_redis.failed.is_empty(), || {
        format!(
            "clients saw failures without Redis: {:?}",
            without_redis.failed
        )
    })?;
    // nginx logged every request, each answered by one gateway.
    ensure(
        both.total == with_both.sent && alone.total == without_redis.sent,
        || {
            format!(
                "nginx logged {} and {} requests for {} and {} sent",
                both.total, alone.total, with_both.sent, without_redis.sent
            )
        },
    )?;
    ensure(
        both.answered.get(&first).is_some_and(|&n| n > 0)
            && both.answered.get(&second).is_some_and(|&n| n > 0),
        || {
            format!(
                "nginx did not balance over both gateways: {:?}",
                both.answered
            )
        },
    )?;
    // The dead gateway's share went to the other one: nginx tried it, failed and retried.
    ensure(both.retried > 0, || {
        "no request was retried on the other gateway: the kill fell outside the load".into()
    })?;
    ensure(log_mark < killed_at, || {
        "the kill came before any request".into()
    })?;
    ensure(!alone.answered.contains_key(&first), || {
        format!("the killed gateway answered: {:?}", alone.answered)
    })?;
    ensure(readiness.contains("\"redis\":\"down\""), || {
        format!("the surviving gateway's /readyz with Redis stopped: {readiness}")
    })?;

    drop(nginx);
    drop(gateways);
    upstream_task.abort();
    Ok(())
}

/// Waits until the gateway on `port` answers `/healthz`.
async fn wait_healthy(process: &mut Group, port: u16) -> Res<()> {
    let address = format!("127.0.0.1:{port}");
    let healthy =
        || async { matches!(http::get(&address, "/healthz").await, Ok((200, _))).then_some(()) };
    let what = format!("the gateway on {port} answering /healthz");
    process
        .wait_for(&what, Duration::from_secs(20), healthy)
        .await
}

/// One round starts each second.
async fn pace(started: Instant) {
    if let Some(left) = Duration::from_secs(1).checked_sub(started.elapsed()) {
        tokio::time::sleep(left).await;
    }
}

/// The release build's files as the browser asks for them (no compressed copies: the gateway
/// picks those), its pages, then the routes.
fn release_files(dist: &Path) -> Res<Vec<String>> {
    let mut files = vec![
        "/".to_owned(),
        "/post-search".to_owned(),
        "/channel-info".to_owned(),
    ];
    for entry in std::fs::read_dir(dist)? {
        let name = entry?.file_name().to_string_lossy().into_owned();
        let path = dist.join(&name);
        if path.is_file() && !name.ends_with(".br") && !name.ends_with(".gz") {
            files.push(format!("/{name}"));
        }
    }
    files.sort();
    ensure(files.len() > 6, || {
        format!("too few files in {}: {files:?}", dist.display())
    })?;
    Ok(files)
}

/// Round `round`'s requests: files in turn, and API calls over `LOAD.channels` channels.
fn paths(round: usize, files: &[String]) -> Vec<String> {
    let mut paths: Vec<String> = (0..LOAD.files_per_round)
        .map(|i| files[(round * LOAD.files_per_round + i) % files.len()].clone())
        .collect();
    for i in 0..LOAD.api_per_round {
        let channel = 10_000 + (round * LOAD.api_per_round + i) % LOAD.channels;
        paths.push(format!("/api/channels/get?channelId={channel}"));
    }
    paths
}

fn log_lines(path: &Path) -> Res<Vec<String>> {
    Ok(std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .map(str::to_owned)
        .collect())
}

/// Requests in nginx's access log by the gateway that answered.
struct Answered {
    total: usize,
    answered: BTreeMap<String, usize>,
    /// Requests nginx passed to one gateway, then to the other.
    retried: usize,
}

fn by_gateway(lines: &[String]) -> Answered {
    let mut answered = BTreeMap::new();
    let mut retried = 0;
    for line in lines {
        // `upstream=127.0.0.1:8081` or, after a retry, `upstream=127.0.0.1:8081, 127.0.0.1:8082`.
        let Some(rest) = line.split(" upstream=").nth(1) else {
            continue;
        };
        let list = rest.split(" upstream_status=").next().unwrap_or_default();
        let tried: Vec<&str> = list.split(", ").collect();
        if tried.len() > 1 {
            retried += 1;
        }
        if let Some(last) = tried.last() {
            *answered.entry((*last).to_owned()).or_insert(0) += 1;
        }
    }
    Answered {
        total: lines.len(),
        answered,
        retried,
    }
}
