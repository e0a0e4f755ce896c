//! What may pass to the upstream: the eight documented GET operations with their documented
//! parameters (each operation's `PARAMS` in the API layer), each once and of sane length, within
//! the documented limits. Whatever passes is re-encoded from the allowlist in canonical order, so
//! nothing in a request but the values of known parameters reaches the upstream.

use std::collections::HashMap;
use std::time::Duration;

use axum::http::{Method, StatusCode};
use chanscope_api::limits::{
    CHANNEL_SEARCH_LIMIT_DEFAULT, CHANNEL_SEARCH_LIMIT_MAX, POST_SEARCH_LIMIT_DEFAULT,
    POST_SEARCH_LIMIT_MAX, POST_SEARCH_OFFSET_MAX, STAT_MULTI_IDS_MAX,
};
use chanscope_api::ops::{
    ChannelInfo, ChannelSearch, KeywordMentions, MultiPostStats, MultiStoryStats, PostSearch,
    PostStats, SubscriberDynamics,
};
use chanscope_api::{Operation, Query};

use serverkit::envelope::{ApiError, WRONG_METHOD, WRONG_METHOD_TYPE};
use serverkit::rules::query_or_category;
use serverkit::Params;

/// Where the API is served: the console's default base URL, so that it needs no setting here.
pub const API_PREFIX: &str = "/api";

/// Where the MCP server for AI assistants answers, when `--mcp-key-file` turns it on.
pub const MCP_PATH: &str = "/mcp";

/// The longest value accepted, in characters: far above any real query, far below abuse.
pub const MAX_VALUE_CHARS: usize = 2_000;

/// The answer to a browser's `token` under `--browser-token refuse`. It starts with `param ` so
/// the console reads it as a refused parameter.
pub const BROWSER_TOKEN_REFUSED: &str = "param token is not accepted: the gateway adds its own";

/// What happens to a `token` parameter sent by a browser.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum BrowserToken {
    /// Answered with an error envelope, so a misconfigured page is noticed.
    Refuse,
    /// Removed without a word.
    Drop,
}

/// One forwarded operation.
pub struct Route {
    /// The name used by `--ttl` (the console's page for it).
    pub name: &'static str,
    /// The path below `/api` (and below the upstream base).
    pub path: &'static str,
    /// The documented parameters, `token` excluded, in canonical order.
    pub params: &'static [&'static str],
    pub default_ttl: Duration,
    /// The documented rules worth checking before spending upstream quota.
    check: fn(&Params) -> Result<(), ApiError>,
}

const fn route<O: Operation>(
    name: &'static str,
    ttl_secs: u64,
    check: fn(&Params) -> Result<(), ApiError>,
) -> Route {
    Route {
        name,
        path: O::PATH,
        params: O::PARAMS,
        default_ttl: Duration::from_secs(ttl_secs),
        check,
    }
}

/// Cache lifetimes follow how fast the data moves: a channel's card hardly changes within an
/// hour; searches and counters of live posts go stale within minutes.
pub const ROUTES: &[Route] = &[
    route::<KeywordMentions>("keyword-mentions", 600, |p| p.required("q").map(drop)),
    route::<ChannelSearch>("channel-search", 1_800, |p| {
        query_or_category(p)?;
        p.required("country")?;
        limit(p, CHANNEL_SEARCH_LIMIT_DEFAULT, CHANNEL_SEARCH_LIMIT_MAX)
    }),
    route::<SubscriberDynamics>("subscriber-dynamics", 900, |p| {
        p.required("channelId").map(drop)
    }),
    route::<ChannelInfo>("channel-info", 3_600, |p| p.required("channelId").map(drop)),
    route::<MultiPostStats>("multi-post-stats", 300, |p| {
        p.required("channelId")?;
        p.id_list("postsIds", STAT_MULTI_IDS_MAX).map(drop)
    }),
    route::<MultiStoryStats>("multi-story-stats", 300, |p| {
        p.required("channelId")?;
        p.id_list("storiesIds", STAT_MULTI_IDS_MAX).map(drop)
    }),
    route::<PostStats>("post-stats", 300, |p| p.required("postId").map(drop)),
    route::<PostSearch>("post-search", 300, |p| {
        p.required("q")?;
        limit(p, POST_SEARCH_LIMIT_DEFAULT, POST_SEARCH_LIMIT_MAX)?;
        p.number("offset", 0, 0, POST_SEARCH_OFFSET_MAX).map(drop)
    }),
];

fn limit(p: &Params, default: u32, max: u32) -> Result<(), ApiError> {
    p.number("limit", default, 1, max).map(drop)
}

pub fn route_named(name: &str) -> Option<&'static Route> {
    ROUTES.iter().find(|r| r.name == name)
}

/// A request that may go upstream: its operation and its canonical, token-free query.
pub struct Call {
    pub route: &'static Route,
    pub query: Query,
}

impl Call {
    /// `path?query`: identical calls have identical keys (the cache's and the coalescer's).
    pub fn key(&self) -> String {
        format!("{}?{}", self.route.path, self.query.encode())
    }
}

/// Why a request does not go upstream; each becomes an error envelope.
#[derive(Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not one of the eight operations: `wrong_method`, HTTP 404.
    UnknownOperation,
    /// Neither GET nor HEAD: `wrong_method_type`, HTTP 405.
    Method,
    /// A parameter problem: the message, HTTP 400.
    Param(ApiError),
}

impl Refusal {
    pub fn status(&self) -> StatusCode {
        match self {
            Refusal::UnknownOperation => StatusCode::NOT_FOUND,
            Refusal::Method => StatusCode::METHOD_NOT_ALLOWED,
            Refusal::Param(_) => StatusCode::BAD_REQUEST,
        }
    }

