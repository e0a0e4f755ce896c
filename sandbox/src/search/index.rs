//! The inverted index of post texts: word form → posts and stem → posts, with the forms kept
//! sorted so that every form starting with a prefix is one contiguous range.

use std::collections::HashMap;
use std::ops::Range;

use super::tokens::{each_word, Stemmers};

/// A set of post indices as a bitmap; posts are few enough (under a million) that set algebra
/// on bitmaps beats merging posting lists for every query shape.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bits {
    words: Vec<u64>,
    len: usize,
}

impl Bits {
    pub fn empty(len: usize) -> Bits {
        Bits {
            words: vec![0; len.div_ceil(64)],
            len,
        }
    }

    pub fn full(len: usize) -> Bits {
        let mut all = Bits {
            words: vec![u64::MAX; len.div_ceil(64)],
            len,
        };
        all.trim();
        all
    }

    /// Clears the bits past `len` in the last word, which complement would otherwise set.
    fn trim(&mut self) {
        let tail = self.len % 64;
        if tail != 0 {
            if let Some(last) = self.words.last_mut() {
                *last &= (1u64 << tail) - 1;
            }
        }
    }

    pub fn insert(&mut self, i: u32) {
        self.words[i as usize / 64] |= 1 << (i % 64);
    }

    pub fn extend(&mut self, items: &[u32]) {
        for &i in items {
            self.insert(i);
        }
    }

    pub fn and(&mut self, other: &Bits) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= b;
        }
    }

    pub fn or(&mut self, other: &Bits) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }

    pub fn and_not(&mut self, other: &Bits) {
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a &= !b;
        }
    }

    pub fn complement(&mut self) {
        for a in &mut self.words {
            *a = !*a;
        }
        self.trim();
    }

    /// Keeps only the indices in `range`.
    pub fn restrict(&mut self, range: Range<usize>) {
        let mut keep = Bits::empty(self.len);
        for w in range.start / 64..range.end.div_ceil(64).min(keep.words.len()) {
            let lo = (w * 64).max(range.start) - w * 64;
            let hi = ((w + 1) * 64).min(range.end) - w * 64;
            keep.words[w] = if hi - lo == 64 {
                u64::MAX
            } else {
                ((1u64 << (hi - lo)) - 1) << lo
            };
        }
        self.and(&keep);
    }

    pub fn count(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The members in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        self.words.iter().enumerate().flat_map(|(w, &bits)| {
            let mut rest = bits;
            std::iter::from_fn(move || {
                (rest != 0).then(|| {
                    let bit = rest.trailing_zeros();
                    rest &= rest - 1;
                    (w * 64) as u32 + bit
                })
            })
        })
    }
}

/// How a query word is compared with the words of a text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Match {
    /// Same stem, or the text's word starts with the query word (morphology and partial words).
    Loose,
    /// The same word form only.
    Exact,
    /// Any word starting with the query word.
    Prefix,
}

#[derive(Default)]
pub struct Index {
    /// Every word form of every post, sorted: a form's ID is its position here.
    forms: Vec<String>,
    form_ids: HashMap<String, u32>,
    stem_of_form: Vec<u32>,
    stem_ids: HashMap<String, u32>,
    form_posts: Vec<Vec<u32>>,
    stem_posts: Vec<Vec<u32>>,
    posts: usize,
    stemmers: Stemmers,
}

