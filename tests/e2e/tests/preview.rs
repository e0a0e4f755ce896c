//! `trunk serve` as a developer runs it, in the repository root, with only `Trunk.toml` to go by:
//! the page answers; with no sandbox on 127.0.0.1:8090, post search says that the preview's
//! sandbox is not answering and how to start it; that command, run as shown, starts a sandbox the
//! preview then gets answers from without a token; a change to a watched file reloads the page
//! (live reload); and the debug build's page allows Trunk's reload client while the release
//! build keeps the strict policy of index.html.
//!
//! `cargo xtask test` runs it with the tools' PATH in `CHANSCOPE_PREVIEW_ENV` (`KEY=VALUE` lines);
//! by hand: `cargo test -p chanscope-e2e --test preview`, with trunk and wasm-bindgen in
//! `~/.cache/chanscope/tools/bin` and the release build in `CHANSCOPE_DIST` (or `dist/`).

use std::fs::File;
use std::net::TcpListener;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, SystemTime};

use chanscope_e2e::browser::normalize;
use chanscope_e2e::group::Group;
use chanscope_e2e::{ensure, http, repo_root, Browser, Res, Session};

/// Where `Trunk.toml` proxies `/api/` to.
const SANDBOX: &str = "127.0.0.1:8090";
/// What the console says when nothing answers there, up to the command it gives.
const NOT_ANSWERING: &str =
    "The preview's sandbox is not answering on 127.0.0.1:8090; start it with ";
/// "выборы", percent-encoded: a keyword of the sandbox's dataset (docs/sandbox.md searches for it too).
const KEYWORD: &str = "%D0%B2%D1%8B%D0%B1%D0%BE%D1%80%D1%8B";
/// A first debug build compiles the console and the widgets; later ones only relink.
const BUILD_WAIT: Duration = Duration::from_secs(900);

fn main() -> ExitCode {
    chanscope_e2e::runner::single("plain_trunk_serve", plain_trunk_serve)
}

async fn plain_trunk_serve() -> Res<()> {
    let root = repo_root();
    let release_page = std::fs::read_to_string(chanscope_e2e::dist_dir()?.join("index.html"))?;
    let source_page = std::fs::read_to_string(root.join("index.html"))?;
    // A sandbox left running would answer for the one this test must find missing.
    ensure(std::net::TcpStream::connect(SANDBOX).is_err(), || {
        format!("something listens on {SANDBOX}; stop it first (this test needs it free)")
    })?;

    let port = TcpListener::bind(("127.0.0.1", 0))?.local_addr()?.port();
    let origin = format!("127.0.0.1:{port}");
    let logs = root.join("target/e2e-logs");
    std::fs::create_dir_all(&logs)?;
    // The command is plain `trunk serve`. Trunk's own variables move it to a free port, and its
    // build out of `dist/`, which holds the release build the other end-to-end tests use.
    let mut trunk = Command::new("trunk");
    trunk
        .arg("serve")
        .env("TRUNK_SERVE_PORT", port.to_string())
        .env("TRUNK_BUILD_DIST", root.join("target/preview-dist"))
        .current_dir(&root)
        .stdout(Stdio::from(File::create(logs.join("trunk-serve.log"))?))
        .stderr(Stdio::from(File::create(logs.join("trunk-serve.err.log"))?));
    preview_env(&mut trunk)?;
    let mut trunk = Group::spawn(&mut trunk, "trunk serve")?;
    println!("trunk serve on {origin} (log: target/e2e-logs/trunk-serve.log)");
    let page = wait_for(&mut trunk, &origin, "/", "trunk serve").await?;

    // The page answers, with Trunk's reload client, which its debug policy allows.
    ensure(page.contains(".well-known/trunk/ws"), || {
        "the preview's page lacks Trunk's live-reload client".into()
    })?;
    let preview_csp = csp(&page)?;
    ensure(
        preview_csp.contains("script-src 'self' 'wasm-unsafe-eval' 'unsafe-inline';")
            && preview_csp.contains("ws://127.0.0.1:*"),
        || format!("the preview's policy refuses the reload client: {preview_csp}"),
    )?;
    // The release build keeps index.html's policy exactly.
    ensure(csp(&release_page)? == csp(&source_page)?, || {
        format!(
            "the release build's policy differs from index.html's: {}",
            csp(&release_page).unwrap_or_default()
        )
    })?;
    ensure(!release_page.contains(".well-known/trunk/ws"), || {
        "the release build carries Trunk's reload client".into()
    })?;

    let shots = chanscope_e2e::screenshot_dir();
    std::fs::create_dir_all(&shots)?;
    let chromedriver =
        std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
    let driver = chanscope_e2e::driver::Chromedriver::start(&chromedriver, &logs).await?;
    let browser = Browser::connect(&driver.url, format!("http://{origin}"), shots).await?;
    let result = scenario(&browser, &root, &mut trunk).await;
    browser.close().await;
    drop(driver);
    if result.is_err() {
        // What Trunk (its builds, reloads and proxy errors) and the sandbox said, beside the
        // failure: a run elsewhere keeps only its output.
        for log in [
            "trunk-serve.log",
            "trunk-serve.err.log",
            "preview-sandbox.log",
        ] {
            print_tail(&logs.join(log));
        }
    }
    result
}

