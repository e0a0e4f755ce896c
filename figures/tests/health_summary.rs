//! What the head of the channel report reads from the health check: its verdict and how sure it
//! is, the mentions of the last days, and a recent post of the channel named by the mention
//! search's answer.

use chanscope_api::format::Period;
use chanscope_api::model::PostSearchResponse;
use chanscope_api::PeriodGroup;
use chanscope_figures::dynamics::Reading;
use chanscope_figures::health::causes::{mentions, mentions_since, recent_post};
use chanscope_figures::health::verdict::{clean_doubts, State, Verdict};
use chanscope_figures::health::{subscriber_findings, Confidence, Doubt};
use chrono::{NaiveDate, NaiveDateTime, TimeDelta};

fn hours(first: i64, changes: impl Iterator<Item = i64>) -> Vec<Reading> {
    let start = NaiveDate::from_ymd_opt(2026, 3, 1)
        .unwrap()
        .and_hms_opt(0, 0, 0)
        .unwrap();
    let mut count = first;
    std::iter::once(0)
        .chain(changes)
        .enumerate()
        .map(|(i, by)| {
            count += by;
            let at = start + TimeDelta::hours(i as i64);
            Reading {
                period: Period::parse(PeriodGroup::Hour, &at.format("%Y-%m-%d %H:00").to_string())
                    .unwrap(),
                count,
            }
        })
        .collect()
}

/// 40 days of +1, +2, +3 an hour, with `dump` more at hour 600.
fn channel(dump: i64) -> Vec<Reading> {
    hours(
        50_000,
        (0..40 * 24).map(move |i| if i == 600 { dump } else { 1 + (i % 3) as i64 }),
    )
}

#[test]
fn a_dump_makes_a_sure_warning_and_quiet_counts_a_sure_clean() {
    let bought = channel(5_000);
    let found = subscriber_findings(&bought, PeriodGroup::Hour, &[]);
    let verdict = Verdict::of(&found, &clean_doubts(&bought, PeriodGroup::Hour, 55_000));
    assert_eq!(verdict.state, State::Warnings);
    assert_eq!(verdict.state.as_str(), "warnings");
    assert_eq!(verdict.confidence, Confidence::High);
    assert_eq!(verdict.findings, found.len());
    assert_eq!(verdict.warnings, found.len());
    assert!(verdict.warnings >= 1);

    let quiet = channel(2);
    let found = subscriber_findings(&quiet, PeriodGroup::Hour, &[]);
    assert!(found.is_empty());
    let verdict = Verdict::of(&found, &clean_doubts(&quiet, PeriodGroup::Hour, 52_000));
    assert_eq!(
        verdict,
        Verdict {
            state: State::Clean,
            confidence: Confidence::High,
            doubts: vec![],
            findings: 0,
            warnings: 0,
        }
    );
}

#[test]
fn nothing_found_on_little_data_cannot_say_much() {
    // 10 days of counts of a channel of 800: two reasons to doubt that nothing means nothing.
    let short = hours(800, (0..10 * 24).map(|i| (i % 2) as i64));
    let verdict = Verdict::of(&[], &clean_doubts(&short, PeriodGroup::Hour, 800));
    assert_eq!(verdict.state, State::Clean);
    assert_eq!(verdict.confidence, Confidence::Low);
    assert_eq!(
        verdict.doubts,
        vec![Doubt::SmallChannel, Doubt::ShortHistory]
    );
    // No counts at all.
    let verdict = Verdict::of(&[], &clean_doubts(&[], PeriodGroup::Hour, 90_000));
    assert_eq!(verdict.confidence, Confidence::Low);
    assert_eq!(verdict.doubts, vec![Doubt::ShortHistory]);
}

fn answer() -> PostSearchResponse {
    serde_json::from_str(
        r#"{"count": 4, "total_count": 4,
            "items": [
              {"id": 1, "date": 1767225600, "views": 52000, "link": "t.me/bignews/77",
               "channel_id": 9, "text": "Read <b>t.me/Promo/120</b> and t.me/promo/1200x, t.me/promo2/9000"},
              {"id": 2, "date": 1767139200, "views": 10, "link": "t.me/promo/118",
               "channel_id": 5, "text": "@promo"},
              {"id": 3, "date": 1766620800, "views": 300, "link": "t.me/other/4",
               "channel_id": 11, "text": "https://t.me/promo/99. Also t.me/promo"},
              {"id": 4, "date": 1765000000, "views": 300, "link": "t.me/other/2",
               "channel_id": 11, "text": "@promo"}],
            "channels": []}"#,
    )
    .unwrap()
}

#[test]
fn the_newest_post_the_answer_names_starts_the_profile() {
    // Its own post 118, and links to 120 and 99 in others' posts: 120. `1200x` and `promo2`
    // name no post of @promo.
    assert_eq!(recent_post(&answer(), 5, "@promo"), Some(120));
    // Of a channel the answer only names by its own posts.
    assert_eq!(recent_post(&answer(), 11, "other"), Some(4));
    assert_eq!(recent_post(&answer(), 12, "nobody"), None);
    assert_eq!(recent_post(&answer(), 5, ""), None);
}

#[test]
fn mentions_are_counted_from_a_date_on() {
    let found = mentions(&answer(), 5);
    assert_eq!(found.len(), 3);
    let at = |s: &str| NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap();
    // 2026-01-01 00:00, 2025-12-25 00:00 and 2025-12-06 05:46.
    assert_eq!(mentions_since(&found, at("2025-12-25 00:00")), 2);
    assert_eq!(mentions_since(&found, at("2025-12-25 00:01")), 1);
    assert_eq!(mentions_since(&found, at("2025-12-01 00:00")), 3);
}
