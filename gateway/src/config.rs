//! The gateway's settings: command-line flags through clap, each also an environment variable
//! `CHANSCOPE_*` (the flag wins), and the token from a file or the environment.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use axum::http::Uri;
use chanscope_api::Token;
use clap::builder::FalseyValueParser;
use clap::{ArgAction, Parser};

use crate::budget::Rate;
use crate::logging::LogFormat;
use crate::mcp_key::McpKey;
use crate::policy::{self, BrowserToken, ROUTES};

pub const DEFAULT_LISTEN: &str = "127.0.0.1:8080";
/// The environment variable that may hold the API token (when `--token-file` is not given).
/// It is no flag: a flag's value shows in every process listing.
pub const TOKEN_ENV: &str = "CHANSCOPE_API_TOKEN";

const DEFAULT_RATE: f64 = 5.0;
const DEFAULT_BURST: f64 = 20.0;
const DEFAULT_UPSTREAM_TIMEOUT_S: f64 = 20.0;
const DEFAULT_MAX_RESPONSE_BYTES: usize = 8 << 20;
const DEFAULT_CACHE_MAX_BYTES: usize = 64 << 20;
const DEFAULT_UPSTREAM_WAIT_S: f64 = 5.0;
/// Far above what a browser on a slow link needs to send its headers, far below what lets idle
/// connections pile up.
const DEFAULT_HEADER_TIMEOUT_S: f64 = 10.0;
/// Long enough that a page retrying an unknown channel spends no quota on it, short enough that
/// a channel that appears is soon found.
const DEFAULT_ABSENT_TTL_S: u64 = 60;
/// An hour: an upstream outage of an afternoon's lunch break is covered, while an answer a day
/// old is not passed off as current.
const DEFAULT_STALE_MAX_S: u64 = 3_600;
/// `--answer-in-page-ms`: a third of a second, about two round trips of a phone on 4G, so that
/// a page with its answer still arrives well before the console's module would have drawn it.
pub const DEFAULT_ANSWER_IN_PAGE_MS: u64 = 300;
/// The longest `--answer-in-page-ms`.
pub const ANSWER_IN_PAGE_LIMIT_MS: u64 = 5000;

/// The longest `--stale-max`: a day.
const STALE_MAX_LIMIT_S: u64 = 86_400;
/// Bounds how long a client that stopped reading holds its connection. Any progress restarts
/// it, so a slow link still gets the console's wasm; a stalled one is cut after this long.
const DEFAULT_WRITE_TIMEOUT_S: f64 = 20.0;
/// Well under a default `ulimit -n` of 1024 once Redis, the upstream pool and files are counted.
const DEFAULT_MAX_CONNECTIONS: usize = 768;
/// Within systemd's default `TimeoutStopSec` (90 s) and a load balancer's patience alike.
const DEFAULT_DRAIN_TIMEOUT_S: f64 = 10.0;

