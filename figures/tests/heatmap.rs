//! Posting by weekday and hour: each post in the cell of its local weekday and hour, in fixed
//! zones and across a clock change; dates the calendar cannot place counted apart; the busiest
//! cell, the average views and the shades on exact numbers.

use chanscope_api::model::Post;
use chanscope_figures::engagement::Missing;
use chanscope_figures::heatmap::{shade, HeatCell, Heatmap};
use chrono::{DateTime, FixedOffset, NaiveDate, Utc};

fn utc(y: i32, m: u32, d: u32, h: u32, min: u32) -> i64 {
    NaiveDate::from_ymd_opt(y, m, d)
        .unwrap()
        .and_hms_opt(h, min, 0)
        .unwrap()
        .and_utc()
        .timestamp()
}

fn post(id: i64, date: i64, views: u64) -> Post {
    Post {
        id,
        date,
        views,
        ..Post::default()
    }
}

fn hours(h: i32) -> FixedOffset {
    FixedOffset::east_opt(h * 3600).unwrap()
}

const MONDAY: usize = 0;
const TUESDAY: usize = 1;
const SUNDAY: usize = 6;

#[test]
fn a_post_lands_in_its_local_weekday_and_hour() {
    // 2024-01-07 is a Sunday.
    let posts = [post(1, utc(2024, 1, 7, 23, 30), 500)];
    let at_utc = Heatmap::of(&posts, |_| hours(0));
    assert_eq!(at_utc.cells[SUNDAY][23].posts, 1);
    let at_plus_3 = Heatmap::of(&posts, |_| hours(3));
    assert_eq!(
        at_plus_3.cells[MONDAY][2],
        HeatCell {
            posts: 1,
            counted: 1,
            views: 500
        }
    );
    assert_eq!(at_plus_3.cells[SUNDAY][23].posts, 0);
    // West of UTC the same instant is still Sunday evening.
    assert_eq!(
        Heatmap::of(&posts, |_| hours(-5)).cells[SUNDAY][18].posts,
        1
    );
}

#[test]
fn the_offset_in_force_at_each_instant_places_the_post() {
    // Clocks go from +02:00 to +03:00 at 01:00 UTC on Sunday 2024-03-31: 03:00 local never
    // happens.
    let switch = utc(2024, 3, 31, 1, 0);
    let zone = |secs: i64| if secs < switch { hours(2) } else { hours(3) };
    let posts = [
        post(1, utc(2024, 3, 31, 0, 30), 10),
        post(2, switch, 20),
        post(3, utc(2024, 3, 31, 1, 30), 30),
    ];
    let map = Heatmap::of(&posts, zone);
    assert_eq!(map.cells[SUNDAY][2].posts, 1);
    assert_eq!(map.cells[SUNDAY][3].posts, 0);
    assert_eq!(map.cells[SUNDAY][4].posts, 2);
    assert_eq!(map.cells[SUNDAY][4].views, 50);
}

#[test]
fn dates_the_calendar_cannot_place_are_skipped_and_everything_adds_up() {
    let last = DateTime::<Utc>::MAX_UTC.timestamp();
    let posts = [
        post(1, utc(2024, 1, 1, 9, 10), 1),
        post(2, i64::MAX, 1),
        post(3, i64::MIN, 1),
        // Placeable in UTC, but an hour east of it is past the calendar's end.
        post(4, last, 1),
        post(5, utc(2024, 1, 2, 10, 0), 1),
    ];
    let map = Heatmap::of(&posts, |_| hours(1));
    assert_eq!(map.skipped, 3);
    assert_eq!(map.total(), 2);
    assert_eq!(map.total() + u64::from(map.skipped), posts.len() as u64);
    assert_eq!(map.cells[MONDAY][10].posts, 1);
    assert_eq!(map.cells[TUESDAY][11].posts, 1);

    let in_utc = Heatmap::of(&posts, |_| hours(0));
    assert_eq!((in_utc.total(), in_utc.skipped), (3, 2));
}

#[test]
fn average_views_leave_deleted_posts_out() {
    let deleted = Post {
        is_deleted: true,
        ..post(3, utc(2024, 1, 1, 9, 50), 999)
    };
    let posts = [
        post(1, utc(2024, 1, 1, 9, 10), 100),
        post(2, utc(2024, 1, 1, 9, 20), 200),
        deleted.clone(),
        Post {
            id: 4,
            date: utc(2024, 1, 2, 10, 0),
            ..deleted
        },
    ];
    let map = Heatmap::of(&posts, |_| hours(0));
    let cell = map.cells[MONDAY][9];
    assert_eq!(
        cell,
        HeatCell {
            posts: 3,
            counted: 2,
            views: 300
        }
    );
    assert_eq!(cell.average_views(), Ok(150.0));
    assert_eq!(
        map.cells[TUESDAY][10].average_views(),
        Err(Missing::NoPosts)
    );
    assert_eq!(map.cells[SUNDAY][0].average_views(), Err(Missing::NoPosts));
}

#[test]
fn the_busiest_cell_is_the_earliest_of_equals() {
    let posts = [
        post(1, utc(2024, 1, 2, 10, 0), 1),
        post(2, utc(2024, 1, 9, 10, 20), 1),
        post(3, utc(2024, 1, 1, 15, 0), 1),
        post(4, utc(2024, 1, 1, 15, 59), 1),
        post(5, utc(2024, 1, 1, 9, 10), 1),
    ];
    let map = Heatmap::of(&posts, |_| hours(0));
    assert_eq!(map.max_posts(), 2);
    // Tuesday 10:00 and Monday 15:00 hold two each: Monday comes first.
    assert_eq!(map.busiest(), Some((MONDAY, 15)));
    assert_eq!(map.total(), 5);

    let same_day = Heatmap::of(&posts[2..], |_| hours(0));
    assert_eq!(same_day.busiest(), Some((MONDAY, 15)));
    let one_each = Heatmap::of(&[posts[2].clone(), posts[4].clone()], |_| hours(0));
    assert_eq!(one_each.busiest(), Some((MONDAY, 9)));
}

#[test]
fn an_empty_map_has_no_busiest_cell() {
    let map = Heatmap::of(&[], |_| hours(0));
    assert_eq!(
        (map.total(), map.max_posts(), map.busiest(), map.skipped),
        (0, 0, None, 0)
    );
}

#[test]
fn shades_rise_with_the_posts_and_only_an_empty_cell_is_blank() {
    // posts / 10 × 4, rounded up.
    let shades: Vec<u32> = [0, 1, 2, 5, 6, 10].map(|n| shade(n, 10, 4)).to_vec();
    assert_eq!(shades, [0, 1, 1, 2, 3, 4]);
    assert_eq!(shade(1, 1_000, 4), 1);
    assert_eq!(shade(999, 1_000, 4), 4);
    assert_eq!(shade(0, 0, 4), 0);
    assert_eq!(shade(3, 0, 4), 0);
    assert_eq!(shade(12, 10, 4), 4);
    assert_eq!(shade(u32::MAX, u32::MAX, u32::MAX), u32::MAX);
    assert_eq!(shade(5, 10, 0), 0);
}
