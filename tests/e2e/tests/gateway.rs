//! The console end to end through the gateway, as it is deployed: the release build served by
//! the gateway in-process, the sandbox behind it requiring a token, and no token in the browser.
//! Run after building the console: `CHANSCOPE_DIST=<root>/dist cargo test -p chanscope-e2e
//! --test gateway`.

use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use axum::extract::Request;
use axum::middleware::{self, Next};
use chanscope_api::Token;
use chanscope_e2e::browser::normalize;
use chanscope_e2e::{driver, ensure, http, repo_root, text, Browser, Picks, Res, Session};
use gateway::access_log::AccessLog;
use gateway::config::Config as GatewayConfig;
// The gateway here fronts the sandbox on the loopback.
use gateway::statics::CONTENT_SECURITY_POLICY_LOCAL_UPSTREAM;
use gateway::Gateway;
use sandbox::{Config, Dataset, Size, State};
use serde_json::json;
use tokio::net::TcpListener;

#[path = "gateway/painted.rs"]
mod painted;

use painted::{
    bare_search_shows_its_introduction_with_the_shell, dynamics_taken_over_without_a_shift,
    dynamics_without_scripts, post_search_without_scripts, preset_period_in_the_kept_zone,
    typing_while_the_console_takes_over, without_scripts,
};

/// The token only the gateway holds; the sandbox accepts it and `demo` only.
const GATEWAY_TOKEN: &str = "e2e-gateway-held-8b3d0f";

/// Requests as they reached the sandbox, or lines of the gateway's access log.
type Lines = Arc<Mutex<Vec<String>>>;

fn main() -> ExitCode {
    chanscope_e2e::runner::single("console_through_the_gateway", console_through_the_gateway)
}

async fn listen() -> Res<TcpListener> {
    Ok(TcpListener::bind(("127.0.0.1", 0)).await?)
}

/// A sink that keeps every line.
fn recorder() -> Lines {
    Arc::default()
}

fn push(lines: &Lines, line: String) {
    lines.lock().unwrap_or_else(|e| e.into_inner()).push(line);
}

fn lines(lines: &Lines) -> Vec<String> {
    lines.lock().unwrap_or_else(|e| e.into_inner()).clone()
}

async fn console_through_the_gateway() -> Res<()> {
    let dist = chanscope_e2e::dist_dir()?;
    let now = chanscope_e2e::pinned_now()?;
    let dataset = Dataset::generate(chanscope_e2e::SEED, Size::Small, now);
    let picks = Picks::choose(&dataset)?;

    // The sandbox: no anonymous token, so a request the gateway did not sign fails.
    let mut config = Config::default();
    config
        .tokens
        .add(&format!("{GATEWAY_TOKEN}=search+stat:XL"))?;
    let reached = recorder();
    let upstream_app = {
        let reached = Arc::clone(&reached);
        sandbox::router(Arc::new(State::new(dataset, config))).layer(middleware::from_fn(
            move |request: Request, next: Next| {
                let reached = Arc::clone(&reached);
                async move {
                    push(&reached, request.uri().to_string());
                    next.run(request).await
                }
            },
        ))
    };
    let upstream = listen().await?;
    let upstream_at = upstream.local_addr()?.to_string();
    let upstream_task = tokio::spawn(async move { axum::serve(upstream, upstream_app).await });

    // The gateway, as deployed, but in-process and with its log kept.
    let token = Token::new(GATEWAY_TOKEN).ok_or("empty token")?;
    let mut gateway_config = GatewayConfig::new(&format!("http://{upstream_at}/api"), token)?;
    gateway_config.dist = dist;
    let log = recorder();
    let sink = {
        let log = Arc::clone(&log);
        AccessLog::to(move |line| push(&log, line.to_owned()))
    };
    let gateway = Arc::new(Gateway::new(gateway_config, sink)?);
    let listener = listen().await?;
    let origin = format!("http://{}", listener.local_addr()?);
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let gateway_task = tokio::spawn(gateway::serve(listener, Arc::clone(&gateway), async {
        let _ = stopped.await;
    }));
    println!(
        "gateway {origin} → sandbox {upstream_at} · seed {} now {now}",
        chanscope_e2e::SEED
    );

    let shots = chanscope_e2e::screenshot_dir();
    std::fs::create_dir_all(&shots)?;
    let chromedriver =
        std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
    let driver =
        driver::Chromedriver::start(&chromedriver, &repo_root().join("target/e2e-logs")).await?;
    let browser = Browser::connect(&driver.url, origin.clone(), shots).await?;
    let mut result = scenario(&browser, &picks, &reached, &log, &upstream_at).await;
    if result.is_ok() {
        result = typing_while_the_console_takes_over(&browser, &driver.url, &picks).await;
    }
    if result.is_ok() {
        result = dynamics_taken_over_without_a_shift(&browser, &picks).await;
    }
    if result.is_ok() {
        result = preset_period_in_the_kept_zone(&browser, &picks, &reached, &log).await;
    }
    if result.is_ok() {
        result = bare_search_shows_its_introduction_with_the_shell(&browser, &driver.url).await;
    }
    browser.close().await;
    if result.is_ok() {
        result = read_without_scripts(&driver.url, &origin, &picks, &upstream_at).await;
    }
    drop(driver);
    let _ = stop.send(());
    let _ = gateway_task.await;
    upstream_task.abort();
    result
}