/// The command line as clap reads it; [`Config::from_cli`] checks what clap cannot.
#[derive(Parser, Debug)]
#[command(
    name = "gateway",
    about = "Serves the built console from --dist and forwards the eight API operations under \
             /api/ to --upstream, adding the API token on the server side.",
    after_help = "The API token comes from --token-file or the variable CHANSCOPE_API_TOKEN. \
                  Every flag can also be set by the variable named with it; a flag given on \
                  the command line wins."
)]
pub struct Cli {
    /// The service's http or https base URL; the operation's path is appended. No user
    /// information: the token is the credential
    #[arg(
        long,
        env = "CHANSCOPE_UPSTREAM",
        value_name = "URL",
        hide_env_values = true
    )]
    upstream: String,
    /// A file holding the API token (trimmed); else the variable CHANSCOPE_API_TOKEN
    #[arg(long, env = "CHANSCOPE_TOKEN_FILE", value_name = "PATH")]
    token_file: Option<String>,
    /// The address to listen on
    #[arg(long, env = "CHANSCOPE_LISTEN", value_name = "ADDR", default_value = DEFAULT_LISTEN,
          value_parser = listen_address)]
    listen: SocketAddr,
    /// The console's release build
    #[arg(
        long,
        env = "CHANSCOPE_DIST",
        value_name = "DIR",
        default_value = "dist"
    )]
    dist: PathBuf,
    /// refuse: a request carrying `token` gets an error; drop: the browser's token is removed.
    /// Never forwarded either way
    #[arg(
        long,
        env = "CHANSCOPE_BROWSER_TOKEN",
        value_name = "MODE",
        value_enum,
        default_value = "refuse"
    )]
    browser_token: BrowserToken,
    /// A portal origin (scheme://host[:port]) allowed to call /api and load the console's files
    /// cross-origin; repeatable (comma-separated in the variable)
    #[arg(long, env = "CHANSCOPE_ALLOW_ORIGIN", value_name = "ORIGIN", value_delimiter = ',',
          value_parser = origin)]
    allow_origin: Vec<String>,
    /// Cache lifetime of an operation's answers; OP is one of keyword-mentions channel-search
    /// subscriber-dynamics channel-info multi-post-stats multi-story-stats post-stats
    /// post-search; repeatable (comma-separated in the variable)
    #[arg(long, env = "CHANSCOPE_TTL", value_name = "OP=SECS", value_delimiter = ',',
          value_parser = ttl)]
    ttl: Vec<(&'static str, Duration)>,
    /// Requests per second per client address (an IPv6 client is its /64)
    #[arg(long, env = "CHANSCOPE_RATE", value_name = "N", default_value_t = DEFAULT_RATE,
          value_parser = positive)]
    rate: f64,
    /// Requests at once per client address
    #[arg(long, env = "CHANSCOPE_BURST", value_name = "N", default_value_t = DEFAULT_BURST,
          value_parser = positive)]
    burst: f64,
    /// The client address is the last X-Forwarded-For hop (behind a proxy)
    #[arg(long, env = "CHANSCOPE_TRUST_FORWARDED_FOR", action = ArgAction::SetTrue,
          value_parser = FalseyValueParser::new())]
    trust_forwarded_for: bool,
    /// Limit for one upstream call, in seconds
    #[arg(long, env = "CHANSCOPE_UPSTREAM_TIMEOUT", value_name = "SECS",
          default_value_t = DEFAULT_UPSTREAM_TIMEOUT_S, value_parser = positive)]
    upstream_timeout: f64,
    /// Largest upstream answer accepted
    #[arg(long, env = "CHANSCOPE_MAX_RESPONSE_BYTES", value_name = "N",
          default_value_t = DEFAULT_MAX_RESPONSE_BYTES)]
    max_response_bytes: usize,
    /// Cache lifetime of an answer that a channel or post does not exist, in seconds (at most
    /// the operation's own lifetime)
    #[arg(long, env = "CHANSCOPE_ABSENT_TTL", value_name = "SECS",
          default_value_t = DEFAULT_ABSENT_TTL_S)]
    absent_ttl: u64,
    /// How long past its lifetime an ok answer may still stand in (marked stale) when the
    /// upstream fails, limits the rate, times out or the budget is spent, in seconds (0 to
    /// 86400; 0: never). An answer that something does not exist never stands in
    #[arg(long, env = "CHANSCOPE_STALE_MAX", value_name = "SECS",
          default_value_t = DEFAULT_STALE_MAX_S,
          value_parser = clap::value_parser!(u64).range(0..=STALE_MAX_LIMIT_S))]
    stale_max: u64,
    /// Cache size, counting each entry's key, body and bookkeeping; least recently used
    /// answers go first, expired ones as soon as they are of no use
    #[arg(long, env = "CHANSCOPE_CACHE_MAX_BYTES", value_name = "N",
          default_value_t = DEFAULT_CACHE_MAX_BYTES)]
    cache_max_bytes: usize,
    /// Share the cache, coalescing and limits with every gateway using the same Redis
    /// (redis://[:password@]host:port/db); the URL is never shown
    #[arg(
        long,
        env = "CHANSCOPE_REDIS_URL",
        value_name = "URL",
        hide_env_values = true
    )]
    redis: Option<String>,
    /// Calls per second to the upstream, all instances together; none by default
    #[arg(long, env = "CHANSCOPE_UPSTREAM_RATE", value_name = "N/s", value_parser = per_second)]
    upstream_rate: Option<f64>,
    /// Calls at once within that rate (default: one second's worth)
    #[arg(long, env = "CHANSCOPE_UPSTREAM_BURST", value_name = "N", value_parser = positive)]
    upstream_burst: Option<f64>,
    /// Longest wait for the upstream budget before answering stale or flood_control_N, seconds
    #[arg(long, env = "CHANSCOPE_UPSTREAM_WAIT", value_name = "SECS",
          default_value_t = DEFAULT_UPSTREAM_WAIT_S, value_parser = seconds)]
    upstream_wait: f64,
    /// Longest time for a client to send a request's headers, and to stay idle between
    /// requests, in seconds
    #[arg(long, env = "CHANSCOPE_HEADER_TIMEOUT", value_name = "SECS",
          default_value_t = DEFAULT_HEADER_TIMEOUT_S, value_parser = seconds)]
    header_timeout: f64,
    /// Longest time an answer's writing may make no progress (a client that stopped reading)
    /// before its connection is closed, in seconds
    #[arg(long, env = "CHANSCOPE_WRITE_TIMEOUT", value_name = "SECS",
          default_value_t = DEFAULT_WRITE_TIMEOUT_S, value_parser = positive)]
    write_timeout: f64,
    /// Connections served at once; more wait in the listen backlog
    #[arg(long, env = "CHANSCOPE_MAX_CONNECTIONS", value_name = "N",
          default_value_t = DEFAULT_MAX_CONNECTIONS,
          value_parser = at_least_one)]
    max_connections: usize,
    /// After SIGTERM or Ctrl-C, how long requests in flight may still finish, in seconds
    #[arg(long, env = "CHANSCOPE_DRAIN_TIMEOUT", value_name = "SECS",
          default_value_t = DEFAULT_DRAIN_TIMEOUT_S, value_parser = seconds)]
    drain_timeout: f64,
    /// Send x-chanscope-cache (hit, miss, stale, coalesced) with API answers. Off by default:
    /// it tells anyone whether somebody else asked the same lately
    #[arg(long, env = "CHANSCOPE_DEBUG_HEADERS", action = ArgAction::SetTrue,
          value_parser = FalseyValueParser::new())]
    debug_headers: bool,
    /// How long a page people land on waits for its answer to be written into it, in
    /// milliseconds (0: never; at most 5000). A page whose answer comes later is sent without
    /// it, and its script asks for itself
    #[arg(long, env = "CHANSCOPE_ANSWER_IN_PAGE_MS", value_name = "MS",
          default_value_t = DEFAULT_ANSWER_IN_PAGE_MS,
          value_parser = clap::value_parser!(u64).range(0..=ANSWER_IN_PAGE_LIMIT_MS))]
    answer_in_page_ms: u64,
    /// Serve MCP at /mcp for AI assistants, to requests carrying `Authorization: Bearer KEY`
    /// with the key in this file (trimmed, 16 characters or more); off without it
    #[arg(long, env = "CHANSCOPE_MCP_KEY_FILE", value_name = "FILE")]
    mcp_key_file: Option<String>,
    /// Log format: text lines, or one JSON object per line
    #[arg(
        long,
        env = "CHANSCOPE_LOG_FORMAT",
        value_name = "FORMAT",
        value_enum,
        default_value = "text"
    )]
    pub log_format: LogFormat,
    /// Which logs to write, as tracing's EnvFilter reads it (info, warn, gateway=debug, ...)
    #[arg(
        long,
        env = "CHANSCOPE_LOG",
        value_name = "FILTER",
        default_value = "info"
    )]
    pub log: String,
}

