//! The values the service knows for `country`, `language` and `category` (channel search, keyword
//! mentions, post search, and what channel information reports), each with an English and a
//! Russian label, for pick lists and for naming a value in a page.
//!
//! Where they come from: the spec says only that the values are strings (`language` defaults to
//! `russian`; "the allowed values: not shown"), so the tables are assembled from public material:
//! - categories: the service's public category pages (`tgstat.ru/<code>`, e.g. `tgstat.ru/news`,
//!   `tgstat.ru/tech`, `tgstat.ru/economics`), whose codes its `database/categories` method and
//!   public client libraries use (`tech`, `news` in a Go client's tests; `category=...` with
//!   `language=russian` in scripts calling `channels/search`);
//! - countries: two-letter lower-case codes, as in the spec's examples and the service's regional
//!   editions (Russia, Ukraine, Belarus, Kazakhstan, Uzbekistan, Kyrgyzstan and their neighbours,
//!   and the larger markets it covers);
//! - languages: the English name in lower case (`russian`, `english`, ...), as the spec's default
//!   shows.
//!
//! The tables are not a promise of completeness: a value they lack is still sent as typed, and
//! [`label`] answers `None` for it so the caller shows the value itself.

use crate::format::Locale;

/// Which parameter a value belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    Country,
    Language,
    Category,
}

/// One known value: what the service expects, and how to call it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    pub value: &'static str,
    pub en: &'static str,
    pub ru: &'static str,
}

impl Entry {
    pub fn label(&self, locale: Locale) -> &'static str {
        match locale {
            Locale::En => self.en,
            Locale::Ru => self.ru,
        }
    }
}

const fn e(value: &'static str, en: &'static str, ru: &'static str) -> Entry {
    Entry { value, en, ru }
}

pub const COUNTRIES: &[Entry] = &[
    e("ru", "Russia", "Россия"),
    e("ua", "Ukraine", "Украина"),
    e("by", "Belarus", "Беларусь"),
    e("kz", "Kazakhstan", "Казахстан"),
    e("uz", "Uzbekistan", "Узбекистан"),
    e("kg", "Kyrgyzstan", "Киргизия"),
    e("tj", "Tajikistan", "Таджикистан"),
    e("az", "Azerbaijan", "Азербайджан"),
    e("am", "Armenia", "Армения"),
    e("ge", "Georgia", "Грузия"),
    e("md", "Moldova", "Молдова"),
    e("il", "Israel", "Израиль"),
    e("tr", "Turkey", "Турция"),
    e("ir", "Iran", "Иран"),
    e("in", "India", "Индия"),
    e("cn", "China", "Китай"),
];

pub const LANGUAGES: &[Entry] = &[
    e("russian", "Russian", "Русский"),
    e("english", "English", "Английский"),
    e("ukrainian", "Ukrainian", "Украинский"),
    e("belarusian", "Belarusian", "Белорусский"),
    e("kazakh", "Kazakh", "Казахский"),
    e("uzbek", "Uzbek", "Узбекский"),
    e("kyrgyz", "Kyrgyz", "Киргизский"),
    e("tajik", "Tajik", "Таджикский"),
    e("azerbaijani", "Azerbaijani", "Азербайджанский"),
    e("armenian", "Armenian", "Армянский"),
    e("georgian", "Georgian", "Грузинский"),
    e("hebrew", "Hebrew", "Иврит"),
    e("turkish", "Turkish", "Турецкий"),
    e("persian", "Persian", "Персидский"),
    e("hindi", "Hindi", "Хинди"),
    e("chinese", "Chinese", "Китайский"),
    e("arabic", "Arabic", "Арабский"),
    e("german", "German", "Немецкий"),
    e("spanish", "Spanish", "Испанский"),
    e("other", "Other", "Другой"),
];

