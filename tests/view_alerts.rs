//! Whether a check crosses a watch's thresholds, and the alerts a watch keeps from its checks.

use chanscope::figures::alerts::{
    crossed, crosses_percent, parse_count_threshold, parse_threshold, Alert, NotAThreshold,
    Thresholds,
};
use chanscope::figures::watch_history::Reading;
use chanscope::watchlist::{CheckAnswer, Watch, WatchTarget};

mod fixtures;

use fixtures::{post, NOW};

fn percent(x: f64) -> Thresholds {
    Thresholds {
        subscribers_percent: Some(x),
        ..Thresholds::default()
    }
}

fn mentions_reading(new_mentions: Option<u64>) -> Reading {
    Reading {
        at: NOW,
        mentions: Some(50),
        new_mentions,
        ..Reading::default()
    }
}

fn views_reading(top_views: Option<u64>) -> Reading {
    Reading {
        at: NOW,
        new_posts: Some(0),
        top_views,
        ..Reading::default()
    }
}

#[test]
fn a_first_check_has_no_percent_alert() {
    assert_eq!(
        crossed(&percent(1.0), None, &Reading::channel(NOW, 5_000)),
        []
    );
}

#[test]
fn the_subscribers_alert_on_a_change_of_at_least_the_percent() {
    let before = Reading::channel(NOW, 2_000);
    // 2 100 − 2 000 = 100, 100 ÷ 2 000 = 5 %: at a 5 % threshold it alerts.
    assert_eq!(
        crossed(
            &percent(5.0),
            Some(&before),
            &Reading::channel(NOW + 1, 2_100)
        ),
        [Alert::Subscribers { percent: 5.0 }]
    );
    // 1 900 is −100, −5 %: a fall alerts as a rise does.
    assert_eq!(
        crossed(
            &percent(5.0),
            Some(&before),
            &Reading::channel(NOW + 1, 1_900)
        ),
        [Alert::Subscribers { percent: -5.0 }]
    );
    // 2 099 is 99 ÷ 2 000 = 4.95 %: under 5 %.
    assert_eq!(
        crossed(
            &percent(5.0),
            Some(&before),
            &Reading::channel(NOW + 1, 2_099)
        ),
        []
    );
}

#[test]
fn a_percent_threshold_is_met_exactly() {
    let before = Reading::channel(NOW, 1_000);
    // 1 011 − 1 000 = 11, and 11 × 100 = 1 100 = 1.1 × 1 000: exactly 1.1 %. Divided in
    // floats, 11 / 1 000 × 100 is 1.0999…, under the threshold.
    let alerts = crossed(
        &percent(1.1),
        Some(&before),
        &Reading::channel(NOW + 1, 1_011),
    );
    assert_eq!(alerts.len(), 1, "{alerts:?}");
    // 989 is −11: the same 1.1 % down.
    assert!(crosses_percent(1_000, 989, 1.1));
    // 1 010 is 1.0 %: under.
    assert!(!crosses_percent(1_000, 1_010, 1.1));
    // 3 → 4 is 33.33… %: over 33.33, under 33.34 (100 × 1 × 100 = 10 000 against
    // 3 334 × 3 = 10 002).
    assert!(crosses_percent(3, 4, 33.33));
    assert!(!crosses_percent(3, 4, 33.34));
    // A threshold of 10^-30 %: one subscriber of a count near 2^63 crosses it (1 × 100 × 10^30
    // against 1 × 2^63).
    assert!(crosses_percent(u64::MAX / 2, u64::MAX / 2 + 1, 1e-30));
    // 10^30 %: no change of a count reaches it.
    assert!(!crosses_percent(10, u64::MAX, 1e30));
    // None from a count of 0.
    assert!(!crosses_percent(0, 10, 1.0));
}

#[test]
fn no_percent_of_nothing_and_no_alert_without_change() {
    let zero = Reading::channel(NOW, 0);
    assert_eq!(
        crossed(&percent(1.0), Some(&zero), &Reading::channel(NOW + 1, 10)),
        []
    );
    let same = Reading::channel(NOW, 10);
    assert_eq!(
        crossed(&percent(0.0), Some(&same), &Reading::channel(NOW + 1, 10)),
        []
    );
}