    pub fn message(&self) -> &str {
        match self {
            Refusal::UnknownOperation => WRONG_METHOD,
            Refusal::Method => WRONG_METHOD_TYPE,
            Refusal::Param(e) => &e.0,
        }
    }
}

/// Decides on a request for `/api{path}` with the raw query string. The path must be an
/// operation's exactly: `..`, extra segments and encoded slashes match none.
pub fn admit(
    method: &Method,
    path: &str,
    raw_query: Option<&str>,
    browser_token: BrowserToken,
) -> Result<Call, Refusal> {
    // HEAD as GET, as the preflight advertises: axum and hyper leave out the body.
    if method != Method::GET && method != Method::HEAD {
        return Err(Refusal::Method);
    }
    let route = ROUTES
        .iter()
        .find(|r| r.path == path)
        .ok_or(Refusal::UnknownOperation)?;
    let refuse = |message: String| Refusal::Param(ApiError::new(message));
    let mut given: HashMap<String, String> = HashMap::new();
    for (name, value) in form_urlencoded::parse(raw_query.unwrap_or("").as_bytes()) {
        if name == "token" {
            match browser_token {
                BrowserToken::Refuse => return Err(refuse(BROWSER_TOKEN_REFUSED.to_owned())),
                BrowserToken::Drop => continue,
            }
        }
        // The name is echoed only once it is known to be one of ours.
        let Some(&known) = route.params.iter().find(|p| **p == name) else {
            let shown: String = name.chars().take(40).collect();
            return Err(refuse(format!("param {shown} is not accepted")));
        };
        if value.chars().count() > MAX_VALUE_CHARS {
            return Err(refuse(format!(
                "param {known} is too long (at most {MAX_VALUE_CHARS} characters)"
            )));
        }
        if given.insert(known.to_owned(), value.into_owned()).is_some() {
            return Err(refuse(format!("param {known} is repeated")));
        }
    }
    let params = Params(given);
    (route.check)(&params).map_err(Refusal::Param)?;
    let mut query = Query::new();
    for name in route.params {
        // Blank is absent, as the service reads it; trimmed, as the console sends it.
        query.opt(name, params.text(name));
    }
    Ok(Call { route, query })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn admit_get(path: &str, query: &str) -> Result<String, Refusal> {
        admit(&Method::GET, path, Some(query), BrowserToken::Refuse).map(|c| c.key())
    }

    fn refused(path: &str, query: &str) -> String {
        admit_get(path, query).unwrap_err().message().to_owned()
    }

    #[test]
    fn canonical_order_and_encoding() {
        assert_eq!(
            admit_get(
                "/posts/search",
                "extended=1&limit=5&q=%D0%BC%D0%B8%D1%80+ton&offset="
            )
            .unwrap(),
            "/posts/search?q=%D0%BC%D0%B8%D1%80%20ton&limit=5&extended=1"
        );
        assert_eq!(
            admit_get("/channels/get", "channelId=@durov").unwrap(),
            admit_get("/channels/get", "channelId=%40durov").unwrap()
        );
        let dropped = admit(
            &Method::GET,
            "/channels/get",
            Some("token=abc&channelId=1"),
            BrowserToken::Drop,
        )
        .unwrap();
        assert_eq!(dropped.key(), "/channels/get?channelId=1");
    }

    #[test]
    fn refusals() {
        assert_eq!(
            admit(&Method::POST, "/channels/get", None, BrowserToken::Refuse).err(),
            Some(Refusal::Method)
        );
        for path in [
            "/posts/search/extra",
            "/../x",
            "/posts%2Fsearch",
            "/posts/search/",
            "",
        ] {
            assert_eq!(
                admit_get(path, "q=a").err(),
                Some(Refusal::UnknownOperation)
            );
        }
        assert_eq!(
            refused("/channels/get", "channelId=1&token=x"),
            BROWSER_TOKEN_REFUSED
        );
        assert_eq!(
            refused("/channels/get", "channelId=1&limit=2"),
            "param limit is not accepted"
        );
        assert_eq!(
            refused("/channels/get", "channelId=1&channelId=2"),
            "param channelId is repeated"
        );
        let long = "a".repeat(MAX_VALUE_CHARS + 1);
        assert_eq!(
            refused("/posts/search", &format!("q={long}")),
            "param q is too long (at most 2000 characters)"
        );
        assert!(admit_get("/posts/search", &format!("q={}", &long[1..])).is_ok());
    }

    #[test]
    fn documented_limits() {
        assert_eq!(
            refused("/posts/search", "q=a&limit=51"),
            "param limit must be at most 50"
        );
        assert_eq!(
            refused("/posts/search", "q=a&offset=1001"),
            "param offset must be at most 1000"
        );
        assert!(admit_get("/posts/search", "q=a&limit=50&offset=1000").is_ok());
        assert_eq!(refused("/posts/search", "limit=5"), "param q required");
        assert_eq!(
            refused("/channels/search", "country=ru"),
            "at least one parameters q or category required"
        );
        assert_eq!(
            refused("/channels/search", "country=ru&q=ab"),
            "param q is too short"
        );
        assert_eq!(
            refused("/channels/search", "country=ru&q=abc&limit=101"),
            "param limit must be at most 100"
        );
        assert!(admit_get("/channels/search", "country=ru&category=news").is_ok());
        let ids = |n: u64| (1..=n).map(|i| i.to_string()).collect::<Vec<_>>().join(",");
        assert!(admit_get(
            "/posts/stat-multi",
            &format!("channelId=1&postsIds={}", ids(50))
        )
        .is_ok());
        assert_eq!(
            refused(
                "/stories/stat-multi",
                &format!("channelId=1&storiesIds={}", ids(51))
            ),
            "param storiesIds must list at most 50 ids"
        );
    }
}
