//! Channels side by side on exact numbers: subscribers and their change over 7, 30 and 90 days,
//! the citation index, ERR over the posts listed, verification, restrictions and age, each with
//! the reason when it is missing; and the percent series that puts channels on one scale.

use chanscope_api::format::Period;
use chanscope_api::model::{Channel, RknVerification};
use chanscope_api::PeriodGroup;
use chanscope_figures::compare::{CompareRow, SubscriberChange, CHANGE_DAYS, HISTORY_DAYS};
use chanscope_figures::dynamics::Reading;
use chanscope_figures::engagement::Missing;
use chanscope_figures::multi_stats::Counters;
use chanscope_figures::restrictions::Flag;
use chrono::NaiveDate;
use serde_json::json;

fn reading(day: &str, count: i64) -> Reading {
    Reading {
        period: Period::parse(PeriodGroup::Day, day).unwrap(),
        count,
    }
}

fn unix(day: &str, hour: u32) -> i64 {
    NaiveDate::parse_from_str(day, "%Y-%m-%d")
        .unwrap()
        .and_hms_opt(hour, 0, 0)
        .unwrap()
        .and_utc()
        .timestamp()
}

fn listed(views: &[u64]) -> Vec<Counters> {
    views
        .iter()
        .enumerate()
        .map(|(i, views)| Counters {
            id: i as i64 + 1,
            views: *views,
            ..Counters::default()
        })
        .collect()
}

const DAY: i64 = 86_400;

#[test]
fn a_row_holds_every_figure_of_a_channel() {
    let now = unix("2026-11-01", 12);
    let channel = Channel {
        id: 10,
        participants_count: 1_500,
        ci_index: Some(12.5),
        rkn_verification: Some(RknVerification {
            status: "active".into(),
            link: String::new(),
        }),
        service_restrictions: vec![json!({"red_label": true}).as_object().unwrap().clone()],
        // 400 days and an hour before now.
        created_at: Some(now - 400 * DAY - 3_600),
        ..Channel::default()
    };
    let readings = [
        reading("2026-07-30", 0),
        reading("2026-08-03", 900),
        reading("2026-10-01", 1_200),
        reading("2026-10-24", 1_250),
        reading("2026-10-31", 1_500),
    ];
    let row = CompareRow::of(&channel, &readings, &listed(&[300, 600]), now);
    assert_eq!(row.channel_id, 10);
    assert_eq!(row.subscribers, Some(1_500));
    assert_eq!(CHANGE_DAYS, [7, 30, 90]);
    assert_eq!(
        row.changes,
        [
            // From 2026-10-24.
            Ok(SubscriberChange {
                net: 250,
                percent: Ok(20.0),
            }),
            // From 2026-10-01.
            Ok(SubscriberChange {
                net: 300,
                percent: Ok(25.0),
            }),
            // 2026-08-02 has no reading: the one before it, at 0, has no percent.
            Ok(SubscriberChange {
                net: 1_500,
                percent: Err(Missing::NoSubscribers),
            }),
        ]
    );
    assert_eq!(row.citation_index, Some(12.5));
    // (300 + 600) / 2 / 1,500 × 100.
    assert_eq!(row.err, Ok(30.0));
    assert!(row.verified);
    assert_eq!(
        row.restrictions,
        [Flag {
            key: "red_label".into(),
            reason: None,
        }]
    );
    assert_eq!(row.age_days, Some(400));
}

#[test]
fn a_row_says_why_each_figure_is_missing() {
    let now = unix("2026-11-01", 12);
    let bare = Channel {
        id: 20,
        ..Channel::default()
    };
    let row = CompareRow::of(&bare, &[], &[], now);
    assert_eq!(row.subscribers, None);
    assert_eq!(
        row.changes,
        [
            Err(Missing::NoHistory { days: 7 }),
            Err(Missing::NoHistory { days: 30 }),
            Err(Missing::NoHistory { days: 90 }),
        ]
    );
    assert_eq!(row.citation_index, None);
    assert_eq!(row.err, Err(Missing::NoPosts));
    assert!(!row.verified);
    assert_eq!(row.restrictions, []);
    assert_eq!(row.age_days, None);

    // Posts listed, but no subscriber count to divide by; two months of history only.
    let short = [reading("2026-09-01", 400), reading("2026-10-31", 500)];
    let row = CompareRow::of(&bare, &short, &listed(&[100]), now);
    assert_eq!(row.err, Err(Missing::NoSubscribers));
    assert_eq!(
        row.changes[1],
        Ok(SubscriberChange {
            net: 100,
            percent: Ok(25.0),
        })
    );
    assert_eq!(row.changes[2], Err(Missing::NoHistory { days: 90 }));
}

#[test]
fn verification_and_age_read_only_what_the_service_knows() {
    let now = unix("2026-11-01", 12);
    let with = |status: &str, created_at: Option<i64>| Channel {
        rkn_verification: Some(RknVerification {
            status: status.into(),
            link: String::new(),
        }),
        created_at,
        ..Channel::default()
    };
    let row = |channel: &Channel| CompareRow::of(channel, &[], &[], now);
    assert!(!row(&with("unknown", None)).verified);
    assert!(row(&with(" Active ", None)).verified);
    assert_eq!(row(&with("unknown", Some(0))).age_days, None);
    assert_eq!(row(&with("unknown", Some(now + DAY))).age_days, None);
    assert_eq!(row(&with("unknown", Some(now))).age_days, Some(0));
    assert_eq!(row(&with("unknown", Some(now - DAY + 1))).age_days, Some(0));
    assert_eq!(row(&with("unknown", Some(now - DAY))).age_days, Some(1));
    assert_eq!(row(&with("unknown", Some(i64::MIN))).age_days, None);
}

#[test]
fn the_history_asked_for_reaches_the_longest_change() {
    assert_eq!(HISTORY_DAYS, 91);
}
