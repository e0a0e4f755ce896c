//! A campaign's figures on exact hourly counts and view growth.

use chanscope::api::PeriodGroup;
use chanscope::export::Cell;
use chanscope::format::Period;
use chanscope::view::campaign::{
    campaign_figures, placements_export, split_weights, total_price, window_groups, Placement,
    Window,
};
use chanscope::view::dynamics::Reading;
use chanscope::view::engagement::Missing;
use chanscope::view::growth::Growth;
use chrono::{NaiveDateTime, TimeDelta};

fn at(s: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
}

/// 480 hourly readings of the promoted channel from 2026-03-01 00:00 (hour 0): 10,000 at first,
/// then +10 an hour, and `extra` more in each hour from `from` to `to` of a boost
/// `(from, to, extra)`. A window of N hours with no boosted hour gains 10 × N; boosts here touch
/// fewer than half of the windows of any length read below, so that is the normal change.
fn hourly(boosts: &[(i64, i64, i64)]) -> Vec<Reading> {
    let start = at("2026-03-01 00:00");
    let added = |h: i64| -> i64 {
        let boosted = boosts
            .iter()
            .filter(|(from, to, _)| (*from..=*to).contains(&h));
        10 + boosted.map(|&(_, _, extra)| extra).sum::<i64>()
    };
    let counts = (0..480).scan(10_000, |count, h| {
        *count += if h > 0 { added(h) } else { 0 };
        Some((h, *count))
    });
    counts
        .map(|(h, count)| {
            let hour = (start + TimeDelta::hours(h)).format("%Y-%m-%d %H:00");
            let period = Period::parse(PeriodGroup::Hour, &hour.to_string()).unwrap();
            Reading { period, count }
        })
        .collect()
}

/// Hourly view growth from `from`: each run `(hours, views)` adds `hours` records of `views`.
fn growth(from: &str, runs: &[(i64, f64)]) -> Vec<Growth> {
    let start = at(from);
    runs.iter()
        .flat_map(|&(hours, views)| std::iter::repeat_n(views, hours as usize))
        .zip(0..)
        .map(|(views, h)| Growth {
            at: start + TimeDelta::hours(h),
            views,
        })
        .collect()
}

fn placement(post: &str, price: f64, currency: &str, when: &str) -> Placement {
    Placement {
        post: post.to_owned(),
        price,
        currency: currency.to_owned(),
        at: at(when),
    }
}

/// Reach 3,000 at 24 h (24 × 125) and 3,750 at 48 h (+ 24 × 31.25).
fn growth_a(from: &str) -> Vec<Growth> {
    growth(from, &[(24, 125.0), (24, 31.25)])
}

/// Reach 1,000 at 24 h (20 × 50, then 4 hours of none) and 2,000 at 48 h.
fn growth_b(from: &str) -> Vec<Growth> {
    growth(from, &[(20, 50.0), (4, 0.0), (20, 50.0), (4, 0.0)])
}

/// A at 10:20 on the 3rd (hour 58), B at 14:00 on the 6th (hour 134): 76 hours apart.
/// A brings +25 an hour over hours 59..=90 (600 within its 24 h, 800 in all); B +25 an hour
/// over hours 135..=142 (200).
fn apart(currency_b: &str) -> (Vec<Placement>, Vec<Vec<Growth>>, Vec<Reading>) {
    (
        vec![
            placement("t.me/alpha/10", 3_000.0, "₽", "2026-03-03 10:20"),
            placement("t.me/beta/20", 3_000.0, currency_b, "2026-03-06 14:00"),
        ],
        vec![growth_a("2026-03-03 10:00"), growth_b("2026-03-06 14:00")],
        hourly(&[(59, 90, 25), (135, 142, 25)]),
    )
}