impl Index {
    /// Indexes texts given newest first; posting lists come out in the same order.
    pub fn build<'a>(texts: impl Iterator<Item = &'a str>) -> Index {
        let mut first_seen: HashMap<String, u32> = HashMap::new();
        let mut flat: Vec<u32> = Vec::new();
        let mut ends: Vec<usize> = Vec::new();
        let mut current: Vec<u32> = Vec::new();
        for text in texts {
            current.clear();
            each_word(text, |form, _, _| {
                let id = match first_seen.get(form) {
                    Some(&id) => id,
                    None => {
                        let id = first_seen.len() as u32;
                        first_seen.insert(form.to_owned(), id);
                        id
                    }
                };
                current.push(id);
            });
            current.sort_unstable();
            current.dedup();
            flat.extend_from_slice(&current);
            ends.push(flat.len());
        }

        let mut forms: Vec<(String, u32)> = first_seen.into_iter().collect();
        forms.sort_unstable();
        let mut rank = vec![0u32; forms.len()];
        for (r, (_, seen)) in forms.iter().enumerate() {
            rank[*seen as usize] = r as u32;
        }
        let forms: Vec<String> = forms.into_iter().map(|(f, _)| f).collect();
        let stemmers = Stemmers::default();
        let mut stem_ids: HashMap<String, u32> = HashMap::new();
        let stem_of_form: Vec<u32> = forms
            .iter()
            .map(|form| {
                let stem = stemmers.stem(form);
                let next = stem_ids.len() as u32;
                *stem_ids.entry(stem).or_insert(next)
            })
            .collect();

        let mut form_posts = vec![Vec::new(); forms.len()];
        let mut stem_posts: Vec<Vec<u32>> = vec![Vec::new(); stem_ids.len()];
        let mut start = 0;
        for (post, &end) in ends.iter().enumerate() {
            let mut stems: Vec<u32> = Vec::with_capacity(end - start);
            for &seen in &flat[start..end] {
                let form = rank[seen as usize];
                form_posts[form as usize].push(post as u32);
                stems.push(stem_of_form[form as usize]);
            }
            stems.sort_unstable();
            stems.dedup();
            for s in stems {
                stem_posts[s as usize].push(post as u32);
            }
            start = end;
        }
        let form_ids = forms
            .iter()
            .enumerate()
            .map(|(i, f)| (f.clone(), i as u32))
            .collect();
        Index {
            forms,
            form_ids,
            stem_of_form,
            stem_ids,
            form_posts,
            stem_posts,
            posts: ends.len(),
            stemmers,
        }
    }

    /// Number of posts indexed.
    pub fn post_count(&self) -> usize {
        self.posts
    }

    pub fn stemmers(&self) -> &Stemmers {
        &self.stemmers
    }

    /// Every word form of the posts, sorted.
    pub fn vocabulary(&self) -> &[String] {
        &self.forms
    }

    /// Forms starting with `prefix`, as a range of form IDs.
    fn prefix_range(&self, prefix: &str) -> Range<usize> {
        let lo = self.forms.partition_point(|f| f.as_str() < prefix);
        let hi = lo + self.forms[lo..].partition_point(|f| f.starts_with(prefix));
        lo..hi
    }

    /// Posts containing a word that matches the normalised query word `word` under `how`.
    pub fn lookup(&self, word: &str, how: Match) -> Bits {
        let mut bits = Bits::empty(self.posts);
        match how {
            Match::Exact => {
                if let Some(&f) = self.form_ids.get(word) {
                    bits.extend(&self.form_posts[f as usize]);
                }
            }
            Match::Prefix | Match::Loose => {
                for f in self.prefix_range(word) {
                    bits.extend(&self.form_posts[f]);
                }
                if how == Match::Loose {
                    if let Some(&s) = self.stem_ids.get(&self.stemmers.stem(word)) {
                        bits.extend(&self.stem_posts[s as usize]);
                    }
                }
            }
        }
        bits
    }

    /// Whether a word of a text (normalised) matches the query word under `how`; the same rule
    /// as [`Index::lookup`], for checking phrases and marking snippets.
    pub fn word_matches(&self, text_word: &str, query_word: &str, how: Match) -> bool {
        match how {
            Match::Exact => text_word == query_word,
            Match::Prefix => text_word.starts_with(query_word),
            Match::Loose => {
                text_word.starts_with(query_word) || {
                    let stem = self.stemmers.stem(query_word);
                    match self.form_ids.get(text_word) {
                        Some(&f) => {
                            self.stem_ids.get(&stem) == Some(&self.stem_of_form[f as usize])
                        }
                        None => self.stemmers.stem(text_word) == stem,
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn members(bits: &Bits) -> Vec<u32> {
        bits.iter().collect()
    }

    #[test]
    fn bitmap_algebra() {
        let mut a = Bits::empty(130);
        a.extend(&[0, 63, 64, 129]);
        let mut b = a.clone();
        b.complement();
        assert_eq!(b.count(), 126);
        b.restrict(60..66);
        assert_eq!(members(&b), [60, 61, 62, 65]);
        a.restrict(63..130);
        assert_eq!(members(&a), [63, 64, 129]);
        assert_eq!(Bits::full(130).count(), 130);
    }

    #[test]
    fn lookup_by_form_stem_and_prefix() {
        let index = Index::build(
            [
                "Выборы прошли",
                "о выборах",
                "выборочно",
                "Elections, electing",
            ]
            .into_iter(),
        );
        assert_eq!(members(&index.lookup("выборы", Match::Exact)), [0]);
        assert_eq!(members(&index.lookup("выборы", Match::Loose)), [0, 1]);
        assert_eq!(members(&index.lookup("выбор", Match::Prefix)), [0, 1, 2]);
        assert_eq!(members(&index.lookup("election", Match::Loose)), [3]);
        assert!(index.word_matches("выборах", "выборы", Match::Loose));
        assert!(!index.word_matches("выборах", "выборы", Match::Exact));
    }
}
