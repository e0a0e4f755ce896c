//! The text query of keyword mentions and post search: `q` read with its flags, the posts it
//! matches, and the snippet that marks its words in a post.

use serverkit::envelope::ApiError;
use serverkit::Params;

use crate::dataset::Dataset;
use crate::search::index::Bits;
use crate::search::syntax::{self, Expr, Word};
use crate::search::tokens::{strip_tags, tokens};

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
            syntax::parse_extended(q, strong)
                .map_err(|why| ApiError::new(format!("param q is invalid: {why}")))?
        } else {
            syntax::parse_plain(q, strong).ok_or_else(|| ApiError::invalid("q"))?
        };
        let minus = p
            .text("minusWords")
            .and_then(|w| syntax::parse_minus(w, strong));
        Ok(TextQuery { expr, minus })
    }

    /// The posts matching the query, before any filter.
    pub fn matches(&self, ds: &Dataset) -> Bits {
        let text_of = |i: u32| ds.posts[i as usize].text.as_str();
        let mut found = syntax::evaluate(&self.expr, &ds.index, &text_of);
        if let Some(minus) = &self.minus {
            found.and_not(&syntax::evaluate(minus, &ds.index, &text_of));
        }
        found
    }

    /// Marks the query's words in a post's text (markup removed) with `<mark>`, cut to a
    /// window around the first match.
    pub fn snippet(&self, ds: &Dataset, text: &str) -> String {
        const BEFORE: usize = 60;
        const LENGTH: usize = 200;
        let plain = strip_tags(text);
        let words: Vec<&Word> = syntax::positive_words(&self.expr);
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
