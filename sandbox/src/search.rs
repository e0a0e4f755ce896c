//! What keyword mentions and post search share: reading the text query and its flags, the
//! matching posts, the filters on them, and snippets.

use std::ops::Range;

use chanscope::api::PeerType;

use crate::data::{Dataset, Peer};
use crate::errors::ApiError;
use crate::index::Bits;
use crate::params::Params;
use crate::query::{self, Expr, Word};
use crate::text::{strip_tags, tokens};

/// `q` with `strongSearch`, `minusWords` and `extendedSyntax` applied.
pub struct TextQuery {
    pub expr: Expr,
    pub minus: Option<Expr>,
}

impl TextQuery {
    pub fn from_params(p: &Params) -> Result<TextQuery, ApiError> {
        let q = p.required("q")?;
        let strong = p.flag("strongSearch")?;
        let extended = p.flag("extendedSyntax")?;
        let expr = if extended {
            query::parse_extended(q, strong)
                .map_err(|why| ApiError::new(format!("param q is invalid: {why}")))?
        } else {
            query::parse_plain(q, strong).ok_or_else(|| ApiError::invalid("q"))?
        };
        let minus = p
            .text("minusWords")
            .and_then(|w| query::parse_minus(w, strong));
        Ok(TextQuery { expr, minus })
    }

    /// The posts matching the query, before any filter.
    pub fn matches(&self, ds: &Dataset) -> Bits {
        let text_of = |i: u32| ds.posts[i as usize].text.as_str();
        let mut found = query::evaluate(&self.expr, &ds.index, &text_of);
        if let Some(minus) = &self.minus {
            found.and_not(&query::evaluate(minus, &ds.index, &text_of));
        }
        found
    }

    /// Marks the query's words in a post's text (markup removed) with `<mark>`, cut to a
    /// window around the first match.
    pub fn snippet(&self, ds: &Dataset, text: &str) -> String {
        const BEFORE: usize = 60;
        const LENGTH: usize = 200;
        let plain = strip_tags(text);
        let words: Vec<&Word> = query::positive_words(&self.expr);
        let marked: Vec<(usize, usize)> = tokens(&plain)
            .into_iter()
            .filter(|t| {
                words
                    .iter()
                    .any(|w| ds.index.word_matches(&t.form, &w.text, w.how))
            })
            .map(|t| (t.start, t.end))
            .collect();
        let first = marked.first().map_or(0, |m| m.0);
        let from = floor_char(&plain, first.saturating_sub(BEFORE));
        let to = floor_char(&plain, (from + LENGTH).min(plain.len()));
        let from = if from > 0 {
            // Start at a word, not inside one.
            plain[from..first.max(from)]
                .find(' ')
                .map_or(from, |s| from + s + 1)
        } else {
            0
        };
        let mut out = String::new();
        if from > 0 {
            out.push('…');
        }
        let mut at = from;
        for &(s, e) in marked.iter().filter(|(s, e)| *s >= from && *e <= to) {
            out.push_str(&plain[at..s]);
            out.push_str("<mark>");
            out.push_str(&plain[s..e]);
            out.push_str("</mark>");
            at = e;
        }
        out.push_str(&plain[at..to]);
        if to < plain.len() {
            out.push('…');
        }
        out
    }
}

fn floor_char(text: &str, mut i: usize) -> usize {
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

/// The indices of posts published in `start..=end` (posts are newest first).
pub fn date_range(ds: &Dataset, start: Option<i64>, end: Option<i64>) -> Range<usize> {
    let lo = end.map_or(0, |e| ds.posts.partition_point(|p| p.date > e));
    let hi = start.map_or(ds.posts.len(), |s| {
        ds.posts.partition_point(|p| p.date >= s)
    });
    lo..hi.max(lo)
}

/// Conditions on a post and its channel.
#[derive(Default)]
pub struct PostFilter {
    pub peer: Option<Peer>,
    pub country: Option<String>,
    pub language: Option<String>,
    pub category: Option<String>,
    pub hide_forwards: bool,
    pub hide_deleted: bool,
}

impl PostFilter {
    pub fn peer_of(peer: PeerType) -> Option<Peer> {
        match peer {
            PeerType::Channel => Some(Peer::Channel),
            PeerType::Chat => Some(Peer::Chat),
            PeerType::All => None,
        }
    }

    fn needs_channel(&self) -> bool {
        self.peer.is_some()
            || self.country.is_some()
            || self.language.is_some()
            || self.category.is_some()
    }

    pub fn accepts(&self, ds: &Dataset, post: u32) -> bool {
        let p = &ds.posts[post as usize];
        if (self.hide_deleted && p.deleted) || (self.hide_forwards && p.forward_of.is_some()) {
            return false;
        }
        if !self.needs_channel() {
            return true;
        }
        let c = &ds.channels[p.channel as usize];
        self.peer.is_none_or(|peer| c.peer == peer)
            && self.country.as_deref().is_none_or(|v| c.country == v)
            && self.language.as_deref().is_none_or(|v| c.language == v)
            && self.category.as_deref().is_none_or(|v| c.category == v)
    }

    /// Whether every post passes, so counting needs no visit of each post.
    pub fn is_empty(&self) -> bool {
        !self.needs_channel() && !self.hide_deleted && !self.hide_forwards
    }
}