#[derive(Clone, Debug)]
pub struct Config {
    pub listen: SocketAddr,
    /// `scheme://authority/path` without a trailing slash; operation paths are appended.
    pub upstream: String,
    pub dist: PathBuf,
    /// Debug-printed as `Token(***)`, so a printed config never shows it.
    pub token: Token,
    pub browser_token: BrowserToken,
    /// Origins as browsers send them in `Origin`: lower case, without a default port.
    pub allow_origins: Vec<String>,
    /// Cache lifetime per operation path.
    pub ttl: BTreeMap<&'static str, Duration>,
    /// Cache lifetime of an answer that a channel or post does not exist.
    pub absent_ttl: Duration,
    /// How long past its lifetime an `ok` answer may stand in (here and in Redis).
    pub stale_max: Duration,
    /// Requests per second per client.
    pub rate: f64,
    pub burst: f64,
    pub trust_forwarded_for: bool,
    pub upstream_timeout: Duration,
    pub max_response_bytes: usize,
    pub cache_max_bytes: usize,
    /// Shared state for several instances; the URL may hold a password, so it is never shown.
    pub redis: Option<String>,
    /// The upstream budget; `None`: as fast as visitors ask.
    pub upstream_rate: Option<Rate>,
    pub upstream_wait: Duration,
    /// The longest a client may take to send a request's headers, and stay idle between requests.
    pub header_timeout: Duration,
    /// The longest an answer's writing may make no progress before its connection is closed.
    pub write_timeout: Duration,
    /// Connections served at once; more wait in the listen backlog.
    pub max_connections: usize,
    /// After SIGTERM, how long requests in flight may still finish.
    pub drain_timeout: Duration,
    /// Whether API answers carry `x-chanscope-cache`.
    pub debug_headers: bool,
    /// How long a page waits for its answer to be written into it (`painted`); zero: never.
    pub answer_in_page: Duration,
    /// `/mcp` is served to requests with this key; off when `None`.
    pub mcp_key: Option<McpKey>,
}