#[test]
fn two_placements_apart_each_have_their_window() {
    let (placements, growth, readings) = apart("₽");
    let c = campaign_figures(&placements, &growth, &readings);
    let (a, b) = (&c.placements[0], &c.placements[1]);
    assert_eq!(a.reach, [Ok(3_000.0), Ok(3_750.0)]);
    // 3,000 / (3,000 / 1000) and 3,000 / 3.75.
    assert_eq!(a.cpm, [Ok(1_000.0), Ok(800.0)]);
    // 24 h: hours 59..=82 gain 24 × 10 + 24 × 25 = 840, normal 240 → 600.
    // 48 h: hours 59..=106 gain 480 + 800 = 1,280, normal 480 → 800.
    assert_eq!(a.gain, [Ok(600.0), Ok(800.0)]);
    // 3,000 / 600 and 3,000 / 800.
    assert_eq!(a.cost_per_subscriber, [Ok(5.0), Ok(3.75)]);
    assert_eq!((a.share, a.shared_with.as_slice()), (1.0, &[][..]));

    assert_eq!(b.reach, [Ok(1_000.0), Ok(2_000.0)]);
    assert_eq!(b.cpm, [Ok(3_000.0), Ok(1_500.0)]);
    // 240 + 200 − 240 and 480 + 200 − 480; 3,000 / 200.
    assert_eq!(b.gain, [Ok(200.0), Ok(200.0)]);
    assert_eq!(b.cost_per_subscriber, [Ok(15.0), Ok(15.0)]);
    assert!(b.shared_with.is_empty());

    assert_eq!(c.windows.len(), 2);
    let t = &c.totals;
    assert_eq!((t.price, t.currency.as_str()), (Ok(6_000.0), "₽"));
    // 6,000 / ((3,000 + 1,000) / 1000).
    assert_eq!((t.reach_24h, t.cpm_24h), (Ok(4_000.0), Ok(1_500.0)));
    // 600 + 200 and 800 + 200; 6,000 / 800 and 6,000 / 1,000.
    assert_eq!(t.gain, [Ok(800.0), Ok(1_000.0)]);
    assert_eq!(t.cost_per_subscriber, [Ok(7.5), Ok(6.0)]);
}

/// D at 22:00 on the 3rd (hour 70) listed before C at 10:20 (hour 58): 12 hours apart, one
/// window. The channel gains +25 an hour over hours 59..=90 (800) and +20 over 100..=107 (160).
fn overlapping() -> (Vec<Placement>, Vec<Reading>) {
    (
        vec![
            placement("t.me/delta/40", 2_400.0, "₽", "2026-03-03 22:00"),
            placement("t.me/gamma/30", 3_600.0, "₽", "2026-03-03 10:20"),
        ],
        hourly(&[(59, 90, 25), (100, 107, 20)]),
    )
}

#[test]
fn overlapping_placements_split_their_windows_gain_by_reach() {
    let (placements, readings) = overlapping();
    let growth = [growth_b("2026-03-03 22:00"), growth_a("2026-03-03 10:00")];
    let c = campaign_figures(&placements, &growth, &readings);
    // The window runs from hour 58 to 24 h (36 hours) and 48 h (60 hours) after hour 70.
    // 36 hours: 360 + 800 − normal 360 = 800. 60 hours: 600 + 960 − normal 600 = 960.
    assert_eq!(
        c.windows,
        [Window {
            placements: vec![1, 0],
            gain: [Ok(800.0), Ok(960.0)],
        }]
    );
    let (d, g) = (&c.placements[0], &c.placements[1]);
    // Reach at 24 h: G 3,000, D 1,000 → shares 3/4 and 1/4.
    assert_eq!((g.share, g.shared_with.as_slice()), (0.75, &[0][..]));
    assert_eq!((d.share, d.shared_with.as_slice()), (0.25, &[1][..]));
    // 800 × 3/4, 960 × 3/4; 3,600 / 600 and 3,600 / 720.
    assert_eq!(g.gain, [Ok(600.0), Ok(720.0)]);
    assert_eq!(g.cost_per_subscriber, [Ok(6.0), Ok(5.0)]);
    // 800 / 4, 960 / 4; 2,400 / 200 and 2,400 / 240.
    assert_eq!(d.gain, [Ok(200.0), Ok(240.0)]);
    assert_eq!(d.cost_per_subscriber, [Ok(12.0), Ok(10.0)]);
    // 3,600 / 3 and 2,400 / 1: CPM does not depend on the window.
    assert_eq!((g.cpm[0], d.cpm[0]), (Ok(1_200.0), Ok(2_400.0)));
    let t = &c.totals;
    // 6,000 / 4 thousand views; 6,000 / 800 and 6,000 / 960.
    assert_eq!((t.price, t.cpm_24h), (Ok(6_000.0), Ok(1_500.0)));
    assert_eq!(t.gain, [Ok(800.0), Ok(960.0)]);
    assert_eq!(t.cost_per_subscriber, [Ok(7.5), Ok(6.25)]);
}

