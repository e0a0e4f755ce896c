//! How flags and variables become a `Config`, and the messages of what is refused.

use super::*;

const SECRET: &str = "s3cret-token";

fn parse(args: &[&str], env: Option<&str>) -> Result<Config, String> {
    let cli = Cli::try_parse_from(std::iter::once("gateway").chain(args.iter().copied()))
        .map_err(|e| e.to_string())?;
    Config::from_cli(cli, env.map(str::to_owned), |path| {
        (path == "t.txt")
            .then(|| format!("  {SECRET}\n"))
            .ok_or_else(|| format!("cannot read {path}"))
    })
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
fn the_write_timeout() {
    let up = ["--upstream", "https://api.example"];
    let c = parse(&up, Some(SECRET)).unwrap();
    assert_eq!(c.write_timeout, Duration::from_secs(20));
    assert!(!c.debug_headers);
    assert_eq!(c.absent_ttl, Duration::from_secs(60));
    let c = parse(&[up[0], up[1], "--absent-ttl", "5"], Some(SECRET)).unwrap();
    assert_eq!(c.absent_ttl, Duration::from_secs(5));
    assert!(
        parse(&[up[0], up[1], "--debug-headers"], Some(SECRET))
            .unwrap()
            .debug_headers
    );
    let c = parse(&[up[0], up[1], "--write-timeout", "2.5"], Some(SECRET)).unwrap();
    assert_eq!(c.write_timeout, Duration::from_millis(2500));
    // Zero would cut every answer larger than the socket's buffers.
    let e = parse(&[up[0], up[1], "--write-timeout", "0"], Some(SECRET)).unwrap_err();
    assert!(e.contains("must be a number above 0"), "{e}");
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
    // An empty variable means no Redis.
    assert_eq!(with(&["--redis", " "]).unwrap().redis, None);
    assert!(with(&["--redis", "nonsense"]).is_err());
}

#[test]
fn refusals_never_quote_the_token() {
    let up = ["--upstream", "https://api.example"];
    let fails = |args: &[&str], env: Option<&str>| parse(args, env).unwrap_err();
    assert!(fails(&[], Some(SECRET)).contains("--upstream <URL>"));
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
    assert!(fails(&[up[0], up[1], "--rate"], Some(SECRET)).contains("'--rate <N>'"));
}

#[test]
fn origins_read_as_browsers_send_them() {
    let up = ["--upstream", "https://api.example"];
    let origins = |given: &[&str]| {
        let mut args = up.to_vec();
        for origin in given {
            args.extend(["--allow-origin", origin]);
        }
        parse(&args, Some(SECRET)).map(|c| c.allow_origins)
    };
    assert_eq!(
        origins(&[
            "HTTPS://Portal.Example:443/",
            "http://LOCALHOST:80",
            "http://localhost:3000",
            "https://portal.example:8443"
        ])
        .unwrap(),
        [
            "https://portal.example",
            "http://localhost",
            "http://localhost:3000",
            "https://portal.example:8443"
        ]
    );
    let e = origins(&["https://*.example"]).unwrap_err();
    assert!(e.contains("must read scheme://host[:port]"), "{e}");
}

#[test]
fn an_upstream_password_is_never_repeated() {
    for url in [
        "https://user:pw-93@api.example/base",
        "ftp://user:pw-93@api.example",
        "https://user:pw-93@api.example/api?x=1",
    ] {
        let e = parse(&["--upstream", url], Some(SECRET)).unwrap_err();
        assert!(!e.contains("pw-93"), "{e}");
        assert!(e.contains("***@api.example"), "{e}");
    }
}

#[test]
fn every_flag_has_a_variable_named_in_help() {
    use clap::CommandFactory;
    let mut command = Cli::command();
    command.clone().debug_assert();
    let help = command.render_long_help().to_string();
    let mut flags = 0;
    for arg in command.get_arguments() {
        let Some(long) = arg.get_long() else { continue };
        if matches!(long, "help" | "version") {
            continue;
        }
        let env = arg.get_env().and_then(|e| e.to_str()).unwrap_or_default();
        assert!(
            env.starts_with("CHANSCOPE_"),
            "--{long} has no CHANSCOPE_ variable"
        );
        assert!(
            help.contains(&format!("[env: {env}")),
            "--help names no {env}"
        );
        flags += 1;
    }
    // The 17 flags of the hand-written parser, and eleven more (the last `--answer-in-page-ms`
    // and `--mcp-key-file`).
    assert_eq!(flags, 28);
    assert!(help.contains(TOKEN_ENV));
}

#[test]
fn passwords_holding_url_delimiters_are_masked_whole() {
    for password in [
        "S3CR/ETPW",
        "S3CR?ETPW",
        "S3CR#ETPW",
        "S3CR@ETPW",
        "S3CR%ETPW",
    ] {
        let url = format!("https://user:{password}@api.example/api");
        assert_eq!(masked(&url), "https://***@api.example/api");
        let e = parse(&["--upstream", &url], Some(SECRET)).unwrap_err();
        assert!(!e.contains("S3CR") && !e.contains("ETPW"), "{e}");
        assert!(e.contains("\"https://***@api.example/api\""), "{e}");
    }
    assert_eq!(masked("https://api.example/api"), "https://api.example/api");
    assert_eq!(masked("user:pw@api.example"), "***@api.example");
}

#[test]
fn the_stale_bound() {
    let up = ["--upstream", "https://api.example"];
    assert_eq!(
        parse(&up, Some(SECRET)).unwrap().stale_max,
        Duration::from_secs(3600)
    );
    let c = parse(&[up[0], up[1], "--stale-max", "0"], Some(SECRET)).unwrap();
    assert_eq!(c.stale_max, Duration::ZERO);
    let c = parse(&[up[0], up[1], "--stale-max", "86400"], Some(SECRET)).unwrap();
    assert_eq!(c.stale_max, Duration::from_secs(86_400));
    for refused in ["86401", "-1", "1.5", "soon"] {
        assert!(
            parse(&[up[0], up[1], "--stale-max", refused], Some(SECRET)).is_err(),
            "{refused}"
        );
    }
}

#[test]
fn the_mcp_key_comes_from_its_file_and_is_never_shown() {
    let read = |key: &'static str| {
        move |path: &str| match path {
            "t.txt" => Ok(SECRET.to_owned()),
            "k.txt" => Ok(format!("{key}\n")),
            _ => Err(format!("cannot read {path}")),
        }
    };
    let base = [
        "gateway",
        "--upstream",
        "https://api.example",
        "--token-file",
        "t.txt",
    ];
    let cli =
        |extra: &[&'static str]| Cli::try_parse_from(base.iter().chain(extra).copied()).unwrap();
    let off = Config::from_cli(cli(&[]), None, read("unused")).unwrap();
    assert!(off.mcp_key.is_none());
    let key = "k3y-0123456789abcdef";
    let on = Config::from_cli(cli(&["--mcp-key-file", "k.txt"]), None, read(key)).unwrap();
    let bearer = axum::http::HeaderValue::from_str(&format!("Bearer {key}")).unwrap();
    assert!(on.mcp_key.as_ref().unwrap().admits(Some(&bearer)));
    assert!(!format!("{on:?}").contains(key));
    let short = Config::from_cli(cli(&["--mcp-key-file", "k.txt"]), None, read("short-key"));
    let e = short.unwrap_err();
    assert!(
        e.contains("16 characters") && !e.contains("short-key"),
        "{e}"
    );
    let missing = Config::from_cli(cli(&["--mcp-key-file", "gone.txt"]), None, read(key));
    assert_eq!(missing.unwrap_err(), "--mcp-key-file: cannot read gone.txt");
}
