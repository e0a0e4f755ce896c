//! A page on another origin holding only the script tag and three elements.

use super::*;

pub(crate) async fn elements_render_on_another_origin(h: Arc<Harness>) -> Res<()> {
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
