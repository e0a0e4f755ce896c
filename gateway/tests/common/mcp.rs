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

/// The `/mcp` key of the tests.
pub const KEY: &str = "mcp-k3y-0123456789abcdef";

/// A JSON-RPC request POSTed to `/mcp` at `origin`, with `authorization` when given, as a
/// Streamable HTTP client sends it.
pub async fn post(origin: &str, authorization: Option<&str>, message: Value) -> super::Answer {
    use bytes::Bytes;
    use http_body_util::{BodyExt, Full};
    use hyper_util::client::legacy::Client;
    use hyper_util::rt::TokioExecutor;
    let client: Client<_, Full<Bytes>> = Client::builder(TokioExecutor::new()).build_http();
    let mut request = axum::http::Request::post(format!("{origin}/mcp"))
        .header("content-type", "application/json")
        .header("accept", "application/json, text/event-stream")
        .header("mcp-protocol-version", "2025-06-18");
    if let Some(value) = authorization {
        request = request.header("authorization", value);
    }
    let body = Full::new(Bytes::from(message.to_string()));
    let response = client.request(request.body(body).unwrap()).await.unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    super::Answer {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
        bytes,
    }
}

/// `tools/call` of `tool` with `arguments` over `/mcp`, with the key: its JSON-RPC `result`.
pub async fn call_over_http(origin: &str, tool: &str, arguments: Value) -> Value {
    let bearer = format!("Bearer {KEY}");
    let message = serde_json::json!({
        "jsonrpc": "2.0", "id": 7, "method": "tools/call",
        "params": {"name": tool, "arguments": arguments},
    });
    let answer = post(origin, Some(&bearer), message).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    answer.json()["result"].clone()
}
