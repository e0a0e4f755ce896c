//! The interface languages and the words each needs for dates.

use chrono::Datelike;

/// Language of the console and its widgets: the interface text and the labels of dates and numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Locale {
    #[default]
    En,
    Ru,
}

const MONTHS_EN: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

const MONTHS_SHORT_EN: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// Nominative case: a month standing alone, as in a chart title ("Январь 2024").
const MONTHS_RU: [&str; 12] = [
    "Январь",
    "Февраль",
    "Март",
    "Апрель",
    "Май",
    "Июнь",
    "Июль",
    "Август",
    "Сентябрь",
    "Октябрь",
    "Ноябрь",
    "Декабрь",
];

/// Genitive abbreviations: a month after a day number ("29 янв", "1 мая").
const MONTHS_SHORT_RU: [&str; 12] = [
    "янв", "фев", "мар", "апр", "мая", "июн", "июл", "авг", "сен", "окт", "ноя", "дек",
];

impl Locale {
    pub const ALL: [Locale; 2] = [Locale::En, Locale::Ru];

    /// The form of a noun that goes after the count `n`: English has one form for 1 and another
    /// for every other count (`en`: singular, plural); Russian has three (`ru`): one for 1, 21,
    /// 31… (not 11), few for 2–4, 22–24… (not 12–14), many for 0, 5–20, 25–30 and the rest, as
    /// in "1 запрос, 3 запроса, 11 запросов".
    pub fn noun(self, n: u64, en: [&'static str; 2], ru: [&'static str; 3]) -> &'static str {
        match self {
            Locale::En if n == 1 => en[0],
            Locale::En => en[1],
            Locale::Ru => match (n % 10, n % 100) {
                (1, tens) if tens != 11 => ru[0],
                (2..=4, tens) if !(12..=14).contains(&tens) => ru[1],
                _ => ru[2],
            },
        }
    }

    /// The BCP 47 language code.
    pub fn code(self) -> &'static str {
        match self {
            Locale::En => "en",
            Locale::Ru => "ru",
        }
    }

    /// The locale for a language tag such as `ru`, `ru-RU` or `en-GB` (as `navigator.language`
    /// reports it); `None` for languages the console does not speak.
    pub fn from_tag(tag: &str) -> Option<Locale> {
        let language = tag.split(['-', '_']).next().unwrap_or_default();
        Locale::ALL
            .into_iter()
            .find(|locale| locale.code().eq_ignore_ascii_case(language))
    }

    /// Full month name of `date`, standing alone.
    pub(crate) fn month_name(self, date: impl Datelike) -> &'static str {
        let names = match self {
            Locale::En => &MONTHS_EN,
            Locale::Ru => &MONTHS_RU,
        };
        month_of(names, date)
    }

    /// Short month name of `date`, as written after a day number.
    pub(crate) fn month_short(self, date: impl Datelike) -> &'static str {
        let names = match self {
            Locale::En => &MONTHS_SHORT_EN,
            Locale::Ru => &MONTHS_SHORT_RU,
        };
        month_of(names, date)
    }

    /// The word before a week number in a week label.
    pub(crate) fn week_word(self) -> &'static str {
        match self {
            Locale::En => "Week",
            Locale::Ru => "Неделя",
        }
    }
}

fn month_of(names: &'static [&'static str; 12], date: impl Datelike) -> &'static str {
    // chrono keeps month0 in 0..=11; the fallback only keeps this total.
    names.get(date.month0() as usize).copied().unwrap_or("?")
}
