//! The elements' life follows the DOM: attribute changes, moves, removal and re-insertion.

use super::*;

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

pub(crate) async fn elements_follow_the_dom(h: Arc<Harness>) -> Res<()> {
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
