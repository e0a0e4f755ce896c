//! `/mcp` in the gateway: off without `--mcp-key-file`, refused without its key, the tools with
//! it; no token in any answer or log line; and one visitor's calls through `/api` and `/mcp`
//! held to one rate limit.

mod common;

use axum::http::Method;
use common::mcp::{call_over_http, post, McpRig, KEY};
use common::SECRET;
use gateway::mcp::http::McpKey;
use serde_json::json;

fn keyed(config: &mut gateway::config::Config) {
    config.mcp_key = Some(McpKey::new(KEY).unwrap());
}

fn initialize() -> serde_json::Value {
    json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {"protocolVersion": "2025-06-18", "capabilities": {},
                   "clientInfo": {"name": "test", "version": "1"}},
    })
}

#[tokio::test]
async fn mcp_is_off_without_a_key_file() {
    let mcp = McpRig::start(|_| {}).await;
    let answer = post(
        &mcp.rig.origin,
        Some(&format!("Bearer {KEY}")),
        initialize(),
    )
    .await;
    assert_eq!(answer.status, 404);
    assert!(answer.body.contains("--mcp-key-file"), "{}", answer.body);
}

#[tokio::test]
async fn mcp_refuses_every_request_without_its_key() {
    let mcp = McpRig::start(keyed).await;
    let wrong = format!("Bearer {}x", &KEY[..KEY.len() - 1]);
    let lower = format!("bearer {KEY}");
    let basic = format!("Basic {KEY}");
    let tools = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
        "params": {"name": "channel_info", "arguments": {"channelId": "@bought_jump_news"}}});
    for authorization in [
        None,
        Some(wrong.as_str()),
        Some(lower.as_str()),
        Some(basic.as_str()),
        Some("Bearer "),
    ] {
        for message in [initialize(), tools.clone()] {
            let answer = post(&mcp.rig.origin, authorization, message).await;
            assert_eq!(answer.status, 401, "{authorization:?}");
            assert_eq!(answer.header("www-authenticate"), Some("Bearer"));
            assert!(!answer.everything().contains(KEY));
            assert!(!answer.everything().contains(SECRET));
        }
    }
    assert_eq!(mcp.upstream.calls(), 0, "nothing reached the service");
}

#[tokio::test]
async fn mcp_with_its_key_lists_and_calls_the_tools() {
    let mcp = McpRig::start(keyed).await;
    let bearer = format!("Bearer {KEY}");
    let init = post(&mcp.rig.origin, Some(&bearer), initialize()).await;
    assert_eq!(init.status, 200, "{}", init.body);
    assert_eq!(init.json()["result"]["serverInfo"]["name"], "chanscope");
    let list = json!({"jsonrpc": "2.0", "id": 2, "method": "tools/list"});
    let tools = post(&mcp.rig.origin, Some(&bearer), list).await.json();
    assert_eq!(tools["result"]["tools"].as_array().unwrap().len(), 11);
    let report = call_over_http(
        &mcp.rig.origin,
        "channel_report",
        json!({"channel": "@bought_jump_news"}),
    )
    .await;
    assert_eq!(report["isError"], false, "{report}");
    assert_eq!(report["structuredContent"]["health"]["verdict"], "warnings");
}

