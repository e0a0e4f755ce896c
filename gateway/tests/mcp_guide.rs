//! `compare_channels`, the resources and the prompt over the sandbox.

mod common;

use common::mcp::{text, McpRig};
use rmcp::model::{GetPromptRequestParams, ReadResourceRequestParams};
use serde_json::json;

#[tokio::test]
async fn compare_channels_sets_channels_side_by_side() {
    let mcp = McpRig::start(|_| {}).await;
    let asked = json!({"channels": ["@bought_jump_news", "@advert_ladder"]});
    let compared = mcp.answer("compare_channels", asked).await;
    let rows = compared["channels"].as_array().unwrap();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["username"], "@bought_jump_news");
    assert_eq!(rows[1]["username"], "@advert_ladder");
    for row in rows {
        let api = mcp
            .rig
            .get(&format!("/api/channels/get?channelId={}", row["id"]))
            .await
            .json();
        assert_eq!(row["subscribers"], api["response"]["participants_count"]);
        assert!(row["change_90d"]["net"].as_i64().is_some(), "{row}");
    }
    // The one bought 20 days ago grew by those 8,000 within 30 days, less the 40 % cleaned out.
    let bought = rows[0]["change_30d"]["net"].as_i64().unwrap();
    assert!(bought > 4_000, "{}", rows[0]);
    assert_eq!(compared["requests"], 4);

    let six: Vec<String> = (0..6).map(|c| mcp.username(c)).collect();
    let refused = mcp.call("compare_channels", json!({"channels": six})).await;
    assert_eq!(refused.is_error, Some(true));
    assert!(
        text(&refused).contains("\"confirm_requests\": 12"),
        "{}",
        text(&refused)
    );
}

#[tokio::test]
async fn resources_hold_the_limits_and_the_definitions() {
    let mcp = McpRig::start(|config| config.burst = 7.0).await;
    let listed = mcp.client.list_all_resources().await.unwrap();
    let uris: Vec<&str> = listed.iter().map(|r| r.uri.as_str()).collect();
    assert_eq!(uris, ["chanscope://limits", "chanscope://figures"]);
    let read = |uri: &str| {
        let request = ReadResourceRequestParams::new(uri.to_owned());
        mcp.client.read_resource(request)
    };
    let limits = format!("{:?}", read("chanscope://limits").await.unwrap());
    assert!(limits.contains("`limit` at most 50"), "{limits}");
    assert!(limits.contains("7 at once"), "{limits}");
    let figures = format!("{:?}", read("chanscope://figures").await.unwrap());
    assert!(
        figures.contains("ERR24 = the average reach at 24 hours"),
        "{figures}"
    );
    assert!(read("chanscope://nothing").await.is_err());
}

#[tokio::test]
async fn the_prompt_judges_the_channel_named() {
    let mcp = McpRig::start(|_| {}).await;
    let prompts = mcp.client.list_all_prompts().await.unwrap();
    assert_eq!(prompts.len(), 1);
    assert_eq!(prompts[0].name, "judge_channel");
    let arguments = json!({"channel": "@advert_ladder"})
        .as_object()
        .cloned()
        .unwrap();
    let request = GetPromptRequestParams::new("judge_channel").with_arguments(arguments);
    let prompt = format!("{:?}", mcp.client.get_prompt(request).await.unwrap());
    assert!(
        prompt.contains("channel_report for @advert_ladder"),
        "{prompt}"
    );
    let missing = GetPromptRequestParams::new("judge_channel");
    assert!(mcp.client.get_prompt(missing).await.is_err());
}

/// A short wait for the visitor's rate is waited out: six requests at two at once and four a
/// second all go through, the limit kept (the last ones wait their turn).
#[tokio::test]
async fn short_waits_for_the_rate_are_waited_out() {
    let mcp = McpRig::start(|config| {
        config.rate = 4.0;
        config.burst = 2.0;
    })
    .await;
    let channels: Vec<String> = (0..3).map(|c| mcp.username(c)).collect();
    let started = std::time::Instant::now();
    let compared = mcp
        .answer("compare_channels", json!({"channels": channels}))
        .await;
    assert_eq!(compared["requests"], 6);
    assert_eq!(compared["channels"].as_array().unwrap().len(), 3);
    // Four requests beyond the burst at four a second: a second at least, each wait whole.
    assert!(started.elapsed() >= std::time::Duration::from_millis(900));
}
