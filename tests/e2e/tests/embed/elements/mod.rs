//! The custom elements as a portal uses them: host pages on another origin than Chanscope's
//! gateway (the site's `localhost` name, against the gateway's `127.0.0.1`), holding the one
//! script tag and `chanscope-*` elements, with no code of their own.

mod events;
mod frames;
mod isolation;
mod lifecycle;
mod painted;
mod render;

use std::sync::Arc;
use std::time::Duration;

use chanscope_api::format::{compact, group_thousands, Locale};
use chanscope_e2e::browser::normalize;
use chanscope_e2e::{ensure, text, Harness, Res, SECRET_TOKEN};
use gateway::access_log::AccessLog;
use gateway::config::Config as GatewayConfig;
use gateway::Gateway;
use serde_json::{json, Value};
use tokio::net::TcpListener;

use super::host_intact::HOST_STYLES;
use super::{run_js, wait_js, FIRST_CHANNEL, SECOND_CHANNEL};

/// The gateway in front of the site's sandbox, in-process, stopped when dropped.
pub(super) struct Portal {
    /// Where the gateway serves `embed.js`, `/api` and the iframe pages.
    pub gateway: String,
    /// The host pages' origin: the site under another name, the one the gateway allows.
    pub host: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Drop for Portal {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

impl Portal {
    pub(super) async fn start(h: &Harness) -> Res<Portal> {
        Portal::framed_by(h, false).await
    }

    /// The gateway, its iframe pages framed by the host origin and, with `itself`, by pages of
    /// its own origin too.
    pub(super) async fn framed_by(h: &Harness, itself: bool) -> Res<Portal> {
        let host = h.site.origin.replace("127.0.0.1", "localhost");
        let token = chanscope_api::Token::new(SECRET_TOKEN).ok_or("empty token")?;
        let mut config = GatewayConfig::new(&format!("{}/api", h.site.origin), token)?;
        config.dist = chanscope_e2e::dist_dir()?;
        let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
        let origin = format!("http://{}", listener.local_addr()?);
        config.allow_origins = vec![host.clone()];
        if itself {
            config.allow_origins.push(origin.clone());
        }
        let gateway = Arc::new(Gateway::new(config, AccessLog::to(|_| {}))?);
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        tokio::spawn(gateway::serve(listener, gateway, async {
            let _ = stopped.await;
        }));
        Ok(Portal {
            gateway: origin,
            host,
            stop: Some(stop),
        })
    }

    /// Serves a host page at `path` of the host origin and opens it.
    pub(super) async fn open(&self, h: &Harness, path: &str, head: &str, body: &str) -> Res<()> {
        let html = format!(
            "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Portal</title>\
             {head}</head><body>{body}</body></html>"
        );
        h.site.pages.put(path, html);
        h.browser
            .client()
            .goto(&format!("{}{path}", self.host))
            .await?;
        Ok(())
    }

    /// Serves and opens a host page whose head is `head` followed by the one script tag.
    pub(super) async fn open_with_script(
        &self,
        h: &Harness,
        path: &str,
        head: &str,
        body: &str,
    ) -> Res<()> {
        self.open(h, path, &format!("{head}{}", self.script_tag()), body)
            .await
    }

    /// A portal's policy without 'wasm-unsafe-eval', as a meta tag: the widgets' module loads,
    /// its wasm cannot compile.
    pub(super) fn policy_without_wasm(&self) -> String {
        format!(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'self' 'unsafe-inline' {gw}; connect-src {gw}\">",
            gw = self.gateway
        )
    }

    /// The one tag a portal adds.
    pub(super) fn script_tag(&self) -> String {
        format!(
            "<script type=\"module\" src=\"{}/embed.js\"></script>",
            self.gateway
        )
    }
}

/// The text of the shadow root of the element `css`, spaces normalised ("" without one).
const SHADOW_TEXT: &str = "const el = document.querySelector(arguments[0]);
    return el && el.shadowRoot ? el.shadowRoot.textContent : '';";

async fn shadow_text(h: &Harness, css: &str) -> Res<String> {
    let text = h.browser.eval(SHADOW_TEXT, vec![json!(css)]).await?;
    Ok(normalize(text.as_str().unwrap_or_default()))
}

/// Waits until the shadow root of `css` contains every one of `needles`.
async fn wait_shadow_text(h: &Harness, css: &str, needles: &[&str]) -> Res<()> {
    let check = format!(
        "(() => {{ const el = document.querySelector({css:?});
           const t = el && el.shadowRoot ? el.shadowRoot.textContent.replace(/\\s+/g, ' ') : '';
           return {needles:?}.every(n => t.includes(n.replace(/\\s+/g, ' '))); }})()"
    );
    let waited = wait_js(h, &format!("{css} showing {needles:?}"), &check).await;
    if waited.is_err() {
        let shown = shadow_text(h, css).await.unwrap_or_default();
        return Err(
            format!("{css} did not show {needles:?}; its shadow root holds: {shown}").into(),
        );
    }
    Ok(())
}

