//! The note under a list that says how many of its records could not be read, in both languages.

use chanscope::format::Locale;
use chanscope::view::unreadable::{unreadable_text, RecordNoun};

#[test]
fn the_note_names_the_count_in_both_languages() {
    assert_eq!(unreadable_text(Locale::En, RecordNoun::Posts, 0, 50), None);
    let cases = [
        (
            Locale::En,
            RecordNoun::Posts,
            1,
            50,
            "1 of 50 posts could not be read.",
        ),
        (
            Locale::En,
            RecordNoun::Channels,
            1,
            1,
            "1 of 1 channel could not be read.",
        ),
        (
            Locale::En,
            RecordNoun::Readings,
            2,
            744,
            "2 of 744 records could not be read.",
        ),
        (
            Locale::Ru,
            RecordNoun::Posts,
            1,
            50,
            "Не удалось прочитать 1 из 50 постов.",
        ),
        (
            Locale::Ru,
            RecordNoun::Stories,
            2,
            21,
            "Не удалось прочитать 2 из 21 истории.",
        ),
        (
            Locale::Ru,
            RecordNoun::Reposts,
            3,
            11,
            "Не удалось прочитать 3 из 11 репостов.",
        ),
        (
            Locale::Ru,
            RecordNoun::GrowthPoints,
            1,
            2,
            "Не удалось прочитать 1 из 2 точек.",
        ),
    ];
    for (locale, noun, unreadable, sent, text) in cases {
        assert_eq!(
            unreadable_text(locale, noun, unreadable, sent).as_deref(),
            Some(text)
        );
    }
}
