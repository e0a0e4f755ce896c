//! The custom elements as a portal uses them: host pages on another origin than Chanscope's
//! gateway (the site's `localhost` name, against the gateway's `127.0.0.1`), holding the one
//! script tag and `chanscope-*` elements, with no code of their own.

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
        let host = h.site.origin.replace("127.0.0.1", "localhost");
        let token = chanscope_api::Token::new(SECRET_TOKEN).ok_or("empty token")?;
        let mut config = GatewayConfig::new(&format!("{}/api", h.site.origin), token)?;
        config.dist = chanscope_e2e::dist_dir()?;
        config.allow_origins = vec![host.clone()];
        let gateway = Arc::new(Gateway::new(config, AccessLog::to(|_| {}))?);
        let listener = TcpListener::bind(("127.0.0.1", 0)).await?;
        let origin = format!("http://{}", listener.local_addr()?);
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

pub(super) async fn elements_render_on_another_origin(h: Arc<Harness>) -> Res<()> {
    let portal = Portal::start(&h).await?;
    let mark = h.site.log.mark();
    portal
        .open_with_script(&h, "/host/three.html", "", &three_elements(&h))
        .await?;
    let channel = channel(&h, FIRST_CHANNEL).await?;
    // The full card shows subscribers compactly ("4.3K").
    let count = compact(channel["participants_count"].as_i64().unwrap_or(i64::MIN));
    let username = text(&channel["username"]);
    wait_shadow_text(
        &h,
        "chanscope-channel-card",
        &[&title(&channel), &username, &format!("Subscribers{count}")],
    )
    .await?;
    wait_shadow_text(
        &h,
        "chanscope-subscriber-chart",
        &[&format!("Subscribers · {}", title(&channel))],
    )
    .await?;
    // The chart's figure is the last reading of the period the sandbox gives.
    let chart = run_js(
        &h,
        "const r = document.querySelector('chanscope-subscriber-chart').shadowRoot;
         return r.querySelector('.cs-widget-value') ? r.querySelector('.cs-widget-value').textContent : null;",
        vec![],
    )
    .await?;
    ensure(
        chart
            .as_str()
            .is_some_and(|v| v.chars().any(|c| c.is_ascii_digit())),
        || format!("the chart shows no figure: {chart}"),
    )?;
    // The post's counters, from the call the gateway forwarded for the page.
    let sent = h.wait_sent(mark, "/posts/stat").await?;
    let stats = h.replay(&sent).await?;
    let raw = &stats["viewsCount"];
    let views = raw
        .as_i64()
        .or_else(|| raw.as_str().and_then(|s| s.trim().parse().ok()))
        .ok_or_else(|| format!("the post's answer has no viewsCount: {stats}"))?;
    let views = group_thousands(views, Locale::En);
    let shares = format!("Shares{}", stats["sharesCount"]);
    wait_shadow_text(&h, "chanscope-post-stats", &["Views", &views, &shares]).await?;
    // Inside shadow roots only: nothing of Chanscope's in the page's own DOM, no stylesheet added.
    let light = run_js(
        &h,
        "return { classes: document.querySelectorAll('[class^=cs-], link[data-chanscope-styles]').length,
                  roots: [...document.querySelectorAll('chanscope-channel-card, chanscope-subscriber-chart, chanscope-post-stats')]
                    .filter(e => e.shadowRoot && e.shadowRoot.querySelector('.cs-widget')).length,
                  origin: location.origin };",
        vec![],
    )
    .await?;
    ensure(
        light["classes"] == json!(0)
            && light["roots"] == json!(3)
            && light["origin"] == json!(portal.host),
        || format!("the host page's DOM: {light}"),
    )?;
    // Readable: no text inside the widgets under 10px (the stylesheet's rem sizes, in pixels).
    let tiny = run_js(
        &h,
        "return [...document.querySelectorAll('chanscope-channel-card, chanscope-subscriber-chart, chanscope-post-stats')]
           .flatMap(e => [...e.shadowRoot.querySelectorAll('*')])
           .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
           .filter(e => parseFloat(getComputedStyle(e).fontSize) < 10)
           .map(e => e.localName + '.' + e.getAttribute('class') + ' ' + getComputedStyle(e).fontSize);",
        vec![],
    )
    .await?;
    ensure(tiny == json!([]), || {
        format!("text too small to read: {tiny}")
    })?;
    h.browser.screenshot("embed-elements-host").await?;
    Ok(())
}

