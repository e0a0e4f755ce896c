//! What a widget leaves of its host page: nothing after `unmount()`, and the host's own
//! styles untouched while mounted.

use std::sync::Arc;

use chanscope_e2e::{ensure, Harness, Res};
use serde_json::{json, Value};

use super::{blank_host, run_js, wait_js, FIRST_CHANNEL};

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

pub(super) async fn unmount_leaves_nothing_behind(h: Arc<Harness>) -> Res<()> {
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
        // The chart's figure comes before its drawing, which waits for the width it is drawn at.
        "document.querySelector('#chart .cs-widget-value') && document.querySelector('#chart svg')
         && document.querySelector('#search .cs-widget-post, #search .cs-empty')
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
pub(super) const HOST_STYLES: &str = r#"
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

pub(super) async fn host_styles_are_unchanged(h: Arc<Harness>) -> Res<()> {
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
