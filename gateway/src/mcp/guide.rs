//! What an assistant may read besides the tools: two resources (the limits a call meets, the
//! figures' definitions) and one prompt, "judge this channel before buying an advert".

use chanscope_api::limits::{
    CHANNEL_SEARCH_LIMIT_MAX, CHANNEL_SEARCH_QUERY_MIN_CHARS, DEFAULT_PERIOD_DAYS,
    POST_SEARCH_LIMIT_MAX, POST_SEARCH_OFFSET_MAX, STAT_MULTI_IDS_MAX, VIEW_GROWTH_WINDOW_DAYS,
};
use rmcp::model::{Prompt, PromptArgument, PromptMessage, Resource, ResourceContents, Role};

use super::ask::{LONGEST_WAIT, MAX_UNCONFIRMED, PATIENCE_SECS};
use super::out::DEFINITIONS;
use crate::config::Config;

pub const LIMITS_URI: &str = "chanscope://limits";
pub const FIGURES_URI: &str = "chanscope://figures";
pub const JUDGE_PROMPT: &str = "judge_channel";

pub fn resources() -> Vec<Resource> {
    vec![
        Resource::new(LIMITS_URI, "limits")
            .with_description("The API's limits and this server's: what a call may ask and how many requests it may spend")
            .with_mime_type("text/markdown"),
        Resource::new(FIGURES_URI, "figures")
            .with_description("The definition of every figure the tools return, to quote")
            .with_mime_type("text/markdown"),
    ]
}

/// The resource at `uri`, or `None` for an unknown one.
pub fn read(uri: &str, config: &Config) -> Option<ResourceContents> {
    let text = match uri {
        LIMITS_URI => limits(config),
        FIGURES_URI => DEFINITIONS
            .iter()
            .map(|(figure, definition)| format!("- **{figure}**: {definition}\n"))
            .collect(),
        _ => return None,
    };
    Some(ResourceContents::text(text, uri).with_mime_type("text/markdown"))
}

fn limits(config: &Config) -> String {
    let budget = config.upstream_rate.map_or("none set".to_owned(), |r| {
        format!(
            "{} calls a second to the service, shared by its visitors",
            r.per_second
        )
    });
    format!(
        "# Limits\n\n\
         ## The API's\n\
         - channel search: `q` of {CHANNEL_SEARCH_QUERY_MIN_CHARS} characters or more, or a `category`; `limit` at most {CHANNEL_SEARCH_LIMIT_MAX}\n\
         - post search: `limit` at most {POST_SEARCH_LIMIT_MAX}, `offset` at most {POST_SEARCH_OFFSET_MAX}\n\
         - statistics of several posts or stories: at most {STAT_MULTI_IDS_MAX} IDs\n\
         - keyword mentions and subscriber dynamics: the last {DEFAULT_PERIOD_DAYS} days when no period is given; the plan caps the period\n\
         - view growth of a post: its first {VIEW_GROWTH_WINDOW_DAYS} days\n\n\
         ## This server's\n\
         - every tool call spends API requests from the plan, stated in its description and returned as `requests`; a cached answer spends none of the service's quota\n\
         - a call of more than {MAX_UNCONFIRMED} requests spends nothing until called again with `confirm_requests` of at least its cost\n\
         - per visitor: {rate} requests a second, {burst} at once, the same allowance as the console's `/api`; past it a wait of up to {LONGEST_WAIT} s is waited out ({PATIENCE_SECS} s in all for a call), a longer one is a tool error that says how many seconds to wait\n\
         - upstream budget: {budget}\n",
        rate = config.rate,
        burst = config.burst,
    )
}

pub fn prompts() -> Vec<Prompt> {
    let channel = PromptArgument::new("channel")
        .with_description("The channel: @username, t.me/username or the service's ID");
    let mut channel = channel;
    channel.required = Some(true);
    vec![Prompt::new(
        JUDGE_PROMPT,
        Some("Judge this channel before buying an advert in it"),
        Some(vec![channel]),
    )]
}

/// The prompt's message for `channel`.
pub fn judge(channel: &str) -> PromptMessage {
    PromptMessage::new_text(
        Role::User,
        format!(
            "I am thinking of buying an advert in {channel}. Judge it for me before I pay.\n\
             1. Call channel_report for {channel} with reach_profile true (it costs up to 14 API \
             requests: pass confirm_requests 14).\n\
             2. Say first whether its subscribers look bought: the health verdict, how sure it \
             is and why (its doubts), and each warning with its dates and numbers.\n\
             3. Then what an advert there can expect: average and median reach at 24 h, ERR24, \
             and how its earlier adverts (mentions) paid off, gain beyond normal with its spread.\n\
             4. Quote the definitions the answer gives for every figure you use; say where a \
             figure is missing and why, never guess one. End with a plain recommendation."
        ),
    )
}
