//! The note beside a list that left records out: "1 of 50 posts could not be read." One wording
//! for every page and widget, in English and Russian.

use crate::api::model::Records;
use crate::format::{fill, Locale};

/// What the records of a list are, for the note's noun.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecordNoun {
    Posts,
    Stories,
    Channels,
    /// Subscriber counts of subscriber dynamics ("records", beside their chart).
    Readings,
    /// Forwards of a post.
    Reposts,
    /// Mentions of a post, or keyword mentions by channel.
    Mentions,
    /// Points of a post's view growth ("points", under its heading).
    GrowthPoints,
    /// Campaigns kept in this browser.
    Campaigns,
}

impl RecordNoun {
    /// English singular and plural; Russian genitive singular and plural (after "из N").
    fn forms(self) -> [&'static str; 4] {
        match self {
            RecordNoun::Posts => ["post", "posts", "поста", "постов"],
            RecordNoun::Stories => ["story", "stories", "истории", "историй"],
            RecordNoun::Channels => ["channel", "channels", "канала", "каналов"],
            RecordNoun::Readings => ["record", "records", "записи", "записей"],
            RecordNoun::Reposts => ["repost", "reposts", "репоста", "репостов"],
            RecordNoun::Mentions => ["mention", "mentions", "упоминания", "упоминаний"],
            RecordNoun::GrowthPoints => ["point", "points", "точки", "точек"],
            RecordNoun::Campaigns => ["campaign", "campaigns", "кампании", "кампаний"],
        }
    }
}

/// "1 of 50 posts could not be read." for `unreadable` records left out of `sent`; `None` when
/// none was left out.
pub fn unreadable_text(
    locale: Locale,
    noun: RecordNoun,
    unreadable: usize,
    sent: usize,
) -> Option<String> {
    if unreadable == 0 {
        return None;
    }
    let sent = sent.max(unreadable);
    let [one, many, ru_one, ru_many] = noun.forms();
    let (template, noun) = match locale {
        Locale::En => (
            "{n} of {total} {noun} could not be read.",
            if sent == 1 { one } else { many },
        ),
        // "из 21 поста", "из 50 постов": the genitive after the number.
        Locale::Ru => (
            "Не удалось прочитать {n} из {total} {noun}.",
            if sent % 10 == 1 && sent % 100 != 11 {
                ru_one
            } else {
                ru_many
            },
        ),
    };
    Some(fill(
        template,
        &[
            ("n", unreadable.to_string()),
            ("total", sent.to_string()),
            ("noun", noun.to_owned()),
        ],
    ))
}

/// [`unreadable_text`] of decoded lists taken together (one answer's, or one per batch or
/// channel).
pub fn records_note<'a, T: 'a>(
    locale: Locale,
    noun: RecordNoun,
    lists: impl IntoIterator<Item = &'a Records<T>>,
) -> Option<String> {
    let (unreadable, sent) = lists
        .into_iter()
        .fold((0, 0), |(unreadable, sent), records| {
            (unreadable + records.unreadable(), sent + records.sent())
        });
    unreadable_text(locale, noun, unreadable, sent)
}