#[test]
fn windows_overlap_through_each_other_and_not_at_their_end() {
    let p = |when| placement("t.me/x/1", 1.0, "", when);
    let placements = [
        p("2026-03-04 08:00"), // hour 80: before hour 40's window ends (88), not hour 0's (48).
        p("2026-03-02 16:00"), // hour 40: within hour 0's window.
        p("2026-03-01 00:00"), // hour 0.
        p("2026-03-06 08:00"), // hour 128: just as hour 80's window ends.
    ];
    assert_eq!(window_groups(&placements), [vec![2, 1, 0], vec![3]]);
    assert!(window_groups(&[]).is_empty());
}

#[test]
fn missing_growth_leaves_reach_out_and_splits_equally() {
    let (mut placements, readings) = overlapping();
    placements.swap(0, 1);
    // G (hour 58) has growth for 30 hours only; D (hour 70) has none: `growth` stops before it.
    let growth = [growth("2026-03-03 10:00", &[(24, 125.0), (6, 10.0)])];
    let c = campaign_figures(&placements, &growth, &readings);
    let (g, d) = (&c.placements[0], &c.placements[1]);
    assert_eq!(g.reach, [Ok(3_000.0), Err(Missing::NotYet { hours: 48 })]);
    assert_eq!(g.cpm, [Ok(1_200.0), Err(Missing::NotYet { hours: 48 })]);
    assert_eq!(d.reach, [Err(Missing::NoGrowth); 2]);
    assert_eq!(d.cpm, [Err(Missing::NoGrowth); 2]);
    // D has no reach at 24 h: the window's 800 and 960 split in halves.
    assert_eq!((g.share, d.share), (0.5, 0.5));
    assert_eq!(d.gain, [Ok(400.0), Ok(480.0)]);
    // 2,400 / 400 and 2,400 / 480.
    assert_eq!(d.cost_per_subscriber, [Ok(6.0), Ok(5.0)]);
    let t = &c.totals;
    assert_eq!(
        (t.reach_24h, t.cpm_24h),
        (Err(Missing::NoGrowth), Err(Missing::NoGrowth))
    );
    assert_eq!(t.cost_per_subscriber, [Ok(7.5), Ok(6.25)]);
}

#[test]
fn shares_follow_reach_or_are_equal() {
    assert_eq!(split_weights(&[Ok(300.0), Ok(100.0)]), [0.75, 0.25]);
    assert_eq!(split_weights(&[Ok(0.0), Ok(0.0)]), [0.5, 0.5]);
    assert_eq!(
        split_weights(&[Ok(300.0), Err(Missing::NoGrowth), Ok(100.0), Ok(0.0)]),
        [0.25; 4]
    );
}

