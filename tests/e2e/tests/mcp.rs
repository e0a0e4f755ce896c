//! The MCP server driven by the reference client, the MCP inspector's command-line mode: over
//! stdio (`gateway mcp`, the binary, asking the sandbox with a token) and over `/mcp` (the
//! gateway in process, with its key), each listing the tools and calling `channel_report` and
//! `campaign_gains`; `/mcp` refused without its key; no token in anything the client saw.
//!
//! The inspector (`CHANSCOPE_MCP_INSPECTOR`, installed by `cargo xtask setup`) sends no header
//! of its own in this version, so the `/mcp` calls pass through a loopback proxy that adds
//! `Authorization: Bearer <key>`, as a hosted assistant configured with the key sends it.

use std::path::PathBuf;
use std::process::{ExitCode, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::Request;
use axum::http::HeaderValue;
use chanscope_api::Token;
use chanscope_e2e::{ensure, repo_root, Res};
use gateway::access_log::AccessLog;
use gateway::config::Config as GatewayConfig;
use gateway::mcp::http::McpKey;
use gateway::Gateway;
use sandbox::{Config, Dataset, Size, State};
use serde_json::Value;
use tokio::net::TcpListener;

/// The token only the servers under test hold.
const TOKEN: &str = "e2e-mcp-token-5c1e9a";
const KEY: &str = "e2e-mcp-key-0b7d2f41c9";
/// One inspector run: it starts, connects, lists and calls within this.
const RUN_LIMIT: Duration = Duration::from_secs(60);

fn main() -> ExitCode {
    chanscope_e2e::runner::single("mcp_with_the_inspector", mcp_with_the_inspector)
}

fn inspector() -> Res<PathBuf> {
    let path = std::env::var_os("CHANSCOPE_MCP_INSPECTOR")
        .map(PathBuf::from)
        .ok_or("CHANSCOPE_MCP_INSPECTOR names no inspector: run it through `cargo xtask test`")?;
    ensure(path.is_file(), || {
        format!("no inspector at {}", path.display())
    })?;
    Ok(path)
}

fn gateway_binary() -> Res<PathBuf> {
    let path = std::env::var_os("CHANSCOPE_GATEWAY")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("target/release/gateway"));
    ensure(path.is_file(), || {
        format!("no gateway at {}: set CHANSCOPE_GATEWAY", path.display())
    })?;
    Ok(path)
}

/// The inspector's CLI with `args`, with `env`: its exit status and its standard output.
async fn inspect(target: &[&str], args: &[&str], env: &[(&str, &str)]) -> Res<(bool, String)> {
    let mut command = tokio::process::Command::new(inspector()?);
    command
        .arg("--cli")
        .args(target)
        .args(args)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .kill_on_drop(true);
    let output = tokio::time::timeout(RUN_LIMIT, command.output())
        .await
        .map_err(|_| format!("the inspector did not finish within {RUN_LIMIT:?}: {args:?}"))??;
    let mut seen = String::from_utf8_lossy(&output.stdout).into_owned();
    seen.push_str(&String::from_utf8_lossy(&output.stderr));
    ensure(!seen.contains(TOKEN), || {
        format!("the token was shown: {seen}")
    })?;
    Ok((output.status.success(), seen))
}

/// What a successful run printed, as JSON.
async fn inspect_json(target: &[&str], args: &[&str], env: &[(&str, &str)]) -> Res<Value> {
    let (ok, seen) = inspect(target, args, env).await?;
    ensure(ok, || format!("{args:?} failed: {seen}"))?;
    let start = seen.find('{').ok_or_else(|| format!("no JSON in {seen}"))?;
    let end = seen
        .rfind('}')
        .ok_or_else(|| format!("no JSON in {seen}"))?;
    Ok(serde_json::from_str(&seen[start..=end])?)
}

