//! Headless Chromium through WebDriver, and the few things a test does with a page: open it with
//! a session (token, language), fill fields by their id or label, submit, wait for text or an
//! element, read text, and take screenshots (each with a check that what scrolls can be reached
//! by keyboard).

use std::path::PathBuf;
use std::time::{Duration, Instant};

use fantoccini::wd::Capabilities;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};

use crate::Res;

/// How long any wait for the page lasts before the test fails.
pub const WAIT: Duration = Duration::from_secs(15);
const POLL: Duration = Duration::from_millis(100);
pub const WIDTH: u32 = 1280;
pub const HEIGHT: u32 = 900;

/// What the browser holds before the app loads.
#[derive(Clone, Debug)]
pub struct Session<'a> {
    /// Kept in sessionStorage (`chanscope.token`), as the console does for this tab only.
    pub token: Option<&'a str>,
    /// `en` or `ru`, in localStorage `chanscope.settings`.
    pub locale: &'a str,
}

impl Session<'static> {
    pub const DEMO: Session<'static> = Session {
        token: Some(crate::DEMO_TOKEN),
        locale: "en",
    };
}

/// The text a person reads: no-break spaces as spaces, runs of white space as one.
pub fn normalize(text: &str) -> String {
    text.split(|c: char| c.is_whitespace() || c == '\u{a0}' || c == '\u{202f}')
        .filter(|w| !w.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs `check` every [`POLL`] until it answers `true` or [`WAIT`] has passed; whether it did.
pub async fn until<F, Fut>(mut check: F) -> Res<bool>
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = Res<bool>>,
{
    let deadline = Instant::now() + WAIT;
    loop {
        if check().await? {
            return Ok(true);
        }
        if Instant::now() > deadline {
            return Ok(false);
        }
        tokio::time::sleep(POLL).await;
    }
}

/// At most 2,000 characters of `text`, for failure messages.
pub fn clip(text: &str) -> String {
    let mut out: String = text.chars().take(2000).collect();
    if out.len() < text.len() {
        out.push_str(" […]");
    }
    out
}

pub struct Browser {
    client: Client,
    pub origin: String,
    shots: PathBuf,
}

/// Sets a field the way typing or choosing does: the value, then `input` and `change` events
/// that bubble to the app's listeners. Finds the field by id, else by a label containing the key.
const SET_FIELD: &str = r#"
const [key, value] = arguments;
let el = document.getElementById(key);
if (!el) {
  const label = [...document.querySelectorAll('main label')]
    .find(l => l.textContent.includes(key));
  if (label) el = label.htmlFor ? document.getElementById(label.htmlFor)
    : label.querySelector('input, select, textarea');
}
if (!el) return 'no field with id or label ' + JSON.stringify(key);
if (el.type === 'checkbox') {
  if (el.checked !== (value === 'true')) el.click();
  return el.id || 'checkbox';
}
el.focus();
const proto = el instanceof HTMLSelectElement ? HTMLSelectElement.prototype
  : el instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
Object.getOwnPropertyDescriptor(proto, 'value').set.call(el, value);
if (!(el instanceof HTMLSelectElement)) {
  el.dispatchEvent(new InputEvent('input', { bubbles: true, data: value, inputType: 'insertText' }));
}
el.dispatchEvent(new Event('change', { bubbles: true }));
if (el.value !== value) return 'the field ' + (el.id || key) + ' holds ' + JSON.stringify(el.value);
return el.id || key;
"#;

impl Browser {
    pub async fn connect(webdriver: &str, origin: String, shots: PathBuf) -> Res<Browser> {
        Browser::connect_with(webdriver, origin, shots, true).await
    }

    /// A session whose pages run no JavaScript at all unless `scripts`: what a reader sees
    /// before the console's module, or where scripts are off.
    pub async fn connect_with(
        webdriver: &str,
        origin: String,
        shots: PathBuf,
        scripts: bool,
    ) -> Res<Browser> {
        let javascript = if scripts { 1 } else { 2 };
        let binary = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        let mut caps = Capabilities::new();
        caps.insert("browserName".into(), json!("chrome"));
        caps.insert(
            "goog:chromeOptions".into(),
            json!({
                "binary": binary,
                "args": [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                    format!("--window-size={WIDTH},{HEIGHT}"),
                    "--disable-quic", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync", "--no-first-run",
                    "--disable-default-apps", "--disable-extensions", "--hide-scrollbars",
                    "--force-device-scale-factor=1", "--lang=en-US",
                ],
                // Notifications allowed, as a person who said yes would have them: the
                // watchlist's alerts are counted as they are raised.
                "prefs": {
                    "profile.default_content_setting_values.notifications": 1,
                    "profile.managed_default_content_settings.javascript": javascript,
                },
            }),
        );
        let client = ClientBuilder::new(HttpConnector::new())
            .capabilities(caps)
            .connect(webdriver)
            .await?;
        Ok(Browser {
            client,
            origin,
            shots,
        })
    }

    pub async fn close(self) {
        let _ = self.client.close().await;
    }

    pub fn client(&self) -> &Client {
        &self.client
    }

    /// Puts `session` into the origin's storage (from a page that does not run the app), then
    /// loads `path`, and waits for the app to render.
    pub async fn open(&self, path: &str, session: &Session<'_>) -> Res<()> {
        self.client
            .goto(&format!("{}/healthz", self.origin))
            .await?;
        let settings =
            json!({"base_url": "/api", "zone": "", "locale": session.locale}).to_string();
        self.client
            .execute(
                "sessionStorage.clear(); localStorage.clear();
                 localStorage.setItem('chanscope.settings', arguments[0]);
                 if (arguments[1] !== null) sessionStorage.setItem('chanscope.token', arguments[1]);",
                vec![json!(settings), json!(session.token)],
            )
            .await?;
        self.goto(path).await
    }

    /// Loads `path` of the site (a full page load) and waits for the app to render: the app's own
    /// `<main>`, not that of the page's prerendered shell, which is inert and replaced when the
    /// module starts.
    /// A DevTools command through chromedriver at `webdriver` (`http://host:port`), for what
    /// WebDriver has no command of its own for, such as a CPU as slow as a phone's.
    pub async fn devtools(&self, webdriver: &str, cmd: &str, params: Value) -> Res<()> {
        let session = self
            .client
            .session_id()
            .await?
            .ok_or("no WebDriver session")?;
        let host = webdriver
            .trim_start_matches("http://")
            .trim_end_matches('/');
        let (status, body) = crate::http::post_json(
            host,
            &format!("/session/{session}/goog/cdp/execute"),
            &json!({ "cmd": cmd, "params": params }),
        )
        .await?;
        if status != 200 {
            return Err(format!("{cmd}: chromedriver answered {status}: {body}").into());
        }
        Ok(())
    }

    /// The origin the browser's paths are under.
    pub fn origin(&self) -> &str {
        &self.origin
    }

    pub async fn goto(&self, path: &str) -> Res<()> {
        self.client
            .goto(&format!("{}{}", self.origin, path))
            .await?;
        self.wait_css(".app[data-app-ready] main#main > *").await
    }

    /// Sets the field with id `key`, or with a label containing `key`.
    pub async fn fill(&self, key: &str, value: &str) -> Res<()> {
        let deadline = Instant::now() + WAIT;
        loop {
            let answer = self
                .client
                .execute(SET_FIELD, vec![json!(key), json!(value)])
                .await?;
            let text = answer.as_str().unwrap_or_default().to_owned();
            if !text.starts_with("no field") && !text.starts_with("the field") {
                return Ok(());
            }
            if Instant::now() > deadline {
                let page = self.main_text().await.unwrap_or_default();
                return Err(format!("fill {key:?}: {text}; page text:\n{}", clip(&page)).into());
            }
            tokio::time::sleep(POLL).await;
        }
    }

    /// Presses the submit button of the page's form (as a click, like a person).
    pub async fn submit(&self) -> Res<()> {
        self.click("main form button[type=submit]").await
    }

    /// Clicks the first element matching `css`, waiting for it to appear.
    pub async fn click(&self, css: &str) -> Res<()> {
        self.wait_css(css).await?;
        let element = self.client.find(Locator::Css(css)).await?;
        // WebDriver scrolls an element only until it is in view, which can leave it under the
        // sticky header (and a section above that finishes loading moves it there): in the
        // middle of the view it is what a person would click.
        self.client
            .execute(
                "arguments[0].scrollIntoView({block: 'center'});",
                vec![serde_json::to_value(&element)?],
            )
            .await?;
        element.click().await?;
        Ok(())
    }

    /// The text of `<main>` as shown (innerText).
    pub async fn main_text(&self) -> Res<String> {
        let value = self
            .client
            .execute(
                "const m = document.querySelector('main') || document.body; return m ? m.innerText : '';",
                vec![],
            )
            .await?;
        Ok(value.as_str().unwrap_or_default().to_owned())
    }

    /// The texts of every element matching `css`.
    pub async fn texts(&self, css: &str) -> Res<Vec<String>> {
        let value = self
            .client
            .execute(
                "return [...document.querySelectorAll(arguments[0])].map(e => e.innerText || e.textContent || '');",
                vec![json!(css)],
            )
            .await?;
        Ok(value
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|v| v.as_str().unwrap_or_default().to_owned())
                    .collect()
            })
            .unwrap_or_default())
    }

    /// How many elements match `css`.
    pub async fn count(&self, css: &str) -> Res<usize> {
        Ok(self.texts(css).await?.len())
    }

    /// Runs `script` in the page and returns its value.
    pub async fn eval(&self, script: &str, args: Vec<Value>) -> Res<Value> {
        Ok(self.client.execute(script, args).await?)
    }

    /// Waits for an element matching `css`.
    pub async fn wait_css(&self, css: &str) -> Res<()> {
        if until(|| async { Ok(self.count(css).await? > 0) }).await? {
            return Ok(());
        }
        let page = self.main_text().await.unwrap_or_default();
        Err(format!(
            "no element matches {css:?} after {WAIT:?}; {} shows:\n{}",
            self.url().await.unwrap_or_default(),
            clip(&page)
        )
        .into())
    }

    /// Waits until `script`, run in the page with `args`, returns `true`; `what` says in the
    /// error what never came true.
    pub async fn wait_script(&self, script: &str, args: Vec<Value>, what: &str) -> Res<()> {
        let holds = || async { Ok(self.eval(script, args.clone()).await? == Value::Bool(true)) };
        if until(holds).await? {
            return Ok(());
        }
        Err(format!("{what} not within {WAIT:?}").into())
    }

    /// Waits until the text of `<main>` contains every one of `needles` (white space and
    /// no-break spaces compared loosely).
    pub async fn wait_text(&self, needles: &[&str]) -> Res<()> {
        self.wait_text_in("main", needles).await
    }

    /// Like [`Browser::wait_text`], within the elements matching `css`.
    pub async fn wait_text_in(&self, css: &str, needles: &[&str]) -> Res<()> {
        let missing = || async {
            let text = normalize(&self.texts(css).await?.join("\n"));
            let missing: Vec<&str> = needles
                .iter()
                .copied()
                .filter(|n| !text.contains(&normalize(n)))
                .collect();
            Res::Ok(missing)
        };
        if until(|| async { Ok(missing().await?.is_empty()) }).await? {
            return Ok(());
        }
        let missing = missing().await?;
        let page = self.main_text().await.unwrap_or_default();
        Err(format!(
            "{css} never showed {missing:?} within {WAIT:?} at {}; the page shows:\n{}",
            self.url().await.unwrap_or_default(),
            clip(&page)
        )
        .into())
    }

    /// The address bar.
    pub async fn url(&self) -> Res<String> {
        Ok(self.client.current_url().await?.to_string())
    }

    pub async fn back(&self) -> Res<()> {
        Ok(self.client.back().await?)
    }

    pub async fn forward(&self) -> Res<()> {
        Ok(self.client.forward().await?)
    }

    /// Writes `<shots>/<name>.png` of the whole page at the current width, then restores the
    /// window.
    pub async fn screenshot(&self, name: &str) -> Res<PathBuf> {
        self.screenshot_at(name, WIDTH).await
    }

    /// A screenshot of the whole page with the window `width` pixels wide (the window is made
    /// as tall as the page, up to 6,000 pixels, since WebDriver captures the viewport only).
    /// Every page the suite shows with data is shot, so each is checked here too, at the
    /// window's usual height: an error after the screenshot is written when a region scrolls
    /// that no key reaches (see `scrollers`).
    pub async fn screenshot_at(&self, name: &str, width: u32) -> Res<PathBuf> {
        self.client.set_window_size(width, HEIGHT).await?;
        // Let the layout settle at the new width before measuring it.
        tokio::time::sleep(Duration::from_millis(150)).await;
        let scrollers = self
            .scrollers_reachable(&format!("{name} at {width} px"))
            .await;
        let height = self
            .eval(
                "return Math.ceil(Math.max(document.documentElement.scrollHeight, document.body.scrollHeight)
                   + Math.max(0, window.outerHeight - window.innerHeight));",
                vec![],
            )
            .await?
            .as_u64()
            .unwrap_or(u64::from(HEIGHT)) as u32;
        self.client
            .set_window_size(width, height.clamp(HEIGHT, 6000))
            .await?;
        tokio::time::sleep(Duration::from_millis(150)).await;
        let png = self.client.screenshot().await;
        self.client.set_window_size(WIDTH, HEIGHT).await?;
        let path = self.shots.join(format!("{name}.png"));
        std::fs::write(&path, png?)?;
        scrollers?;
        Ok(path)
    }
}
