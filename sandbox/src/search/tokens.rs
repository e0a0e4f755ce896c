//! Splitting texts into words and reducing words to stems, the same way for posts and queries.

use rust_stemmers::{Algorithm, Stemmer};

/// Stemmers for both languages of the generated texts; which one applies is decided per word by
/// its script.
pub struct Stemmers {
    russian: Stemmer,
    english: Stemmer,
}

impl Default for Stemmers {
    fn default() -> Self {
        Stemmers {
            russian: Stemmer::create(Algorithm::Russian),
            english: Stemmer::create(Algorithm::English),
        }
    }
}

impl Stemmers {
    /// The stem of a normalised word (see [`normalise`]); words with digits stay whole.
    pub fn stem(&self, word: &str) -> String {
        if word.chars().any(|c| c.is_ascii_digit()) {
            return word.to_owned();
        }
        let cyrillic = word.chars().any(|c| ('\u{0400}'..='\u{04ff}').contains(&c));
        let stemmer = if cyrillic {
            &self.russian
        } else {
            &self.english
        };
        stemmer.stem(word).into_owned()
    }
}

/// Lower case, and `ё` read as `е` since people type either.
pub fn normalise(word: &str) -> String {
    let mut out = String::with_capacity(word.len());
    push_normalised(&mut out, word);
    out
}

fn push_normalised(out: &mut String, word: &str) {
    for c in word.chars().flat_map(char::to_lowercase) {
        out.push(if c == 'ё' { 'е' } else { c });
    }
}

/// One word of a text: its normalised form and where it stands in the original, in bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Token {
    pub form: String,
    pub start: usize,
    pub end: usize,
}

/// Calls `f` with each word of `text` in order: its normalised form and its byte range. Markup
/// (`<b>`, `</b>`) is skipped so that a tag never reads as a word; a word is a run of letters and
/// digits. One buffer serves every word, since indexing calls this for millions of words.
pub fn each_word(text: &str, mut f: impl FnMut(&str, usize, usize)) {
    let mut buf = String::new();
    let mut start = None;
    let mut in_tag = false;
    let mut emit = |buf: &mut String, s: usize, e: usize| {
        buf.clear();
        push_normalised(buf, &text[s..e]);
        f(buf, s, e);
    };
    for (i, c) in text.char_indices() {
        if in_tag {
            in_tag = c != '>';
            continue;
        }
        if c.is_alphanumeric() {
            start.get_or_insert(i);
            continue;
        }
        if let Some(s) = start.take() {
            emit(&mut buf, s, i);
        }
        in_tag = c == '<';
    }
    if let Some(s) = start {
        emit(&mut buf, s, text.len());
    }
}

/// The words of a text, in order (see [`each_word`]).
pub fn tokens(text: &str) -> Vec<Token> {
    let mut out = Vec::new();
    each_word(text, |form, start, end| {
        out.push(Token {
            form: form.to_owned(),
            start,
            end,
        })
    });
    out
}

/// The text with its markup removed, as the snippet shows it.
pub fn strip_tags(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_tag = false;
    for c in text.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            _ if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_skip_markup_and_normalise() {
        let forms: Vec<String> = tokens("<b>Учёные</b> t.me/abc_news/12, Выборах!")
            .into_iter()
            .map(|t| t.form)
            .collect();
        assert_eq!(forms, ["ученые", "t", "me", "abc", "news", "12", "выборах"]);
        let spans: Vec<(usize, usize)> = tokens("a <b>bc</b>")
            .into_iter()
            .map(|t| (t.start, t.end))
            .collect();
        assert_eq!(spans, [(0, 1), (5, 7)]);
    }

    #[test]
    fn inflected_forms_share_a_stem() {
        let s = Stemmers::default();
        assert_eq!(s.stem("выборы"), s.stem("выборах"));
        assert_eq!(s.stem("выборов"), s.stem("выборах"));
        assert_eq!(s.stem("elections"), s.stem("electing"));
        assert_eq!(s.stem("election"), s.stem("elections"));
    }

    #[test]
    fn strip_tags_keeps_text() {
        assert_eq!(strip_tags("a <b>bold</b> word"), "a bold word");
    }
}