/// A host stylesheet as aggressive as they come: a reset, then global rules with `!important`
/// on `*`, `html` and the elements widgets are made of.
const AGGRESSIVE: &str = "
*, *::before, *::after { box-sizing: content-box !important; margin: 3px !important;
  padding: 5px !important; border: 2px dotted #c00 !important; }
html { font-size: 10px !important; line-height: 3 !important; color: #f0f !important;
  font-family: 'Courier New', monospace !important; word-spacing: 6px !important;
  text-align: center !important; }
* { background: #ff0 !important; color: #080 !important;
  font: italic 900 22px/2 'Comic Sans MS', cursive !important; letter-spacing: 3px !important;
  text-transform: uppercase !important; text-shadow: 1px 1px #f00 !important;
  white-space: nowrap !important; cursor: crosshair !important; list-style: square inside !important;
  text-indent: 9px !important; font-variant: small-caps !important; }
button { all: unset !important; background: #f00 !important; }
td { padding: 20px !important; border: 3px solid #00f !important; text-align: right !important; }
svg { fill: #f00 !important; stroke: #00f !important; width: 500px !important; }
ul { list-style: none !important; margin: 40px !important; }
h3 { font-size: 40px !important; margin: 30px !important; }
a { color: #f00 !important; text-decoration: none !important; }
div { padding: 7px !important; line-height: 5 !important; }
span { font-weight: 100 !important; letter-spacing: 1em !important; }
";

/// Computed properties compared on every node inside the widgets.
const COMPARED: &[&str] = &[
    "margin-top",
    "margin-right",
    "margin-bottom",
    "margin-left",
    "padding-top",
    "padding-right",
    "padding-bottom",
    "padding-left",
    "border-top-width",
    "border-top-style",
    "border-top-color",
    "border-left-width",
    "background-color",
    "background-image",
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "font-variant-caps",
    "color",
    "line-height",
    "letter-spacing",
    "word-spacing",
    "text-transform",
    "text-align",
    "text-indent",
    "text-shadow",
    "white-space",
    "list-style-type",
    "cursor",
    "display",
    "box-sizing",
    "fill",
    "stroke",
    "text-decoration-line",
];

const WIDGET_STYLES: &str = "
const out = [];
for (const host of document.querySelectorAll('chanscope-channel-card, chanscope-subscriber-chart, chanscope-post-stats')) {
  for (const el of host.shadowRoot.querySelectorAll('*')) {
    const s = getComputedStyle(el);
    out.push(host.localName + ' ' + el.localName + '.' + (el.getAttribute('class') || '') + ' '
      + arguments[0].map(p => p + ': ' + s.getPropertyValue(p)).join('; '));
  }
}
return out;";

fn differences(before: &Value, after: &Value) -> Vec<String> {
    let mut changed = Vec::new();
    match (before, after) {
        (Value::Array(b), Value::Array(a)) => {
            if a.len() != b.len() {
                changed.push(format!("{} nodes, then {}", b.len(), a.len()));
            }
            for (b, a) in b.iter().zip(a) {
                if a != b {
                    changed.push(format!("{b}\n  → {a}"));
                }
            }
        }
        (Value::Object(b), _) => {
            for (element, props) in b {
                for (name, value) in props.as_object().into_iter().flatten() {
                    let now = &after[element][name];
                    if now != value {
                        changed.push(format!("{element} {name}: {value} → {now}"));
                    }
                }
            }
        }
        _ => changed.push(format!("{before} → {after}")),
    }
    changed
}

pub(super) async fn styles_are_isolated_both_ways(h: Arc<Harness>) -> Res<()> {
    let portal = Portal::start(&h).await?;
    portal
        .open(
            &h,
            "/host/isolation.html",
            &format!("<style id=\"aggressive\" media=\"not all\">{AGGRESSIVE}</style>"),
            &format!(
                "<h1 data-host=\"h1\">Portal</h1><p data-host=\"p\">Text <a data-host=\"a\" href=\"#x\">link</a>
                 <span data-host=\"span\">span</span></p>
                 <ul data-host=\"ul\"><li data-host=\"li\">item</li></ul>
                 <table><tr><td data-host=\"td\">cell</td></tr></table>
                 <button data-host=\"button\">Button</button><h3 data-host=\"h3\">Heading</h3>
                 <div data-host=\"div\"><svg data-host=\"svg\" width=\"20\" height=\"20\"><circle r=\"5\" cx=\"10\" cy=\"10\"/></svg></div>
                 {}",
                three_elements(&h)
            ),
        )
        .await?;
    let before = run_js(&h, HOST_STYLES, vec![]).await?;
    // The one tag, added now: mounting must change none of the host's styles.
    run_js(
        &h,
        "const s = document.createElement('script'); s.type = 'module'; s.src = args[0];
         document.head.append(s);",
        vec![json!(format!("{}/embed.js", portal.gateway))],
    )
    .await?;
    let channel = channel(&h, FIRST_CHANNEL).await?;
    wait_shadow_text(&h, "chanscope-channel-card", &[&title(&channel)]).await?;
    wait_shadow_text(&h, "chanscope-subscriber-chart", &["Subscribers ·"]).await?;
    wait_js(
        &h,
        "the chart's figure and the post's tiles",
        "document.querySelector('chanscope-subscriber-chart').shadowRoot.querySelector('.cs-widget-value')
         && document.querySelector('chanscope-post-stats').shadowRoot.querySelector('.cs-tiles')",
    )
    .await?;
    let after = run_js(&h, HOST_STYLES, vec![]).await?;
    let read = before["h1"].as_object().map_or(0, |p| p.len());
    ensure(
        read > 100 && before.as_object().is_some_and(|o| o.len() == 11),
        || {
            format!(
                "read {read} properties of h1, of {:?} host elements",
                before.as_object().map(|o| o.len())
            )
        },
    )?;
    let changed = differences(&before, &after);
    ensure(changed.is_empty(), || {
        format!("mounting the widgets changed the host's styles: {changed:?}")
    })?;

    // The aggressive stylesheet on and off: nothing inside the widgets changes.
    let off = run_js(&h, WIDGET_STYLES, vec![json!(COMPARED)]).await?;
    let host_h3_off = run_js(
        &h,
        "return getComputedStyle(document.querySelector('h3')).fontSize;",
        vec![],
    )
    .await?;
    run_js(
        &h,
        "document.getElementById('aggressive').media = 'all';",
        vec![],
    )
    .await?;
    let host_h3_on = run_js(
        &h,
        "return getComputedStyle(document.querySelector('h3')).fontSize;",
        vec![],
    )
    .await?;
    ensure(
        host_h3_off != host_h3_on && host_h3_on == json!("40px"),
        || {
            format!("the aggressive stylesheet does not apply to the host: h3 {host_h3_off} → {host_h3_on}")
        },
    )?;
    h.browser
        .screenshot("embed-elements-aggressive-host")
        .await?;
    let on = run_js(&h, WIDGET_STYLES, vec![json!(COMPARED)]).await?;
    let nodes = off.as_array().map_or(0, Vec::len);
    ensure(nodes > 60, || {
        format!("only {nodes} nodes inside the widgets")
    })?;
    let changed = differences(&off, &on);
    ensure(changed.is_empty(), || {
        format!(
            "the host's stylesheet reached {} of {nodes} nodes inside the widgets:\n{}",
            changed.len(),
            changed
                .iter()
                .take(5)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        )
    })?;
    println!(
        "    {nodes} nodes inside the widgets × {} properties unchanged",
        COMPARED.len()
    );
    Ok(())
}

/// Installed before `embed.js` loads: keeps the event listeners, timers, animation frames and
/// observations the page's scripts hold, so that what a removed widget leaves behind can be
/// counted (`getEventListeners` is DevTools-only). `window.__live()` reports the listeners whose
/// target is still in the page (the window, the document or a connected node), those on
/// detached nodes, the pending timers and frames, and the observed targets.
const INSTRUMENT: &str = r#"<script>
(() => {
  const listeners = new Set();
  const capture = (o) => (typeof o === "boolean" ? o : !!(o && o.capture));
  const find = (t, type, l, c) => [...listeners].find((r) => r.t === t && r.type === type && r.l === l && r.c === c);
  const add = EventTarget.prototype.addEventListener;
  const remove = EventTarget.prototype.removeEventListener;
  EventTarget.prototype.addEventListener = function (type, l, o) {
    if (l && !find(this, type, l, capture(o))) listeners.add({ t: this, type, l, c: capture(o) });
    return add.call(this, type, l, o);
  };
  EventTarget.prototype.removeEventListener = function (type, l, o) {
    const r = find(this, type, l, capture(o));
    if (r) listeners.delete(r);
    return remove.call(this, type, l, o);
  };
  const timers = new Set();
  const frames = new Set();
  const [st, ct, si, ci, raf, caf] = [setTimeout, clearTimeout, setInterval, clearInterval,
    requestAnimationFrame, cancelAnimationFrame];
  window.setTimeout = function (f, ...rest) {
    const id = st.call(window, function (...a) { timers.delete(id); if (typeof f === "function") f.apply(this, a); }, ...rest);
    timers.add(id);
    return id;
  };
  window.clearTimeout = (id) => { timers.delete(id); ct.call(window, id); };
  window.setInterval = (...a) => { const id = si.apply(window, a); timers.add(id); return id; };
  window.clearInterval = (id) => { timers.delete(id); ci.call(window, id); };
  window.requestAnimationFrame = (f) => { const id = raf.call(window, (t) => { frames.delete(id); f(t); }); frames.add(id); return id; };
  window.cancelAnimationFrame = (id) => { frames.delete(id); caf.call(window, id); };
  const watching = new Map();
  for (const O of [ResizeObserver, MutationObserver, IntersectionObserver]) {
    const p = O.prototype;
    const [observe, unobserve, disconnect] = [p.observe, p.unobserve, p.disconnect];
    p.observe = function (t, ...r) {
      if (!watching.has(this)) watching.set(this, new Set());
      watching.get(this).add(t);
      return observe.call(this, t, ...r);
    };
    if (unobserve) p.unobserve = function (t) { watching.get(this)?.delete(t); return unobserve.call(this, t); };
    p.disconnect = function () { watching.delete(this); return disconnect.call(this); };
  }
  const inPage = (t) => t === window || t === document || (t instanceof Node && t.isConnected);
  const name = (t) => (t === window ? "window" : t === document ? "document" : t.nodeName);
  window.__live = () => ({
    listeners: [...listeners].filter((r) => inPage(r.t)).map((r) => name(r.t) + " " + r.type).sort(),
    detached: [...listeners].filter((r) => !inPage(r.t)).length,
    timers: timers.size,
    frames: frames.size,
    observed: [...watching.values()].reduce((n, s) => n + s.size, 0),
  });
})();
</script>"#;

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

pub(super) async fn elements_follow_the_dom(h: Arc<Harness>) -> Res<()> {
    let portal = Portal::start(&h).await?;
    portal
        .open_with_script(
            &h,
            "/host/lifecycle.html",
            &format!("{INSTRUMENT}{RECORD_EVENTS}"),
            "<div id=\"slot\"></div>",
        )
        .await?;
    // The module loaded, no element yet: what the page holds without widgets.
    run_js(
        &h,
        "await import(args[0]);",
        vec![json!(format!("{}/embed.js", portal.gateway))],
    )
    .await?;
    let empty = run_js(&h, "return window.__live();", vec![]).await?;
    run_js(
        &h,
        "for (const [tag, id] of [['chanscope-channel-card', 'card'], ['chanscope-subscriber-chart', 'chart']]) {
           const el = document.createElement(tag);
           el.id = id;
           el.setAttribute('channel', args[0]);
           document.getElementById('slot').append(el);
         }",
        vec![json!(FIRST_CHANNEL)],
    )
    .await?;
    let first = channel(&h, FIRST_CHANNEL).await?;
    wait_shadow_text(&h, "#card", &[&title(&first)]).await?;
    wait_events(&h, "chart", 1).await?;
    let mounted = run_js(&h, "return window.__live();", vec![]).await?;

    // A new channel: one request, the new channel shown, the chart left alone.
    let calls = api_calls(&h, "/channels/get").await?.len();
    run_js(
        &h,
        "document.getElementById('card').setAttribute('channel', args[0]);
         document.getElementById('card').setAttribute('variant', 'compact');",
        vec![json!(SECOND_CHANNEL)],
    )
    .await?;
    let second = channel(&h, SECOND_CHANNEL).await?;
    wait_shadow_text(&h, "#card", &[&title(&second)]).await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let new_calls = api_calls(&h, "/channels/get").await?.split_off(calls);
    ensure(
        new_calls.len() == 1 && new_calls[0].contains(&format!("channelId={SECOND_CHANNEL}")),
        || format!("changing channel (and variant) in one task sent {new_calls:?}"),
    )?;
    ensure(
        shadow_text(&h, "#chart").await?.contains(&title(&first)),
        || "the chart changed with the card".into(),
    )?;

    // A move is no removal: the same rendered box stays.
    let moved = run_js(
        &h,
        "const card = document.getElementById('card');
         const box = card.shadowRoot.firstElementChild;
         document.body.append(card);
         await new Promise((r) => setTimeout(r, 50));
         document.getElementById('slot').prepend(card);
         await new Promise((r) => setTimeout(r, 50));
         return card.shadowRoot.firstElementChild === box;",
        vec![],
    )
    .await?;
    ensure(moved == json!(true), || {
        "moving the card rendered it again".into()
    })?;

    // Removed: nothing left running or listening in the page.
    let loads_before = events(&h).await?.len();
    run_js(
        &h,
        "window.__removed = [...document.getElementById('slot').children];
         document.getElementById('slot').replaceChildren();
         await new Promise((r) => setTimeout(r, 1500));",
        vec![],
    )
    .await?;
    let removed = run_js(&h, "return window.__live();", vec![]).await?;
    let roots = run_js(
        &h,
        "return window.__removed.map(e => e.shadowRoot.innerHTML);",
        vec![],
    )
    .await?;
    println!("    live without widgets {empty}\n    with two widgets {mounted}\n    after removal {removed}");
    for key in ["listeners", "timers", "frames", "observed"] {
        ensure(removed[key] == empty[key], || {
            format!(
                "after removal {key} is {} (before any widget: {}; with them: {})",
                removed[key], empty[key], mounted[key]
            )
        })?;
    }
    ensure(
        mounted["observed"] != empty["observed"] && mounted["detached"] == empty["detached"],
        || format!("the count saw nothing of the widgets: {mounted} against {empty}"),
    )?;
    ensure(roots == json!(["<slot></slot>", "<slot></slot>"]), || {
        format!("the removed elements' shadow roots hold {roots}")
    })?;

    // Inserted again: rendered again, with a new chanscope-load.
    run_js(
        &h,
        "document.getElementById('slot').append(...window.__removed);",
        vec![],
    )
    .await?;
    wait_shadow_text(&h, "#card", &[&title(&second)]).await?;
    wait_js(
        &h,
        "a second load event from the card",
        "window.__events.filter(e => e.id === 'card' && e.type === 'chanscope-load').length >= 3",
    )
    .await?;
    ensure(events(&h).await?.len() > loads_before, || {
        "no event after re-insertion".into()
    })?;
    Ok(())
}

pub(super) async fn events_reach_the_document(h: Arc<Harness>) -> Res<()> {
    let portal = Portal::start(&h).await?;
    let unknown = h.picks.unknown_channel.clone();
    portal
        .open_with_script(
            &h,
            "/host/events.html",
            RECORD_EVENTS,
            &format!(
                "<chanscope-channel-card id=\"good\" channel=\"{FIRST_CHANNEL}\"></chanscope-channel-card>
                 <chanscope-channel-card id=\"missing\" channel=\"{unknown}\"></chanscope-channel-card>
                 <chanscope-channel-card id=\"bad\" channel=\"{FIRST_CHANNEL}\" variant=\"huge\"></chanscope-channel-card>"
            ),
        )
        .await?;
    let first = channel(&h, FIRST_CHANNEL).await?;
    let good = wait_events(&h, "good", 1).await?;
    let load = &good[0];
    ensure(
        load["type"] == json!("chanscope-load")
            && load["target"] == json!("chanscope-channel-card")
            && load["bubbles"] == json!(true)
            && load["composed"] == json!(true)
            && load["detail"]["widget"] == json!("channel-card")
            && load["detail"]["options"] == json!({ "channel": FIRST_CHANNEL })
            && load["detail"]["title"] == json!(title(&first))
            && load["detail"]["empty"] == json!(false),
        || format!("chanscope-load for a channel: {load}"),
    )?;

    // The error's code is the kind the JavaScript client gives for the same call.
    let missing = wait_events(&h, "missing", 1).await?;
    let expected = run_js(
        &h,
        "const m = await import(args[0]);
         try { await new m.Client().channelInfo({ channelId: args[1] }); return null; }
         catch (e) { return e.kind; }",
        vec![
            json!(format!("{}/embed.js", portal.gateway)),
            json!(unknown),
        ],
    )
    .await?;
    let error = &missing[0];
    let shown = shadow_text(&h, "#missing").await?;
    let message = error["detail"]["message"].as_str().unwrap_or_default();
    ensure(
        error["type"] == json!("chanscope-error")
            && expected.is_string()
            && error["detail"]["code"] == expected
            && !message.is_empty()
            && shown.contains(&normalize(message))
            && error["composed"] == json!(true),
        || {
            format!("chanscope-error for {unknown}: {error}; the client's kind {expected}; shown: {shown}")
        },
    )?;

    let bad = wait_events(&h, "bad", 1).await?;
    ensure(
        bad[0]["type"] == json!("chanscope-error")
            && bad[0]["detail"]["code"] == json!("options")
            && bad[0]["detail"]["message"]
                == json!("Chanscope channel card: option \"variant\" must be \"full\" or \"compact\", not \"huge\""),
        || format!("chanscope-error for a bad attribute: {}", bad[0]),
    )?;
    ensure(
        shadow_text(&h, "#bad")
            .await?
            .contains("must be \"full\" or \"compact\""),
        || "the bad attribute's element does not say what is wrong".into(),
    )?;
    // One event per outcome, not one per render.
    tokio::time::sleep(Duration::from_millis(500)).await;
    let all = events(&h).await?;
    ensure(all.len() == 3, || format!("expected 3 events, got {all:?}"))?;

    // A bad attribute on a widget that shows data: one error, and the widget stays as it was.
    run_js(
        &h,
        "document.getElementById('good').setAttribute('variant', 'huge');",
        vec![],
    )
    .await?;
    let good = wait_events(&h, "good", 2).await?;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let all = events(&h).await?;
    ensure(
        all.len() == 4
            && good[1]["detail"]["code"] == json!("options")
            && shadow_text(&h, "#good").await?.contains(&title(&first)),
        || format!("after a bad attribute on a shown card: {all:?}"),
    )
}

pub(super) async fn failed_module_says_so(h: Arc<Harness>) -> Res<()> {
    let portal = Portal::start(&h).await?;
    // A portal's policy without 'wasm-unsafe-eval': the module loads, its wasm cannot compile.
    let policy = format!(
        "<meta http-equiv=\"Content-Security-Policy\" content=\"script-src 'self' 'unsafe-inline' {gw}; connect-src {gw}\">",
        gw = portal.gateway
    );
    portal
        .open_with_script(
            &h,
            "/host/no-wasm.html",
            &format!("{policy}{RECORD_EVENTS}"),
            &format!(
                "<chanscope-channel-card id=\"card\" channel=\"{FIRST_CHANNEL}\">\
                 <a href=\"https://t.me/s/{FIRST_CHANNEL}\">Channel {FIRST_CHANNEL} on Telegram</a>\
                 </chanscope-channel-card>"
            ),
        )
        .await?;
    let failed = wait_events(&h, "card", 1).await?;
    let shown = run_js(
        &h,
        "const card = document.getElementById('card');
         const link = card.querySelector('a').getBoundingClientRect();
         return { text: card.shadowRoot.textContent, link: link.height };",
        vec![],
    )
    .await?;
    ensure(
        failed[0]["type"] == json!("chanscope-error")
            && failed[0]["detail"]["code"] == json!("load")
            && shown["text"].as_str() == Some("Chanscope could not load.")
            && failed[0]["detail"]["message"]
                .as_str()
                .is_some_and(|m| m.contains("WebAssembly"))
            && shown["link"].as_f64().is_some_and(|h| h > 0.0),
        || format!("with no wasm: {failed:?}; the element shows {shown}"),
    )?;
    h.browser.screenshot("embed-elements-no-wasm").await?;
    Ok(())
}

pub(super) async fn fallback_shows_without_javascript(h: Arc<Harness>) -> Res<()> {
    let portal = Portal::start(&h).await?;
    let inner = format!(
        "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\">{}</head><body>\
         <chanscope-channel-card channel=\"{FIRST_CHANNEL}\">\
         <a href=\"https://t.me/s/{FIRST_CHANNEL}\">Channel {FIRST_CHANNEL} on Telegram</a>\
         </chanscope-channel-card></body></html>",
        portal.script_tag()
    );
    h.site.pages.put("/host/no-js-inner.html", inner);
    // A frame without allow-scripts: its document runs no JavaScript at all.
    portal
        .open(
            &h,
            "/host/no-js.html",
            "",
            "<iframe id=\"frame\" sandbox=\"allow-same-origin\" src=\"/host/no-js-inner.html\" width=\"600\" height=\"200\"></iframe>",
        )
        .await?;
    wait_js(
        &h,
        "the frame's document",
        "document.getElementById('frame').contentDocument
         && document.getElementById('frame').contentDocument.querySelector('chanscope-channel-card a')",
    )
    .await?;
    tokio::time::sleep(Duration::from_millis(1000)).await;
    let seen = run_js(
        &h,
        "const d = document.getElementById('frame').contentDocument;
         const el = d.querySelector('chanscope-channel-card');
         const link = el.querySelector('a');
         return { text: link.innerText, height: link.getBoundingClientRect().height,
                  defined: !!d.defaultView.customElements.get('chanscope-channel-card'),
                  shadow: !!el.shadowRoot };",
        vec![],
    )
    .await?;
    ensure(
        seen["text"] == json!(format!("Channel {FIRST_CHANNEL} on Telegram"))
            && seen["height"].as_f64().is_some_and(|h| h > 0.0)
            && seen["defined"] == json!(false)
            && seen["shadow"] == json!(false),
        || format!("without JavaScript the element shows {seen}"),
    )
}

pub(super) async fn iframe_pages_only_on_allowed_origins(h: Arc<Harness>) -> Res<()> {
    let portal = Portal::start(&h).await?;
    let body = format!(
        "<script>window.__heights = [];
           addEventListener('message', (e) => {{ if (e.data && e.data.type === 'chanscope:height') {{
             window.__heights.push({{ origin: e.origin, height: e.data.height }});
             document.getElementById('frame').style.height = e.data.height + 'px'; }} }});</script>
         <iframe id=\"frame\" src=\"{}/embed/channel-card?channel={FIRST_CHANNEL}&autoheight=1\" width=\"480\" height=\"150\"></iframe>",
        portal.gateway
    );
    portal.open(&h, "/host/frame.html", "", &body).await?;
    wait_js(
        &h,
        "the framed widget's height",
        "window.__heights.some(m => m.height > 100)",
    )
    .await?;
    let heights = h.browser.eval("return window.__heights;", vec![]).await?;
    ensure(
        heights
            .as_array()
            .is_some_and(|m| m.iter().all(|m| m["origin"] == json!(portal.gateway))),
        || format!("height messages: {heights}"),
    )?;
    let first = channel(&h, FIRST_CHANNEL).await?;
    h.browser.client().enter_frame(0).await?;
    let inside = wait_shadow_text(&h, "chanscope-channel-card", &[&title(&first)]).await;
    h.browser.client().enter_parent_frame().await?;
    inside?;
    // The parent sized the frame to the widget's last reported height, more than it started at.
    let sized = h
        .browser
        .eval(
            "const f = document.getElementById('frame');
             return [f.clientHeight, window.__heights[window.__heights.length - 1].height];",
            vec![],
        )
        .await?;
    ensure(
        sized[0] == sized[1] && sized[0].as_f64().is_some_and(|h| h > 150.0),
        || format!("frame height and last reported height: {sized}"),
    )?;
    h.browser.screenshot("embed-elements-iframe").await?;

    // The same page on an origin the gateway does not allow: the frame is refused.
    h.browser
        .client()
        .goto(&format!("{}/host/frame.html", h.site.origin))
        .await?;
    tokio::time::sleep(Duration::from_millis(3000)).await;
    let heights = h.browser.eval("return window.__heights;", vec![]).await?;
    h.browser.client().enter_frame(0).await?;
    let framed = h
        .browser
        .eval(
            "return { url: location.href, widget: !!document.querySelector('chanscope-channel-card') };",
            vec![],
        )
        .await;
    h.browser.client().enter_parent_frame().await?;
    let framed = framed?;
    ensure(
        heights == json!([]) && framed["widget"] == json!(false),
        || {
            format!(
                "on a page of {} the frame shows {framed}; messages {heights}",
                h.site.origin
            )
        },
    )?;
    println!("    refused frame: {}", text(&framed["url"]));
    Ok(())
}
