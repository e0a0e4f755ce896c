//! The named figures of a page on exact numbers: what the page shows and what its figures file
//! holds, for a set of posts, a page of post search and one post.

use chanscope_api::model::Post;
use chanscope_figures::engagement::Missing;
use chanscope_figures::growth::Growth;
use chanscope_figures::multi_stats::Counters;
use chanscope_figures::named::{
    figures_table, Extremes, MentionTotals, Named, PageTotals, PostFigures, SetFigures, Value,
};
use chanscope_figures::table::{to_csv, to_json};
use chrono::{NaiveDate, TimeDelta};

mod fixtures;

use fixtures::value;

fn row(id: i64, views: u64, shares: u64, comments: Option<u64>, reactions: u64) -> Counters {
    Counters {
        id,
        views,
        shares,
        comments,
        reactions,
    }
}

#[test]
fn a_set_of_posts_has_totals_reach_err_er_and_extremes() {
    let rows = [
        // ER 2 %, 3 %, 10 %.
        row(101, 1_000, 5, Some(5), 10),
        row(102, 4_000, 40, Some(20), 60),
        row(103, 1_600, 100, Some(20), 40),
    ];
    let set = SetFigures::of(&rows, Some(20_000));
    assert_eq!(set.average_reach, Ok(2_200.0));
    assert_eq!(set.median_reach, Ok(1_600.0));
    // 2,200 / 20,000 × 100.
    assert_eq!(set.err, Ok(11.0));
    assert_eq!(set.average_er, Ok(5.0));
    assert_eq!(
        set.by_views,
        Some(Extremes {
            best: 102,
            worst: 101
        })
    );
    assert_eq!(
        set.by_er,
        Some(Extremes {
            best: 103,
            worst: 101
        })
    );
    let named = set.named();
    let names: Vec<&str> = named.iter().map(|f| f.name).collect();
    assert_eq!(
        names,
        [
            "views",
            "shares",
            "comments",
            "reactions",
            "average_reach",
            "median_reach",
            "err_percent",
            "average_er_percent",
            "best_by_views_id",
            "worst_by_views_id",
            "best_by_er_id",
            "worst_by_er_id"
        ]
    );
    assert_eq!(value(&named, "views"), &Value::Count(6_600));
    assert_eq!(value(&named, "comments"), &Value::Count(45));
    assert_eq!(value(&named, "worst_by_er_id"), &Value::Id(Some(101)));
}

#[test]
fn stories_have_no_comments_figure_and_no_subscribers_no_err() {
    let rows = [row(7, 500, 5, None, 20), row(8, 300, 0, None, 3)];
    let set = SetFigures::of(&rows, None);
    assert_eq!(set.err, Err(Missing::NoSubscribers));
    // (25 / 500 + 3 / 300) / 2 × 100 = (5 % + 1 %) / 2.
    assert_eq!(set.average_er, Ok(3.0));
    let named = set.named();
    assert!(named.iter().all(|f| f.name != "comments"));
    assert_eq!(
        value(&named, "err_percent"),
        &Value::Number(Err(Missing::NoSubscribers))
    );
}

#[test]
fn an_empty_set_has_no_figures_but_zero_sums() {
    let set = SetFigures::of(&[], Some(1_000));
    assert_eq!(set.average_reach, Err(Missing::NoPosts));
    assert_eq!(set.by_views, None);
    let named = set.named();
    assert_eq!(value(&named, "views"), &Value::Count(0));
    assert_eq!(value(&named, "best_by_er_id"), &Value::Id(None));
}

fn post(id: i64, views: u64, interactions: u64, deleted: bool, group_id: Option<i64>) -> Post {
    Post {
        id,
        channel_id: 5,
        views,
        reactions_count: interactions,
        is_deleted: deleted,
        group_id,
        ..Post::default()
    }
}

#[test]
fn page_totals_count_an_album_once_and_leave_deleted_posts_out() {
    let posts = [
        post(1, 1_000, 50, false, None),
        // An album of two: its reach is its most viewed post, 3,000.
        post(2, 3_000, 30, false, Some(9)),
        post(3, 2_800, 28, false, Some(9)),
        post(4, 9_999, 999, true, None),
        post(5, 2_000, 0, false, None),
    ];
    let totals = PageTotals::of(&posts);
    assert_eq!(totals.posts, 5);
    assert_eq!(totals.folded, 1);
    assert_eq!(totals.views, 6_000);
    assert_eq!(totals.average_reach, Ok(2_000.0));
    assert_eq!(totals.median_reach, Ok(2_000.0));
    // ER of the four posts not deleted: 5 %, 1 %, 1 %, 0 %.
    assert_eq!(totals.average_er, Ok(1.75));
    assert_eq!(
        totals.named().iter().map(|f| f.name).collect::<Vec<_>>(),
        [
            "posts",
            "views",
            "average_reach",
            "median_reach",
            "average_er_percent"
        ]
    );
}

