//! The gateway's iframe card page carries the card as the server drew it: read in a frame that
//! runs no JavaScript, and given way to the widget's own drawing without anything moving.

use super::*;

/// The card's figures in the shadow root of the element in `doc` (a document expression).
fn card_figures(doc: &str) -> String {
    format!(
        "const el = {doc}.querySelector('chanscope-channel-card');
         const root = el && el.shadowRoot;
         const card = root && root.querySelector('.cs-card');
         if (!card) return null;
         return {{ title: card.querySelector('.cs-card-title').textContent,
                  subscribers: card.querySelector('.cs-card-facts .cs-num').textContent,
                  exact: card.querySelector('.cs-card-facts .cs-num').title,
                  created: [...card.querySelectorAll('.cs-card-fact')]
                    .filter((f) => f.querySelector('dt').textContent === 'Created')
                    .map((f) => f.querySelector('dd').textContent)[0] ?? null,
                  width: card.getBoundingClientRect().width,
                  scripted: !!{doc}.defaultView.customElements.get('chanscope-channel-card') }};"
    )
}

pub(crate) async fn painted_card_reads_without_javascript(h: Arc<Harness>) -> Res<()> {
    let portal = Portal::framed_by(&h, true).await?;
    // A page of the gateway's own origin (its liveness answer), holding the card's page in a
    // frame without allow-scripts: its document runs no JavaScript at all.
    h.browser
        .client()
        .goto(&format!("{}/healthz", portal.gateway))
        .await?;
    h.browser
        .eval(
            "document.body.innerHTML = '<iframe id=\"frame\" sandbox=\"allow-same-origin\" '
               + 'width=\"600\" height=\"400\" src=\"/embed/channel-card?channel=' + arguments[0] + '\"></iframe>';",
            vec![json!(FIRST_CHANNEL)],
        )
        .await?;
    wait_js(
        &h,
        "the card in the frame",
        "(() => { const d = document.getElementById('frame').contentDocument;
                  const el = d && d.querySelector('chanscope-channel-card');
                  const card = el && el.shadowRoot && el.shadowRoot.querySelector('.cs-card');
                  return card && card.getBoundingClientRect().width > 0; })()",
    )
    .await?;
    let seen = h
        .browser
        .eval(
            &card_figures("document.getElementById('frame').contentDocument"),
            vec![],
        )
        .await?;
    let first = channel(&h, FIRST_CHANNEL).await?;
    let count = first["participants_count"].as_i64().unwrap_or_default();
    ensure(
        seen["title"].as_str().map(normalize) == Some(title(&first))
            && seen["subscribers"] == json!(compact(count))
            && seen["exact"] == json!(group_thousands(count, Locale::En))
            && seen["scripted"] == json!(false),
        || format!("without JavaScript the framed card shows {seen}; the channel is {first}"),
    )
}

pub(crate) async fn painted_card_gives_way_without_a_shift(h: Arc<Harness>) -> Res<()> {
    let portal = Portal::start(&h).await?;
    let url = format!(
        "{}/embed/channel-card?channel={FIRST_CHANNEL}",
        portal.gateway
    );
    h.browser.client().goto(&url).await?;
    // Taken over: the module's box in place of what the server drew (whose stylesheet link
    // goes with it), and the element's load event.
    wait_js(
        &h,
        "the widget's own card",
        "(() => { const root = document.querySelector('chanscope-channel-card').shadowRoot;
                  return root.querySelector('.cs-card') && !root.querySelector('link'); })()",
    )
    .await?;
    let seen = run_js(
        &h,
        "const served = await (await fetch(location.href)).text();
         const start = served.indexOf('<div class=\"cs-card-box\">');
         const end = served.indexOf('</template>');
         const parsed = document.createElement('div');
         parsed.innerHTML = served.slice(start, end).replace(/(<\\/div>){2}$/, '');
         const root = document.querySelector('chanscope-channel-card').shadowRoot;
         // The page's layout shifts so far: buffered entries are in the observer's records as
         // soon as it observes.
         const observer = new PerformanceObserver(() => {});
         observer.observe({ type: 'layout-shift', buffered: true });
         const shifts = observer.takeRecords().map((e) => ({ value: e.value, at: e.startTime,
           sources: e.sources.map((s) => [s.node && (s.node.nodeName + '.' + s.node.className),
             JSON.stringify(s.previousRect), JSON.stringify(s.currentRect)]) }));
         observer.disconnect();
         // The parts a host page styles the widget by are marked on both.
         const drawn = root.querySelector('.cs-card-box').outerHTML.replace(/ part=\"[a-z]+\"/g, '');
         return { drawn,
                  served: parsed.innerHTML, cards: root.querySelectorAll('.cs-card').length,
                  shifts };",
        vec![],
    )
    .await?;
    ensure(
        seen["drawn"] == seen["served"]
            && seen["cards"] == json!(1)
            && seen["shifts"]
                .as_array()
                .is_some_and(|s| s.iter().all(|v| v["value"].as_f64() == Some(0.0))),
        || format!("the widget took over as {seen}"),
    )
}

