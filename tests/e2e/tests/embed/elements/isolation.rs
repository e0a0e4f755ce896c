//! Style isolation in both directions: an aggressive host stylesheet and the widgets' shadow roots.

use super::*;

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

pub(crate) async fn styles_are_isolated_both_ways(h: Arc<Harness>) -> Res<()> {
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