/// Hourly growth from 1 Nov 2026 09:00: 2,000 views in the first hour, then 50 an hour.
fn growth(hours: i64) -> Vec<Growth> {
    let start = NaiveDate::from_ymd_opt(2026, 11, 1)
        .and_then(|d| d.and_hms_opt(9, 0, 0))
        .expect("a valid hour");
    (0..hours)
        .map(|i| Growth {
            at: start + TimeDelta::hours(i),
            views: if i == 0 { 2_000.0 } else { 50.0 },
        })
        .collect()
}

#[test]
fn one_post_has_reach_err24_and_cpm_of_a_typed_price() {
    let counts = chanscope_figures::engagement::PostCounts {
        views: 5_000,
        shares: 20,
        comments: 5,
        reactions: 75,
        deleted: false,
    };
    let g = growth(72);
    let figures = PostFigures::of(
        &counts,
        Some(&g),
        Some(40_000),
        Some((1_500.0, "RUB".into())),
    );
    assert_eq!(figures.er, Ok(2.0));
    assert_eq!(figures.err, Ok(12.5));
    assert_eq!(figures.reach, [Ok(2_550.0), Ok(3_150.0), Ok(4_350.0)]);
    // 3,150 / 40,000 × 100.
    assert_eq!(figures.err24, Ok(7.875));
    // 1,500 / 3.15, 1,500 / 4.35, 1,500 / 5.
    assert_eq!(figures.cpm_24h, Ok(1_500.0 / 3.15));
    assert_eq!(figures.cpm_48h, Ok(1_500.0 / 4.35));
    assert_eq!(figures.cpm_total, Ok(300.0));
    assert_eq!(
        value(&figures.named(), "currency"),
        &Value::Text("RUB".into())
    );
}

#[test]
fn one_post_without_growth_or_price_says_why() {
    let counts = chanscope_figures::engagement::PostCounts {
        views: 800,
        ..Default::default()
    };
    let figures = PostFigures::of(&counts, None, None, None);
    assert_eq!(figures.er, Ok(0.0));
    assert_eq!(figures.reach, [Err(Missing::NoGrowth); 3]);
    assert_eq!(figures.err24, Err(Missing::NoGrowth));
    assert_eq!(figures.cpm_total, Err(Missing::NoPrice));
    // 30 hours of growth: reach at 24 h is known, at 48 h not yet.
    let young = growth(30);
    let figures = PostFigures::of(&counts, Some(&young), Some(1_000), None);
    assert_eq!(figures.reach[1], Ok(3_150.0));
    assert_eq!(figures.reach[2], Err(Missing::NotYet { hours: 48 }));
    assert_eq!(figures.err24, Ok(315.0));
    assert_eq!(figures.cpm_24h, Err(Missing::NoPrice));
}

#[test]
fn the_figures_file_holds_values_and_reasons() {
    let figures = [
        Named {
            name: "average_reach",
            value: Value::Number(Ok(2_200.5)),
        },
        Named {
            name: "err_percent",
            value: Value::Number(Err(Missing::NoSubscribers)),
        },
        Named {
            name: "posts",
            value: Value::Count(50),
        },
        Named {
            name: "best_by_er_id",
            value: Value::Id(Some(103)),
        },
        Named {
            name: "currency",
            value: Value::Text("RUB".into()),
        },
    ];
    let table = figures_table(&figures, |missing| format!("{missing:?}"));
    assert_eq!(
        to_csv(&table),
        "\u{feff}figure,value,missing_because\r\naverage_reach,2200.5,\r\nerr_percent,,NoSubscribers\r\n\
         posts,50,\r\nbest_by_er_id,103,\r\ncurrency,RUB,\r\n"
    );
    assert_eq!(
        to_json(&table),
        "[\n  {\"figure\": \"average_reach\", \"value\": 2200.5, \"missing_because\": null},\n  \
         {\"figure\": \"err_percent\", \"value\": null, \"missing_because\": \"NoSubscribers\"},\n  \
         {\"figure\": \"posts\", \"value\": 50, \"missing_because\": null},\n  \
         {\"figure\": \"best_by_er_id\", \"value\": 103, \"missing_because\": null},\n  \
         {\"figure\": \"currency\", \"value\": \"RUB\", \"missing_because\": null}\n]"
    );
}

#[test]
fn mention_totals_sum_channels_and_weigh_reach_per_mention() {
    let totals = MentionTotals::of([(4, 10_000), (1, 500), (5, 4_500)]);
    assert_eq!(totals.channels, 3);
    assert_eq!(totals.mentions, 10);
    assert_eq!(totals.reach, 15_000);
    assert_eq!(totals.reach_per_mention, Ok(1_500.0));
    assert_eq!(
        MentionTotals::of([]).reach_per_mention,
        Err(Missing::NoPosts)
    );
    assert_eq!(
        totals.named().iter().map(|f| f.name).collect::<Vec<_>>(),
        ["channels", "mentions", "reach", "reach_per_mention"]
    );
}
