//! The channel pages: subscriber dynamics and channel information.

use std::sync::Arc;

use chanscope_api::catalog;
use chanscope_api::format::{compact, date_label, group_thousands, Locale};
use chanscope_e2e::{ensure, text, Harness, Res};
use chrono::NaiveDate;
use serde_json::Value;

use super::{assert_nothing_sent, exact, int, submit_form};

// ---- subscriber dynamics -------------------------------------------------------------------

pub(super) async fn subscriber_dynamics_shows_counts(h: Arc<Harness>) -> Res<()> {
    let channel = h.picks.channel.clone();
    let mark = submit_form(&h, "/subscriber-dynamics", &[("(channelId)", &channel)]).await?;
    let sent = h.wait_sent(mark, "/channels/subscribers").await?;
    let response = h.replay(&sent).await?;
    let records = response.as_array().cloned().unwrap_or_default();
    ensure(records.len() >= 2, || format!("{sent} gave {response}"))?;
    // Newest first: the latest count and the earliest one of the period.
    let newest = &records[0];
    let oldest = &records[records.len() - 1];
    // Day periods (`Y-m-d`) are labelled as dates, e.g. `22 Nov 2026`.
    let label = |record: &Value| -> Res<String> {
        let day = NaiveDate::parse_from_str(&text(&record["period"]), "%Y-%m-%d")?;
        Ok(date_label(day, Locale::En))
    };
    let row = |record: &Value| -> Res<String> {
        Ok(format!(
            "{} {}",
            label(record)?,
            exact(&record["participants_count"])
        ))
    };
    // Each period's row reads its label and its count, newest and oldest alike.
    let (latest, earliest) = (row(newest)?, row(oldest)?);
    h.browser
        .wait_text_in("main table", &[&latest, &earliest])
        .await?;
    let net = int(&newest["participants_count"]) - int(&oldest["participants_count"]);
    let net = format!(
        "{}{}",
        if net > 0 { "+" } else { "" },
        group_thousands(net, Locale::En)
    );
    h.browser.wait_text(&[&net]).await?;
    h.browser.wait_css("main svg").await?;
    h.browser.screenshot("subscriber-dynamics").await?;
    h.browser
        .screenshot_at("subscriber-dynamics-360", 360)
        .await?;
    Ok(())
}

pub(super) async fn subscriber_dynamics_refuses_bad_channel_id(h: Arc<Harness>) -> Res<()> {
    let mark = submit_form(
        &h,
        "/subscriber-dynamics",
        &[("(channelId)", "not a channel!")],
    )
    .await?;
    h.browser
        .wait_text_in(".field-error", &["channelId"])
        .await?;
    assert_nothing_sent(&h, mark, "/channels/subscribers").await
}

// ---- channel information -------------------------------------------------------------------

pub(super) async fn channel_info_shows_card(h: Arc<Harness>) -> Res<()> {
    let channel = h.picks.channel.clone();
    let mark = submit_form(&h, "/channel-info", &[("(channelId)", &channel)]).await?;
    let sent = h.wait_sent(mark, "/channels/get").await?;
    let c = h.replay(&sent).await?;
    let needles = [
        text(&c["title"]),
        text(&c["username"]),
        compact(int(&c["participants_count"])),
        int(&c["id"]).to_string(),
        int(&c["tg_id"]).to_string(),
        // A known category by its name.
        catalog::label(catalog::Field::Category, &text(&c["category"]), Locale::En)
            .map_or_else(|| text(&c["category"]), str::to_owned),
    ];
    let needles: Vec<&str> = needles.iter().map(String::as_str).collect();
    h.browser.wait_text_in(".cs-card", &needles).await?;
    // The exact count is the compact figure's tooltip.
    let exact_title = h
        .browser
        .eval(
            "const e = document.querySelector('.cs-card .cs-num[title]'); return e ? e.title : '';",
            vec![],
        )
        .await?;
    let expected = exact(&c["participants_count"]);
    ensure(text(&exact_title) == expected, || {
        format!("the subscribers' tooltip reads {exact_title}, not {expected}")
    })?;
    // The change over 7 days, computed here from the daily subscriber records the page was sent
    // (the health check asks for hours).
    let sent = h
        .wait_sent_where(mark, "/channels/subscribers", |u| !u.contains("group=hour"))
        .await?;
    let records = h.replay(&sent).await?;
    let days = super::subscribers(&records, |p| NaiveDate::parse_from_str(p, "%Y-%m-%d").ok());
    let (last_day, last) = *days.last().ok_or("no subscriber records")?;
    let week_ago = last_day - chrono::TimeDelta::days(7);
    let (_, before) = *days
        .iter()
        .rev()
        .find(|(day, _)| *day <= week_ago)
        .ok_or("the records do not reach 7 days back")?;
    let net = last - before;
    let sign = if net > 0 { "+" } else { "" };
    let week = format!("{sign}{}", group_thousands(net, Locale::En));
    h.browser
        .wait_text_in(".channel-change-list", &[&week])
        .await?;
    h.browser.screenshot("channel-info").await?;
    h.browser.screenshot_at("channel-info-360", 360).await?;
    Ok(())
}

pub(super) async fn channel_info_unknown_channel(h: Arc<Harness>) -> Res<()> {
    let unknown = h.picks.unknown_channel.clone();
    let mark = submit_form(&h, "/channel-info", &[("(channelId)", &unknown)]).await?;
    let sent = h.wait_sent(mark, "/channels/get").await?;
    // What the service says about it, as the page should pass it on.
    let (_, body) = chanscope_e2e::http::get(h.site.host_port(), &sent).await?;
    let message = serde_json::from_str::<Value>(&body)?["error"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    ensure(message.contains("not found"), || {
        format!("the sandbox said {body}")
    })?;
    h.browser
        .wait_text_in(".cs-banner-error", &[&message])
        .await?;
    ensure(h.browser.count(".cs-card").await? == 0, || {
        "a card is shown for an unknown channel".into()
    })
}