impl Config {
    /// Settings with every default, for `upstream` and `token`.
    pub fn new(upstream: &str, token: Token) -> Result<Config, String> {
        Ok(Config {
            listen: DEFAULT_LISTEN.parse().map_err(|e| format!("{e}"))?,
            upstream: upstream_base(upstream)?,
            dist: PathBuf::from("dist"),
            token,
            browser_token: BrowserToken::Refuse,
            allow_origins: Vec::new(),
            ttl: ROUTES.iter().map(|r| (r.path, r.default_ttl)).collect(),
            absent_ttl: Duration::from_secs(DEFAULT_ABSENT_TTL_S),
            stale_max: Duration::from_secs(DEFAULT_STALE_MAX_S),
            rate: DEFAULT_RATE,
            burst: DEFAULT_BURST,
            trust_forwarded_for: false,
            upstream_timeout: Duration::from_secs_f64(DEFAULT_UPSTREAM_TIMEOUT_S),
            max_response_bytes: DEFAULT_MAX_RESPONSE_BYTES,
            cache_max_bytes: DEFAULT_CACHE_MAX_BYTES,
            redis: None,
            upstream_rate: None,
            upstream_wait: Duration::from_secs_f64(DEFAULT_UPSTREAM_WAIT_S),
            header_timeout: Duration::from_secs_f64(DEFAULT_HEADER_TIMEOUT_S),
            write_timeout: Duration::from_secs_f64(DEFAULT_WRITE_TIMEOUT_S),
            max_connections: DEFAULT_MAX_CONNECTIONS,
            drain_timeout: Duration::from_secs_f64(DEFAULT_DRAIN_TIMEOUT_S),
            debug_headers: false,
            answer_in_page: Duration::from_millis(DEFAULT_ANSWER_IN_PAGE_MS),
            mcp_key: None,
        })
    }