pub const CATEGORIES: &[Entry] = &[
    e("blogs", "Blogs", "Блоги"),
    e("news", "News and media", "Новости и СМИ"),
    e(
        "entertainment",
        "Humour and entertainment",
        "Юмор и развлечения",
    ),
    e("tech", "Technology", "Технологии"),
    e("economics", "Economics", "Экономика"),
    e("business", "Business and startups", "Бизнес и стартапы"),
    e("crypto", "Cryptocurrencies", "Криптовалюты"),
    e("travels", "Travel", "Путешествия"),
    e(
        "marketing",
        "Marketing, PR, advertising",
        "Маркетинг, PR, реклама",
    ),
    e("psychology", "Psychology", "Психология"),
    e("design", "Design", "Дизайн"),
    e("politics", "Politics", "Политика"),
    e("art", "Art", "Искусство"),
    e("law", "Law", "Право"),
    e("education", "Education", "Образование"),
    e("books", "Books", "Книги"),
    e("language", "Linguistics", "Лингвистика"),
    e("career", "Career", "Карьера"),
    e("edutainment", "Science and learning", "Познавательное"),
    e("courses", "Courses and guides", "Курсы и гайды"),
    e("sport", "Sport", "Спорт"),
    e("beauty", "Fashion and beauty", "Мода и красота"),
    e("medicine", "Medicine", "Медицина"),
    e("health", "Health and fitness", "Здоровье и фитнес"),
    e("pics", "Pictures and photos", "Картинки и фото"),
    e("apps", "Software and apps", "Софт и приложения"),
    e("video", "Video and films", "Видео и фильмы"),
    e("music", "Music", "Музыка"),
    e("games", "Games", "Игры"),
    e("food", "Food and cooking", "Еда и кулинария"),
    e("quotes", "Quotes", "Цитаты"),
    e("handmade", "Handicraft", "Рукоделие"),
    e("babies", "Family and children", "Семья и дети"),
    e("nature", "Nature", "Природа"),
    e(
        "construction",
        "Interior and construction",
        "Интерьер и строительство",
    ),
    e("telegram", "Telegram", "Telegram"),
    e("instagram", "Instagram", "Инстаграм"),
    e("sales", "Sales", "Продажи"),
    e("transport", "Transport", "Транспорт"),
    e("religion", "Religion", "Религия"),
    e("esoterics", "Esoterics", "Эзотерика"),
    e("darknet", "Darknet", "Даркнет"),
    e("gambling", "Betting", "Букмекерство"),
    e("shock", "Shock content", "Шок-контент"),
    e("erotica", "Erotica", "Эротика"),
    e("adult", "For adults", "Для взрослых"),
    e("other", "Other", "Другое"),
];

/// The known values of `field`, in the order a pick list shows them.
pub fn entries(field: Field) -> &'static [Entry] {
    match field {
        Field::Country => COUNTRIES,
        Field::Language => LANGUAGES,
        Field::Category => CATEGORIES,
    }
}

/// The entry for `value` of `field`; case and surrounding spaces are ignored, as the service
/// does not tell `RU` from `ru`.
pub fn find(field: Field, value: &str) -> Option<&'static Entry> {
    let value = value.trim();
    entries(field)
        .iter()
        .find(|entry| entry.value.eq_ignore_ascii_case(value))
}

/// The label of `value` of `field` in `locale`; `None` for a value the table lacks, which the
/// caller shows as it came.
pub fn label(field: Field, value: &str, locale: Locale) -> Option<&'static str> {
    find(field, value).map(|entry| entry.label(locale))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_of_known_values() {
        assert_eq!(label(Field::Country, "kz", Locale::En), Some("Kazakhstan"));
        assert_eq!(label(Field::Country, " RU ", Locale::Ru), Some("Россия"));
        assert_eq!(
            label(Field::Language, "russian", Locale::Ru),
            Some("Русский")
        );
        assert_eq!(label(Field::Language, "uzbek", Locale::En), Some("Uzbek"));
        assert_eq!(
            label(Field::Category, "tech", Locale::En),
            Some("Technology")
        );
        assert_eq!(
            label(Field::Category, "economics", Locale::Ru),
            Some("Экономика")
        );
    }

    #[test]
    fn unknown_values_have_no_label() {
        assert_eq!(label(Field::Country, "us", Locale::En), None);
        assert_eq!(label(Field::Category, "russian", Locale::En), None);
        assert_eq!(label(Field::Language, "", Locale::Ru), None);
    }

    #[test]
    fn tables_are_well_formed() {
        for field in [Field::Country, Field::Language, Field::Category] {
            let list = entries(field);
            for (i, entry) in list.iter().enumerate() {
                assert!(
                    entry.value.bytes().all(|b| b.is_ascii_lowercase()),
                    "{entry:?}"
                );
                assert!(!entry.en.is_empty() && !entry.ru.is_empty(), "{entry:?}");
                assert!(
                    list[..i].iter().all(|other| other.value != entry.value),
                    "{entry:?} twice"
                );
            }
        }
        assert!(COUNTRIES.iter().all(|c| c.value.len() == 2));
        assert_eq!(CATEGORIES.len(), 47);
        let default = crate::limits::CHANNEL_SEARCH_LANGUAGE_DEFAULT;
        assert_eq!(
            find(Field::Language, default).map(|e| e.en),
            Some("Russian")
        );
    }
}
