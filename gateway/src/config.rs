//! The gateway's settings: command-line flags (parsed by hand, as the sandbox's are) and the
//! token from a file or the environment.

use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use axum::http::Uri;
use chanscope_api::Token;

use serverkit::cli::number;

use crate::budget::Rate;
use crate::policy::{self, BrowserToken, ROUTES};

pub const DEFAULT_LISTEN: &str = "127.0.0.1:8080";
/// The environment variable that may hold the API token (when `--token-file` is not given).
pub const TOKEN_ENV: &str = "CHANSCOPE_API_TOKEN";
/// The environment variable that may hold the Redis URL (when `--redis` is not given).
pub const REDIS_ENV: &str = "CHANSCOPE_REDIS_URL";

pub const USAGE: &str = "\
usage: gateway --upstream URL (--token-file PATH | env CHANSCOPE_API_TOKEN) [--listen ADDR]
               [--dist DIR] [--browser-token refuse|drop] [--allow-origin ORIGIN]...
               [--ttl OP=SECS]... [--rate N] [--burst N] [--trust-forwarded-for]
               [--upstream-timeout SECS] [--max-response-bytes N] [--cache-max-bytes N]
               [--redis URL] [--upstream-rate N/s] [--upstream-burst N] [--upstream-wait SECS]
  Serves the built console from --dist and forwards the eight API operations under /api/ to
  --upstream (an http or https base URL; the operation's path is appended), adding the token.
  --listen ADDR            address to listen on (default 127.0.0.1:8080)
  --dist DIR               the console's release build (default dist)
  --token-file PATH        file holding the API token (trimmed); else CHANSCOPE_API_TOKEN
  --browser-token MODE     refuse (default): a request carrying `token` gets an error;
                           drop: the browser's token is removed; never forwarded either way
  --allow-origin ORIGIN    a portal origin (scheme://host[:port]) allowed to call /api and load
                           the console's files cross-origin; repeatable; none by default
  --ttl OP=SECS            cache lifetime of an operation's answers; OP is one of
                           keyword-mentions channel-search subscriber-dynamics channel-info
                           multi-post-stats multi-story-stats post-stats post-search
  --rate N, --burst N      requests per second and burst per client address (default 5, 20)
  --trust-forwarded-for    the client address is the last X-Forwarded-For hop (behind a proxy)
  --upstream-timeout SECS  limit for one upstream call (default 20)
  --max-response-bytes N   largest upstream answer accepted (default 8388608)
  --cache-max-bytes N      cache size; least recently used answers go first (default 67108864)
  --redis URL              share the cache, coalescing and limits with every gateway using the
                           same Redis (redis://host:port/db); else CHANSCOPE_REDIS_URL; none
  --upstream-rate N/s      calls per second to the upstream, all instances together; none
  --upstream-burst N       calls at once within that rate (default: one second's worth)
  --upstream-wait SECS     longest wait for the upstream budget before answering stale or
                           flood_control_N (default 5)";

#[derive(Clone, Debug)]
pub struct Config {
    pub listen: SocketAddr,
    /// `scheme://authority/path` without a trailing slash; operation paths are appended.
    pub upstream: String,
    pub dist: PathBuf,
    /// Debug-printed as `Token(***)`, so a printed config never shows it.
    pub token: Token,
    pub browser_token: BrowserToken,
    /// Origins exactly as browsers send them in `Origin`.
    pub allow_origins: Vec<String>,
    /// Cache lifetime per operation path.
    pub ttl: BTreeMap<&'static str, Duration>,
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
            rate: 5.0,
            burst: 20.0,
            trust_forwarded_for: false,
            upstream_timeout: Duration::from_secs(20),
            max_response_bytes: 8 << 20,
            cache_max_bytes: 64 << 20,
            redis: None,
            upstream_rate: None,
            upstream_wait: Duration::from_secs(5),
        })
    }

    /// Parses the arguments after the program name. `env_token` is `CHANSCOPE_API_TOKEN`;
    /// `read_file` reads `--token-file`.
    pub fn parse(
        args: impl IntoIterator<Item = String>,
        env_token: Option<String>,
        read_file: impl Fn(&str) -> Result<String, String>,
    ) -> Result<Config, String> {
        let mut upstream = None;
        let mut token_file = None;
        let mut rest = Vec::new();
        let mut args = args.into_iter();
        while let Some(flag) = args.next() {
            let mut value = || args.next().ok_or_else(|| format!("{flag} needs a value"));
            match flag.as_str() {
                "--upstream" => upstream = Some(value()?),
                "--token-file" => token_file = Some(value()?),
                "--trust-forwarded-for" => rest.push((flag, String::new())),
                _ => {
                    let v = value()?;
                    rest.push((flag, v));
                }
            }
        }
        let upstream = upstream.ok_or("--upstream is required")?;
        // The file's or variable's content is never quoted in an error: it may be the secret.
        let secret = match token_file {
            Some(path) => read_file(&path)?,
            None => env_token
                .ok_or_else(|| format!("a token is required: --token-file PATH or {TOKEN_ENV}"))?,
        };
        let token = Token::new(&secret).ok_or("the API token is empty")?;
        let mut c = Config::new(&upstream, token)?;
        let mut upstream_burst = None;
        for (flag, value) in rest {
            match flag.as_str() {
                "--listen" => {
                    c.listen = value
                        .parse()
                        .map_err(|_| format!("--listen must be HOST:PORT; got \"{value}\""))?
                }
                "--dist" => c.dist = PathBuf::from(value),
                "--browser-token" => {
                    c.browser_token = match value.as_str() {
                        "refuse" => BrowserToken::Refuse,
                        "drop" => BrowserToken::Drop,
                        _ => {
                            return Err(format!(
                                "--browser-token must be refuse or drop; got \"{value}\""
                            ))
                        }
                    }
                }
                "--allow-origin" => c.allow_origins.push(origin(&value)?),
                "--ttl" => {
                    let (path, ttl) = ttl(&value)?;
                    c.ttl.insert(path, ttl);
                }
                "--rate" => c.rate = positive(&flag, &value)?,
                "--burst" => c.burst = positive(&flag, &value)?.max(1.0),
                "--trust-forwarded-for" => c.trust_forwarded_for = true,
                "--upstream-timeout" => {
                    c.upstream_timeout = Duration::from_secs_f64(positive(&flag, &value)?)
                }
                "--max-response-bytes" => c.max_response_bytes = number(&flag, &value)?,
                "--cache-max-bytes" => c.cache_max_bytes = number(&flag, &value)?,
                "--redis" => c.redis = Some(redis_url(&value)?),
                "--upstream-rate" => {
                    let per_second = positive(&flag, value.strip_suffix("/s").unwrap_or(&value))?;
                    c.upstream_rate = Some(Rate {
                        per_second,
                        burst: per_second.ceil(),
                    })
                }
                "--upstream-burst" => upstream_burst = Some(positive(&flag, &value)?.max(1.0)),
                "--upstream-wait" => c.upstream_wait = Duration::from_secs_f64(seconds(&value)?),
                _ => return Err(format!("unknown option {flag}")),
            }
        }
        match (&mut c.upstream_rate, upstream_burst) {
            (Some(rate), Some(burst)) => rate.burst = burst,
            (None, Some(_)) => return Err("--upstream-burst needs --upstream-rate".into()),
            _ => {}
        }
        Ok(c)
    }

    /// `CHANSCOPE_REDIS_URL` when `--redis` was not given.
    pub fn redis_from_env(&mut self, value: Option<String>) -> Result<(), String> {
        if let (None, Some(url)) = (&self.redis, value.filter(|v| !v.trim().is_empty())) {
            self.redis = Some(redis_url(url.trim())?);
        }
        Ok(())
    }
}

/// A URL redis-rs can read (`redis://`, `rediss://`, `unix://`); never quoted back, since it may
/// hold a password.
fn redis_url(url: &str) -> Result<String, String> {
    redis::Client::open(url)
        .map(|_| url.to_owned())
        .map_err(|_| "--redis must be a URL such as redis://127.0.0.1:6379/0".to_owned())
}

/// Seconds, zero allowed.
fn seconds(text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v >= 0.0 && *v < 3600.0)
        .ok_or_else(|| format!("--upstream-wait must be seconds from 0 to 3600; got \"{text}\""))
}

