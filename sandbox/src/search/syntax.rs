//! Search queries: plain words, or the extended syntax (space = AND, `|` = OR, `"phrase"`,
//! `-word`, parentheses, `=exact`, `prefix*`), evaluated against the index.

use super::index::{Bits, Index, Match};
use super::tokens::tokens;

/// One query word, normalised, and how it is compared.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Word {
    pub text: String,
    pub how: Match,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    Word(Word),
    /// Words that must stand next to each other, in order.
    Phrase(Vec<Word>),
    And(Vec<Expr>),
    Or(Vec<Expr>),
    Not(Box<Expr>),
}

/// The words of `text` as `how` terms: a group of several becomes a phrase (`из-за`, `t.me/x`),
/// since the text splits them the same way.
fn words_of(text: &str, how: Match) -> Option<Expr> {
    let mut words: Vec<Word> = tokens(text)
        .into_iter()
        .map(|t| Word { text: t.form, how })
        .collect();
    match words.len() {
        0 => None,
        1 => words.pop().map(Expr::Word),
        _ => Some(Expr::Phrase(words)),
    }
}

/// The default comparison: exact forms under `strongSearch`, morphology and partial words
/// otherwise.
fn default_match(strong: bool) -> Match {
    if strong {
        Match::Exact
    } else {
        Match::Loose
    }
}

/// A query without extended syntax: every word must occur. `None` when it has no words.
pub fn parse_plain(q: &str, strong: bool) -> Option<Expr> {
    let how = default_match(strong);
    let parts: Vec<Expr> = tokens(q)
        .into_iter()
        .map(|t| Expr::Word(Word { text: t.form, how }))
        .collect();
    (!parts.is_empty()).then_some(Expr::And(parts))
}

/// Exclusion words (`minusWords`): a post with any of them is dropped.
pub fn parse_minus(words: &str, strong: bool) -> Option<Expr> {
    let how = default_match(strong);
    let parts: Vec<Expr> = tokens(words)
        .into_iter()
        .map(|t| Expr::Word(Word { text: t.form, how }))
        .collect();
    (!parts.is_empty()).then_some(Expr::Or(parts))
}

/// A query in the extended syntax. The error says what is wrong, for `param q is invalid: …`.
pub fn parse_extended(q: &str, strong: bool) -> Result<Expr, String> {
    let mut parser = Parser {
        chars: q.chars().collect(),
        at: 0,
        strong,
    };
    let expr = parser.or()?;
    parser.skip_space();
    if parser.at < parser.chars.len() {
        return Err(format!("unexpected \"{}\"", parser.chars[parser.at]));
    }
    match expr {
        Some(e) if has_positive(&e) => Ok(e),
        Some(_) => Err("only excluded words".to_owned()),
        None => Err("no words".to_owned()),
    }
}

/// Whether the expression can match without listing every post (a query of only `-words`
/// would).
fn has_positive(e: &Expr) -> bool {
    match e {
        Expr::Word(_) | Expr::Phrase(_) => true,
        Expr::And(parts) => parts.iter().any(has_positive),
        Expr::Or(parts) => parts.iter().all(has_positive),
        Expr::Not(_) => false,
    }
}

struct Parser {
    chars: Vec<char>,
    at: usize,
    strong: bool,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn or(&mut self) -> Result<Option<Expr>, String> {
        let mut parts = Vec::new();
        loop {
            if let Some(e) = self.and()? {
                parts.push(e);
            }
            self.skip_space();
            if self.peek() == Some('|') {
                self.at += 1;
            } else {
                break;
            }
        }
        Ok(match parts.len() {
            0 => None,
            1 => parts.pop(),
            _ => Some(Expr::Or(parts)),
        })
    }

    fn and(&mut self) -> Result<Option<Expr>, String> {
        let mut parts = Vec::new();
        loop {
            self.skip_space();
            match self.peek() {
                None | Some('|') | Some(')') => break,
                _ => {
                    if let Some(e) = self.unary()? {
                        parts.push(e);
                    }
                }
            }
        }
        Ok(match parts.len() {
            0 => None,
            1 => parts.pop(),
            _ => Some(Expr::And(parts)),
        })
    }

    fn unary(&mut self) -> Result<Option<Expr>, String> {
        if self.peek() == Some('-') {
            self.at += 1;
            return Ok(self.primary()?.map(|e| Expr::Not(Box::new(e))));
        }
        self.primary()
    }

