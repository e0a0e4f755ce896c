//! Human-readable labels of periods and dates in English and Russian.

use chanscope_api::format::{
    axis_label, date_label, date_time_label, month_label, week_label, Locale, Period,
};
use chanscope_api::params::PeriodGroup;
use chrono::NaiveDate;
use Locale::{En, Ru};
use PeriodGroup::{Day, Hour, Month, Week};

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn label(group: PeriodGroup, s: &str, locale: Locale) -> String {
    Period::parse(group, s).unwrap().label(locale)
}

/// Asserts the label of each `(group, period string, locale, label)` case.
fn assert_labels(cases: &[(PeriodGroup, &str, Locale, &str)]) {
    for &(group, s, locale, expected) in cases {
        assert_eq!(
            label(group, s, locale),
            expected,
            "{group} {s:?} {locale:?}"
        );
    }
}

/// Labels of the first day of each month of 2024.
fn months_of_2024(to_label: fn(NaiveDate, Locale) -> String, locale: Locale) -> Vec<String> {
    (1..=12)
        .map(|m| to_label(date(2024, m, 1), locale))
        .collect()
}

#[test]
fn week_labels() {
    assert_labels(&[
        (Week, "2024-05", En, "Week 5, 2024 · 29 Jan – 4 Feb"),
        (Week, "2024-05", Ru, "Неделя 5, 2024 · 29 янв – 4 фев"),
    ]);
}

#[test]
fn week_labels_use_the_iso_year_across_a_year_boundary() {
    let week = Period::iso_week(2025, 1).unwrap();
    assert_eq!(week.to_api_string(), "2024-01");
    assert_eq!(week.label(En), "Week 1, 2025 · 30 Dec – 5 Jan");
    assert_eq!(week.label(Ru), "Неделя 1, 2025 · 30 дек – 5 янв");
    assert_labels(&[(Week, "2021-53", En, "Week 53, 2020 · 28 Dec – 3 Jan")]);
    // Any day of the week gives the same label.
    assert_eq!(
        week_label(date(2025, 1, 5), En),
        "Week 1, 2025 · 30 Dec – 5 Jan"
    );
}

#[test]
fn day_hour_and_month_labels() {
    assert_labels(&[
        (Day, "2024-01-29", En, "29 Jan 2024"),
        (Day, "2024-01-29", Ru, "29 янв 2024"),
        (Day, "2024-05-01", Ru, "1 мая 2024"),
        (Hour, "2024-01-29 14:00", En, "29 Jan 2024, 14:00"),
        (Hour, "2024-01-29 04:00", Ru, "29 янв 2024, 04:00"),
        (Month, "2024-01", En, "January 2024"),
        (Month, "2024-01", Ru, "Январь 2024"),
        (Month, "2024-05", Ru, "Май 2024"),
    ]);
}

#[test]
fn every_month_has_names_in_both_locales() {
    assert_eq!(
        months_of_2024(date_label, En),
        [
            "1 Jan 2024",
            "1 Feb 2024",
            "1 Mar 2024",
            "1 Apr 2024",
            "1 May 2024",
            "1 Jun 2024",
            "1 Jul 2024",
            "1 Aug 2024",
            "1 Sep 2024",
            "1 Oct 2024",
            "1 Nov 2024",
            "1 Dec 2024"
        ]
    );
    assert_eq!(
        months_of_2024(month_label, Ru),
        [
            "Январь 2024",
            "Февраль 2024",
            "Март 2024",
            "Апрель 2024",
            "Май 2024",
            "Июнь 2024",
            "Июль 2024",
            "Август 2024",
            "Сентябрь 2024",
            "Октябрь 2024",
            "Ноябрь 2024",
            "Декабрь 2024"
        ]
    );
    assert_eq!(month_label(date(2024, 12, 31), En), "December 2024");
}

#[test]
fn date_time_label_pads_hours_and_minutes() {
    let t = date(2024, 3, 7).and_hms_opt(9, 5, 59).unwrap();
    assert_eq!(date_time_label(t, En), "7 Mar 2024, 09:05");
}

#[test]
fn locale_from_language_tags() {
    for (tag, expected) in [
        ("ru", Some(Ru)),
        ("ru-RU", Some(Ru)),
        ("EN_gb", Some(En)),
        ("de-DE", None),
        ("", None),
    ] {
        assert_eq!(Locale::from_tag(tag), expected, "{tag:?}");
    }
    assert_eq!(Locale::default(), En);
    assert_eq!(Ru.code(), "ru");
}

#[test]
fn axis_labels_are_short_for_every_group() {
    let t = date(2024, 3, 4).and_hms_opt(14, 0, 0).unwrap();
    assert_eq!(axis_label(Hour, t, En), "14:00, 4 Mar");
    assert_eq!(axis_label(Day, t, En), "4 Mar");
    assert_eq!(axis_label(Week, t, Ru), "4 мар");
    assert_eq!(axis_label(Month, t, En), "Mar 2024");
    assert_eq!(axis_label(Month, t, Ru), "мар 2024");
}

#[test]
fn nouns_take_the_form_of_their_count() {
    let en = ["request", "requests"];
    let ru = ["запрос", "запроса", "запросов"];
    let forms = |locale: Locale, counts: &[u64]| -> Vec<&str> {
        counts.iter().map(|&n| locale.noun(n, en, ru)).collect()
    };
    assert_eq!(
        forms(En, &[0, 1, 2, 11, 21]),
        ["requests", "request", "requests", "requests", "requests"]
    );
    assert_eq!(
        forms(Ru, &[1, 21, 101, 1_001]),
        ["запрос", "запрос", "запрос", "запрос"]
    );
    assert_eq!(
        forms(Ru, &[2, 3, 4, 22, 34, 102]),
        [
            "запроса",
            "запроса",
            "запроса",
            "запроса",
            "запроса",
            "запроса"
        ]
    );
    assert_eq!(
        forms(Ru, &[0, 5, 11, 12, 13, 14, 20, 111, 112, 1_000]),
        [
            "запросов",
            "запросов",
            "запросов",
            "запросов",
            "запросов",
            "запросов",
            "запросов",
            "запросов",
            "запросов",
            "запросов"
        ]
    );
}
