//! Posts as a file: the columns, a post with every field known, and one with none of its
//! channel, its date or its figures.

use chanscope::api::model::{Channel, Media, Post};
use chanscope::export::Cell;
use chanscope::figures::search_analysis::Collected;
use chanscope::view::post_file::collected_table;
use chrono::NaiveDate;

mod fixtures;

use fixtures::{channel, page, post};

fn typed(media_type: &str) -> Option<Media> {
    Some(Media {
        media_type: media_type.to_owned(),
        ..Media::default()
    })
}

#[test]
fn every_collected_post_is_a_row_of_the_file() {
    let date = NaiveDate::from_ymd_opt(2024, 1, 7)
        .unwrap()
        .and_hms_opt(23, 30, 5)
        .unwrap()
        .and_utc()
        .timestamp();
    let known = Post {
        link: "t.me/news/5".into(),
        text: "<b>Rates</b> &amp; prices\nup".into(),
        shares_count: 10,
        comments_count: 5,
        reactions_count: 25,
        media: typed("mediaPhoto"),
        ..post(5, 10, date, 2_000)
    };
    let unknown = Post {
        is_deleted: true,
        ..post(6, 99, i64::MAX, 0)
    };
    let news = Channel {
        username: "@news".into(),
        title: "News, daily".into(),
        ..channel(10, 8_000)
    };
    let mut collected = Collected::default();
    collected.add_page(&page(2, vec![known, unknown], vec![news]));
    // The file is written in UTC here; the console passes its zone.
    let utc = |secs: i64| chrono::DateTime::from_timestamp(secs, 0).map(|at| at.naive_utc());
    let table = collected_table(&collected, utc);
    assert_eq!(
        table.headers,
        [
            "id",
            "date",
            "timestamp",
            "channel_id",
            "channel_title",
            "channel_username",
            "link",
            "views",
            "shares_count",
            "comments_count",
            "reactions_count",
            "er_percent",
            "err_percent",
            "media_type",
            "media_kind",
            "forwarded_from",
            "is_deleted",
            "group_id",
            "snippet",
            "text",
        ]
    );
    let text = |s: &str| Cell::Text(s.into());
    assert_eq!(
        table.rows[0],
        [
            Cell::Int(5),
            text("2024-01-07 23:30:05"),
            Cell::Int(date),
            Cell::Int(10),
            text("News, daily"),
            text("@news"),
            text("https://t.me/news/5"),
            Cell::Int(2_000),
            Cell::Int(10),
            Cell::Int(5),
            Cell::Int(25),
            // 40 / 2,000 × 100 and 2,000 / 8,000 × 100.
            Cell::Float(2.0),
            Cell::Float(25.0),
            text("mediaPhoto"),
            text("photo"),
            Cell::Empty,
            Cell::Int(0),
            Cell::Empty,
            text(""),
            text("Rates & prices\nup"),
        ]
    );
    assert_eq!(
        table.rows[1],
        [
            Cell::Int(6),
            Cell::Empty,
            Cell::Int(i64::MAX),
            Cell::Int(99),
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            Cell::Int(0),
            Cell::Int(0),
            Cell::Int(0),
            Cell::Int(0),
            Cell::Empty,
            Cell::Empty,
            Cell::Empty,
            text("none"),
            Cell::Empty,
            Cell::Int(1),
            Cell::Empty,
            text(""),
            text(""),
        ]
    );
    assert_eq!(table.rows.len(), 2);
}
