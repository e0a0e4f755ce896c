//! From discovery to a shortlist: channel search and keyword mentions as tables that sort, and
//! whose picked channels go to compare channels.

use std::sync::Arc;

use chanscope_e2e::browser::until;
use chanscope_e2e::{ensure, query_param, text, Harness, Res};
use serde_json::Value;

use super::int;
use super::search::{search_channels, search_keyword_mentions};

/// How the console names a channel of an answer: `@username`, or its ID without one.
fn reference(channel: &Value) -> String {
    let name = text(&channel["username"]);
    let name = name.trim().trim_start_matches('@');
    if name.is_empty() {
        int(&channel["id"]).to_string()
    } else {
        format!("@{name}")
    }
}

/// The keys of the table's rows, top to bottom.
pub(super) async fn row_keys(h: &Harness) -> Res<Vec<String>> {
    let keys = h
        .browser
        .eval(
            "return [...document.querySelectorAll('main tbody input[data-pick]')].map(i => i.dataset.pick);",
            vec![],
        )
        .await?;
    Ok(keys.as_array().into_iter().flatten().map(text).collect())
}

/// Ticks `picked` in the table, follows "Compare selected", and checks that compare channels
/// holds exactly them, and that the comparison its address starts asks for exactly their
/// cards. `shot` names the screenshot of the table with the channels ticked.
async fn compare_picked(h: &Harness, picked: &[String], shot: &str) -> Res<()> {
    for key in picked {
        h.browser
            .click(&format!("main tbody input[data-pick=\"{key}\"]"))
            .await?;
    }
    let label = format!("Compare selected ({})", picked.len());
    h.browser
        .wait_text_in(".compare-selected a", &[&label])
        .await?;
    h.browser.screenshot(shot).await?;
    let mark = h.site.log.mark();
    h.browser.click(".compare-selected a").await?;
    h.browser
        .wait_css(&format!("#cc-channel-{}", picked.len() - 1))
        .await?;
    let shown = h
        .browser
        .eval(
            "return [...document.querySelectorAll('input[id^=\"cc-channel-\"]')].map(i => i.value);",
            vec![],
        )
        .await?;
    let shown: Vec<String> = shown.as_array().into_iter().flatten().map(text).collect();
    ensure(shown == picked, || {
        format!("compare channels holds {shown:?}, not the picked {picked:?}")
    })?;
    until(|| async { Ok(h.sent(mark, "/channels/get").len() >= picked.len()) }).await?;
    h.browser.wait_css(".job-done").await?;
    let mut asked: Vec<String> = h
        .sent(mark, "/channels/get")
        .iter()
        .filter_map(|u| query_param(u, "channelId"))
        .collect();
    asked.sort();
    let mut expected = picked.to_vec();
    expected.sort();
    ensure(asked == expected, || {
        format!("comparing asked for the cards of {asked:?}, not {expected:?}")
    })
}

pub(super) async fn compare_selected_opens_exactly_the_selected(h: Arc<Harness>) -> Res<()> {
    // Channel search, as a table sorted by subscribers.
    let (sent, answer) = search_channels(&h).await?;
    let items = answer["items"].as_array().cloned().unwrap_or_default();
    ensure(items.len() >= 3, || {
        format!("{sent} found {} channels, fewer than 3", items.len())
    })?;
    h.browser.click(".view-switch button:nth-child(2)").await?;
    h.browser.wait_css("main tbody input[data-pick]").await?;
    // Two clicks on the header: most subscribers first (ties keep the answer's order).
    let header = "main thead th[data-key=\"subscribers\"] button";
    h.browser.click(header).await?;
    h.browser.click(header).await?;
    let mut by_size: Vec<&Value> = items.iter().collect();
    by_size.sort_by_key(|c| std::cmp::Reverse(int(&c["participants_count"])));
    let expected: Vec<String> = by_size.iter().map(|c| reference(c)).collect();
    let sorted = until(|| async { Ok(row_keys(&h).await? == expected) }).await?;
    ensure(sorted, || {
        format!("the table did not sort by subscribers into {expected:?}")
    })?;
    // The largest, the third and the last; the link lists them in the answer's order.
    let picks = [0, 2, by_size.len() - 1].map(|i| reference(by_size[i]));
    let picked: Vec<String> = items
        .iter()
        .map(reference)
        .filter(|r| picks.contains(r))
        .collect();
    compare_picked(&h, &picked, "channel-search-table").await?;

    // Keyword mentions: two channels of its table.
    let (sent, answer) = search_keyword_mentions(&h).await?;
    let listed: Vec<String> = answer["items"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(|item| {
            let channel = answer["channels"]
                .as_array()?
                .iter()
                .find(|c| c["id"] == item["channel_id"])?;
            Some(reference(channel))
        })
        // Channels not compared above, so that none of their cards is in the console's cache.
        .filter(|r| !picked.contains(r))
        .collect();
    ensure(listed.len() >= 2, || {
        format!("{sent} lists {} channels, fewer than 2", listed.len())
    })?;
    compare_picked(&h, &listed[..2], "keyword-mentions-picked").await?;
    h.browser.screenshot("compare-selected").await?;
    Ok(())
}
