//! An MCP client on the gateway's MCP server, in process over a pipe, with the sandbox as the
//! upstream generated at the real clock's hour: the tools ask for the last 90 days from now.

use std::sync::Arc;

use rmcp::model::{CallToolRequestParams, CallToolResult};
use rmcp::service::RunningService;
use rmcp::{RoleClient, ServiceExt};
use serde_json::Value;

use gateway::config::Config;
use gateway::mcp::Chanscope;
use sandbox::{Dataset, Size, State};

use super::{CountingUpstream, Rig, SECRET};

/// The sandbox at the real clock's hour, accepting the gateway's token alone.
pub fn upstream_now() -> Arc<State> {
    let now = chrono::Utc::now().timestamp();
    let mut config = sandbox::Config::default();
    config
        .tokens
        .add(&format!("{SECRET}=search+stat:XL"))
        .unwrap();
    Arc::new(State::new(Dataset::generate(1, Size::Small, now), config))
}

pub struct McpRig {
    pub rig: Rig,
    pub upstream: CountingUpstream,
    pub state: Arc<State>,
    pub client: RunningService<RoleClient, ()>,
}

impl McpRig {
    pub async fn start(tweak: impl FnOnce(&mut Config)) -> McpRig {
        let state = upstream_now();
        let upstream = CountingUpstream::start(Arc::clone(&state)).await;
        let rig = Rig::on(&upstream, tweak).await;
        let (server_end, client_end) = tokio::io::duplex(1 << 20);
        let server = Chanscope::new(Arc::clone(&rig.gateway));
        tokio::spawn(async move {
            if let Ok(served) = server.serve(server_end).await {
                let _ = served.waiting().await;
            }
        });
        let client = ().serve(client_end).await.expect("the client connects");
        McpRig {
            rig,
            upstream,
            state,
            client,
        }
    }

    /// Calls `tool` with `arguments`: its result, an error one included.
    pub async fn call(&self, tool: &str, arguments: Value) -> CallToolResult {
        let arguments = arguments
            .as_object()
            .cloned()
            .expect("arguments are an object");
        self.client
            .call_tool(CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments))
            .await
            .expect("the call is answered")
    }

    /// `tool`'s structured answer; fails the test on a tool error.
    pub async fn answer(&self, tool: &str, arguments: Value) -> Value {
        let result = self.call(tool, arguments).await;
        assert_ne!(result.is_error, Some(true), "{tool}: {}", text(&result));
        result.structured_content.expect("a structured answer")
    }

    /// The username of the sandbox's channel `c`, with `@`.
    pub fn username(&self, c: u32) -> String {
        format!("@{}", self.state.dataset.channels[c as usize].usernames[0])
    }
}

/// A result's text content.
pub fn text(result: &CallToolResult) -> String {
    result
        .content
        .iter()
        .filter_map(|c| c.as_text().map(|t| t.text.clone()))
        .collect::<Vec<_>>()
        .join("\n")
}
