//! Every documented limit and default of the API, named once. The client validates against these
//! before a request is sent; the sandbox enforces the same values as a server.

/// Channel search: maximum of `limit`.
pub const CHANNEL_SEARCH_LIMIT_MAX: u32 = 100;
/// Channel search: `limit` when none is given.
pub const CHANNEL_SEARCH_LIMIT_DEFAULT: u32 = 20;
/// Channel search: minimum length of `q`, in characters (not bytes).
pub const CHANNEL_SEARCH_QUERY_MIN_CHARS: usize = 3;
/// Channel search: `language` when none is given.
pub const CHANNEL_SEARCH_LANGUAGE_DEFAULT: &str = "russian";

/// Post search: maximum of `limit`.
pub const POST_SEARCH_LIMIT_MAX: u32 = 50;
/// Post search: `limit` when none is given.
pub const POST_SEARCH_LIMIT_DEFAULT: u32 = 20;
/// Post search: maximum of `offset`.
pub const POST_SEARCH_OFFSET_MAX: u32 = 1000;

/// Statistics of several posts / stories: most identifiers in one call.
pub const STAT_MULTI_IDS_MAX: usize = 50;

/// Keyword mentions and subscriber dynamics: the period covered when no start is given.
pub const DEFAULT_PERIOD_DAYS: i64 = 10;
/// Statistics of one post: view growth covers this many days after publication.
pub const VIEW_GROWTH_WINDOW_DAYS: i64 = 15;
