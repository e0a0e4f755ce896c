//! Alerts of the watchlist: two channels watched, one with a threshold its next day's change
//! crosses and one with a threshold it does not; after the sandbox's clock moves a day, one check
//! raises exactly one notification, for the first, and each watch keeps both readings.

use std::sync::Arc;

use chanscope_api::format::percent_change;
use chanscope_e2e::{ensure, query_param, Harness, Res};
use serde_json::{json, Value};

use super::watchlist::wait_stored_watches;
use crate::{int, submit_form};

/// Counts the notifications the page raises from now on (`window.__notified`, their titles):
/// the browser's own `Notification`, which the test browser allows, behind a subclass that notes
/// each one made.
const COUNT_NOTIFICATIONS: &str = "
    const Real = window.Notification;
    window.__notified = [];
    window.Notification = class extends Real {
        constructor(title, options) { super(title, options); window.__notified.push(title); }
    };
    return Real.permission;";

/// Watches `channel` from its channel info page under `name`.
async fn watch_channel(h: &Harness, channel: &str, name: &str) -> Res<()> {
    submit_form(h, "/channel-info", &[("(channelId)", channel)]).await?;
    h.browser.click(".watch-button:not([disabled])").await?;
    h.browser.fill("watch-name", name).await?;
    h.browser
        .click(".watch-form button[type=submit]:not([disabled])")
        .await?;
    h.browser.wait_text_in(".watch-saved", &[name]).await
}

/// Sets the alert threshold of the watch named `name` to `value`, as a person does: opens its
/// Alert, types, and presses Set.
async fn set_threshold(h: &Harness, name: &str, value: &str) -> Res<()> {
    let id = h
        .browser
        .eval(
            "const li = [...document.querySelectorAll('li.watch')]
                 .find(li => li.querySelector('.watch-name').innerText.trim() === arguments[0]);
             if (!li) return null;
             li.querySelector('.watch-thresholds').open = true;
             return li.querySelector('input.threshold').id;",
            vec![json!(name)],
        )
        .await?;
    let id = id
        .as_str()
        .ok_or_else(|| format!("no watch {name} with an alert"))?
        .to_owned();
    h.browser.fill(&id, value).await?;
    h.browser
        .click(&format!(
            "form.threshold-form:has(#{id}) button[type=submit]"
        ))
        .await?;
    h.browser
        .wait_script(
            "const li = [...document.querySelectorAll('li.watch')]
                 .find(li => li.querySelector('.watch-name').innerText.trim() === arguments[0]);
             return !!li && li.querySelector('input.threshold').value === arguments[1]
                 && li.querySelector('[aria-invalid=\"true\"]') === null;",
            vec![json!(name), json!(value)],
            "the threshold set",
        )
        .await
}

/// Presses "Check all" and waits for the check to end.
async fn check_all(h: &Harness) -> Res<usize> {
    let mark = h.site.log.mark();
    // Back to the top, where the button is: setting thresholds scrolled the page under the
    // sticky header.
    h.browser
        .eval("window.scrollTo(0, 0); return true;", vec![])
        .await?;
    h.browser.click(".watch-check").await?;
    h.browser.wait_css(".job-done").await?;
    Ok(mark)
}

/// The subscribers the channel info answer for `channel` sent since `mark` gives.
async fn subscribers_sent(h: &Harness, mark: usize, channel: &str) -> Res<i64> {
    let uri = h
        .sent(mark, "/channels/get")
        .into_iter()
        .find(|u| query_param(u, "channelId").as_deref() == Some(channel))
        .ok_or_else(|| format!("the check did not ask for {channel}"))?;
    Ok(int(&h.replay(&uri).await?["participants_count"]))
}

/// Whether the watch named `name` shows an alert.
async fn alerted(h: &Harness, name: &str) -> Res<bool> {
    let shown = h
        .browser
        .eval(
            "const li = [...document.querySelectorAll('li.watch')]
                 .find(li => li.querySelector('.watch-name').innerText.trim() === arguments[0]);
             return !!li && !!li.querySelector('.watch-alert');",
            vec![json!(name)],
        )
        .await?;
    Ok(shown == json!(true))
}

pub(crate) async fn watch_alert_notifies_once(h: Arc<Harness>) -> Res<()> {
    let crossing = h.picks.channel.clone();
    let quiet = h
        .picks
        .compare_channels
        .first()
        .cloned()
        .ok_or("no second channel picked")?;
    let (loud_name, quiet_name) = ("Alerted channel (e2e)", "Quiet channel (e2e)");
    let before = wait_stored_watches(&h, None).await?;
    watch_channel(&h, &crossing, loud_name).await?;
    watch_channel(&h, &quiet, quiet_name).await?;
    wait_stored_watches(&h, Some(before + 2)).await?;

    h.browser.goto("/watchlist").await?;
    // Any change at all of the first channel's subscribers alerts; only half again of the
    // second's would.
    set_threshold(&h, loud_name, "0.001").await?;
    set_threshold(&h, quiet_name, "50").await?;
    let permission = h
        .browser
        .client()
        .execute(COUNT_NOTIFICATIONS, vec![])
        .await?;
    ensure(permission == json!("granted"), || {
        format!("notifications are {permission} in the test browser")
    })?;

    // The first check notes the counts: no percent without a previous one.
    let first = check_all(&h).await?;
    let counts = [
        subscribers_sent(&h, first, &crossing).await?,
        subscribers_sent(&h, first, &quiet).await?,
    ];
    let notified = h.browser.eval("return window.__notified;", vec![]).await?;
    ensure(notified == json!([]), || {
        format!("the first check notified {notified}")
    })?;

    // A day later, with the page opened afresh (so no answer comes from the minute's cache).
    h.state.dataset.advance(86_400);
    h.browser.goto("/watchlist").await?;
    h.browser
        .client()
        .execute(COUNT_NOTIFICATIONS, vec![])
        .await?;
    let second = check_all(&h).await?;
    let changes = [
        percent_change(counts[0], subscribers_sent(&h, second, &crossing).await?),
        percent_change(counts[1], subscribers_sent(&h, second, &quiet).await?),
    ];
    ensure(
        matches!(changes, [Some(a), Some(b)] if a.abs() >= 0.001 && b.abs() < 50.0),
        || format!("a day changed the subscribers by {changes:?} %"),
    )?;
    let notified: Value = h.browser.eval("return window.__notified;", vec![]).await?;
    ensure(notified == json!([loud_name]), || {
        format!("the second check notified {notified}, not once for {loud_name}")
    })?;
    ensure(
        alerted(&h, loud_name).await? && !alerted(&h, quiet_name).await?,
        || "the alert is not shown on the crossed watch alone".into(),
    )?;
    // Both readings are kept with each watch.
    for name in [loud_name, quiet_name] {
        let history = h
            .browser
            .eval(
                "const li = [...document.querySelectorAll('li.watch')]
                     .find(li => li.querySelector('.watch-name').innerText.trim() === arguments[0]);
                 return li ? li.querySelector('.watch-history summary').innerText : null;",
                vec![json!(name)],
            )
            .await?;
        ensure(history == json!("History: 2 checks"), || {
            format!("{name}: {history}")
        })?;
    }
    h.browser.screenshot("watchlist-alert").await?;
    Ok(())
}