#[test]
fn no_gain_beyond_normal_has_no_cost_per_subscriber() {
    let placements = [
        placement("t.me/north/1", 1_000.0, "₽", "2026-03-03 10:20"),
        placement("t.me/south/2", 1_000.0, "₽", "2026-03-19 04:00"),
    ];
    // North (hour 58): hours 59..=66 lose 25 an hour beyond the usual +10, so 24 h change by
    // 240 − 200 = 40 against a normal 240, and 48 h by 480 − 200 against 480: −200 both times.
    let readings = hourly(&[(59, 66, -25)]);
    let c = campaign_figures(&placements, &[], &readings);
    let (north, south) = (&c.placements[0], &c.placements[1]);
    assert_eq!(north.gain, [Ok(-200.0), Ok(-200.0)]);
    assert_eq!(north.cost_per_subscriber, [Err(Missing::NoGain); 2]);
    // South (hour 436): no boost, 240 − 240 = 0 in 24 h; 48 h on (hour 484) are past the last
    // reading (479).
    assert_eq!(south.gain, [Ok(0.0), Err(Missing::NoCounts { hours: 48 })]);
    assert_eq!(
        south.cost_per_subscriber,
        [Err(Missing::NoGain), Err(Missing::NoCounts { hours: 48 })]
    );
    let t = &c.totals;
    assert_eq!(t.gain, [Ok(-200.0), Err(Missing::NoCounts { hours: 48 })]);
    assert_eq!(
        t.cost_per_subscriber,
        [Err(Missing::NoGain), Err(Missing::NoCounts { hours: 48 })]
    );
}

#[test]
fn mixed_currencies_have_no_total_price() {
    let (placements, growth, readings) = apart("$");
    let c = campaign_figures(&placements, &growth, &readings);
    // Each placement keeps its own figures.
    assert_eq!(c.placements[0].cost_per_subscriber, [Ok(5.0), Ok(3.75)]);
    assert_eq!(c.placements[1].cpm, [Ok(3_000.0), Ok(1_500.0)]);
    let t = &c.totals;
    assert_eq!(
        (t.price, t.currency.as_str()),
        (Err(Missing::MixedCurrencies), "")
    );
    assert_eq!(t.reach_24h, Ok(4_000.0));
    assert_eq!(t.cpm_24h, Err(Missing::MixedCurrencies));
    assert_eq!(t.gain, [Ok(800.0), Ok(1_000.0)]);
    assert_eq!(t.cost_per_subscriber, [Err(Missing::MixedCurrencies); 2]);
}

#[test]
fn a_typed_price_keeps_its_currency() {
    let when = at("2026-03-03 10:20");
    let typed = |price| Placement::typed("t.me/alpha/10", price, when);
    assert_eq!(
        typed("1 500 ₽"),
        Some(placement("t.me/alpha/10", 1_500.0, "₽", "2026-03-03 10:20"))
    );
    assert_eq!(typed("free"), None);
    let dollars = [typed("$200").unwrap(), typed("$ 50,5").unwrap()];
    // 200 + 50.5 in the one currency typed.
    assert_eq!(total_price(&dollars), (Ok(250.5), "$".to_owned()));
}

#[test]
fn the_export_has_a_row_per_placement_with_its_figures() {
    let (placements, growth, readings) = apart("$");
    let c = campaign_figures(&placements, &growth, &readings);
    let table = placements_export(&placements, &c);
    assert_eq!(
        table.headers,
        [
            "post",
            "at_utc",
            "price",
            "currency",
            "reach_24h",
            "reach_48h",
            "cpm_24h",
            "cpm_48h",
            "gain_24h",
            "gain_48h",
            "cost_per_subscriber_24h",
            "cost_per_subscriber_48h",
            "share",
        ]
    );
    // B as in `two_placements_apart_each_have_their_window`: reach 1,000 and 2,000, CPM 3,000
    // and 1,500, gain 200 and 200, 15 a subscriber, its window to itself.
    assert_eq!(
        table.rows[1],
        [
            Cell::from("t.me/beta/20"),
            Cell::from("2026-03-06 14:00"),
            Cell::Float(3_000.0),
            Cell::from("$"),
            Cell::Float(1_000.0),
            Cell::Float(2_000.0),
            Cell::Float(3_000.0),
            Cell::Float(1_500.0),
            Cell::Float(200.0),
            Cell::Float(200.0),
            Cell::Float(15.0),
            Cell::Float(15.0),
            Cell::Float(1.0),
        ]
    );
    assert_eq!(table.rows.len(), 2);
}
