//! Counters as the interface shows them, the pager of a search, the order of a table, and how
//! channels, groupings and posts are named.

use chanscope::api::model::{Channel, Post};
use chanscope::api::PeriodGroup;
use chanscope::figures::counts::{count_i64, parse_count, signed, Trend};
use chanscope::format::Locale;
use chanscope::view::labels::{channel_label, channel_ref, excerpt, group_label};
use chanscope::view::pager::{pages, Pages};
use chanscope::view::sort::{compare, sorted, Direction, Sort, SortKey};
use std::cmp::Ordering;

#[test]
fn counts_signs_and_trends() {
    assert_eq!(count_i64(12), 12);
    assert_eq!(count_i64(u64::MAX), i64::MAX);
    assert_eq!(signed(1_200, Locale::En), "+1,200");
    assert_eq!(signed(-35_000, Locale::Ru), "-35\u{a0}000");
    assert_eq!(signed(0, Locale::En), "0");
    assert_eq!(Trend::of(5).class(), "cs-up");
    assert_eq!(Trend::of(-1).class(), "cs-down");
    assert_eq!(Trend::of(0), Trend::Flat);
}

#[test]
fn typed_counts_round_clamp_or_stay_blank() {
    assert_eq!(parse_count(""), None);
    assert_eq!(parse_count("  "), None);
    assert_eq!(parse_count("20"), Some(20));
    assert_eq!(parse_count(" 2.6 "), Some(3));
    assert_eq!(parse_count("-4"), Some(0));
    assert_eq!(parse_count("ten"), Some(0));
    assert_eq!(parse_count("1e12"), Some(u32::MAX));
}

#[test]
fn the_pager_stops_at_the_apis_offset_limit() {
    // The first page of 20 of 45: no newer page, the older one at 20.
    assert_eq!(
        pages(0, 20, 20, 45),
        Pages {
            prev: None,
            next: Some(20),
            capped: false
        }
    );
    // The last page: 5 shown from 40.
    assert_eq!(
        pages(40, 20, 5, 45),
        Pages {
            prev: Some(20),
            next: None,
            capped: false
        }
    );
    // Offset 15 of limit 20 goes back to 0, not below.
    assert_eq!(pages(15, 20, 20, 100).prev, Some(0));
    // 1,000 is the largest offset: from 990 with 20 a page, 1,010 would be past it.
    assert_eq!(
        pages(990, 20, 20, 5_000),
        Pages {
            prev: Some(970),
            next: None,
            capped: true
        }
    );
    assert_eq!(pages(980, 20, 20, 5_000).next, Some(1_000));
    // An empty page has nothing older, whatever the total says.
    assert_eq!(pages(60, 20, 0, 5_000).next, None);
}

#[test]
fn sorting_keeps_missing_values_last_and_ties_in_order() {
    assert_eq!(
        compare(
            &SortKey::Number(1.0),
            &SortKey::Number(2.0),
            Direction::Descending
        ),
        Ordering::Greater
    );
    assert_eq!(
        compare(
            &SortKey::Missing,
            &SortKey::Number(2.0),
            Direction::Descending
        ),
        Ordering::Greater
    );
    assert_eq!(
        compare(
            &SortKey::Number(9.0),
            &SortKey::Text("a".into()),
            Direction::Ascending
        ),
        Ordering::Less
    );
    let rows = [
        ("b", SortKey::Number(2.0)),
        ("none", SortKey::Missing),
        ("a", SortKey::Number(1.0)),
        ("b2", SortKey::Number(2.0)),
    ];
    let order = |sort: Option<Sort>| -> Vec<&str> {
        sorted(&rows, sort, |row, _| Some(&row.1))
            .iter()
            .map(|row| row.0)
            .collect()
    };
    assert_eq!(order(None), ["b", "none", "a", "b2"]);
    let ascending = Sort::toggled(None, 0);
    assert_eq!(order(Some(ascending)), ["a", "b", "b2", "none"]);
    let descending = Sort::toggled(Some(ascending), 0);
    assert_eq!(descending.direction, Direction::Descending);
    assert_eq!(order(Some(descending)), ["b", "b2", "a", "none"]);
    // Another column starts ascending again.
    assert_eq!(
        Sort::toggled(Some(descending), 1).direction,
        Direction::Ascending
    );
}

#[test]
fn channels_are_named_by_title_and_username_or_their_id() {
    let channel = Channel {
        id: 10441,
        title: "  Market news ".into(),
        username: "@market".into(),
        ..Channel::default()
    };
    assert_eq!(channel_ref(&channel), "@market");
    assert_eq!(
        channel_label(10441, Some(&channel), Locale::En),
        ("@market".to_owned(), "Market news (@market)".to_owned())
    );
    let untitled = Channel {
        title: String::new(),
        ..channel.clone()
    };
    assert_eq!(
        channel_label(10441, Some(&untitled), Locale::En).1,
        "@market"
    );
    let nameless = Channel {
        username: String::new(),
        ..channel
    };
    assert_eq!(channel_ref(&nameless), "10441");
    assert_eq!(
        channel_label(10441, Some(&nameless), Locale::En),
        ("10441".to_owned(), "Market news".to_owned())
    );
    assert_eq!(
        channel_label(7, None, Locale::Ru),
        ("7".to_owned(), "Канал #7".to_owned())
    );
}

#[test]
fn groupings_and_posts_have_one_wording() {
    assert_eq!(group_label(PeriodGroup::Week, Locale::En), "By week");
    assert_eq!(group_label(PeriodGroup::Hour, Locale::Ru), "По часам");
    let post = Post {
        text: "the <b>whole</b> text".into(),
        snippet: "the <mark>match</mark>".into(),
        ..Post::default()
    };
    assert_eq!(excerpt(&post), "the <mark>match</mark>");
    let unsnipped = Post {
        snippet: " ".into(),
        ..post
    };
    assert_eq!(excerpt(&unsnipped), "the <b>whole</b> text");
}
