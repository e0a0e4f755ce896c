//! Embedding end to end: `embed.html` (a host page of its own) and pages built by the scenarios
//! mount Chanscope's widgets from `embed.js` against the in-process sandbox, in headless Chromium.
//! The sandbox answers token-less requests as `demo`, as the preview does (host pages carry no
//! token). Run after building the console:
//! `CHANSCOPE_DIST=<root>/dist cargo test -p chanscope-e2e --test embed`.

use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use chanscope::format::{group_thousands, Locale};
use chanscope_e2e::browser::{normalize, WAIT};
use chanscope_e2e::runner::Scenario;
use chanscope_e2e::{ensure, scenarios, strip_tags, Harness, HarnessOptions, Res, DEMO_TOKEN};
use serde_json::{json, Value};

const SCENARIOS: &[(&str, Scenario)] = scenarios![
    host_page_shows_three_widgets,
    update_changes_a_widget,
    unmount_leaves_nothing_behind,
    host_styles_are_unchanged,
    bad_options_raise_errors,
    client_returns_plain_objects,
];

fn main() -> ExitCode {
    chanscope_e2e::runner::main(
        SCENARIOS,
        HarnessOptions {
            anonymous_token: Some(DEMO_TOKEN),
        },
    )
}

/// The channel `embed.html` starts with, and the one its picker offers next.
const FIRST_CHANNEL: &str = "10000";
const SECOND_CHANNEL: &str = "10001";

/// Runs `body` (an async function body that may `await`) in the page and returns its value;
/// a thrown error comes back as `{ "thrown": name, "message": … }`.
async fn run_js(h: &Harness, body: &str, args: Vec<Value>) -> Res<Value> {
    let script = format!(
        "const done = arguments[arguments.length - 1];
         const args = Array.from(arguments).slice(0, -1);
         (async (...args) => {{ {body} }})(...args).then(done,
             e => done({{ thrown: String(e && e.name), message: String(e && e.message) }}));"
    );
    Ok(h.browser.client().execute_async(&script, args).await?)
}

/// Opens a same-origin page that runs no app (`/healthz`) and makes it an empty host document
/// with `html` in its body.
async fn blank_host(h: &Harness, html: &str) -> Res<()> {
    h.browser
        .client()
        .goto(&format!("{}/healthz", h.site.origin))
        .await?;
    h.browser
        .eval(
            "document.documentElement.innerHTML = '<head><title>host</title></head><body></body>';
             document.body.innerHTML = arguments[0];",
            vec![json!(html)],
        )
        .await?;
    Ok(())
}