    /// The settings `cli` names. `env_token` is `CHANSCOPE_API_TOKEN`; `read_file` reads
    /// `--token-file`. The upstream and Redis URLs are checked here rather than by clap, whose
    /// errors quote the value: either may carry a password.
    pub fn from_cli(
        cli: Cli,
        env_token: Option<String>,
        read_file: impl Fn(&str) -> Result<String, String>,
    ) -> Result<Config, String> {
        // The file's or variable's content is never quoted in an error: it may be the secret.
        let secret = match &cli.token_file {
            Some(path) => read_file(path).map_err(|e| format!("--token-file: {e}"))?,
            None => env_token
                .ok_or_else(|| format!("a token is required: --token-file PATH or {TOKEN_ENV}"))?,
        };
        let token = Token::new(&secret).ok_or("the API token is empty")?;
        let mut c = Config::new(&cli.upstream, token)?;
        c.listen = cli.listen;
        c.dist = cli.dist;
        c.browser_token = cli.browser_token;
        c.allow_origins = cli.allow_origin;
        c.ttl.extend(cli.ttl);
        c.absent_ttl = Duration::from_secs(cli.absent_ttl);
        c.stale_max = Duration::from_secs(cli.stale_max);
        c.answer_in_page = Duration::from_millis(cli.answer_in_page_ms);
        c.rate = cli.rate;
        c.burst = cli.burst.max(1.0);
        c.trust_forwarded_for = cli.trust_forwarded_for;
        c.upstream_timeout = Duration::from_secs_f64(cli.upstream_timeout);
        c.max_response_bytes = cli.max_response_bytes;
        c.cache_max_bytes = cli.cache_max_bytes;
        c.redis = match cli.redis.filter(|url| !url.trim().is_empty()) {
            Some(url) => Some(redis_url(url.trim())?),
            None => None,
        };
        c.upstream_rate = cli.upstream_rate.map(|per_second| Rate {
            per_second,
            burst: cli.upstream_burst.map_or(per_second.ceil(), |b| b.max(1.0)),
        });
        if c.upstream_rate.is_none() && cli.upstream_burst.is_some() {
            return Err("--upstream-burst needs --upstream-rate".into());
        }
        c.upstream_wait = Duration::from_secs_f64(cli.upstream_wait);
        c.header_timeout = Duration::from_secs_f64(cli.header_timeout);
        c.write_timeout = Duration::from_secs_f64(cli.write_timeout);
        c.max_connections = cli.max_connections;
        c.drain_timeout = Duration::from_secs_f64(cli.drain_timeout);
        c.debug_headers = cli.debug_headers;
        c.mcp_key = match &cli.mcp_key_file {
            Some(path) => {
                let text = read_file(path).map_err(|e| format!("--mcp-key-file: {e}"))?;
                Some(McpKey::new(&text)?)
            }
            None => None,
        };
        Ok(c)
    }
}

fn listen_address(text: &str) -> Result<SocketAddr, String> {
    text.parse()
        .map_err(|_| "must be HOST:PORT with an IP address, such as 127.0.0.1:8080".to_owned())
}

fn at_least_one(text: &str) -> Result<usize, String> {
    text.parse()
        .ok()
        .filter(|n| *n >= 1)
        .ok_or_else(|| "must be a whole number from 1".to_owned())
}

/// `N` or `N/s`.
fn per_second(text: &str) -> Result<f64, String> {
    positive(text.strip_suffix("/s").unwrap_or(text))
}

/// A URL redis-rs can read (`redis://`, `rediss://`, `unix://`); never quoted back, since it may
/// hold a password.
fn redis_url(text: &str) -> Result<String, String> {
    let refused = || "--redis must be a URL such as redis://127.0.0.1:6379/0".to_owned();
    let url = url::Url::parse(text).map_err(|_| refused())?;
    if !matches!(url.scheme(), "redis" | "rediss" | "unix" | "redis+unix") {
        return Err(refused());
    }
    redis::Client::open(text)
        .map(|_| text.to_owned())
        .map_err(|_| refused())
}

/// Seconds, zero allowed.
fn seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v >= 0.0 && *v < 3600.0)
        .ok_or_else(|| "must be seconds from 0 to 3600".to_owned())
}

