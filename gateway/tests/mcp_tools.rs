//! The MCP tools over the sandbox, driven by rmcp's own client in process: every tool's schema,
//! the eight operations answering as `/api` does, the API's messages as tool errors, the
//! channel report's verdict on planted channels, campaign gains, and the cost rule.

mod common;

use common::mcp::{text, McpRig};
use serde_json::{json, Value};

#[tokio::test]
async fn lists_every_tool_with_its_schemas_and_cost() {
    let mcp = McpRig::start(|_| {}).await;
    let tools = mcp.client.list_all_tools().await.unwrap();
    let mut names: Vec<&str> = tools.iter().map(|t| t.name.as_ref()).collect();
    names.sort_unstable();
    assert_eq!(
        names,
        [
            "campaign_gains",
            "channel_info",
            "channel_report",
            "channel_search",
            "compare_channels",
            "keyword_mentions",
            "multi_post_stats",
            "multi_story_stats",
            "post_search",
            "post_stats",
            "subscriber_dynamics",
        ]
    );
    for tool in &tools {
        let description = tool.description.as_deref().unwrap_or_default();
        assert!(
            description.contains("API request"),
            "{}: {description}",
            tool.name
        );
        assert_eq!(tool.input_schema["type"], "object", "{}", tool.name);
        let output = tool.output_schema.as_ref().expect("structured output");
        assert_eq!(output["type"], "object", "{}", tool.name);
    }
    let report = tools.iter().find(|t| t.name == "channel_report").unwrap();
    assert_eq!(report.input_schema["required"], json!(["channel"]));
    // Optional numbers read as integers, so that clients typing arguments by the schema (the
    // inspector's command line) send numbers rather than text.
    assert_eq!(
        report.input_schema["properties"]["confirm_requests"]["type"],
        "integer"
    );
    let search = tools.iter().find(|t| t.name == "post_search").unwrap();
    assert_eq!(
        search.input_schema["properties"]["limit"]["type"],
        "integer"
    );
}

#[tokio::test]
async fn the_eight_operations_answer_what_api_answers() {
    let mcp = McpRig::start(|_| {}).await;
    let ds = &mcp.state.dataset;
    // A post published (the dataset holds posts still to come) at least a day ago.
    let post = ds
        .posts
        .iter()
        .find(|p| p.date < ds.current() - 86_400)
        .unwrap();
    let channel = &ds.channels[post.channel as usize];
    let story = &ds.stories[0];
    let story_channel = ds.channels[story.channel as usize].id;
    let username = &channel.usernames[0];
    let link = format!("t.me/{username}/{}", post.message);
    let mut calls = vec![
        (
            "channel_info",
            json!({"channelId": channel.id.to_string()}),
            format!("/channels/get?channelId={}", channel.id),
        ),
        (
            "subscriber_dynamics",
            json!({"channelId": format!("@{username}"), "group": "week"}),
            format!("/channels/subscribers?channelId=%40{username}&group=week"),
        ),
        (
            "post_stats",
            json!({"postId": link}),
            format!("/posts/stat?postId={}", link.replace('/', "%2F")),
        ),
        (
            "post_search",
            json!({"q": "crypto", "limit": 3}),
            "/posts/search?q=crypto&limit=3".to_owned(),
        ),
        (
            "channel_search",
            json!({"q": "news", "country": "ru", "limit": 5}),
            "/channels/search?q=news&country=ru&limit=5".to_owned(),
        ),
        (
            "keyword_mentions",
            json!({"q": "bitcoin"}),
            "/words/mentions-by-channels?q=bitcoin".to_owned(),
        ),
        (
            "multi_post_stats",
            json!({"channelId": channel.id.to_string(), "postsIds": post.id.to_string()}),
            format!(
                "/posts/stat-multi?channelId={}&postsIds={}",
                channel.id, post.id
            ),
        ),
    ];
    calls.push((
        "multi_story_stats",
        json!({"channelId": story_channel.to_string(), "storiesIds": story.id.to_string()}),
        format!(
            "/stories/stat-multi?channelId={story_channel}&storiesIds={}",
            story.id
        ),
    ));
    for (tool, arguments, api_path) in calls {
        let answer = mcp.answer(tool, arguments).await;
        let api = mcp.rig.get(&format!("/api{api_path}")).await.json();
        assert_eq!(api["status"], "ok", "{api_path}: {api}");
        assert_eq!(answer["response"], api["response"], "{tool}");
        assert_eq!(answer["requests"], 1, "{tool}");
    }
}

