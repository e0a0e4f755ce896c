//! `chanscope-load` and `chanscope-error` as a listener on `document` gets them, and a module that fails to load.

use super::*;

pub(crate) async fn events_reach_the_document(h: Arc<Harness>) -> Res<()> {
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

pub(crate) async fn failed_module_says_so(h: Arc<Harness>) -> Res<()> {
    let portal = Portal::start(&h).await?;
    // A portal's policy without 'wasm-unsafe-eval': the module loads, its wasm cannot compile.
    let policy = portal.policy_without_wasm();
    portal
        .open_with_script(
            &h,
            "/host/no-wasm.html",
            &format!("{policy}{RECORD_EVENTS}"),
            // A widget the gateway does not draw before the module (the channel card's drawing
            // stays when its module fails: `painted.rs`).
            &format!(
                "<chanscope-post-stats id=\"card\" post=\"{}\">\
                 <a href=\"https://t.me/s/{FIRST_CHANNEL}\">Channel {FIRST_CHANNEL} on Telegram</a>\
                 </chanscope-post-stats>",
                h.picks.post_link
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