/// The `/api` calls the page made to `op` (by the browser's resource timing).
async fn api_calls(h: &Harness, op: &str) -> Res<Vec<String>> {
    let calls = h
        .browser
        .eval(
            "return performance.getEntriesByType('resource').map(e => e.name)
               .filter(n => new URL(n).pathname === '/api' + arguments[0]);",
            vec![json!(op)],
        )
        .await?;
    Ok(serde_json::from_value(calls)?)
}

/// The channel's answer, as the sandbox gives it.
async fn channel(h: &Harness, id: &str) -> Res<Value> {
    h.replay(&format!(
        "/api/channels/get?channelId={}&token={SECRET_TOKEN}",
        id.replace('@', "%40")
    ))
    .await
}

fn title(channel: &Value) -> String {
    normalize(channel["title"].as_str().unwrap_or_default())
}

/// A channel card and a subscriber chart of the first channel, and a post's statistics.
fn three_elements(h: &Harness) -> String {
    format!(
        "<chanscope-channel-card channel=\"{FIRST_CHANNEL}\"></chanscope-channel-card>
         <chanscope-subscriber-chart channel=\"{FIRST_CHANNEL}\"></chanscope-subscriber-chart>
         <chanscope-post-stats post=\"{}\"></chanscope-post-stats>",
        h.picks.post_link
    )
}

/// Records the widgets' events as a listener on `document` gets them.
const RECORD_EVENTS: &str = "<script>
window.__events = [];
for (const type of ['chanscope-load', 'chanscope-error'])
  document.addEventListener(type, (e) => window.__events.push({ type: e.type, target: e.target.localName,
    id: e.target.id, bubbles: e.bubbles, composed: e.composed, detail: e.detail }));
</script>";

async fn events(h: &Harness) -> Res<Vec<Value>> {
    let events = h.browser.eval("return window.__events;", vec![]).await?;
    Ok(events.as_array().cloned().unwrap_or_default())
}

/// Waits for at least `n` recorded events from the element `id`.
async fn wait_events(h: &Harness, id: &str, n: usize) -> Res<Vec<Value>> {
    wait_js(
        h,
        &format!("{n} events from #{id}"),
        &format!("window.__events.filter(e => e.id === {id:?}).length >= {n}"),
    )
    .await?;
    Ok(events(h)
        .await?
        .into_iter()
        .filter(|e| e["id"] == json!(id))
        .collect())
}

pub(super) use events::{events_reach_the_document, failed_module_says_so};
pub(super) use frames::{fallback_shows_without_javascript, iframe_pages_only_on_allowed_origins};
pub(super) use isolation::styles_are_isolated_both_ways;
pub(super) use lifecycle::elements_follow_the_dom;
pub(super) use painted::{
    painted_card_gives_way_without_a_shift, painted_card_reads_without_javascript,
    painted_card_shows_on_a_host_page_even_without_its_module,
};
pub(super) use render::elements_render_on_another_origin;