#[tokio::test]
async fn invalid_arguments_get_the_api_messages_as_tool_errors() {
    let mcp = McpRig::start(|_| {}).await;
    let cases = [
        (
            "channel_search",
            json!({"q": "ab", "country": "ru"}),
            "param q is too short",
        ),
        (
            "channel_search",
            json!({"country": "ru"}),
            "at least one parameters q or category required",
        ),
        (
            "post_search",
            json!({"q": "ton", "limit": 51}),
            "param limit",
        ),
        (
            "multi_post_stats",
            json!({"channelId": "@example_channel", "postsIds": (1..=51).map(|n| n.to_string()).collect::<Vec<_>>().join(",")}),
            "postsIds",
        ),
        (
            "channel_report",
            json!({"channel": "not a channel!"}),
            "channelId",
        ),
        (
            "campaign_gains",
            json!({"promoted": "@example_channel", "placements": [{"post": "t.me/example_channel/1", "price": "cheap"}]}),
            "price \"cheap\"",
        ),
    ];
    let before = mcp.upstream.calls();
    for (tool, arguments, message) in cases {
        let result = mcp.call(tool, arguments).await;
        assert_eq!(result.is_error, Some(true), "{tool}");
        assert!(text(&result).contains(message), "{tool}: {}", text(&result));
    }
    assert_eq!(mcp.upstream.calls(), before, "nothing reached the service");
}

