//! The MCP server: the API's eight operations and the buyer's figures as tools for AI
//! assistants, over Streamable HTTP at `/mcp` (`http.rs`, behind `--mcp-key-file`) and over
//! stdio (`gateway mcp`, `stdio.rs`). Both ask the API through the gateway's own `/api` pipeline
//! (`ask.rs`), so a visitor's calls through `/mcp` and `/api` share one rate limit, cache and
//! budget, and the token stays on the server.

mod ask;
mod campaign;
mod compare;
mod guide;
mod health;
pub mod http;
mod ops;
mod out;
mod report;
pub mod stdio;

use std::net::{IpAddr, Ipv4Addr};
use std::sync::Arc;

use rmcp::handler::server::router::tool::ToolRouter;
use rmcp::handler::server::wrapper::Parameters;
use rmcp::model::{
    GetPromptRequestParams, GetPromptResponse, GetPromptResult, Implementation, ListPromptsResult,
    ListResourcesResult, PaginatedRequestParams, ReadResourceRequestParams, ReadResourceResponse,
    ReadResourceResult, ServerCapabilities, ServerConfig,
};
use rmcp::service::RequestContext;
use rmcp::{tool, tool_handler, tool_router, ErrorData, Json, RoleServer, ServerHandler};
use serde::Serialize;

use crate::frame::ClientAddress;
use crate::state::Gateway;

use ask::Asker;
pub use ask::MAX_UNCONFIRMED;
use campaign::{CampaignArgs, Gains};
use compare::{CompareArgs, Comparison};
use ops::{
    query_of, ChannelInfoArgs, ChannelSearchArgs, KeywordMentionsArgs, MultiPostStatsArgs,
    MultiStoryStatsArgs, OperationAnswer, PostSearchArgs, PostStatsArgs, SubscriberDynamicsArgs,
};
use report::{Report, ReportArgs};

/// What the server tells an assistant as it connects.
const INSTRUCTIONS: &str = "Chanscope: analytics of public messenger channels for people who \
    buy adverts. Start with channel_report to judge a channel (its health verdict says whether \
    its subscribers look bought, and how sure that is), campaign_gains to see what placements \
    brought. Every call costs API requests from the user's plan: each tool's description states \
    how many, and a call of more than 10 waits for confirm_requests. Figures carry their \
    definitions; quote them rather than guessing.";

/// The MCP server over one gateway.
#[derive(Clone)]
pub struct Chanscope {
    gw: Arc<Gateway>,
    tool_router: ToolRouter<Chanscope>,
}

/// The visitor a request came from: over `/mcp`, as `/api` decides it (the connection's address,
/// or the trusted proxy's `X-Forwarded-For` hop); over stdio, this machine.
fn visitor(context: &RequestContext<RoleServer>) -> IpAddr {
    context
        .extensions
        .get::<axum::http::request::Parts>()
        .and_then(|parts| parts.extensions.get::<ClientAddress>())
        .map_or(IpAddr::V4(Ipv4Addr::LOCALHOST), |c| c.0)
}

#[tool_router]
impl Chanscope {
    pub fn new(gw: Arc<Gateway>) -> Chanscope {
        Chanscope {
            gw,
            tool_router: Self::tool_router(),
        }
    }

    fn asker(&self, context: &RequestContext<RoleServer>) -> Asker {
        Asker::new(Arc::clone(&self.gw), visitor(context))
    }

    /// One of the eight operations: its arguments as the API's query, its `response` as it came.
    async fn operation(
        &self,
        context: &RequestContext<RoleServer>,
        path: &str,
        args: &impl Serialize,
    ) -> Result<Json<OperationAnswer>, String> {
        let ask = self.asker(context);
        let response = ask.raw(path, &query_of(args)).await?;
        Ok(Json(OperationAnswer {
            response,
            requests: ask.requests(),
        }))
    }