/// An element on a portal's page whose wasm cannot compile: the card the gateway drew is the
/// answer all the same, its creation date in the browser's zone (the element names none), as
/// the module would write it.
pub(crate) async fn painted_card_shows_on_a_host_page_even_without_its_module(
    h: Arc<Harness>,
) -> Res<()> {
    let first = channel(&h, FIRST_CHANNEL).await?;
    let created = first["created_at"]
        .as_i64()
        .ok_or("the channel has no creation time")?;
    // A zone in which the channel was created on another day than in UTC: 14 hours ahead if it
    // was created at 10:00 UTC or later, 12 behind if before noon.
    let (zone, hours) = if created.rem_euclid(86_400) >= 10 * 3600 {
        ("Pacific/Kiritimati", 14)
    } else {
        ("Etc/GMT+12", -12)
    };
    let day_at = |hours: i64| {
        let date = chrono::DateTime::from_timestamp(created + hours * 3600, 0)
            .map(|at| at.date_naive())
            .unwrap_or_default();
        chanscope_api::format::date_label(date, Locale::En)
    };
    let zone_of = |zone: &str| json!({ "timezoneId": zone });
    h.browser
        .devtools(
            h.webdriver(),
            "Emulation.setTimezoneOverride",
            zone_of(zone),
        )
        .await?;
    let seen = painted_without_wasm(&h, &first).await;
    // Back to the machine's zone for the scenarios after this one.
    h.browser
        .devtools(h.webdriver(), "Emulation.setTimezoneOverride", zone_of(""))
        .await?;
    let (failed, seen, calls) = seen?;
    let count = first["participants_count"].as_i64().unwrap_or_default();
    ensure(
        failed[0]["detail"]["code"] == json!("load")
            && seen["subscribers"] == json!(compact(count))
            && seen["created"] == json!(day_at(hours))
            && day_at(hours) != day_at(0)
            && seen["width"].as_f64().is_some_and(|w| w > 100.0)
            && calls.is_empty(),
        || {
            format!(
                "with no wasm, in {zone}, the card shows {seen} after {failed:?}; calls \
                 {calls:?}; created {} there, {} in UTC",
                day_at(hours),
                day_at(0)
            )
        },
    )
}

/// The element's `chanscope-error` events, its card's figures and the calls that reached the
/// API, on a page whose policy lacks 'wasm-unsafe-eval': the module loads, its wasm cannot
/// compile.
async fn painted_without_wasm(h: &Harness, first: &Value) -> Res<(Vec<Value>, Value, Vec<String>)> {
    let portal = Portal::start(h).await?;
    let policy = portal.policy_without_wasm();
    portal
        .open_with_script(
            h,
            "/host/painted-no-wasm.html",
            &format!("{policy}{RECORD_EVENTS}"),
            &format!("<chanscope-channel-card id=\"card\" channel=\"{FIRST_CHANNEL}\"></chanscope-channel-card>"),
        )
        .await?;
    let failed = wait_events(h, "card", 1).await?;
    wait_shadow_text(h, "#card", &[&title(first)]).await?;
    let seen = h.browser.eval(&card_figures("document"), vec![]).await?;
    let calls = api_calls(h, "/channels/get").await?;
    h.browser
        .screenshot("embed-elements-painted-no-wasm")
        .await?;
    Ok((failed, seen, calls))
}
