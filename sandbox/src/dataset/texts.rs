//! The generated texts: sentences of topic words in random forms, common words and fillers, in
//! the script of a channel's language.

use super::words::{self, Script, Topic};
use crate::rng::Rng;

pub(super) fn script_of(language: &str) -> Script {
    if language == "english" {
        Script::English
    } else {
        Script::Russian
    }
}

pub(super) fn capitalise(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// One sentence of `about`-length or longer: topic words in random forms, common words and
/// fillers.
pub(super) fn sentence(rng: &mut Rng, topic: &Topic, script: Script, min_words: u64) -> String {
    let (families, common, filler) = match script {
        Script::Russian => (topic.russian, words::RUSSIAN_COMMON, words::RUSSIAN_FILLER),
        Script::English => (topic.english, words::ENGLISH_COMMON, words::ENGLISH_FILLER),
    };
    let n = rng.range(min_words, min_words + 8);
    let mut out = String::new();
    for k in 0..n {
        let roll = rng.below(100);
        let word = if roll < 45 {
            let family = rng_family(rng, families);
            *rng.pick(family)
        } else if roll < 65 {
            let family = rng_family(rng, common);
            *rng.pick(family)
        } else {
            *rng.pick(filler)
        };
        if k == 0 {
            out.push_str(&capitalise(word));
        } else {
            out.push(' ');
            out.push_str(word);
        }
    }
    out.push('.');
    out
}

fn rng_family<'a>(rng: &mut Rng, families: &'a [&'a [&'a str]]) -> &'a [&'a str] {
    families[rng.below(families.len() as u64) as usize]
}

/// Wraps one word of the text in `<b>`, as authors do.
pub(super) fn embolden(rng: &mut Rng, text: &str) -> String {
    let words: Vec<&str> = text.split(' ').collect();
    let k = rng.below(words.len() as u64) as usize;
    let word = words[k].trim_end_matches('.');
    let rest = &words[k][word.len()..];
    let mut out: Vec<String> = words.iter().map(|w| (*w).to_owned()).collect();
    out[k] = format!("<b>{word}</b>{rest}");
    out.join(" ")
}