    fn primary(&mut self) -> Result<Option<Expr>, String> {
        match self.peek() {
            Some('(') => {
                self.at += 1;
                let inner = self.or()?;
                self.skip_space();
                if self.peek() != Some(')') {
                    return Err("unbalanced parentheses".to_owned());
                }
                self.at += 1;
                Ok(inner)
            }
            Some('"') => {
                self.at += 1;
                let start = self.at;
                while self.peek().is_some_and(|c| c != '"') {
                    self.at += 1;
                }
                if self.peek().is_none() {
                    return Err("unclosed quote".to_owned());
                }
                let text: String = self.chars[start..self.at].iter().collect();
                self.at += 1;
                let how = default_match(self.strong);
                Ok(words_of(&text, how).map(|e| match e {
                    Expr::Word(w) => Expr::Phrase(vec![w]),
                    other => other,
                }))
            }
            Some('=') => {
                self.at += 1;
                let text = self.bare();
                Ok(words_of(&text, Match::Exact))
            }
            _ => {
                let text = self.bare();
                if text.is_empty() {
                    return Err(format!("unexpected \"{}\"", self.chars[self.at]));
                }
                match text.strip_suffix('*') {
                    Some(stem) => Ok(words_of(stem, Match::Prefix)),
                    None => Ok(words_of(&text, default_match(self.strong))),
                }
            }
        }
    }

    /// A run of characters up to white space or an operator.
    fn bare(&mut self) -> String {
        let start = self.at;
        while self
            .peek()
            .is_some_and(|c| !c.is_whitespace() && !matches!(c, '(' | ')' | '|' | '"'))
        {
            self.at += 1;
        }
        self.chars[start..self.at].iter().collect()
    }
}

/// The posts the expression matches. `text_of` gives a post's text, to check phrases among the
/// posts that have all their words.
pub fn evaluate<'a>(expr: &Expr, index: &Index, text_of: &impl Fn(u32) -> &'a str) -> Bits {
    match expr {
        Expr::Word(w) => index.lookup(&w.text, w.how),
        Expr::Phrase(words) => {
            let mut all = Bits::full(index.post_count());
            for w in words {
                all.and(&index.lookup(&w.text, w.how));
            }
            if words.len() < 2 {
                return all;
            }
            let mut found = Bits::empty(index.post_count());
            for post in all.iter() {
                if has_phrase(index, text_of(post), words) {
                    found.insert(post);
                }
            }
            found
        }
        Expr::And(parts) => {
            let mut acc = Bits::full(index.post_count());
            for p in parts {
                match p {
                    Expr::Not(inner) => acc.and_not(&evaluate(inner, index, text_of)),
                    _ => acc.and(&evaluate(p, index, text_of)),
                }
            }
            acc
        }
        Expr::Or(parts) => {
            let mut acc = Bits::empty(index.post_count());
            for p in parts {
                acc.or(&evaluate(p, index, text_of));
            }
            acc
        }
        Expr::Not(inner) => {
            let mut acc = evaluate(inner, index, text_of);
            acc.complement();
            acc
        }
    }
}

fn has_phrase(index: &Index, text: &str, words: &[Word]) -> bool {
    let forms = tokens(text);
    forms.windows(words.len()).any(|window| {
        window
            .iter()
            .zip(words)
            .all(|(t, w)| index.word_matches(&t.form, &w.text, w.how))
    })
}

/// The words a match is made of (not those under `-`), for marking snippets.
pub fn positive_words(expr: &Expr) -> Vec<&Word> {
    let mut out = Vec::new();
    collect_positive(expr, &mut out);
    out
}

fn collect_positive<'a>(expr: &'a Expr, out: &mut Vec<&'a Word>) {
    match expr {
        Expr::Word(w) => out.push(w),
        Expr::Phrase(words) => out.extend(words),
        Expr::And(parts) | Expr::Or(parts) => {
            for p in parts {
                collect_positive(p, out);
            }
        }
        Expr::Not(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn word(text: &str, how: Match) -> Expr {
        Expr::Word(Word {
            text: text.to_owned(),
            how,
        })
    }

    #[test]
    fn extended_grammar() {
        let e = parse_extended("(Выборы | =elections) -суд \"новый закон\" крипт*", false).unwrap();
        assert_eq!(
            e,
            Expr::And(vec![
                Expr::Or(vec![
                    word("выборы", Match::Loose),
                    word("elections", Match::Exact)
                ]),
                Expr::Not(Box::new(word("суд", Match::Loose))),
                Expr::Phrase(vec![
                    Word {
                        text: "новый".into(),
                        how: Match::Loose
                    },
                    Word {
                        text: "закон".into(),
                        how: Match::Loose
                    },
                ]),
                word("крипт", Match::Prefix),
            ])
        );
        assert_eq!(
            parse_extended("(a", false),
            Err("unbalanced parentheses".into())
        );
        assert_eq!(parse_extended("\"a", false), Err("unclosed quote".into()));
        assert_eq!(
            parse_extended("-a", false),
            Err("only excluded words".into())
        );
        assert_eq!(parse_extended("a)", false), Err("unexpected \")\"".into()));
    }
}