/// The last lines of a log, under its name.
fn print_tail(path: &Path) {
    const LINES: usize = 40;
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let lines: Vec<&str> = text.lines().collect();
    println!("--- the last lines of {} ---", path.display());
    for line in &lines[lines.len().saturating_sub(LINES)..] {
        println!("{line}");
    }
}

async fn scenario(browser: &Browser, root: &Path, trunk: &mut Group) -> Res<()> {
    // No token: the sandbox's command must make the preview work without one.
    let no_token = Session {
        token: None,
        locale: "en",
    };
    let search = format!("/post-search?q={KEYWORD}");
    browser.open(&search, &no_token).await?;
    browser.wait_css(".cs-banner-what").await?;
    let what = normalize(&browser.texts(".cs-banner-what").await?.join(" "));
    browser.screenshot("preview-sandbox-not-answering").await?;
    let command = what
        .strip_prefix(NOT_ANSWERING)
        .ok_or_else(|| format!("post search without a sandbox says: {what}"))?
        .to_owned();
    let shown = normalize(&browser.main_text().await?);
    ensure(!shown.contains("temporarily unavailable"), || {
        format!("the console blames the service: {shown}")
    })?;

    // The command as shown, with nothing added: the preview answers without a token.
    println!("starting the sandbox as the console says: {command}");
    let log = File::create(root.join("target/e2e-logs/preview-sandbox.log"))?;
    let mut sandbox = Group::spawn(
        Command::new("sh")
            .args(["-c", &command])
            .current_dir(root)
            .env_remove("CARGO_TARGET_DIR")
            .stdout(Stdio::from(log.try_clone()?))
            .stderr(Stdio::from(log)),
        "the sandbox",
    )?;
    wait_for(&mut sandbox, SANDBOX, "/healthz", "the sandbox").await?;
    let answer = http::api_response(SANDBOX, &format!("/api/posts/search?q={KEYWORD}")).await?;
    let total = answer["total_count"]
        .as_i64()
        .ok_or_else(|| format!("the sandbox's answer without a token: {answer}"))?;
    browser.click(".cs-banner-retry").await?;
    let showing = format!(
        "of {}",
        chanscope_api::format::group_thousands(total, chanscope_api::format::Locale::En)
    );
    browser.wait_text(&["Showing 1–", &showing]).await?;
    browser.screenshot("preview-post-search").await?;

    // Live reload: a watched file changes, Trunk rebuilds and the page reloads itself.
    browser
        .eval("window.chanscopeBeforeReload = true; return true;", vec![])
        .await?;
    let watched = root.join("static/favicon.svg");
    File::options()
        .append(true)
        .open(&watched)?
        .set_modified(SystemTime::now())?;
    let reloaded = || async {
        let gone = browser
            .eval("return window.chanscopeBeforeReload === undefined;", vec![])
            .await;
        matches!(gone, Ok(serde_json::Value::Bool(true))).then_some(())
    };
    let what = format!("the page reloading after a change to {}", watched.display());
    trunk.wait_for(&what, BUILD_WAIT, reloaded).await?;
    browser.wait_text(&["Showing 1–", &showing]).await?;
    println!("  post search showed the sandbox's command, then {total} posts; live reload works");
    drop(sandbox);
    Ok(())
}

/// The page's Content-Security-Policy, as its meta tag gives it.
fn csp(page: &str) -> Res<String> {
    let start = page
        .find("content=\"default-src")
        .ok_or("the page has no Content-Security-Policy meta tag")?
        + "content=\"".len();
    let end = page[start..].find('"').ok_or("an unterminated policy")?;
    Ok(page[start..start + end].to_owned())
}

/// `CHANSCOPE_PREVIEW_ENV`'s `KEY=VALUE` lines set on `cmd`; without it, trunk and
/// wasm-bindgen from the tools directory `cargo xtask setup` installs them into.
fn preview_env(cmd: &mut Command) -> Res<()> {
    if let Ok(lines) = std::env::var("CHANSCOPE_PREVIEW_ENV") {
        for line in lines.lines().filter(|l| !l.is_empty()) {
            let (key, value) = line
                .split_once('=')
                .ok_or_else(|| format!("CHANSCOPE_PREVIEW_ENV: not KEY=VALUE: {line}"))?;
            cmd.env(key, value);
        }
        return Ok(());
    }
    let home = std::env::var("HOME").map_err(|_| "HOME is not set")?;
    let path = std::env::var("PATH").unwrap_or_default();
    cmd.env("PATH", format!("{home}/.cache/chanscope/tools/bin:{path}"));
    Ok(())
}

/// Waits until `GET path` on `address` answers 200 (its body), while `server` runs.
async fn wait_for(server: &mut Group, address: &str, path: &str, what: &str) -> Res<String> {
    let answered = || async {
        match http::get(address, path).await {
            Ok((200, body)) => Some(body),
            _ => None,
        }
    };
    let what = format!("{what} answering {path} (see target/e2e-logs)");
    server.wait_for(&what, BUILD_WAIT, answered).await
}
