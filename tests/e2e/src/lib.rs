//! End-to-end harness of the console: the sandbox's dataset and router in-process, the built
//! console from `dist/` on the same origin, chromedriver and headless Chromium, and helpers that
//! drive pages the way a person does and read what they show.
//!
//! Expected values never come from this crate's own idea of the data: a test reads the request
//! the page sent (every `/api` request is logged) and replays it against the same server, then
//! looks for values of that JSON on the page.

pub mod browser;
pub mod driver;
pub mod group;
pub mod http;
pub mod picks;
pub mod runner;
mod scrollers;
pub mod server;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use sandbox::{Config, Dataset, Size, State};

pub use browser::{Browser, Session};
pub use picks::Picks;
pub use server::{RequestLog, Site};

pub type Res<T> = Result<T, Box<dyn std::error::Error + Send + Sync>>;

/// The dataset's seed: fixed, so the same `now` gives the same data.
pub const SEED: u64 = 20_240_601;
/// The token that holds every product and plan (the sandbox's default).
pub const DEMO_TOKEN: &str = "demo";
/// A token with the search product on plan S only: no stat operations.
pub const SEARCH_S_TOKEN: &str = "e2e-search-s";
/// A second all-plans token with a distinctive spelling, to look for in the address bar.
pub const SECRET_TOKEN: &str = "e2e-secret-4f7c1a";

/// The repository's root (this crate lives in `tests/e2e`).
pub fn repo_root() -> PathBuf {
    let manifest = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let root = manifest.join("../..");
    root.canonicalize().unwrap_or(root)
}

/// `CHANSCOPE_DIST`, or `<repo>/dist`; an error that says what to do when it holds no build.
pub fn dist_dir() -> Res<PathBuf> {
    let dist = std::env::var_os("CHANSCOPE_DIST")
        .map(PathBuf::from)
        .unwrap_or_else(|| repo_root().join("dist"));
    if !dist.join("index.html").is_file() {
        return Err(format!(
            "{} has no index.html: the console is not built; run `cargo xtask build` first \
             (or point CHANSCOPE_DIST at a `trunk build` output)",
            dist.display()
        )
        .into());
    }
    Ok(dist)
}

/// `Ok` when `condition` holds, else the error `message` gives.
pub fn ensure(condition: bool, message: impl FnOnce() -> String) -> Res<()> {
    if condition {
        Ok(())
    } else {
        Err(message().into())
    }
}

/// A JSON string, trimmed; empty for anything else.
pub fn text(v: &serde_json::Value) -> String {
    v.as_str().unwrap_or_default().trim().to_owned()
}

/// Where screenshots go: `<repo>/target/screenshots/e2e`.
pub fn screenshot_dir() -> PathBuf {
    repo_root().join("target/screenshots/e2e")
}

/// The dataset's "now": `CHANSCOPE_E2E_NOW` (Unix seconds) to reproduce a run, else the clock
/// on a whole hour, so that the browser's "today" and the sandbox's agree.
pub fn pinned_now() -> Res<i64> {
    match std::env::var("CHANSCOPE_E2E_NOW") {
        Ok(text) => Ok(text
            .trim()
            .parse()
            .map_err(|_| format!("CHANSCOPE_E2E_NOW must be Unix seconds; got {text:?}"))?),
        Err(_) => {
            let secs = SystemTime::now().duration_since(UNIX_EPOCH)?.as_secs() as i64;
            Ok(secs - secs.rem_euclid(3600))
        }
    }
}

/// How a target's sandbox is set up.
#[derive(Clone, Debug, Default)]
pub struct HarnessOptions {
    /// Requests without a token act as this token, as in `cargo xtask serve` (for host pages,
    /// which carry none); without it they get `empty_token`, as from the service.
    pub anonymous_token: Option<&'static str>,
}

/// Everything a scenario needs; built once per run.
pub struct Harness {
    pub browser: Browser,
    pub site: Site,
    pub state: Arc<State>,
    pub picks: Picks,
    pub now: i64,
    // Last, so that it is dropped (and chromedriver stopped) after the rest.
    driver: driver::Chromedriver,
}

