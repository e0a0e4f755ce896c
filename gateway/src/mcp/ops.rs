//! The eight operations as tools: their arguments are the API's own parameters under the API's
//! own names (camelCase, snake_case for channel search), passed to the `/api` pipeline as a query,
//! so that its policy checks them with the API's limits and messages. Each answer is the
//! envelope's `response` as it came, with the requests spent.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// What an operation tool answers.
#[derive(Serialize, JsonSchema)]
pub struct OperationAnswer {
    /// The API's `response`, as the API sends it (see the API's documentation of the operation).
    pub response: Value,
    /// API requests this call made: always 1 (a cached answer costs the service nothing).
    pub requests: u32,
}

// Optional numbers are described as plain integers, not "integer or null": clients that type
// their arguments by the schema (the MCP inspector's command line among them) then send numbers.

/// The query of `args`: each parameter given, under its JSON name; numbers as digits.
pub fn query_of(args: &impl Serialize) -> String {
    let mut query = form_urlencoded::Serializer::new(String::new());
    if let Ok(Value::Object(fields)) = serde_json::to_value(args) {
        for (name, value) in fields {
            match value {
                Value::String(text) => query.append_pair(&name, &text),
                Value::Number(number) => query.append_pair(&name, &number.to_string()),
                _ => &mut query,
            };
        }
    }
    query.finish()
}

/// The parameters keyword mentions and post search share, under the same names.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct TextSearch {
    /// `channel`, `chat` or `all` (default `all`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peer_type: Option<String>,
    /// Period from, Unix seconds (keyword mentions: default 10 days ago).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "i64")]
    pub start_date: Option<i64>,
    /// Period to, Unix seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "i64")]
    pub end_date: Option<i64>,
    /// 1: leave out reposts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u8")]
    pub hide_forwards: Option<u8>,
    /// 1: strict search, no morphology or partial words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u8")]
    pub strong_search: Option<u8>,
    /// Words to exclude, separated by spaces.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub minus_words: Option<String>,
    /// 1: `q` uses the extended syntax (space AND, `|` OR, `"…"` phrase, `-word` exclude).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u8")]
    pub extended_syntax: Option<u8>,
}

/// Keyword mentions by channel (`/words/mentions-by-channels`).
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct KeywordMentionsArgs {
    /// Keyword or phrase.
    pub q: String,
    #[serde(flatten)]
    pub search: TextSearch,
}

/// Channel and chat search (`/channels/search`); its parameters are snake_case, as the API's.
#[derive(Serialize, Deserialize, JsonSchema)]
pub struct ChannelSearchArgs {
    /// Keyword, at least 3 characters; `q` or `category` is required.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub q: Option<String>,
    /// 1: search the description too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u8")]
    pub search_by_description: Option<u8>,
    /// `channel` (default), `chat` or `all`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub peer_type: Option<String>,
    /// Country of the channel (required), e.g. `ru`.
    pub country: String,
    /// Content language (default `russian`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// Category of the channel.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// Channels returned, 1 to 100 (default 20).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u32")]
    pub limit: Option<u32>,
}

/// Subscriber dynamics (`/channels/subscribers`).
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubscriberDynamicsArgs {
    /// `@username`, `t.me/username`, `t.me/joinchat/CODE` or the service's numeric ID.
    pub channel_id: String,
    /// Period from, Unix seconds (default: the last 10 days).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "i64")]
    pub start_date: Option<i64>,
    /// Period to, Unix seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "i64")]
    pub end_date: Option<i64>,
    /// `hour`, `day` (default), `week` or `month`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
}

/// Channel information (`/channels/get`).
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelInfoArgs {
    /// `@username`, `t.me/username`, `t.me/joinchat/CODE` or the service's numeric ID.
    pub channel_id: String,
}

/// Statistics of several posts (`/posts/stat-multi`).
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MultiPostStatsArgs {
    /// The channel: `@username`, a link or the service's numeric ID.
    pub channel_id: String,
    /// The service's post IDs, comma-separated, at most 50.
    pub posts_ids: String,
}

/// Statistics of several stories (`/stories/stat-multi`).
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct MultiStoryStatsArgs {
    /// The channel: `@username`, a link or the service's numeric ID.
    pub channel_id: String,
    /// The service's story IDs, comma-separated, at most 50.
    pub stories_ids: String,
}

/// Statistics of one post (`/posts/stat`).
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostStatsArgs {
    /// `t.me/username/123`, `t.me/c/CHANNEL/123` or the service's numeric post ID.
    pub post_id: String,
    /// View growth by `hour` or `day` (default).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
}

/// Post search (`/posts/search`), newest first.
#[derive(Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct PostSearchArgs {
    /// Text to search.
    pub q: String,
    /// Posts returned, 1 to 50 (default 20).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u32")]
    pub limit: Option<u32>,
    /// Offset into the results, 0 to 1000.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u32")]
    pub offset: Option<u32>,
    /// Country of the channel.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub country: Option<String>,
    /// Content language of the channel.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    /// Category of the channel.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// 1: hide deleted posts.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u8")]
    pub hide_deleted: Option<u8>,
    /// 1: add the `channels` of the posts found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u8")]
    pub extended: Option<u8>,
    #[serde(flatten)]
    pub search: TextSearch,
}
