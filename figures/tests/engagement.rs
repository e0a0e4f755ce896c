//! ER, ERR, reach and CPM on exact numbers, with missing inputs and deleted posts.

use chanscope_figures::engagement::{
    average_er, average_reach, best_and_worst, channel_err, er, err, median_reach, Missing,
    PostCounts,
};
use chanscope_figures::growth::Growth;
use chanscope_figures::reach::{cpm, parse_price, reach_at, PriceError, REACH_HOURS};
use chrono::{NaiveDate, NaiveDateTime};

fn post(views: u64, shares: u64, comments: u64, reactions: u64) -> PostCounts {
    PostCounts {
        views,
        shares,
        comments,
        reactions,
        deleted: false,
    }
}

fn deleted(views: u64) -> PostCounts {
    PostCounts {
        deleted: true,
        ..post(views, 0, 0, 0)
    }
}

#[test]
fn er_is_interactions_over_views() {
    // (12 + 3 + 45) / 2,000 × 100 = 3 %.
    assert_eq!(er(&post(2_000, 12, 3, 45)), Ok(3.0));
    assert_eq!(er(&post(400, 1, 0, 0)), Ok(0.25));
    assert_eq!(er(&post(0, 5, 5, 5)), Err(Missing::NoViews));
}

#[test]
fn err_is_views_over_subscribers() {
    assert_eq!(err(1_500, Some(10_000)), Ok(15.0));
    assert_eq!(err(1_500, Some(0)), Err(Missing::NoSubscribers));
    assert_eq!(err(1_500, None), Err(Missing::NoSubscribers));
}

#[test]
fn reach_figures_leave_deleted_posts_out() {
    let posts = [
        post(1_000, 10, 0, 0),
        post(3_000, 0, 30, 0),
        deleted(1_000_000),
        post(2_000, 0, 0, 100),
        post(6_000, 0, 0, 0),
    ];
    // (1,000 + 3,000 + 2,000 + 6,000) / 4.
    assert_eq!(average_reach(&posts), Ok(3_000.0));
    // 2,000 and 3,000 in the middle of four.
    assert_eq!(median_reach(&posts), Ok(2_500.0));
    assert_eq!(median_reach(&posts[..2]), Ok(2_000.0));
    assert_eq!(median_reach(&posts[..3]), Ok(2_000.0));
    // 3,000 / 20,000 × 100.
    assert_eq!(channel_err(&posts, Some(20_000)), Ok(15.0));
    assert_eq!(channel_err(&posts, None), Err(Missing::NoSubscribers));
    // ERs 1 %, 1 %, 5 %, 0 %: average 1.75 %.
    assert_eq!(average_er(&posts), Ok(1.75));
    assert_eq!(average_reach(&[deleted(5)]), Err(Missing::NoPosts));
    assert_eq!(median_reach(&[]), Err(Missing::NoPosts));
    assert_eq!(channel_err(&[], Some(10)), Err(Missing::NoPosts));
    assert_eq!(average_er(&[post(0, 1, 1, 1)]), Err(Missing::NoPosts));
}

#[test]
fn best_and_worst_skip_deleted_posts_and_missing_values() {
    let posts = [
        post(1_000, 10, 0, 0),
        deleted(9_000_000),
        post(0, 0, 0, 0),
        post(6_000, 0, 0, 600),
        post(6_000, 0, 0, 0),
    ];
    let by_views = |p: &PostCounts| Ok(p.views as f64);
    // Views: 6,000 twice (the first counts) and 0.
    assert_eq!(best_and_worst(&posts, by_views), Some((3, 2)));
    // ER: 1 %, none, 10 %, 0 %.
    assert_eq!(best_and_worst(&posts, er), Some((3, 4)));
    assert_eq!(best_and_worst(&[deleted(5)], by_views), None);
}

fn hour(day: u32, h: u32) -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 11, day)
        .unwrap()
        .and_hms_opt(h, 0, 0)
        .unwrap()
}

/// Hourly growth from 1 Nov 10:00: 1,000 views in the first hour, then 100 an hour.
fn growth(hours: u32) -> Vec<Growth> {
    (0..hours)
        .map(|i| Growth {
            at: hour(1, 10) + chrono::TimeDelta::hours(i64::from(i)),
            views: if i == 0 { 1_000.0 } else { 100.0 },
        })
        .collect()
}

#[test]
fn reach_at_hours_sums_the_first_hours_of_growth() {
    assert_eq!(REACH_HOURS, [12, 24, 48]);
    let g = growth(72);
    assert_eq!(reach_at(&g, 12), Ok(1_000.0 + 11.0 * 100.0));
    assert_eq!(reach_at(&g, 24), Ok(3_300.0));
    assert_eq!(reach_at(&g, 48), Ok(5_700.0));
    // 30 hours of records: 12 and 24 are known, 48 not yet.
    let young = growth(30);
    assert_eq!(reach_at(&young, 24), Ok(3_300.0));
    assert_eq!(reach_at(&young, 48), Err(Missing::NotYet { hours: 48 }));
    // Exactly 24 records reach 24 hours.
    assert_eq!(reach_at(&growth(24), 24), Ok(3_300.0));
    assert_eq!(
        reach_at(&growth(23), 24),
        Err(Missing::NotYet { hours: 24 })
    );
    assert_eq!(reach_at(&[], 12), Err(Missing::NoGrowth));
}