impl Harness {
    pub async fn start(options: HarnessOptions) -> Res<Harness> {
        let dist = dist_dir()?;
        let now = pinned_now()?;
        let dataset = Dataset::generate(SEED, Size::Small, now);
        let picks = Picks::choose(&dataset)?;
        let mut config = Config::default();
        config.tokens.add(&format!("{SEARCH_S_TOKEN}=search:S"))?;
        config
            .tokens
            .add(&format!("{SECRET_TOKEN}=search+stat:XL"))?;
        if let Some(name) = options.anonymous_token {
            config.tokens.set_anonymous(name)?;
        }
        let state = Arc::new(State::new(dataset, config));
        let site = Site::start(sandbox::router(state.clone()), dist).await?;
        let (status, body) = http::get(site.host_port(), "/healthz").await?;
        if status != 200 || body.trim() != "ok" {
            return Err(format!("the site does not answer /healthz: {status} {body}").into());
        }
        let shots = screenshot_dir();
        std::fs::create_dir_all(&shots)?;
        let chromedriver =
            std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "/usr/bin/chromedriver".into());
        let driver =
            driver::Chromedriver::start(&chromedriver, &repo_root().join("target/e2e-logs"))
                .await?;
        let browser = Browser::connect(&driver.url, site.origin.clone(), shots)
            .await
            .map_err(|e| {
                format!(
                    "cannot open Chromium through chromedriver: {e} (log: {})",
                    driver.log_path.display()
                )
            })?;
        Ok(Harness {
            browser,
            site,
            state,
            picks,
            now,
            driver,
        })
    }

    /// The `response` of the API for a path-and-query the page sent.
    pub async fn replay(&self, path_and_query: &str) -> Res<serde_json::Value> {
        http::api_response(self.site.host_port(), path_and_query).await
    }

    /// The `/api` requests to `op` (e.g. `/channels/get`) since `mark`.
    pub fn sent(&self, mark: usize, op: &str) -> Vec<String> {
        let prefix = format!("/api{op}?");
        self.site
            .log
            .since(mark)
            .into_iter()
            .filter(|uri| uri.starts_with(&prefix))
            .collect()
    }

    /// Waits until the page has sent at least one request to `op` since `mark`, and
    /// returns the last of them.
    pub async fn wait_sent(&self, mark: usize, op: &str) -> Res<String> {
        self.wait_sent_where(mark, op, |_| true).await
    }

    /// [`Harness::wait_sent`] for the last request to `op` whose address passes `wanted`.
    pub async fn wait_sent_where(
        &self,
        mark: usize,
        op: &str,
        wanted: impl Fn(&str) -> bool,
    ) -> Res<String> {
        let deadline = std::time::Instant::now() + browser::WAIT;
        loop {
            if let Some(last) = self.sent(mark, op).into_iter().rfind(|u| wanted(u)) {
                return Ok(last);
            }
            if std::time::Instant::now() > deadline {
                let text = self.browser.main_text().await.unwrap_or_default();
                return Err(format!(
                    "the page sent no request to {op} within {:?}; all requests since: {:?}; page text:\n{}",
                    browser::WAIT,
                    self.site.log.since(mark),
                    browser::clip(&text)
                )
                .into());
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    }

    /// Makes every `/api` answer wait `ms` milliseconds until the guard returned is dropped,
    /// which also happens when the scenario fails or the runner stops it: the sandbox is shared
    /// by the scenarios after it.
    pub fn slow_answers(&self, ms: u64) -> SlowAnswers {
        self.state.set_latency_ms(ms);
        SlowAnswers(self.state.clone())
    }

    /// The address of the chromedriver the browser is driven by (for [`browser::Browser::devtools`]).
    pub fn webdriver(&self) -> &str {
        &self.driver.url
    }

    /// Ends the browser session (closing Chromium) before the driver goes.
    pub async fn shutdown(self) {
        self.browser.close().await;
    }
}

/// Slow `/api` answers while it lives ([`Harness::slow_answers`]).
#[must_use = "the answers are slow only while the guard is kept"]
pub struct SlowAnswers(Arc<State>);

impl Drop for SlowAnswers {
    fn drop(&mut self) {
        self.0.set_latency_ms(0);
    }
}

impl Site {
    /// `127.0.0.1:port` of the site.
    pub fn host_port(&self) -> &str {
        self.origin.trim_start_matches("http://")
    }
}

/// The value of query parameter `name` in a logged path-and-query (percent-decoded).
pub fn query_param(path_and_query: &str, name: &str) -> Option<String> {
    let query = path_and_query.split_once('?')?.1;
    query.split('&').find_map(|pair| {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        (percent_decode(key) == name).then(|| percent_decode(value))
    })
}

/// `%XX` and `+` decoding of a query component.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' if i + 2 < bytes.len() => {
                let hex = |b: u8| (b as char).to_digit(16);
                match (hex(bytes[i + 1]), hex(bytes[i + 2])) {
                    (Some(high), Some(low)) => {
                        out.push((high * 16 + low) as u8);
                        i += 2;
                    }
                    _ => out.push(b'%'),
                }
            }
            b => out.push(b),
        }
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Markup removed (`<mark>`, `<b>`) and the common entities decoded: the text a person reads.
pub fn strip_tags(html: &str) -> String {
    let mut out = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out.replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_params_are_decoded() {
        let uri = "/api/posts/search?q=%D0%BC%D0%B8%D1%80+x&token=demo&limit=5";
        assert_eq!(query_param(uri, "q").as_deref(), Some("мир x"));
        assert_eq!(query_param(uri, "limit").as_deref(), Some("5"));
        assert_eq!(query_param(uri, "offset"), None);
        assert_eq!(percent_decode("%4"), "%4");
    }
}
