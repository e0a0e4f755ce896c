use chrono::{DateTime, Utc};

use super::seconds;
use crate::model::KeywordMentionsResponse;
use crate::operation::Operation;
use crate::params::PeerType;
use crate::query::Query;
use crate::validate::{Checker, Invalid};

/// Keyword mentions by channel: per channel, how often a word or phrase was mentioned, its reach
/// and the last mention. Without `start_date` the service covers the last
/// [`DEFAULT_PERIOD_DAYS`](crate::limits::DEFAULT_PERIOD_DAYS) days.
#[derive(Clone, Debug, PartialEq)]
pub struct KeywordMentions {
    /// `q`: the keyword or phrase (required).
    pub q: String,
    /// `peerType`, default all.
    pub peer_type: PeerType,
    /// `startDate`.
    pub start_date: Option<DateTime<Utc>>,
    /// `endDate`.
    pub end_date: Option<DateTime<Utc>>,
    /// `hideForwards`: leave out mentions in reposts.
    pub hide_forwards: bool,
    /// `strongSearch`: exact word forms only.
    pub strong_search: bool,
    /// `minusWords`: words that exclude a post, separated by spaces.
    pub minus_words: String,
    /// `extendedSyntax`: `q` uses the extended query syntax.
    pub extended_syntax: bool,
}

impl KeywordMentions {
    pub fn new(q: impl Into<String>) -> Self {
        KeywordMentions {
            q: q.into(),
            peer_type: PeerType::All,
            start_date: None,
            end_date: None,
            hide_forwards: false,
            strong_search: false,
            minus_words: String::new(),
            extended_syntax: false,
        }
    }
}

impl Operation for KeywordMentions {
    const PATH: &'static str = "/words/mentions-by-channels";
    const PARAMS: &'static [&'static str] = &[
        "q",
        "peerType",
        "startDate",
        "endDate",
        "hideForwards",
        "strongSearch",
        "minusWords",
        "extendedSyntax",
    ];
    type Response = KeywordMentionsResponse;

    fn validate(&self) -> Result<(), Invalid> {
        Checker::new()
            .required("q", &self.q)
            .period(self.start_date.as_ref(), self.end_date.as_ref())
            .finish()
    }

    fn query(&self) -> Query {
        let mut q = Query::new();
        q.text("q", &self.q)
            .unless_default("peerType", self.peer_type, PeerType::All)
            .opt("startDate", seconds(self.start_date.as_ref()))
            .opt("endDate", seconds(self.end_date.as_ref()))
            .flag("hideForwards", self.hide_forwards)
            .flag("strongSearch", self.strong_search)
            .text("minusWords", &self.minus_words)
            .flag("extendedSyntax", self.extended_syntax);
        q
    }
}
