use crate::limits::{
    CHANNEL_SEARCH_LANGUAGE_DEFAULT, CHANNEL_SEARCH_LIMIT_DEFAULT, CHANNEL_SEARCH_LIMIT_MAX,
    CHANNEL_SEARCH_QUERY_MIN_CHARS,
};
use crate::model::ChannelSearchResponse;
use crate::operation::Operation;
use crate::params::PeerType;
use crate::query::Query;
use crate::validate::{Checker, Invalid, Rule};

/// Channel and chat search by keyword or category. Its parameters are snake_case
/// (`peer_type`, `search_by_description`), unlike the other operations.
#[derive(Clone, Debug, PartialEq)]
pub struct ChannelSearch {
    /// `q`: keyword, at least 3 characters; blank means not given.
    pub q: String,
    /// `search_by_description`: search the description too.
    pub search_by_description: bool,
    /// `peer_type`, default channel.
    pub peer_type: PeerType,
    /// `country` (required).
    pub country: String,
    /// `language`; blank means the default, russian.
    pub language: String,
    /// `category`; blank means not given.
    pub category: String,
    /// `limit`: 1 to 100, default 20.
    pub limit: Option<u32>,
}

impl ChannelSearch {
    pub fn new(country: impl Into<String>) -> Self {
        ChannelSearch {
            q: String::new(),
            search_by_description: false,
            peer_type: PeerType::Channel,
            country: country.into(),
            language: String::new(),
            category: String::new(),
            limit: None,
        }
    }
}

impl Operation for ChannelSearch {
    const PATH: &'static str = "/channels/search";
    const PARAMS: &'static [&'static str] = &[
        "q",
        "search_by_description",
        "peer_type",
        "country",
        "language",
        "category",
        "limit",
    ];
    type Response = ChannelSearchResponse;

    fn validate(&self) -> Result<(), Invalid> {
        let mut check = Checker::new();
        let q = self.q.trim();
        let chars = q.chars().count();
        if q.is_empty() && self.category.trim().is_empty() {
            check.fail("q", Rule::QueryOrCategory);
        } else if !q.is_empty() && chars < CHANNEL_SEARCH_QUERY_MIN_CHARS {
            check.fail(
                "q",
                Rule::TooShort {
                    min: CHANNEL_SEARCH_QUERY_MIN_CHARS,
                    given: chars,
                },
            );
        }
        check
            .required("country", &self.country)
            .range("limit", self.limit, 1, CHANNEL_SEARCH_LIMIT_MAX)
            .finish()
    }

    fn query(&self) -> Query {
        let language = match self.language.trim() {
            default if default == CHANNEL_SEARCH_LANGUAGE_DEFAULT => "",
            other => other,
        };
        let mut q = Query::new();
        q.text("q", &self.q)
            .flag("search_by_description", self.search_by_description)
            .unless_default("peer_type", self.peer_type, PeerType::Channel)
            .text("country", &self.country)
            .text("language", language)
            .text("category", &self.category)
            .opt(
                "limit",
                self.limit.filter(|l| *l != CHANNEL_SEARCH_LIMIT_DEFAULT),
            );
        q
    }
}