/// Waits until `script` (an expression) is truthy in the page.
async fn wait_js(h: &Harness, what: &str, script: &str) -> Res<()> {
    let deadline = Instant::now() + WAIT;
    loop {
        let value = h
            .browser
            .eval(&format!("return !!({script});"), vec![])
            .await?;
        if value == json!(true) {
            return Ok(());
        }
        if Instant::now() > deadline {
            let text = h
                .browser
                .eval("return document.body.innerText;", vec![])
                .await?;
            return Err(format!(
                "{what} did not happen within {WAIT:?}; the page shows:\n{}",
                chanscope_e2e::browser::clip(text.as_str().unwrap_or_default())
            )
            .into());
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn exact(n: &Value) -> String {
    let n = n
        .as_i64()
        .or_else(|| n.as_str().and_then(|s| s.trim().parse().ok()))
        .unwrap_or(i64::MIN);
    group_thousands(n, Locale::En)
}

/// Loads `embed.html` and waits for its three widgets to show data.
async fn open_host_page(h: &Harness) -> Res<usize> {
    let mark = h.site.log.mark();
    h.browser
        .client()
        .goto(&format!("{}/embed.html", h.site.origin))
        .await?;
    wait_js(
        h,
        "the three widgets showing data",
        "document.querySelector('#channel-card .cs-card-title')
         && document.querySelector('#subscribers .cs-widget-value')
         && document.querySelector('#mentions .cs-widget-post, #mentions .cs-empty')",
    )
    .await?;
    Ok(mark)
}

async fn host_page_shows_three_widgets(h: Arc<Harness>) -> Res<()> {
    let mark = open_host_page(&h).await?;

    // The host page runs the widgets-only bundle, never the console's module.
    let loaded = run_js(
        &h,
        "return performance.getEntriesByType('resource')
             .map(e => new URL(e.name).pathname.slice(1))
             .filter(name => /\\.(js|wasm)$/.test(name));",
        vec![],
    )
    .await?;
    let loaded: Vec<&str> = loaded
        .as_array()
        .map(|names| names.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let widgets = |name: &&str| name.starts_with("chanscope-widgets-");
    let console = |name: &&str| name.starts_with("chanscope-") && !widgets(name);
    ensure(
        loaded.iter().any(|n| widgets(n) && n.ends_with("_bg.wasm")) && !loaded.iter().any(console),
        || format!("embed.html loaded {loaded:?}"),
    )?;

    // The card and the chart's heading both need the channel: one request between them.
    let info_calls = h.sent(mark, "/channels/get");
    ensure(info_calls.len() == 1, || {
        format!(
            "the card and the chart asked for the channel {} times: {info_calls:?}",
            info_calls.len()
        )
    })?;
    let channel = h.replay(&info_calls[0]).await?;
    let title = channel["title"]
        .as_str()
        .unwrap_or_default()
        .trim()
        .to_owned();
    h.browser
        .wait_text_in(
            "#channel-card",
            &[
                &title,
                &format!(
                    "@{}",
                    channel["username"]
                        .as_str()
                        .unwrap_or_default()
                        .trim_start_matches('@')
                ),
            ],
        )
        .await?;
    h.browser
        .wait_text_in("#subscribers .cs-widget-title", &[&title])
        .await?;

    // The chart's big figure is the newest count of the records the sandbox sent.
    let dynamics = h.wait_sent(mark, "/channels/subscribers").await?;
    ensure(
        chanscope_e2e::query_param(&dynamics, "channelId").as_deref() == Some(FIRST_CHANNEL),
        || format!("the chart asked for another channel: {dynamics}"),
    )?;
    let records = h.replay(&dynamics).await?;
    let newest = records
        .as_array()
        .and_then(|r| r.first())
        .ok_or("the sandbox sent no subscriber records")?;
    let figure = h.browser.texts("#subscribers .cs-widget-value").await?;
    ensure(
        figure.first().map(|f| normalize(f))
            == Some(normalize(&exact(&newest["participants_count"]))),
        || format!("the chart shows {figure:?}; the newest record is {newest}"),
    )?;

    // The search widget lists the sandbox's posts, newest first, with the total.
    let search = h.wait_sent(mark, "/posts/search").await?;
    ensure(
        chanscope_e2e::query_param(&search, "q").as_deref() == Some("market")
            && chanscope_e2e::query_param(&search, "limit").as_deref() == Some("5"),
        || format!("the search widget sent {search}"),
    )?;
    let found = h.replay(&search).await?;
    let items = found["items"].as_array().cloned().unwrap_or_default();
    ensure(!items.is_empty(), || {
        format!("the sandbox found no posts for {search}")
    })?;
    let shown = h.browser.count("#mentions .cs-widget-post").await?;
    ensure(shown == items.len(), || {
        format!(
            "the widget shows {shown} posts; the sandbox sent {}",
            items.len()
        )
    })?;
    let first = strip_tags(items[0]["snippet"].as_str().unwrap_or_default());
    let fragment: String = first
        .split_whitespace()
        .take(5)
        .collect::<Vec<_>>()
        .join(" ");
    h.browser
        .wait_text_in("#mentions .cs-widget-post:first-child", &[&fragment])
        .await?;
    h.browser
        .wait_text_in(
            "#mentions .cs-widget-note",
            &[&exact(&found["total_count"])],
        )
        .await?;
    let marks = h
        .browser
        .count("#mentions .cs-widget-post:first-child .cs-widget-snippet mark")
        .await?;
    ensure(marks > 0, || {
        "the search matches are not highlighted as <mark> elements".into()
    })?;
    h.browser.screenshot("embed-host-page").await?;
    h.browser.screenshot_at("embed-host-page-390", 390).await?;
    Ok(())
}

async fn update_changes_a_widget(h: Arc<Harness>) -> Res<()> {
    open_host_page(&h).await?;
    let mark = h.site.log.mark();
    h.browser
        .eval(
            "const pick = document.querySelector('#channel-pick');
             pick.value = arguments[0];
             pick.dispatchEvent(new Event('change'));",
            vec![json!(SECOND_CHANNEL)],
        )
        .await?;
    let asked = h.wait_sent(mark, "/channels/get").await?;
    ensure(
        chanscope_e2e::query_param(&asked, "channelId").as_deref() == Some(SECOND_CHANNEL),
        || format!("update() asked for {asked}"),
    )?;
    let channel = h.replay(&asked).await?;
    let title = channel["title"]
        .as_str()
        .unwrap_or_default()
        .trim()
        .to_owned();
    h.browser
        .wait_text_in("#channel-card .cs-card-title", &[&title])
        .await?;
    h.browser
        .wait_text_in("#subscribers .cs-widget-title", &[&title])
        .await?;
    let dynamics = h.wait_sent(mark, "/channels/subscribers").await?;
    ensure(
        chanscope_e2e::query_param(&dynamics, "channelId").as_deref() == Some(SECOND_CHANNEL),
        || format!("the chart asked for {dynamics} after update()"),
    )?;
    // The search widget was not updated: it asks nothing again.
    let searches = h.sent(mark, "/posts/search");
    ensure(searches.is_empty(), || {
        format!("updating two widgets re-ran the third: {searches:?}")
    })
}

/// Installed before a mount: records the listeners added to the window, the document and
/// elements, and the timers set, so that what is left after `unmount()` can be listed.
const TRACKER: &str = r##"
const live = new Set();
const timers = new Map();
const add = EventTarget.prototype.addEventListener;
const remove = EventTarget.prototype.removeEventListener;
const key = (target, type, fn, options) => {
  const capture = typeof options === "boolean" ? options : !!(options && options.capture);
  return { target, type, fn, capture };
};
EventTarget.prototype.addEventListener = function (type, fn, options) {
  if (this === window || this === document || this instanceof Node) {
    const k = key(this, type, fn, options);
    for (const l of live) {
      if (l.target === k.target && l.type === k.type && l.fn === k.fn && l.capture === k.capture) {
        return add.call(this, type, fn, options);
      }
    }
    live.add(k);
  }
  return add.call(this, type, fn, options);
};
EventTarget.prototype.removeEventListener = function (type, fn, options) {
  const k = key(this, type, fn, options);
  for (const l of live) {
    if (l.target === k.target && l.type === k.type && l.fn === k.fn && l.capture === k.capture) {
      live.delete(l);
    }
  }
  return remove.call(this, type, fn, options);
};
const wrapTimer = (set, clear, kind) => {
  const original = window[set];
  const originalClear = window[clear];
  window[set] = function (fn, ms, ...rest) {
    let id;
    const run = typeof fn === "function"
      ? (...a) => { if (kind === "timeout") timers.delete(id); return fn(...a); }
      : fn;
    id = original.call(window, run, ms, ...rest);
    timers.set(id, kind + " " + ms);
    return id;
  };
  window[clear] = function (id) { timers.delete(id); return originalClear.call(window, id); };
};
wrapTimer("setTimeout", "clearTimeout", "timeout");
wrapTimer("setInterval", "clearInterval", "interval");
window.__chanscopeLeaks = () => {
  const listeners = [];
  for (const l of live) {
    const t = l.target;
    const attached = t === window || t === document || (t instanceof Node && t.isConnected);
    if (attached) {
      const name = t === window ? "window" : t === document ? "document"
        : (t.nodeName + (t.id ? "#" + t.id : "") + (t.className ? "." + String(t.className).split(" ").join(".") : ""));
      listeners.push(name + " " + l.type);
    }
  }
  return { listeners, timers: Array.from(timers.values()) };
};
"##;

async fn unmount_leaves_nothing_behind(h: Arc<Harness>) -> Res<()> {
    blank_host(
        &h,
        "<h1>Host</h1><div id='chart'>placeholder</div><div id='search'></div><div id='stats'></div>",
    )
    .await?;
    h.browser.eval(TRACKER, vec![]).await?;
    let before = run_js(&h, "return window.__chanscopeLeaks();", vec![]).await?;
    let post = h.picks.post_link.clone();
    let mounted = run_js(
        &h,
        "const m = await import('/embed.js');
         window.__widgets = [
           m.mountSubscriberChart('#chart', { channel: args[0], days: 7 }),
           m.mountPostSearch('#search', { query: 'market', limit: 3 }),
           m.mountPostStats('#stats', { post: args[1] }),
         ];
         return document.querySelectorAll('[data-chanscope-widget]').length;",
        vec![json!(FIRST_CHANNEL), json!(post)],
    )
    .await?;
    ensure(mounted == json!(3), || {
        format!("mounting three widgets gave {mounted}")
    })?;
    wait_js(
        &h,
        "the widgets showing data",
        "document.querySelector('#chart .cs-widget-value') && document.querySelector('#search .cs-widget-post, #search .cs-empty')
         && document.querySelector('#stats .cs-tile')",
    )
    .await?;
    // The tracker sees the widgets' own listeners while they are mounted.
    let mounted_leaks = run_js(&h, "return window.__chanscopeLeaks();", vec![]).await?;
    let count = |v: &Value| v["listeners"].as_array().map_or(0, Vec::len);
    ensure(count(&mounted_leaks) > count(&before), || {
        format!("no listener was seen while the widgets were mounted: {mounted_leaks}")
    })?;
    // Use the chart the way a reader does: hover, then leave.
    h.browser
        .eval(
            "const svg = document.querySelector('#chart svg');
             const r = svg.getBoundingClientRect();
             for (const type of ['pointermove', 'pointerleave']) {
               svg.dispatchEvent(new PointerEvent(type, { bubbles: true, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 }));
             }",
            vec![],
        )
        .await?;
    let after = run_js(
        &h,
        "for (const w of window.__widgets) w.unmount();
         for (const w of window.__widgets) w.unmount();
         await new Promise(r => setTimeout(r, 300));
         const leaks = window.__chanscopeLeaks();
         return { leaks, html: ['#chart', '#search', '#stats'].map(s => document.querySelector(s).innerHTML),
                  widgets: document.querySelectorAll('.cs-widget').length };",
        vec![],
    )
    .await?;
    ensure(after["widgets"] == json!(0), || {
        format!("widgets left after unmount: {after}")
    })?;
    ensure(after["html"] == json!(["", "", ""]), || {
        format!(
            "the host elements are not empty after unmount: {}",
            after["html"]
        )
    })?;
    ensure(after["leaks"] == before, || {
        format!(
            "unmount left listeners or timers behind: before mounting {before}, after unmounting {}",
            after["leaks"]
        )
    })?;
    // A handle that was unmounted refuses updates with a readable error.
    let refused = run_js(
        &h,
        "window.__widgets[0].update({ days: 30 }); return 'updated';",
        vec![],
    )
    .await?;
    ensure(
        refused["thrown"] == json!("TypeError")
            && refused["message"]
                .as_str()
                .unwrap_or_default()
                .contains("unmounted"),
        || format!("update() after unmount() gave {refused}"),
    )
}

/// Every computed property of every host element, except the ones that follow the size of the
/// content (a slot grows when a widget fills it).
const HOST_STYLES: &str = r#"
const sized = new Set(["height", "width", "block-size", "inline-size", "perspective-origin",
  "transform-origin", "min-block-size", "min-inline-size"]);
const out = {};
document.querySelectorAll("[data-host]").forEach((el) => {
  const style = getComputedStyle(el);
  const props = {};
  for (const name of style) {
    if (!name.startsWith("--") && !sized.has(name)) props[name] = style.getPropertyValue(name);
  }
  out[el.dataset.host] = props;
});
return out;
"#;

async fn host_styles_are_unchanged(h: Arc<Harness>) -> Res<()> {
    blank_host(
        &h,
        "<style>
           body { font-family: Georgia, serif; color: #222; background: #fbf8f3; margin: 0 }
           h1 { font-size: 2rem; letter-spacing: 0.02em } p { line-height: 1.6 } a { color: #8a2c0d }
           table td { padding: 3px } select, button { font: inherit } ul li { margin: 2px }
           .slot { border: 1px dashed #999 }
         </style>
         <header data-host='header'><h1 data-host='h1'>Host</h1><a data-host='a' href='#x'>link</a></header>
         <p data-host='p'>Host text</p>
         <ul data-host='ul'><li data-host='li'>item</li></ul>
         <table><tr><td data-host='td'>cell</td></tr></table>
         <button data-host='button'>Host button</button><select data-host='select'><option>a</option></select>
         <div class='slot' data-host='slot-card' id='card'></div>
         <div class='slot' data-host='slot-chart' id='chart'></div>
         <div class='slot' data-host='slot-search' id='search'></div>",
    )
    .await?;
    let before = run_js(&h, HOST_STYLES, vec![]).await?;
    run_js(
        &h,
        "const m = await import('/embed.js');
         m.mountChannelCard('#card', { channel: args[0] });
         m.mountSubscriberChart('#chart', { channel: args[0] });
         m.mountPostSearch('#search', { query: 'market' });",
        vec![json!(FIRST_CHANNEL)],
    )
    .await?;
    wait_js(
        &h,
        "the widgets showing data",
        "document.querySelector('#card .cs-card-title') && document.querySelector('#chart .cs-widget-value')
         && document.querySelector('#search .cs-widget-post, #search .cs-empty')
         && document.querySelector('link[data-chanscope-styles]').sheet",
    )
    .await?;
    let after = run_js(&h, HOST_STYLES, vec![]).await?;
    let read = before["h1"].as_object().map_or(0, |p| p.len());
    ensure(read > 100, || {
        format!("only {read} computed properties of h1 were read")
    })?;
    let mut changed = Vec::new();
    for (element, props) in before.as_object().ok_or("no host styles were read")? {
        for (name, value) in props.as_object().ok_or("no properties")? {
            let now = &after[element][name];
            if now != value {
                changed.push(format!("{element} {name}: {value} → {now}"));
            }
        }
    }
    ensure(before.as_object().is_some_and(|o| o.len() == 12), || {
        format!(
            "expected 12 host elements, read {}",
            before.as_object().map_or(0, |o| o.len())
        )
    })?;
    ensure(changed.is_empty(), || {
        format!("the widgets changed the host's styles: {changed:?}")
    })?;
    // And the widgets are styled: the stylesheet applies inside them.
    let radius = h
        .browser
        .eval(
            "return getComputedStyle(document.querySelector('#card .cs-widget')).borderTopLeftRadius;",
            vec![],
        )
        .await?;
    ensure(radius == json!("10px"), || {
        format!("the widget's own style did not apply: radius {radius}")
    })
}

async fn bad_options_raise_errors(h: Arc<Harness>) -> Res<()> {
    blank_host(&h, "<div id='slot'>host placeholder</div>").await?;
    let cases = [
        (
            "mountChannelCard",
            json!({ "chanel": FIRST_CHANNEL }),
            "unknown option \"chanel\"",
        ),
        (
            "mountChannelCard",
            json!({}),
            "option \"channel\" is required",
        ),
        (
            "mountChannelCard",
            json!({ "channel": "not a channel!" }),
            "option \"channel\"",
        ),
        (
            "mountSubscriberChart",
            json!({ "channel": FIRST_CHANNEL, "days": "many" }),
            "option \"days\" must be a whole number",
        ),
        (
            "mountSubscriberChart",
            json!({ "channel": FIRST_CHANNEL, "group": "hour", "days": 90 }),
            "hourly records cover at most 31 days",
        ),
        (
            "mountPostSearch",
            json!({ "query": "market", "limit": 80 }),
            "option \"limit\" must be from 1 to 50",
        ),
        (
            "mountPostSearch",
            json!({ "query": "market", "theme": "pink" }),
            "option \"theme\" must be one of",
        ),
        (
            "mountPostSearch",
            json!({ "query": "market", "language": "de" }),
            "option \"language\" must be \"en\" or \"ru\"",
        ),
        (
            "mountPostSearch",
            json!({ "query": "market", "timezone": "Mars/Base" }),
            "option \"timezone\"",
        ),
    ];
    for (function, options, expected) in cases {
        let answer = run_js(
            &h,
            "const m = await import('/embed.js');
             m[args[0]]('#slot', args[1]);
             return 'mounted';",
            vec![json!(function), options.clone()],
        )
        .await?;
        let message = answer["message"].as_str().unwrap_or_default();
        ensure(
            answer["thrown"] == json!("TypeError")
                && message.contains(expected)
                && message.starts_with("Chanscope "),
            || {
                format!(
                    "{function}({options}) gave {answer}; expected a TypeError saying {expected:?}"
                )
            },
        )?;
    }
    let missing = run_js(
        &h,
        "const m = await import('/embed.js'); m.mountChannelCard('#nowhere', { channel: '1' }); return 'mounted';",
        vec![],
    )
    .await?;
    ensure(
        missing["message"]
            .as_str()
            .unwrap_or_default()
            .contains("no element matches \"#nowhere\""),
        || format!("mounting into a missing element gave {missing}"),
    )?;
    let slot = h
        .browser
        .eval(
            "return document.querySelector('#slot').textContent;",
            vec![],
        )
        .await?;
    ensure(slot == json!("host placeholder"), || {
        format!("a refused mount changed the host element: {slot}")
    })
}

async fn client_returns_plain_objects(h: Arc<Harness>) -> Res<()> {
    blank_host(&h, "<p>client</p>").await?;
    let mark = h.site.log.mark();
    let answer = run_js(
        &h,
        "const m = await import('/embed.js');
         const client = new m.Client();
         const [a, b] = await Promise.all([
           client.channelInfo({ channelId: args[0] }),
           client.channelInfo({ channelId: args[0] }),
         ]);
         const found = await client.postSearch({ q: 'market', limit: 3, extended: 1 });
         let refused;
         try { await client.channelSearch({ country: 'us', q: 'ab' }); } catch (e) {
           refused = { name: e.name, kind: e.kind, problems: e.problems, message: e.message };
         }
         let unknown;
         try { await client.postSearch({ query: 'market' }); } catch (e) { unknown = { name: e.name, message: e.message }; }
         return { a, same: JSON.stringify(a) === JSON.stringify(b), plain: Object.getPrototypeOf(a) === Object.prototype,
                  found, refused, unknown };",
        vec![json!(SECOND_CHANNEL)],
    )
    .await?;
    let info_calls = h.sent(mark, "/channels/get");
    ensure(info_calls.len() == 1, || {
        format!(
            "two identical calls at once sent {} requests: {info_calls:?}",
            info_calls.len()
        )
    })?;
    let channel = h.replay(&info_calls[0]).await?;
    ensure(
        answer["a"]["title"] == channel["title"] && answer["a"]["id"] == channel["id"],
        || {
            format!(
                "channelInfo gave {}; the sandbox has {channel}",
                answer["a"]
            )
        },
    )?;
    ensure(
        answer["same"] == json!(true) && answer["plain"] == json!(true),
        || format!("the two results differ or are not plain objects: {answer}"),
    )?;
    let search = h.wait_sent(mark, "/posts/search").await?;
    let found = h.replay(&search).await?;
    ensure(
        answer["found"]["total_count"] == found["total_count"]
            && answer["found"]["items"].as_array().map(Vec::len)
                == found["items"].as_array().map(Vec::len)
            && answer["found"]["items"][0]["id"] == found["items"][0]["id"],
        || {
            format!(
                "postSearch gave {}; the sandbox sent {found}",
                answer["found"]
            )
        },
    )?;
    let refused = &answer["refused"];
    ensure(
        refused["name"] == json!("ChanscopeError")
            && refused["kind"] == json!("invalid")
            && refused["problems"][0]["param"] == json!("q"),
        || format!("a too-short q gave {refused}"),
    )?;
    ensure(h.sent(mark, "/channels/search").is_empty(), || {
        "an invalid channel search was sent anyway".into()
    })?;
    ensure(
        answer["unknown"]["name"] == json!("TypeError")
            && answer["unknown"]["message"]
                .as_str()
                .unwrap_or_default()
                .contains("unknown option \"query\""),
        || format!("an unknown parameter gave {}", answer["unknown"]),
    )
}
