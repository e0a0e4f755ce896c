//! The growth of a post's views as the post-stats page and widget read it.

use chanscope_api::model::ViewGrowthPoint;
use chanscope_api::ViewGrowthGroup;
use chanscope_figures::growth::{cumulative, growth_series, Growth};
use chrono::NaiveDate;

fn point(date: &str, views: f64) -> ViewGrowthPoint {
    ViewGrowthPoint {
        date: date.to_owned(),
        views_growth: views,
    }
}

fn hour(d: u32, h: u32) -> chrono::NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, d)
        .unwrap()
        .and_hms_opt(h, 0, 0)
        .unwrap()
}

#[test]
fn growth_is_sorted_by_time_and_leaves_out_what_cannot_be_read() {
    let points = [
        point("2026-11-02 01:00", 40.0),
        point("2026-11-02 00:00", 1_200.0),
        point("2026-11-02 02:00", f64::NAN),
        point("not a date", 3.0),
        point("2026-11-01 23:00", 2_500.5),
    ];
    let (growth, unreadable) = growth_series(ViewGrowthGroup::Hour, &points);
    assert_eq!(
        growth,
        [
            Growth {
                at: hour(1, 23),
                views: 2_500.5
            },
            Growth {
                at: hour(2, 0),
                views: 1_200.0
            },
            Growth {
                at: hour(2, 1),
                views: 40.0
            },
        ]
    );
    assert_eq!(unreadable, 2);
    assert_eq!(cumulative(&growth), [2_500.5, 3_700.5, 3_740.5]);
}

#[test]
fn daily_growth_reads_days_and_an_empty_answer_is_empty() {
    let (growth, unreadable) = growth_series(
        ViewGrowthGroup::Day,
        &[point("2026-11-02", 10.0), point("2026-11-01", 90.0)],
    );
    let totals = cumulative(&growth);
    assert_eq!(growth[0].at, hour(1, 0));
    assert_eq!((totals, unreadable), (vec![90.0, 100.0], 0));
    assert_eq!(growth_series(ViewGrowthGroup::Day, &[]), (Vec::new(), 0));
    assert!(cumulative(&[]).is_empty());
}