/// The token in no answer, tool error or log line, whatever is asked; nor the key in the log.
#[tokio::test]
async fn no_token_in_any_answer_error_or_log() {
    let mcp = McpRig::start(keyed).await;
    let asked = [
        ("channel_info", json!({"channelId": "@bought_jump_news"})),
        (
            "channel_info",
            json!({"channelId": "@no_such_channel_here"}),
        ),
        ("post_search", json!({"q": SECRET})),
        ("channel_search", json!({"q": "ab", "country": "ru"})),
        (
            "campaign_gains",
            json!({"promoted": "@advert_ladder", "placements": [{"post": format!("t.me/{SECRET}/1"), "price": "1 RUB"}]}),
        ),
        ("channel_report", json!({"channel": "@advert_ladder"})),
    ];
    let mut answers = String::new();
    for (tool, arguments) in asked {
        let result = call_over_http(&mcp.rig.origin, tool, arguments).await;
        // The token the caller typed is theirs to see again; the gateway's own never shows.
        answers.push_str(
            &result
                .to_string()
                .replace(&format!("t.me/{SECRET}"), "")
                .replace(&format!("\"q\":\"{SECRET}\""), ""),
        );
    }
    assert!(
        answers.contains("param q is too short"),
        "a tool error was among them"
    );
    assert!(!answers.contains(SECRET), "{answers}");
    let log = mcp.rig.log().join("\n");
    assert!(log.contains("/mcp"), "{log}");
    assert!(!log.contains(SECRET) && !log.contains(KEY), "{log}");
}

/// Six requests at once for one visitor, half of them through each way in: `/api` and `/mcp`
/// spend one allowance, so exactly the burst passes and the rest wait with their time.
#[tokio::test]
async fn api_and_mcp_share_one_visitors_limit() {
    let mcp = McpRig::start(|config| {
        keyed(config);
        config.rate = 0.01;
        config.burst = 4.0;
    })
    .await;
    let origin = mcp.rig.origin.clone();
    let channels: Vec<String> = (0..6)
        .map(|c| mcp.state.dataset.channels[c].id.to_string())
        .collect();
    let mut all = tokio::task::JoinSet::new();
    for (n, id) in channels.iter().cloned().enumerate() {
        let origin = origin.clone();
        all.spawn(async move {
            if n % 2 == 0 {
                let url = format!("{origin}/api/channels/get?channelId={id}");
                let status = common::send(Method::GET, &url, &[]).await.status;
                return ("api", status == 200);
            }
            let result = call_over_http(&origin, "channel_info", json!({"channelId": id})).await;
            let passed = result["isError"] == false;
            if !passed {
                let text = result["content"][0]["text"].as_str().unwrap().to_owned();
                assert!(
                    text.contains("flood_control_") && text.contains("try again in"),
                    "{text}"
                );
            }
            ("mcp", passed)
        });
    }
    let outcomes = all.join_all().await;
    let passed = outcomes.iter().filter(|(_, p)| *p).count();
    assert_eq!(passed, 4, "{outcomes:?}");
    // Spent: one more of either way is refused.
    assert_eq!(
        mcp.rig
            .get(&format!("/api/channels/get?channelId={}", channels[0]))
            .await
            .status,
        429
    );
}

/// The upstream budget (`--upstream-rate`) is one for both ways in: with room for one call and
/// no wait, four distinct calls at once, two through `/api` and two through `/mcp`, make one
/// upstream call, and the three others are refused with the wait.
#[tokio::test]
async fn api_and_mcp_share_one_upstream_budget() {
    let mcp = McpRig::start(|config| {
        keyed(config);
        config.upstream_rate = Some(gateway::budget::Rate {
            per_second: 0.01,
            burst: 1.0,
        });
        config.upstream_wait = std::time::Duration::ZERO;
    })
    .await;
    let origin = mcp.rig.origin.clone();
    let mut all = tokio::task::JoinSet::new();
    for c in 0..4 {
        let id = mcp.state.dataset.channels[c].id.to_string();
        let origin = origin.clone();
        all.spawn(async move {
            if c % 2 == 0 {
                let url = format!("{origin}/api/channels/get?channelId={id}");
                return common::send(Method::GET, &url, &[]).await.status == 200;
            }
            let result = call_over_http(&origin, "channel_info", json!({"channelId": id})).await;
            result["isError"] == false
        });
    }
    let passed = all.join_all().await.into_iter().filter(|p| *p).count();
    assert_eq!(passed, 1);
    assert_eq!(mcp.upstream.calls(), 1);
}