    #[tool(
        description = "Keyword mentions by channel: per channel, how often a word or phrase \
        was mentioned, the reach of those posts and the date of the last one (default: the last \
        10 days). Costs 1 API request."
    )]
    async fn keyword_mentions(
        &self,
        Parameters(args): Parameters<KeywordMentionsArgs>,
        context: RequestContext<RoleServer>,
    ) -> Result<Json<OperationAnswer>, String> {
        self.operation(&context, "/words/mentions-by-channels", &args)
            .await
    }

    #[tool(
        description = "Channel and chat search by keyword (q, 3 characters or more) or \
        category, in a country; up to 100 channels with their subscribers and citation index. \
        Costs 1 API request."
    )]
    async fn channel_search(
        &self,
        Parameters(args): Parameters<ChannelSearchArgs>,
        context: RequestContext<RoleServer>,
    ) -> Result<Json<OperationAnswer>, String> {
        self.operation(&context, "/channels/search", &args).await
    }

    #[tool(
        description = "Subscriber dynamics: a channel's or chat's participant count over \
        time by hour, day, week or month, newest first (default: the last 10 days by day). \
        Costs 1 API request."
    )]
    async fn subscriber_dynamics(
        &self,
        Parameters(args): Parameters<SubscriberDynamicsArgs>,
        context: RequestContext<RoleServer>,
    ) -> Result<Json<OperationAnswer>, String> {
        self.operation(&context, "/channels/subscribers", &args)
            .await
    }

    #[tool(
        description = "Channel information: the card of one channel or chat (title, \
        subscribers, citation index, category, country, language, the service's restrictions). \
        Costs 1 API request."
    )]
    async fn channel_info(
        &self,
        Parameters(args): Parameters<ChannelInfoArgs>,
        context: RequestContext<RoleServer>,
    ) -> Result<Json<OperationAnswer>, String> {
        self.operation(&context, "/channels/get", &args).await
    }

    #[tool(
        description = "Statistics of up to 50 posts of one channel: views, shares, comments \
        and reactions of each. Needs plan XL. Costs 1 API request."
    )]
    async fn multi_post_stats(
        &self,
        Parameters(args): Parameters<MultiPostStatsArgs>,
        context: RequestContext<RoleServer>,
    ) -> Result<Json<OperationAnswer>, String> {
        self.operation(&context, "/posts/stat-multi", &args).await
    }

    #[tool(
        description = "Statistics of up to 50 stories of one channel: views, shares and \
        reactions of each. Needs plan XL. Costs 1 API request."
    )]
    async fn multi_story_stats(
        &self,
        Parameters(args): Parameters<MultiStoryStatsArgs>,
        context: RequestContext<RoleServer>,
    ) -> Result<Json<OperationAnswer>, String> {
        self.operation(&context, "/stories/stat-multi", &args).await
    }

    #[tool(
        description = "Statistics of one post: its counters, reposts, mentions, and the \
        growth of its views over its first 15 days by hour or day. Costs 1 API request."
    )]
    async fn post_stats(
        &self,
        Parameters(args): Parameters<PostStatsArgs>,
        context: RequestContext<RoleServer>,
    ) -> Result<Json<OperationAnswer>, String> {
        self.operation(&context, "/posts/stat", &args).await
    }

    #[tool(
        description = "Full-text post search, newest first: up to 50 posts a page, offset up \
        to 1000, with their counters (extended=1 adds their channels). Costs 1 API request."
    )]
    async fn post_search(
        &self,
        Parameters(args): Parameters<PostSearchArgs>,
        context: RequestContext<RoleServer>,
    ) -> Result<Json<OperationAnswer>, String> {
        self.operation(&context, "/posts/search", &args).await
    }

    #[tool(
        description = "Judge a channel before buying an advert in it: its card, subscriber \
        change over 7 and 30 days, the health check (verdict warnings or clean, how sure, and \
        each finding with its evidence: jumps, steps and drops of subscribers beyond the \
        channel's normal, rises that mentions explain, restrictions, low ERR), and the posts of \
        other channels that mention it with the gain after each. With reach_profile: reach at \
        12/24/48 h, ERR, ERR24 and ER over its last 10 posts. Costs up to 4 API requests, 14 \
        with reach_profile (which needs confirm_requests: 14)."
    )]
    async fn channel_report(
        &self,
        Parameters(args): Parameters<ReportArgs>,
        context: RequestContext<RoleServer>,
    ) -> Result<Json<Report>, String> {
        report::channel_report(&self.asker(&context), args)
            .await
            .map(Json)
    }

    #[tool(
        description = "Compare 2 to 10 channels before paying: per channel its subscribers, \
        their change over 7, 30 and 90 days (net and percent), citation index, the registry's \
        verification, the service's restrictions and age in days. Costs 2 API requests per \
        channel; over 10 (6 channels or more) it needs confirm_requests."
    )]
    async fn compare_channels(
        &self,
        Parameters(args): Parameters<CompareArgs>,
        context: RequestContext<RoleServer>,
    ) -> Result<Json<Comparison>, String> {
        compare::compare_channels(&self.asker(&context), args)
            .await
            .map(Json)
    }

    #[tool(
        description = "What a campaign's adverts brought: per placement its reach and CPM \
        at 24 and 48 h, the promoted channel's subscriber gain beyond its normal growth with its \
        spread, and a cost per subscriber only when that gain is clearly (2 spreads) beyond \
        normal; and the campaign's totals. Costs one API request per placement plus up to 3; \
        over 10 it needs confirm_requests."
    )]
    async fn campaign_gains(
        &self,
        Parameters(args): Parameters<CampaignArgs>,
        context: RequestContext<RoleServer>,
    ) -> Result<Json<Gains>, String> {
        campaign::campaign_gains(&self.asker(&context), args)
            .await
            .map(Json)
    }
}

#[tool_handler(router = self.tool_router)]
impl ServerHandler for Chanscope {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_resources()
            .enable_prompts()
            .build();
        ServerConfig::new(capabilities)
            .with_server_info(Implementation::new("chanscope", env!("CARGO_PKG_VERSION")))
            .with_instructions(INSTRUCTIONS)
    }

    async fn list_resources(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListResourcesResult, ErrorData> {
        Ok(ListResourcesResult::with_all_items(guide::resources()))
    }

    async fn read_resource(
        &self,
        request: ReadResourceRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<ReadResourceResponse, ErrorData> {
        match guide::read(&request.uri, &self.gw.config) {
            Some(contents) => Ok(ReadResourceResult::new(vec![contents]).into()),
            None => Err(ErrorData::resource_not_found(
                format!("no resource {}", request.uri),
                None,
            )),
        }
    }

    async fn list_prompts(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListPromptsResult, ErrorData> {
        Ok(ListPromptsResult::with_all_items(guide::prompts()))
    }

    async fn get_prompt(
        &self,
        request: GetPromptRequestParams,
        _context: RequestContext<RoleServer>,
    ) -> Result<GetPromptResponse, ErrorData> {
        let channel = request
            .arguments
            .as_ref()
            .and_then(|a| a.get("channel"))
            .and_then(|c| c.as_str())
            .filter(|c| !c.trim().is_empty());
        match (request.name.as_str(), channel) {
            (guide::JUDGE_PROMPT, Some(channel)) => {
                Ok(GetPromptResult::new(vec![guide::judge(channel.trim())]).into())
            }
            (guide::JUDGE_PROMPT, None) => {
                Err(ErrorData::invalid_params("channel is required", None))
            }
            (other, _) => Err(ErrorData::invalid_params(
                format!("no prompt {other}"),
                None,
            )),
        }
    }
}
