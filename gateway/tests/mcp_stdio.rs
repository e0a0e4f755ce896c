//! `gateway mcp` as a desktop assistant starts it, with no token: the binary answers over stdio
//! from the sandbox it links in the `sandbox` feature's build (`cargo test -p gateway --features
//! sandbox --test mcp_stdio`, run by `cargo xtask test`).

#![cfg(feature = "sandbox")]

use std::process::Stdio;
use std::time::Duration;

use rmcp::model::CallToolRequestParams;
use rmcp::ServiceExt;
use serde_json::json;

#[tokio::test]
async fn gateway_mcp_without_a_token_answers_from_the_sandbox() {
    let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_gateway"))
        .arg("mcp")
        .env_remove("CHANSCOPE_API_TOKEN")
        .env_remove("CHANSCOPE_TOKEN_FILE")
        .env_remove("CHANSCOPE_UPSTREAM")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let io = (child.stdout.take().unwrap(), child.stdin.take().unwrap());
    // The sandbox generates its data as it starts: a second or two on a busy machine.
    let client = tokio::time::timeout(Duration::from_secs(60), ().serve(io))
        .await
        .expect("it answers within a minute")
        .expect("it speaks MCP");
    assert_eq!(client.list_all_tools().await.unwrap().len(), 11);
    let arguments = json!({"channel": "@bought_jump_news"})
        .as_object()
        .cloned()
        .unwrap();
    let result = client
        .call_tool(CallToolRequestParams::new("channel_report").with_arguments(arguments))
        .await
        .unwrap();
    let report = result.structured_content.expect("a report");
    assert_eq!(report["health"]["verdict"], "warnings", "{report}");
    assert_eq!(report["channel"]["username"], "@bought_jump_news");
    drop(client);
    let status = tokio::time::timeout(Duration::from_secs(20), child.wait())
        .await
        .expect("it exits once its input closes")
        .unwrap();
    assert!(status.success(), "{status}");
}
