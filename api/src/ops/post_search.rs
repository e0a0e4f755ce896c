use chrono::{DateTime, Utc};

use super::seconds;
use crate::limits::{POST_SEARCH_LIMIT_DEFAULT, POST_SEARCH_LIMIT_MAX, POST_SEARCH_OFFSET_MAX};
use crate::model::PostSearchResponse;
use crate::operation::Operation;
use crate::params::PeerType;
use crate::query::Query;
use crate::validate::{Checker, Invalid};

/// Post search: full-text search of posts, newest first, paged by `limit` and `offset`.
#[derive(Clone, Debug, PartialEq)]
pub struct PostSearch {
    /// `q`: the text to search (required).
    pub q: String,
    /// `limit`: 1 to 50, default 20.
    pub limit: Option<u32>,
    /// `offset`: 0 to 1000, default 0.
    pub offset: Option<u32>,
    /// `peerType`, default all.
    pub peer_type: PeerType,
    /// `startDate`.
    pub start_date: Option<DateTime<Utc>>,
    /// `endDate`.
    pub end_date: Option<DateTime<Utc>>,
    /// `country` of the channel; blank means any.
    pub country: String,
    /// `language` of the channel; blank means any.
    pub language: String,
    /// `category` of the channel; blank means any.
    pub category: String,
    /// `hideForwards`: leave out reposts.
    pub hide_forwards: bool,
    /// `hideDeleted`: leave out deleted posts.
    pub hide_deleted: bool,
    /// `strongSearch`: exact word forms only.
    pub strong_search: bool,
    /// `minusWords`: words that exclude a post, separated by spaces.
    pub minus_words: String,
    /// `extendedSyntax`: `q` uses the extended query syntax.
    pub extended_syntax: bool,
    /// `extended`: also return the channels the posts come from.
    pub extended: bool,
}

impl PostSearch {
    pub fn new(q: impl Into<String>) -> Self {
        PostSearch {
            q: q.into(),
            limit: None,
            offset: None,
            peer_type: PeerType::All,
            start_date: None,
            end_date: None,
            country: String::new(),
            language: String::new(),
            category: String::new(),
            hide_forwards: false,
            hide_deleted: false,
            strong_search: false,
            minus_words: String::new(),
            extended_syntax: false,
            extended: false,
        }
    }
}

impl Operation for PostSearch {
    const PATH: &'static str = "/posts/search";
    const PARAMS: &'static [&'static str] = &[
        "q",
        "limit",
        "offset",
        "peerType",
        "startDate",
        "endDate",
        "country",
        "language",
        "category",
        "hideForwards",
        "hideDeleted",
        "strongSearch",
        "minusWords",
        "extendedSyntax",
        "extended",
    ];
    type Response = PostSearchResponse;

    fn validate(&self) -> Result<(), Invalid> {
        Checker::new()
            .required("q", &self.q)
            .range("limit", self.limit, 1, POST_SEARCH_LIMIT_MAX)
            .range("offset", self.offset, 0, POST_SEARCH_OFFSET_MAX)
            .period(self.start_date.as_ref(), self.end_date.as_ref())
            .finish()
    }

    fn query(&self) -> Query {
        let mut q = Query::new();
        q.text("q", &self.q)
            .opt(
                "limit",
                self.limit.filter(|l| *l != POST_SEARCH_LIMIT_DEFAULT),
            )
            .opt("offset", self.offset.filter(|o| *o != 0))
            .unless_default("peerType", self.peer_type, PeerType::All)
            .opt("startDate", seconds(self.start_date.as_ref()))
            .opt("endDate", seconds(self.end_date.as_ref()))
            .text("country", &self.country)
            .text("language", &self.language)
            .text("category", &self.category)
            .flag("hideForwards", self.hide_forwards)
            .flag("hideDeleted", self.hide_deleted)
            .flag("strongSearch", self.strong_search)
            .text("minusWords", &self.minus_words)
            .flag("extendedSyntax", self.extended_syntax)
            .flag("extended", self.extended);
        q
    }
}
