//! Human-readable labels of periods and dates in English and Russian.

use chanscope::api::params::PeriodGroup;
use chanscope::format::{date_label, date_time_label, month_label, week_label, Locale, Period};
use chrono::NaiveDate;

fn date(y: i32, m: u32, d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, d).unwrap()
}

fn label(group: PeriodGroup, s: &str, locale: Locale) -> String {
    Period::parse(group, s).unwrap().label(locale)
}

#[test]
fn week_labels() {
    assert_eq!(
        label(PeriodGroup::Week, "2024-05", Locale::En),
        "Week 5, 2024 · 29 Jan – 4 Feb"
    );
    assert_eq!(
        label(PeriodGroup::Week, "2024-05", Locale::Ru),
        "Неделя 5, 2024 · 29 янв – 4 фев"
    );
}

#[test]
fn week_labels_use_the_iso_year_across_a_year_boundary() {
    let week = Period::iso_week(2025, 1).unwrap();
    assert_eq!(week.to_api_string(), "2024-01");
    assert_eq!(week.label(Locale::En), "Week 1, 2025 · 30 Dec – 5 Jan");
    assert_eq!(week.label(Locale::Ru), "Неделя 1, 2025 · 30 дек – 5 янв");
    assert_eq!(
        label(PeriodGroup::Week, "2021-53", Locale::En),
        "Week 53, 2020 · 28 Dec – 3 Jan"
    );
    // Any day of the week gives the same label.
    assert_eq!(
        week_label(date(2025, 1, 5), Locale::En),
        "Week 1, 2025 · 30 Dec – 5 Jan"
    );
}

#[test]
fn day_hour_and_month_labels() {
    assert_eq!(
        label(PeriodGroup::Day, "2024-01-29", Locale::En),
        "29 Jan 2024"
    );
    assert_eq!(
        label(PeriodGroup::Day, "2024-01-29", Locale::Ru),
        "29 янв 2024"
    );
    assert_eq!(
        label(PeriodGroup::Day, "2024-05-01", Locale::Ru),
        "1 мая 2024"
    );
    assert_eq!(
        label(PeriodGroup::Hour, "2024-01-29 14:00", Locale::En),
        "29 Jan 2024, 14:00"
    );
    assert_eq!(
        label(PeriodGroup::Hour, "2024-01-29 04:00", Locale::Ru),
        "29 янв 2024, 04:00"
    );
    assert_eq!(
        label(PeriodGroup::Month, "2024-01", Locale::En),
        "January 2024"
    );
    assert_eq!(
        label(PeriodGroup::Month, "2024-01", Locale::Ru),
        "Январь 2024"
    );
    assert_eq!(label(PeriodGroup::Month, "2024-05", Locale::Ru), "Май 2024");
}

#[test]
fn every_month_has_names_in_both_locales() {
    let en: Vec<String> = (1..=12)
        .map(|m| date_label(date(2024, m, 1), Locale::En))
        .collect();
    assert_eq!(
        en,
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
    let ru: Vec<String> = (1..=12)
        .map(|m| month_label(date(2024, m, 1), Locale::Ru))
        .collect();
    assert_eq!(
        ru,
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
    assert_eq!(month_label(date(2024, 12, 31), Locale::En), "December 2024");
}

#[test]
fn date_time_label_pads_hours_and_minutes() {
    let t = date(2024, 3, 7).and_hms_opt(9, 5, 59).unwrap();
    assert_eq!(date_time_label(t, Locale::En), "7 Mar 2024, 09:05");
}

#[test]
fn locale_from_language_tags() {
    assert_eq!(Locale::from_tag("ru"), Some(Locale::Ru));
    assert_eq!(Locale::from_tag("ru-RU"), Some(Locale::Ru));
    assert_eq!(Locale::from_tag("EN_gb"), Some(Locale::En));
    assert_eq!(Locale::from_tag("de-DE"), None);
    assert_eq!(Locale::from_tag(""), None);
    assert_eq!(Locale::default(), Locale::En);
    assert_eq!(Locale::Ru.code(), "ru");
}