/// An `http` or `https` base URL with a host and nothing after its path.
fn upstream_base(url: &str) -> Result<String, String> {
    let bad = |why: &str| format!("--upstream {why}; got \"{url}\"");
    let uri: Uri = url.parse().map_err(|_| bad("is not a URL"))?;
    if !matches!(uri.scheme_str(), Some("http" | "https")) {
        return Err(bad("must start with http:// or https://"));
    }
    let authority = uri.authority().ok_or_else(|| bad("needs a host"))?;
    if authority.as_str().contains('@') || authority.host().is_empty() {
        return Err(bad("must name a host without user information"));
    }
    if url.contains(['?', '#']) {
        return Err(bad("must not have a query or a fragment"));
    }
    Ok(url.trim_end_matches('/').to_owned())
}

/// `scheme://host[:port]`, as a browser's `Origin` header reads.
fn origin(text: &str) -> Result<String, String> {
    let text = text.trim_end_matches('/');
    let uri: Uri = text
        .parse()
        .map_err(|_| format!("--allow-origin is not an origin: \"{text}\""))?;
    let plain = matches!(uri.scheme_str(), Some("http" | "https"))
        && uri.authority().is_some_and(|a| !a.as_str().contains('@'))
        && uri.path_and_query().is_none_or(|p| p.as_str() == "/");
    if !plain || text.contains('*') {
        return Err(format!(
            "--allow-origin must read scheme://host[:port] (no wildcard, no path); got \"{text}\""
        ));
    }
    Ok(text.to_owned())
}

