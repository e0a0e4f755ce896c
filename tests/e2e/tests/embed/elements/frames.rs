//! The fallback without JavaScript, and the gateway's iframe pages on allowed and other origins.

use super::*;

pub(crate) async fn fallback_shows_without_javascript(h: Arc<Harness>) -> Res<()> {
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

pub(crate) async fn iframe_pages_only_on_allowed_origins(h: Arc<Harness>) -> Res<()> {
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