/// What a reader sees of the pages people land on where scripts are off (or before any has run),
/// read in one browser session that runs no script: the gateway wrote each page's answer in.
async fn read_without_scripts(
    webdriver: &str,
    origin: &str,
    picks: &Picks,
    upstream_at: &str,
) -> Res<()> {
    let shots = chanscope_e2e::screenshot_dir();
    let browser = Browser::connect_with(webdriver, origin.to_owned(), shots, false).await?;
    let mut result = without_scripts(&browser, picks, upstream_at).await;
    if result.is_ok() {
        result = dynamics_without_scripts(&browser, picks, upstream_at).await;
    }
    if result.is_ok() {
        result = post_search_without_scripts(&browser, picks, upstream_at).await;
    }
    browser.close().await;
    result
}

async fn scenario(
    browser: &Browser,
    picks: &Picks,
    reached: &Lines,
    log: &Lines,
    upstream_at: &str,
) -> Res<()> {
    let no_token = Session {
        token: None,
        locale: "en",
    };

    // Post search, opened by a link, with no token in Settings.
    let mark = lines(reached).len();
    let log_mark = lines(log).len();
    browser
        .open(
            &format!("/post-search?q={}&extended=true", picks.keyword),
            &no_token,
        )
        .await?;
    let sent = wait_reached(reached, mark, "/api/posts/search?").await?;
    ensure(sent.ends_with(&format!("&token={GATEWAY_TOKEN}")), || {
        format!("the gateway did not sign the call: {sent}")
    })?;
    let found = http::api_response(upstream_at, &sent).await?;
    let first = &found["items"][0];
    let channel = found["channels"]
        .as_array()
        .and_then(|cs| cs.iter().find(|c| c["id"] == first["channel_id"]))
        .ok_or("the extended answer lacks the first post's channel")?;
    let total = found["total_count"].as_u64().unwrap_or_default();
    let showing = format!(
        "Showing 1–{} of {}",
        found["items"].as_array().map_or(0, Vec::len),
        chanscope_api::format::group_thousands(total as i64, chanscope_api::format::Locale::En)
    );
    browser
        .wait_text(&[&text(&channel["title"]), &showing])
        .await?;
    browser.screenshot("gateway-post-search").await?;
    // The console's own call, once it has made it (the page the gateway wrote shows the same).
    let console_call = |line: &str| line.contains(" GET /api/posts/search ");
    wait_line(
        log,
        log_mark,
        console_call,
        "in the gateway's log",
        "/api/posts/search",
    )
    .await?;
    // The gateway asked the search for the page it wrote (or its preload), and the console's
    // own call, built by its form, was the same URL, answered from the gateway's cache: the
    // service saw that call and this test's own reading of the answer, and no other.
    let searches: Vec<String> = lines(reached)[mark..]
        .iter()
        .filter(|line| line.starts_with("/api/posts/search?"))
        .cloned()
        .collect();
    ensure(searches.len() == 2, || {
        let logged: Vec<String> = lines(log)
            .into_iter()
            .filter(|line| line.contains("posts/search") || line.contains("post-search"))
            .collect();
        format!("a post search by a link reached the service more than the page's and the test's calls: {searches:?}; the gateway's log: {logged:?}")
    })?;

    // Channel information, by a link too.
    let mark = lines(reached).len();
    let log_mark = lines(log).len();
    browser
        .open(
            &format!(
                "/channel-info?channel={}",
                picks.channel.replace('@', "%40")
            ),
            &no_token,
        )
        .await?;
    let sent = wait_reached(reached, mark, "/api/channels/get?").await?;
    let card = http::api_response(upstream_at, &sent).await?;
    browser
        .wait_text_in(
            ".cs-card",
            &[&text(&card["title"]), &text(&card["username"])],
        )
        .await?;
    browser.screenshot("gateway-channel-info").await?;
    // The gateway named the page's two calls in its `Link`, the browser started them with the
    // page, and the console took their answers rather than asking again: each reached the
    // gateway once. The health check under the card asks for hourly subscribers besides, and
    // one post search for the posts that mention the channel. The reach profile, started from
    // the recent post that search names, asks post statistics besides (its own test counts
    // them).
    let mut asked: Vec<String> = lines(log)[log_mark..]
        .iter()
        .filter_map(|line| line.split(' ').nth(3).map(str::to_owned))
        .filter(|path| path.starts_with("/api/") && path != "/api/posts/stat")
        .collect();
    asked.sort();
    ensure(
        asked
            == [
                "/api/channels/get",
                "/api/channels/subscribers",
                "/api/channels/subscribers",
                "/api/posts/search",
            ],
        || format!("channel info's calls as the gateway saw them: {asked:?}"),
    )?;

    // The token is nowhere the browser can see: the page, the address, the storage, the
    // answers to every call the page made (asked again from the page), the document's headers.
    let source = browser
        .eval("return document.documentElement.outerHTML;", vec![])
        .await?;
    let address = browser.url().await?;
    let storage = browser
        .eval(
            "const dump = s => Object.keys(s).map(k => k + '=' + s.getItem(k)).join('\\n');
             return dump(localStorage) + '\\n' + dump(sessionStorage);",
            vec![],
        )
        .await?;
    let mut seen = vec![text(&source), address.clone(), text(&storage)];
    // One call of each operation: the channel report's profile asks post statistics ten times
    // over, and asking every call again at once would spend the per-client burst of requests
    // this gateway allows (the defaults, as deployed).
    let mut api_paths: Vec<String> = Vec::new();
    for line in lines(log) {
        // `time client GET /api/… query status cache ms`
        let parts: Vec<&str> = line.split(' ').collect();
        let Some(op) = parts.get(3).filter(|p| p.starts_with("/api/")) else {
            continue;
        };
        if !api_paths.iter().any(|p| p.starts_with(&format!("{op}?"))) {
            api_paths.push(format!("{op}?{}", parts.get(4).unwrap_or(&"")));
        }
    }
    ensure(api_paths.len() >= 2, || {
        format!("the access log shows too few calls: {:?}", lines(log))
    })?;
    let document_path = "/channel-info".to_owned();
    let mut csp = None;
    let mut document = String::new();
    for path in api_paths.iter().chain([&document_path]) {
        let answer = browser
            .client()
            .execute_async(
                "const [path, done] = arguments;
                 fetch(path).then(r => r.text().then(body => done({
                   status: r.status,
                   headers: [...r.headers].map(([k, v]) => k + ': ' + v).join('\\n'),
                   csp: r.headers.get('content-security-policy'),
                   body,
                 }))).catch(e => done({ status: 0, body: String(e) }));",
                vec![json!(path)],
            )
            .await?;
        ensure(answer["status"] == 200, || {
            format!("fetching {path} from the page: {answer}")
        })?;
        if *path == document_path {
            csp = answer["csp"].as_str().map(str::to_owned);
            document = text(&answer["body"]);
        }
        seen.push(text(&answer["headers"]));
        seen.push(text(&answer["body"]));
    }
    for (i, what) in seen.iter().enumerate() {
        ensure(!what.contains(GATEWAY_TOKEN), || {
            format!(
                "the token reached the browser (item {i}): {}",
                normalize(what)
            )
        })?;
    }
    ensure(!address.contains("token"), || {
        format!("the address bar holds a token: {address}")
    })?;
    ensure(
        csp.as_deref() == Some(CONTENT_SECURITY_POLICY_LOCAL_UPSTREAM),
        || format!("the document's Content-Security-Policy header is {csp:?}"),
    )?;

    // The page's address is answered with its prerendered shell (the page's title and form,
    // inert, before the module arrives); once the console runs, the shell is gone.
    ensure(
        document.contains("<h1>Channel info</h1>")
            && document.contains("id=\"boot-shell\" inert=\"\"")
            && !document.contains("data-app-ready"),
        || format!("/channel-info is not its prerendered shell: {document}"),
    )?;
    let live = browser
        .eval(
            "return [document.querySelectorAll('#boot-shell').length,
                     document.querySelectorAll('.app[data-app-ready=\"true\"]').length,
                     document.querySelectorAll('main#main').length];",
            vec![],
        )
        .await?;
    ensure(live == json!([0, 1, 1]), || {
        format!("after the console started: [shells, consoles, mains] = {live}")
    })?;

    // The embedding host page through the gateway: its three widgets show the sandbox's
    // answers, signed by the gateway, with no token in the page.
    let mark = lines(reached).len();
    browser
        .client()
        .goto(&format!("{}/embed.html", browser.origin))
        .await?;
    for css in [
        "#channel-card .cs-card-title",
        "#subscribers .cs-widget-value",
        "#mentions .cs-widget-post",
    ] {
        browser.wait_css(css).await?;
    }
    let sent = wait_reached(reached, mark, "/api/channels/get?").await?;
    let card = http::api_response(upstream_at, &sent).await?;
    browser
        .wait_text_in("#channel-card", &[&text(&card["title"])])
        .await?;
    let source = browser
        .eval("return document.documentElement.outerHTML;", vec![])
        .await?;
    ensure(!text(&source).contains(GATEWAY_TOKEN), || {
        "the token is in the embedding page".into()
    })?;
    browser.screenshot("gateway-embed").await?;

    // Every API call reached the sandbox signed by the gateway, and none of them shows in the
    // log. (The browser fetches the sandbox's avatars from it directly, as it would the real
    // service's images.)
    let all = lines(reached);
    let calls: Vec<&String> = all.iter().filter(|c| c.starts_with("/api/")).collect();
    ensure(!calls.is_empty(), || {
        format!("no API call reached the sandbox: {all:?}")
    })?;
    ensure(
        calls
            .iter()
            .all(|c| c.ends_with(&format!("token={GATEWAY_TOKEN}"))),
        || format!("a call reached the sandbox unsigned: {calls:?}"),
    )?;
    let log = lines(log);
    ensure(log.iter().all(|l| !l.contains(GATEWAY_TOKEN)), || {
        "the token is in the access log".into()
    })?;
    println!(
        "{} calls reached the sandbox; the access log has {} lines, {} of them /api",
        calls.len(),
        log.len(),
        api_paths.len()
    );
    Ok(())
}

/// The last request since `mark` to reach the sandbox that starts with `prefix`, waiting for
/// it.
async fn wait_reached(reached: &Lines, mark: usize, prefix: &str) -> Res<String> {
    wait_line(
        reached,
        mark,
        |r| r.starts_with(prefix),
        "reached the sandbox",
        prefix,
    )
    .await
}

/// The last of `lines` since `mark` that is `found`, waited for within the browser's bound;
/// `seen` and `what` word the error.
async fn wait_line(
    lines_of: &Lines,
    mark: usize,
    found: impl Fn(&str) -> bool,
    seen: &str,
    what: &str,
) -> Res<String> {
    let deadline = Instant::now() + chanscope_e2e::browser::WAIT;
    loop {
        let all = lines(lines_of);
        let since = all.get(mark..).unwrap_or_default();
        if let Some(last) = since.iter().rev().find(|r| found(r)) {
            return Ok(last.clone());
        }
        if Instant::now() > deadline {
            return Err(format!("no request to {what} {seen}: {all:?}").into());
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}
