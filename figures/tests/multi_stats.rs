//! The counters of several posts and stories: totals and the IDs that did not come back.

use chanscope_api::model::{PostStatRecord, StoryStatRecord};
use chanscope_figures::multi_stats::{missing_ids, totals, Counters, StatsRecord, Totals};

fn rows<R: StatsRecord>(records: &[R]) -> Vec<Counters> {
    records.iter().map(Counters::of).collect()
}

fn post(id: i64, views: u64, shares: u64, comments: u64, reactions: u64) -> PostStatRecord {
    PostStatRecord {
        post_id: id,
        views_count: views,
        shares_count: shares,
        comments_count: comments,
        reactions_count: reactions,
    }
}

#[test]
fn totals_sum_each_counter_without_wrapping() {
    let records = [post(101, 1_000, 5, 2, 10), post(102, 2_500, 7, 0, 1)];
    assert_eq!(
        totals(&rows(&records)),
        Totals {
            views: 3_500,
            shares: 12,
            comments: Some(2),
            reactions: 11
        }
    );
    let huge = [post(1, u64::MAX, 0, 0, 0), post(2, 5, 0, 0, 0)];
    assert_eq!(totals(&rows(&huge)).views, u64::MAX);
    assert_eq!(totals(&[]), Totals::default());
}

#[test]
fn stories_have_no_comments() {
    let story = StoryStatRecord {
        story_id: 7,
        views_count: 90,
        shares_count: 3,
        reactions_count: 4,
    };
    assert_eq!(
        Counters::of(&story),
        Counters {
            id: 7,
            views: 90,
            shares: 3,
            comments: None,
            reactions: 4
        }
    );
    assert_eq!(
        totals(&rows(&[story.clone(), story])),
        Totals {
            views: 180,
            shares: 6,
            comments: None,
            reactions: 8
        }
    );
}

#[test]
fn missing_ids_keep_the_order_asked() {
    let records = [post(102, 1, 0, 0, 0), post(-104, 1, 0, 0, 0)];
    assert_eq!(
        missing_ids(&[104, 101, 102, 103], &rows(&records)),
        [104, 101, 103]
    );
    assert_eq!(missing_ids(&[u64::MAX], &rows(&records)), [u64::MAX]);
    assert!(missing_ids(&[102], &rows(&records)).is_empty());
}