/// Lists the tools and calls the report and the campaign through `target`.
async fn drive(target: &[&str], env: &[(&str, &str)]) -> Res<()> {
    let started = Instant::now();
    let listed = inspect_json(target, &["--method", "tools/list"], env).await?;
    let names: Vec<&str> = listed["tools"]
        .as_array()
        .ok_or("no tools")?
        .iter()
        .filter_map(|t| t["name"].as_str())
        .collect();
    ensure(names.len() == 11, || format!("tools: {names:?}"))?;
    let call = ["--method", "tools/call", "--tool-name"];
    let report = inspect_json(
        target,
        &[
            &call[..],
            &["channel_report", "--tool-arg", "channel=@advert_ladder"],
            &[
                "--tool-arg",
                "reach_profile=true",
                "--tool-arg",
                "confirm_requests=14",
            ],
        ]
        .concat(),
        env,
    )
    .await?;
    let report = &report["structuredContent"];
    ensure(report["health"]["verdict"] == "clean", || {
        format!("{report}")
    })?;
    let err24 = &report["reach"]["err24_percent"]["value"];
    ensure(err24.as_f64().is_some_and(|e| e > 0.0), || {
        format!("{report}")
    })?;
    let mention = &report["mentions"][0];
    ensure(mention["post"].is_string(), || format!("{report}"))?;
    let placements =
        serde_json::json!([{"post": mention["post"], "price": "5000 RUB", "at": mention["at"]}]);
    let gains = inspect_json(
        target,
        &[
            &call[..],
            &["campaign_gains", "--tool-arg", "promoted=@advert_ladder"],
            &["--tool-arg", &format!("placements={placements}")],
        ]
        .concat(),
        env,
    )
    .await?;
    let placement = &gains["structuredContent"]["placements"][0];
    ensure(
        placement["reach_24h"]["value"]
            .as_f64()
            .is_some_and(|r| r > 0.0),
        || format!("{gains}"),
    )?;
    ensure(placement["gain_24h"]["value"].is_number(), || {
        format!("{gains}")
    })?;
    println!(
        "    {} took {:.1} s",
        target[0],
        started.elapsed().as_secs_f64()
    );
    Ok(())
}

async fn mcp_with_the_inspector() -> Res<()> {
    // The sandbox at the real clock's hour: the tools ask for the last 90 days from now.
    let now = chrono::Utc::now().timestamp();
    let mut config = Config::default();
    config.tokens.add(&format!("{TOKEN}=search+stat:XL"))?;
    let state = Arc::new(State::new(Dataset::generate(1, Size::Small, now), config));
    let upstream = TcpListener::bind(("127.0.0.1", 0)).await?;
    let upstream_url = format!("http://{}/api", upstream.local_addr()?);
    tokio::spawn(async move { axum::serve(upstream, sandbox::router(state)).await });

    // Over stdio: the binary as a desktop assistant starts it.
    let binary = gateway_binary()?;
    let binary = binary.to_str().ok_or("a path that is not UTF-8")?;
    let env = [
        ("CHANSCOPE_UPSTREAM", upstream_url.as_str()),
        ("CHANSCOPE_API_TOKEN", TOKEN),
    ];
    drive(&[binary, "mcp"], &env).await?;

    // Over /mcp: the gateway with its key, and the proxy of a hosted assistant that sends it.
    let mut gateway_config = GatewayConfig::new(&upstream_url, Token::new(TOKEN).ok_or("token")?)?;
    gateway_config.dist = std::env::temp_dir();
    gateway_config.mcp_key = Some(McpKey::new(KEY)?);
    let gw = Arc::new(Gateway::new(gateway_config, AccessLog::to(|_| {}))?);
    let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
    let origin = format!("http://{}", listener.local_addr()?);
    tokio::spawn(gateway::serve(listener, gw, std::future::pending()));
    let proxy = TcpListener::bind(("127.0.0.1", 0)).await?;
    let proxy_url = format!("http://{}/mcp", proxy.local_addr()?);
    let forward_to = origin.clone();
    tokio::spawn(async move { axum::serve(proxy, with_key(forward_to)).await });
    drive(&[&proxy_url], &[]).await?;

    // Without the key, the inspector gets nothing from /mcp.
    let (ok, seen) = inspect(
        &[&format!("{origin}/mcp")],
        &["--method", "tools/list"],
        &[],
    )
    .await?;
    ensure(!ok && seen.contains("unauthorized"), || {
        format!("without the key: {seen}")
    })?;
    Ok(())
}

/// A proxy to `origin` that adds the key, as a hosted assistant configured with it does.
fn with_key(origin: String) -> axum::Router {
    let client = hyper_util::client::legacy::Client::builder(hyper_util::rt::TokioExecutor::new())
        .build_http::<Body>();
    axum::Router::new().fallback(move |request: Request| {
        let (client, origin) = (client.clone(), origin.clone());
        async move {
            let (mut parts, body) = request.into_parts();
            let path = parts
                .uri
                .path_and_query()
                .map_or("/mcp", |p| p.as_str())
                .to_owned();
            parts.uri = format!("{origin}{path}").parse().expect("a URI");
            parts.headers.remove("host");
            let bearer = HeaderValue::from_str(&format!("Bearer {KEY}")).expect("a header");
            parts.headers.insert("authorization", bearer);
            match client.request(Request::from_parts(parts, body)).await {
                Ok(response) => response.map(Body::new),
                Err(e) => axum::http::Response::builder()
                    .status(502)
                    .body(Body::from(e.to_string()))
                    .expect("a response"),
            }
        }
    })
}