#[test]
fn at_least_n_new_mentions() {
    let three = Thresholds {
        new_mentions: Some(3),
        ..Thresholds::default()
    };
    let previous = mentions_reading(None);
    assert_eq!(
        crossed(&three, Some(&previous), &mentions_reading(Some(3))),
        [Alert::Mentions { count: 3 }]
    );
    assert_eq!(
        crossed(&three, Some(&previous), &mentions_reading(Some(2))),
        []
    );
    // A first check counts no new mentions.
    assert_eq!(crossed(&three, None, &mentions_reading(None)), []);
}

#[test]
fn a_post_past_n_views_alerts_once() {
    let thousand = Thresholds {
        post_views: Some(1_000),
        ..Thresholds::default()
    };
    let under = views_reading(Some(999));
    let past = views_reading(Some(1_000));
    assert_eq!(
        crossed(&thousand, Some(&under), &past),
        [Alert::PostViews { views: 1_000 }]
    );
    assert_eq!(
        crossed(&thousand, None, &past),
        [Alert::PostViews { views: 1_000 }]
    );
    // Already past at the check before: not crossed again.
    assert_eq!(
        crossed(&thousand, Some(&past), &views_reading(Some(5_000))),
        []
    );
    assert_eq!(crossed(&thousand, Some(&under), &views_reading(None)), []);
}

#[test]
fn a_threshold_of_another_figure_never_alerts() {
    // A channel's reading has no views or mentions.
    let all = Thresholds {
        subscribers_percent: None,
        new_mentions: Some(1),
        post_views: Some(1),
    };
    let before = Reading::channel(NOW, 10);
    assert_eq!(
        crossed(&all, Some(&before), &Reading::channel(NOW + 1, 100)),
        []
    );
}

#[test]
fn a_watch_keeps_the_alerts_of_its_last_check() {
    let watch = Watch {
        thresholds: percent(10.0),
        ..Watch::new(
            "c".into(),
            "A channel".into(),
            WatchTarget::Channel {
                channel: "@a".into(),
            },
            NOW,
        )
    };
    let first = watch.checked(CheckAnswer::Channel { participants: 200 }, NOW + 1);
    assert_eq!(first.alerts, []);
    // 200 → 230: +30, 30 ÷ 200 = 15 % ≥ 10 %.
    let second = first.checked(CheckAnswer::Channel { participants: 230 }, NOW + 2);
    assert_eq!(second.alerts, [Alert::Subscribers { percent: 15.0 }]);
    // 230 → 240: +10, 10 ÷ 230 ≈ 4.35 %: the alert of the check before is gone.
    let third = second.checked(CheckAnswer::Channel { participants: 240 }, NOW + 3);
    assert_eq!(third.alerts, []);

    let search = Watch {
        thresholds: Thresholds {
            post_views: Some(500),
            ..Thresholds::default()
        },
        ..fixtures::search_watch("s")
    };
    let checked = search.checked(CheckAnswer::Posts(&[post(1, 1, NOW, 800)]), NOW);
    assert_eq!(checked.alerts, [Alert::PostViews { views: 800 }]);
}

#[test]
fn a_threshold_is_a_number_above_zero() {
    assert_eq!(parse_threshold("  "), Ok(None));
    assert_eq!(parse_threshold("2.5"), Ok(Some(2.5)));
    assert_eq!(parse_threshold("0"), Err(NotAThreshold));
    assert_eq!(parse_threshold("-1"), Err(NotAThreshold));
    assert_eq!(parse_threshold("ten"), Err(NotAThreshold));
    // At least 2.5 mentions is at least 3.
    assert_eq!(parse_count_threshold("2.5"), Ok(Some(3)));
    assert_eq!(parse_count_threshold("1000"), Ok(Some(1_000)));
    assert_eq!(parse_count_threshold(""), Ok(None));
}