/// The sandbox's planted channel whose 8,000 subscribers were bought in one hour 20 days ago.
#[tokio::test]
async fn channel_report_finds_a_bought_jump_with_its_evidence() {
    let mcp = McpRig::start(|_| {}).await;
    let report = mcp
        .answer("channel_report", json!({"channel": "@bought_jump_news"}))
        .await;
    let health = &report["health"];
    assert_eq!(health["verdict"], "warnings", "{health}");
    assert_eq!(health["confidence"], "high", "{health}");
    assert_eq!(health["counts_by"], "hour");
    let jump = health["findings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|f| f["kind"] == "subscriber-jump")
        .expect("a jump");
    let change = jump["evidence"]["change"].as_i64().unwrap();
    assert!((7_000..=9_000).contains(&change), "{jump}");
    let days_ago = (chrono::Utc::now().date_naive()
        - jump["date"]
            .as_str()
            .unwrap()
            .parse::<chrono::NaiveDate>()
            .unwrap())
    .num_days();
    assert!((19..=21).contains(&days_ago), "{jump}");
    // The card, 90 days by hour and the mention search; the 7- and 30-day changes come from
    // the 90 days.
    assert_eq!(report["requests"], 3);
    assert_eq!(report["requests_at_most"], 4);
    assert!(report["change_30d"]["net"].as_i64().unwrap() > 0);
    let defined: Vec<&str> = report["definitions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["figure"].as_str().unwrap())
        .collect();
    assert!(
        defined.contains(&"verdict") && defined.contains(&"confidence"),
        "{defined:?}"
    );
}

/// Four adverts, of which 1, 3, 6 and 10 % of 50,000 readers subscribed: clean, and the
/// mentions with the gain after each.
#[tokio::test]
async fn channel_report_explains_rises_by_mentions_and_reads_the_reach_profile() {
    let mcp = McpRig::start(|_| {}).await;
    let asked = json!({"channel": "@advert_ladder", "reach_profile": true});
    let before = mcp.upstream.calls();
    let refused = mcp.call("channel_report", asked.clone()).await;
    assert_eq!(refused.is_error, Some(true));
    assert!(
        text(&refused).contains("\"confirm_requests\": 14"),
        "{}",
        text(&refused)
    );
    assert_eq!(mcp.upstream.calls(), before, "nothing was spent");

    let mut confirmed = asked;
    confirmed["confirm_requests"] = json!(14);
    let report = mcp.answer("channel_report", confirmed).await;
    assert_eq!(report["health"]["verdict"], "clean", "{}", report["health"]);
    let mentions = report["mentions"].as_array().unwrap();
    assert!(mentions.len() >= 4, "{mentions:?}");
    let beyond = mentions
        .iter()
        .filter(|m| m["gain_24h"]["beyond_normal"] == true)
        .count();
    assert!(beyond >= 3, "{mentions:?}");
    let reach = &report["reach"];
    assert!(reach["posts"].as_u64().unwrap() >= 5, "{reach}");
    let err24 = reach["err24_percent"]["value"].as_f64().expect("ERR24");
    assert!(err24 > 0.0 && err24 < 100.0, "{reach}");
    assert!(report["requests"].as_u64().unwrap() > 3);
    assert!(report["requests"].as_u64().unwrap() <= 14);
}

/// The ladder's adverts as a campaign: each placement's gain with its spread, and a cost per
/// subscriber exactly where the gain is beyond 2 spreads.
#[tokio::test]
async fn campaign_gains_prices_only_gains_beyond_normal() {
    let mcp = McpRig::start(|_| {}).await;
    let report = mcp
        .answer("channel_report", json!({"channel": "@advert_ladder"}))
        .await;
    let placements: Vec<Value> = report["mentions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| json!({"post": m["post"], "price": "5000 RUB", "at": m["at"]}))
        .collect();
    assert!(placements.len() >= 4);
    let cost = placements.len() + 3;
    let gains = mcp
        .answer(
            "campaign_gains",
            json!({"promoted": "@advert_ladder", "placements": placements, "confirm_requests": cost}),
        )
        .await;
    let mut priced = 0;
    for p in gains["placements"].as_array().unwrap() {
        assert_eq!(p["currency"], "RUB");
        assert!(p["reach_24h"]["value"].as_f64().unwrap() > 0.0, "{p}");
        let cpm = p["cpm_24h"]["value"].as_f64().unwrap();
        let reach = p["reach_24h"]["value"].as_f64().unwrap();
        assert!((cpm - 5000.0 / (reach / 1000.0)).abs() < 0.01 * cpm, "{p}");
        let gain = p["gain_24h"]["value"].as_f64().unwrap();
        let spread = p["spread_24h"]["value"].as_f64().unwrap();
        let per = &p["cost_per_subscriber_24h"];
        if gain > 2.0 * spread {
            priced += 1;
            let value = per["value"].as_f64().expect("priced beyond normal");
            assert!((value - 5000.0 / gain).abs() < 0.01 * value, "{p}");
        } else {
            assert!(per["value"].is_null(), "{p}");
            assert!(per["missing"].as_str().is_some(), "{p}");
        }
    }
    assert!(priced >= 3, "{gains}");
    assert_eq!(gains["counts_by"], "hour");
    // The same adverts, found by the mention search, are left out of the normal change.
    assert_eq!(gains["mentions_left_out"], cost - 3);
    assert!(gains["totals"]["reach_24h"]["value"].as_f64().unwrap() > 0.0);
}

#[tokio::test]
async fn a_rate_limit_is_a_tool_error_with_the_wait() {
    let mcp = McpRig::start(|config| {
        config.rate = 0.1;
        config.burst = 1.0;
    })
    .await;
    let result = mcp
        .call("channel_report", json!({"channel": "@bought_jump_news"}))
        .await;
    assert_eq!(result.is_error, Some(true));
    let message = text(&result);
    assert!(message.contains("try again in"), "{message}");
    assert!(message.contains("flood_control_"), "{message}");
}