/// An `http` or `https` base URL with a host and nothing after its path, read as browsers read
/// URLs. User information is refused rather than used: the token is the credential, and a
/// password in the URL would be in every log line that names the upstream.
fn upstream_base(text: &str) -> Result<String, String> {
    let bad = |why: &str| format!("--upstream {why}; got \"{}\"", masked(text));
    // `@` anywhere is refused first: a password holding `/`, `?` or `#` ends the authority
    // early, so the parser sees no user information but a bad port, a path or a fragment.
    let no_userinfo = "must name a host without user information";
    if text.contains('@') {
        return Err(bad(no_userinfo));
    }
    let url = url::Url::parse(text).map_err(|_| bad("is not a URL"))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(bad("must start with http:// or https://"));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(bad(no_userinfo));
    }
    if url.host_str().is_none_or(str::is_empty) {
        return Err(bad("needs a host"));
    }
    if url.query().is_some() || url.fragment().is_some() {
        return Err(bad("must not have a query or a fragment"));
    }
    Ok(url.as_str().trim_end_matches('/').to_owned())
}

/// `url` with everything between `scheme://` and its last `@` shown as `***`, for quoting a URL
/// the gateway refuses. The last `@`, not the first: a password may hold `@`, and `/`, `?` or `#`
/// before it, so no character marks where user information ends. A path holding `@` is masked
/// too, which hides more than needed, never less.
pub fn masked(url: &str) -> String {
    let (scheme, rest) = match url.split_once("://") {
        Some((scheme, rest)) => (&url[..scheme.len() + 3], rest),
        None => ("", url),
    };
    match rest.rfind('@') {
        Some(at) => format!("{scheme}***{}", &rest[at..]),
        None => url.to_owned(),
    }
}

/// `scheme://host[:port]` exactly as a browser's `Origin` header reads it: scheme and host in
/// lower case, no default port (80 for http, 443 for https), no trailing slash. Browsers
/// serialise origins so, and they are compared byte for byte.
fn origin(text: &str) -> Result<String, String> {
    let text = text.trim_end_matches('/');
    let uri: Uri = text
        .parse()
        .map_err(|_| "is not an origin such as https://portal.example".to_owned())?;
    let scheme = uri.scheme_str().map(str::to_ascii_lowercase);
    let plain = matches!(scheme.as_deref(), Some("http" | "https"))
        && uri.authority().is_some_and(|a| !a.as_str().contains('@'))
        && uri.path_and_query().is_none_or(|p| p.as_str() == "/");
    let (Some(scheme), Some(authority)) = (scheme.filter(|_| plain), uri.authority()) else {
        return Err("must read scheme://host[:port] (no wildcard, no path)".to_owned());
    };
    if text.contains('*') {
        return Err("must read scheme://host[:port] (no wildcard, no path)".to_owned());
    }
    let host = authority.host().to_ascii_lowercase();
    let default_port = if scheme == "https" { 443 } else { 80 };
    Ok(match authority.port_u16() {
        Some(port) if port != default_port => format!("{scheme}://{host}:{port}"),
        _ => format!("{scheme}://{host}"),
    })
}

/// `OP=SECS` with an operation's name.
fn ttl(text: &str) -> Result<(&'static str, Duration), String> {
    let (name, secs) = text
        .split_once('=')
        .ok_or_else(|| "must read OP=SECS".to_owned())?;
    let route = policy::route_named(name).ok_or_else(|| {
        let names: Vec<&str> = ROUTES.iter().map(|r| r.name).collect();
        format!("unknown operation \"{name}\"; one of {}", names.join(", "))
    })?;
    let secs = secs
        .parse()
        .map_err(|_| "SECS must be a whole number".to_owned())?;
    Ok((route.path, Duration::from_secs(secs)))
}

fn positive(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v > 0.0)
        .ok_or_else(|| "must be a number above 0".to_owned())
}

#[cfg(test)]
mod tests;