/// `OP=SECS` with an operation's name.
fn ttl(text: &str) -> Result<(&'static str, Duration), String> {
    let (name, secs) = text
        .split_once('=')
        .ok_or_else(|| format!("--ttl must read OP=SECS; got \"{text}\""))?;
    let route = policy::route_named(name).ok_or_else(|| {
        let names: Vec<&str> = ROUTES.iter().map(|r| r.name).collect();
        format!(
            "--ttl: unknown operation \"{name}\"; one of {}",
            names.join(", ")
        )
    })?;
    Ok((route.path, Duration::from_secs(number("--ttl", secs)?)))
}

fn positive(flag: &str, text: &str) -> Result<f64, String> {
    text.parse::<f64>()
        .ok()
        .filter(|v| v.is_finite() && *v > 0.0)
        .ok_or_else(|| format!("{flag} must be a number above 0; got \"{text}\""))
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "s3cret-token";

    fn parse(args: &[&str], env: Option<&str>) -> Result<Config, String> {
        Config::parse(
            args.iter().map(|s| s.to_string()),
            env.map(str::to_owned),
            |path| {
                (path == "t.txt")
                    .then(|| format!("  {SECRET}\n"))
                    .ok_or_else(|| format!("cannot read {path}"))
            },
        )
    }

    #[test]
    fn defaults_and_flags() {
        let c = parse(&["--upstream", "https://api.example/base/"], Some(SECRET)).unwrap();
        assert_eq!(c.upstream, "https://api.example/base");
        assert_eq!(c.listen.to_string(), DEFAULT_LISTEN);
        assert_eq!(c.dist, PathBuf::from("dist"));
        assert_eq!(c.token.expose(), SECRET);
        assert_eq!(c.browser_token, BrowserToken::Refuse);
        assert_eq!((c.rate, c.burst), (5.0, 20.0));
        assert_eq!(c.ttl["/channels/get"], Duration::from_secs(3600));
        assert_eq!(c.ttl["/posts/search"], Duration::from_secs(300));
        assert_eq!(c.upstream_timeout, Duration::from_secs(20));
        assert_eq!(
            (c.max_response_bytes, c.cache_max_bytes),
            (8 << 20, 64 << 20)
        );
        assert!(!format!("{c:?}").contains(SECRET));

        let c = parse(
            &[
                "--upstream",
                "http://127.0.0.1:8090/api",
                "--token-file",
                "t.txt",
                "--listen",
                "0.0.0.0:9000",
                "--dist",
                "/srv/dist",
                "--browser-token",
                "drop",
                "--allow-origin",
                "https://portal.example",
                "--allow-origin",
                "http://localhost:3000/",
                "--ttl",
                "post-search=7",
                "--rate",
                "2.5",
                "--burst",
                "4",
                "--trust-forwarded-for",
                "--upstream-timeout",
                "3",
                "--max-response-bytes",
                "1000",
                "--cache-max-bytes",
                "5000",
            ],
            None,
        )
        .unwrap();
        assert_eq!(c.token.expose(), SECRET);
        assert_eq!(c.listen.to_string(), "0.0.0.0:9000");
        assert_eq!(c.browser_token, BrowserToken::Drop);
        assert_eq!(
            c.allow_origins,
            ["https://portal.example", "http://localhost:3000"]
        );
        assert_eq!(c.ttl["/posts/search"], Duration::from_secs(7));
        assert_eq!((c.rate, c.burst), (2.5, 4.0));
        assert!(c.trust_forwarded_for);
        assert_eq!(c.upstream_timeout, Duration::from_secs(3));
        assert_eq!((c.max_response_bytes, c.cache_max_bytes), (1000, 5000));
        assert_eq!(c.redis, None);
        assert_eq!(c.upstream_rate, None);
        assert_eq!(c.upstream_wait, Duration::from_secs(5));
    }

    #[test]
    fn redis_and_the_upstream_budget() {
        let up = ["--upstream", "https://api.example"];
        let with = |more: &[&str]| {
            let args: Vec<&str> = up.iter().chain(more).copied().collect();
            parse(&args, Some(SECRET))
        };
        let c = with(&[
            "--redis",
            "redis://10.0.0.5:6380/2",
            "--upstream-rate",
            "5/s",
        ])
        .unwrap();
        assert_eq!(c.redis.as_deref(), Some("redis://10.0.0.5:6380/2"));
        assert_eq!(
            c.upstream_rate,
            Some(Rate {
                per_second: 5.0,
                burst: 5.0
            })
        );
        let c = with(&[
            "--upstream-burst",
            "12",
            "--upstream-rate",
            "2.5",
            "--upstream-wait",
            "0",
        ])
        .unwrap();
        assert_eq!(
            c.upstream_rate,
            Some(Rate {
                per_second: 2.5,
                burst: 12.0
            })
        );
        assert_eq!(c.upstream_wait, Duration::ZERO);
        assert_eq!(
            with(&["--upstream-burst", "3"]).unwrap_err(),
            "--upstream-burst needs --upstream-rate"
        );
        let secret_url = "http://user:pw-71@redis.example";
        let e = with(&["--redis", secret_url]).unwrap_err();
        assert!(!e.contains("pw-71"), "{e}");
        assert!(with(&["--upstream-rate", "0/s"]).is_err());
        assert!(with(&["--upstream-wait", "-1"]).is_err());

        // The variable counts only without the flag.
        let mut c = with(&[]).unwrap();
        c.redis_from_env(Some("redis://127.0.0.1:7000".into()))
            .unwrap();
        assert_eq!(c.redis.as_deref(), Some("redis://127.0.0.1:7000"));
        let mut c = with(&["--redis", "redis://127.0.0.1:7001"]).unwrap();
        c.redis_from_env(Some("redis://127.0.0.1:7000".into()))
            .unwrap();
        assert_eq!(c.redis.as_deref(), Some("redis://127.0.0.1:7001"));
        assert!(c.redis_from_env(Some("nonsense".into())).is_ok());
        let mut c = with(&[]).unwrap();
        assert!(c.redis_from_env(Some("nonsense".into())).is_err());
    }

    #[test]
    fn refusals_never_quote_the_token() {
        let up = ["--upstream", "https://api.example"];
        let fails = |args: &[&str], env: Option<&str>| parse(args, env).unwrap_err();
        assert_eq!(fails(&[], Some(SECRET)), "--upstream is required");
        assert!(fails(&up, None).contains("CHANSCOPE_API_TOKEN"));
        assert_eq!(fails(&up, Some("  ")), "the API token is empty");
        for bad in [
            "ftp://api.example",
            "api.example",
            "https://user:pw@api.example",
            "https://api.example/api?x=1",
        ] {
            assert!(parse(&["--upstream", bad], Some(SECRET)).is_err(), "{bad}");
        }
        for (flag, value) in [
            ("--allow-origin", "*"),
            ("--allow-origin", "https://portal.example/page"),
            ("--ttl", "nothing=5"),
            ("--ttl", "post-search"),
            ("--rate", "0"),
            ("--browser-token", "keep"),
            ("--listen", "localhost"),
            ("--bogus", "1"),
        ] {
            let e = fails(&[up[0], up[1], flag, value], Some(SECRET));
            assert!(!e.contains(SECRET), "{e}");
        }
        assert_eq!(
            fails(&[up[0], up[1], "--rate"], Some(SECRET)),
            "--rate needs a value"
        );
    }
}
