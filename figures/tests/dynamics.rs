//! Subscriber dynamics as the page and the widget read them: readings in time order, the summary
//! of a channel's change, the chart series, and the range rules.

use chanscope_api::format::{Locale, Period};
use chanscope_api::model::SubscriberCount;
use chanscope_api::PeriodGroup;
use chanscope_figures::dynamics::{
    chart_series, group_for_range, readings, summarize, x_of, Reading, HOURLY_MAX_DAYS,
    PERIOD_PRESETS,
};

fn record(period: &str, count: u64) -> SubscriberCount {
    SubscriberCount {
        period: period.to_owned(),
        participants_count: count,
    }
}

fn day(s: &str) -> Period {
    Period::parse(PeriodGroup::Day, s).unwrap()
}

fn reading(s: &str, count: i64) -> Reading {
    Reading {
        period: day(s),
        count,
    }
}

#[test]
fn readings_are_in_time_order_one_per_period_and_count_the_unreadable() {
    // Newest first, as the API lists them, with a repeated day and two broken periods.
    let records = [
        record("2026-11-03", 1_300),
        record("2026-11-02", 1_250),
        record("2026-11-02", 999),
        record("yesterday", 5),
        record("2026-11-01", 1_000),
        record("2026-13-01", 7),
    ];
    let (read, unreadable) = readings(PeriodGroup::Day, &records);
    assert_eq!(
        read,
        [
            reading("2026-11-01", 1_000),
            reading("2026-11-02", 1_250),
            reading("2026-11-03", 1_300),
        ]
    );
    assert_eq!(unreadable, 2);
}

#[test]
fn the_summary_gives_net_percent_and_the_largest_steps() {
    let read = [
        reading("2026-11-01", 1_000),
        reading("2026-11-02", 1_250),
        reading("2026-11-03", 1_200),
        reading("2026-11-04", 1_450),
        reading("2026-11-05", 1_100),
    ];
    let summary = summarize(&read).unwrap();
    assert_eq!(summary.first, read[0]);
    assert_eq!(summary.last, read[4]);
    assert_eq!(summary.net, 100);
    assert_eq!(summary.percent, Some(10.0));
    // +250 twice: the earlier one counts.
    let gain = summary.gain.unwrap();
    assert_eq!((gain.to, gain.by), (day("2026-11-02"), 250));
    let drop = summary.drop.unwrap();
    assert_eq!((drop.to, drop.by), (day("2026-11-05"), -350));
}

#[test]
fn a_summary_without_rises_or_falls_or_a_base_says_so() {
    assert_eq!(summarize(&[]), None);
    let flat = summarize(&[reading("2026-11-01", 0), reading("2026-11-02", 0)]).unwrap();
    assert_eq!(
        (flat.net, flat.percent, flat.gain, flat.drop),
        (0, None, None, None)
    );
    let one = summarize(&[reading("2026-11-01", 42)]).unwrap();
    assert_eq!((one.net, one.percent), (0, Some(0.0)));
}

#[test]
fn chart_series_give_counts_or_change_since_the_first_reading() {
    let a = [reading("2026-11-01", 200), reading("2026-11-02", 250)];
    let b = [reading("2026-11-02", 0), reading("2026-11-03", 10)];
    let channels = || [("@a", &a[..]), ("@b", &b[..])].into_iter();

    let counts = chart_series(Locale::En, channels(), false);
    assert_eq!(counts[0].name, "@a");
    let points: Vec<(f64, f64, &str)> = counts[0]
        .points
        .iter()
        .map(|p| (p.x, p.y, p.label.as_str()))
        .collect();
    // 1 Nov 2026 00:00 UTC is 1,793,491,200 s.
    assert_eq!(
        points,
        [
            (1_793_491_200.0, 200.0, "1 Nov 2026"),
            (1_793_577_600.0, 250.0, "2 Nov 2026")
        ]
    );
    assert_eq!(x_of(&a[0].period), 1_793_491_200.0);

    let relative = chart_series(Locale::En, channels(), true);
    let ys: Vec<f64> = relative[0].points.iter().map(|p| p.y).collect();
    assert_eq!(ys, [0.0, 25.0]);
    // A channel that started at 0 has no percent change to draw.
    assert!(relative[1].points.is_empty());
}

#[test]
fn hourly_records_are_asked_for_short_ranges_only() {
    assert_eq!(PERIOD_PRESETS, [7, 30, 90, 365]);
    assert_eq!(HOURLY_MAX_DAYS, 31);
    assert_eq!(group_for_range(PeriodGroup::Hour, 30), PeriodGroup::Hour);
    assert_eq!(group_for_range(PeriodGroup::Hour, 31), PeriodGroup::Hour);
    assert_eq!(group_for_range(PeriodGroup::Hour, 90), PeriodGroup::Day);
    assert_eq!(group_for_range(PeriodGroup::Week, 365), PeriodGroup::Week);
}

#[test]
fn the_change_since_some_days_takes_the_reading_of_that_day_or_before() {
    use chanscope_figures::dynamics::change_since;
    use chanscope_figures::engagement::Missing;
    let read = [
        reading("2026-11-01", 1_000),
        reading("2026-11-20", 1_100),
        reading("2026-11-26", 1_150),
        reading("2026-11-27", 1_200),
    ];
    let day = change_since(&read, 1).unwrap();
    assert_eq!((day.from.count, day.to.count, day.net), (1_150, 1_200, 50));
    // 20 Nov is exactly 7 days before 27 Nov.
    let week = change_since(&read, 7).unwrap();
    assert_eq!(
        (week.net, week.percent),
        (100, Some(100.0 / 1_100.0 * 100.0))
    );
    // 28 Oct has no reading, and none before it: the history is too short.
    assert_eq!(
        change_since(&read, 30),
        Err(Missing::NoHistory { days: 30 })
    );
    // 25 days back falls between readings: the latest before it counts (1 Nov).
    assert_eq!(change_since(&read, 25).unwrap().from.count, 1_000);
    assert_eq!(change_since(&[], 1), Err(Missing::NoHistory { days: 1 }));
}