#[test]
fn cpm_is_price_per_thousand_views() {
    // 1,500 for 3,300 views: 454.5454… per thousand.
    let at_24 = cpm(Some(1_500.0), Ok(3_300.0)).unwrap();
    assert!((at_24 - 454.545_454_545).abs() < 1e-6, "{at_24}");
    assert_eq!(cpm(Some(2_000.0), Ok(4_000.0)), Ok(500.0));
    assert_eq!(cpm(None, Ok(4_000.0)), Err(Missing::NoPrice));
    assert_eq!(cpm(Some(10.0), Ok(0.0)), Err(Missing::NoViews));
    assert_eq!(
        cpm(Some(10.0), Err(Missing::NotYet { hours: 48 })),
        Err(Missing::NotYet { hours: 48 })
    );
}

#[test]
fn prices_read_as_people_type_them() {
    assert_eq!(parse_price("1500"), Ok(1_500.0));
    // Spaces, no-break and narrow no-break spaces separate thousands.
    assert_eq!(parse_price(" 1 500 "), Ok(1_500.0));
    assert_eq!(parse_price("1\u{a0}500"), Ok(1_500.0));
    assert_eq!(parse_price("1\u{202f}500"), Ok(1_500.0));
    assert_eq!(parse_price("1 234 567"), Ok(1_234_567.0));
    // One mark followed by exactly three digits separates thousands, either mark.
    assert_eq!(parse_price("1,500"), Ok(1_500.0));
    assert_eq!(parse_price("1.500"), Ok(1_500.0));
    // Any other single mark is the decimal mark.
    assert_eq!(parse_price("1500,5"), Ok(1_500.5));
    assert_eq!(parse_price("1.50"), Ok(1.5));
    assert_eq!(parse_price("12.5"), Ok(12.5));
    assert_eq!(parse_price("1,5000"), Ok(1.5));
    // Before three digits, a zero cannot lead thousands.
    assert_eq!(parse_price("0.500"), Ok(0.5));
    // Both marks: the last is the decimal mark.
    assert_eq!(parse_price("1,500.50"), Ok(1_500.5));
    assert_eq!(parse_price("1.500,50"), Ok(1_500.5));
    assert_eq!(parse_price("1,234,567.89"), Ok(1_234_567.89));
    assert_eq!(parse_price("1.234.567,89"), Ok(1_234_567.89));
    // Spaces and one mark: the mark is the decimal mark, even before three digits.
    assert_eq!(parse_price("1 500,50"), Ok(1_500.5));
    assert_eq!(parse_price("1 500,500"), Ok(1_500.5));
    // A mark again and again separates thousands.
    assert_eq!(parse_price("1.500.000"), Ok(1_500_000.0));
    // Refused, with why.
    assert_eq!(parse_price(""), Err(PriceError::NoNumber));
    assert_eq!(parse_price("cheap"), Err(PriceError::NoNumber));
    assert_eq!(parse_price("-5"), Err(PriceError::Negative));
    assert_eq!(parse_price("15 00"), Err(PriceError::Grouping));
    assert_eq!(parse_price("1,50,000"), Err(PriceError::Grouping));
    assert_eq!(parse_price("1..500"), Err(PriceError::Grouping));
    assert_eq!(parse_price("1 5x00"), Err(PriceError::Stray('x')));
    assert_eq!(parse_price("1.500,5.0"), Err(PriceError::Marks));
    assert_eq!(parse_price("1,500.000,5"), Err(PriceError::Marks));
    assert_eq!(parse_price("1,5 000"), Err(PriceError::Marks));
}

#[test]
fn a_price_keeps_its_currency_as_typed() {
    use chanscope_figures::reach::price_and_currency;
    let read = |text| price_and_currency(text);
    let ok = |price: f64, currency: &str| Ok((price, currency.to_owned()));
    assert_eq!(read("1 500 ₽"), ok(1_500.0, "₽"));
    // Once read as 1.5: the dot separates thousands here.
    assert_eq!(read("1.500 ₽"), ok(1_500.0, "₽"));
    assert_eq!(read("1,500.50"), ok(1_500.5, ""));
    assert_eq!(read("$200"), ok(200.0, "$"));
    assert_eq!(read("1 500,50 ₽"), ok(1_500.5, "₽"));
    assert_eq!(read("1.500,50 €"), ok(1_500.5, "€"));
    assert_eq!(read("1,500 руб"), ok(1_500.0, "руб"));
    assert_eq!(read("1500,5 RUB"), ok(1_500.5, "RUB"));
    assert_eq!(read("750"), ok(750.0, ""));
    assert_eq!(read("free"), Err(PriceError::NoNumber));
    assert_eq!(read("-$200"), Err(PriceError::Negative));
    assert_eq!(read("1 500 ₽ 50"), Err(PriceError::Stray('₽')));
}

#[test]
fn a_channel_without_subscribers_gives_err_no_base() {
    use chanscope_api::model::Channel;
    use chanscope_figures::engagement::subscribers;
    let counted = Channel {
        participants_count: 2_000,
        ..Channel::default()
    };
    assert_eq!(subscribers(&counted), Some(2_000));
    assert_eq!(subscribers(&Channel::default()), None);
}
