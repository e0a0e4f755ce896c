//! A campaign's figures on exact hourly counts and view growth. Each reading is the count at the
//! end of its hour; a window runs from the last count before its first placement to the first
//! count by N hours after its last one.

use chanscope_api::format::Period;
use chanscope_api::PeriodGroup;
use chanscope_figures::campaign::{
    campaign_figures, placements_export, split_weights, total_price, window_groups, Gain,
    Placement, Window,
};
use chanscope_figures::dynamics::Reading;
use chanscope_figures::engagement::Missing;
use chanscope_figures::growth::Growth;
use chanscope_figures::reach::PriceError;
use chanscope_figures::table::Cell;
use chrono::{NaiveDateTime, TimeDelta};

fn at(s: &str) -> NaiveDateTime {
    NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
}

/// 480 hourly readings of the promoted channel from 2026-03-01 00:00 (hour 0): 10,000 at first,
/// then +10 an hour, `noise(h)` more, and `extra` more in each hour from `from` to `to` of a
/// boost `(from, to, extra)`.
fn readings(noise: fn(i64) -> i64, boosts: &[(i64, i64, i64)]) -> Vec<Reading> {
    let start = at("2026-03-01 00:00");
    let added = |h: i64| -> i64 {
        let boosted = boosts
            .iter()
            .filter(|(from, to, _)| (*from..=*to).contains(&h));
        10 + noise(h) + boosted.map(|&(_, _, extra)| extra).sum::<i64>()
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

/// Exactly +10 an hour but for the boosts. Boosts here all fall within 48 hours of a placement,
/// so every window of the normal change (those overlapping no placement's 48 hours) gains
/// exactly 10 × its hours: the normal change is that, its MAD 0, its spread the Poisson noise of
/// as many arrivals, √(10 × hours + 1).
fn hourly(boosts: &[(i64, i64, i64)]) -> Vec<Reading> {
    readings(|_| 0, boosts)
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
        at: Some(at(when)),
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
    let c = campaign_figures(&placements, &growth, &readings, &[]);
    let (a, b) = (&c.placements[0], &c.placements[1]);
    assert_eq!(a.reach, [Ok(3_000.0), Ok(3_750.0)]);
    // 3,000 / (3,000 / 1000) and 3,000 / 3.75.
    assert_eq!(a.cpm, [Ok(1_000.0), Ok(800.0)]);
    // 24 h: from the end of hour 57 (10:00) to the end of hour 82 (11:00 on the 4th), hours
    // 58..=82: 25 × 10 + 24 × 25 = 850 over 25 hours, normal 250 → 600.
    // 48 h: hours 58..=106: 490 + 800 = 1,290 over 49 hours, normal 490 → 800.
    assert_eq!(a.gain, [Ok(600.0), Ok(800.0)]);
    // Spreads √(250 + 1) and √(490 + 1).
    assert_eq!(a.spread, [Ok(251f64.sqrt()), Ok(491f64.sqrt())]);
    // 3,000 / 600 and 3,000 / 800.
    assert_eq!(a.cost_per_subscriber, [Ok(5.0), Ok(3.75)]);
    assert_eq!((a.share, a.shared_with.as_slice()), (1.0, &[][..]));

    assert_eq!(b.reach, [Ok(1_000.0), Ok(2_000.0)]);
    assert_eq!(b.cpm, [Ok(3_000.0), Ok(1_500.0)]);
    // On the hour (14:00): hours 134..=157 and 134..=181, exactly 24 and 48 hours:
    // 240 + 200 − 240 and 480 + 200 − 480, ± √241 and √481; 3,000 / 200.
    assert_eq!(b.gain, [Ok(200.0), Ok(200.0)]);
    assert_eq!(b.cost_per_subscriber, [Ok(15.0), Ok(15.0)]);
    assert!(b.shared_with.is_empty());

    assert_eq!(c.windows.len(), 2);
    let t = &c.totals;
    assert_eq!((t.price, t.currency.as_str()), (Ok(6_000.0), "₽"));
    // 6,000 / ((3,000 + 1,000) / 1000).
    assert_eq!((t.reach_24h, t.cpm_24h), (Ok(4_000.0), Ok(1_500.0)));
    // 600 + 200 and 800 + 200, ± √(251 + 241) and √(491 + 481); 6,000 / 800 and 6,000 / 1,000.
    assert_eq!(t.gain, [Ok(800.0), Ok(1_000.0)]);
    assert_eq!(t.spread, [Ok(492f64.sqrt()), Ok(972f64.sqrt())]);
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
    let c = campaign_figures(&placements, &growth, &readings, &[]);
    // The window runs from the end of hour 57 to the end of hour 93 (24 h after 22:00 on the
    // 3rd) or 117 (48 h): hours 58..=93, 36 hours: 360 + 800 − normal 360 = 800; hours
    // 58..=117, 60 hours: 600 + 960 − normal 600 = 960. Spreads √361 and √601.
    let gain = |gain, normal: f64| {
        Ok(Gain {
            gain,
            spread: (normal + 1.0).sqrt(),
        })
    };
    assert_eq!(
        c.windows,
        [Window {
            placements: vec![1, 0],
            gain: [gain(800.0, 360.0), gain(960.0, 600.0)],
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
    let c = campaign_figures(&placements, &growth, &readings, &[]);
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
    // D, placement 2, has no reach: the totals of reach say so rather than count G's alone.
    let of_d = Err(Missing::OfPlacement { placement: 2 });
    assert_eq!((t.reach_24h, t.cpm_24h), (of_d, of_d));
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
    // North (hour 58): hours 59..=66 lose 25 an hour beyond the usual +10, so hours 58..=82
    // change by 250 − 200 = 50 against a normal 250, and hours 58..=106 by 490 − 200 against
    // 490: −200 both times, far below 2 spreads under 0.
    let readings = hourly(&[(59, 66, -25)]);
    let c = campaign_figures(&placements, &[], &readings, &[]);
    let (north, south) = (&c.placements[0], &c.placements[1]);
    assert_eq!(north.gain, [Ok(-200.0), Ok(-200.0)]);
    assert_eq!(north.cost_per_subscriber, [Err(Missing::NoGain); 2]);
    // South (hour 436, on the hour): hours 436..=459, 240 − 240 = 0 in 24 h, within 2 spreads
    // of 0; 48 h on (the end of hour 483) is past the last reading (479).
    assert_eq!(south.gain, [Ok(0.0), Err(Missing::NoCounts { hours: 48 })]);
    assert_eq!(
        south.cost_per_subscriber,
        [
            Err(Missing::WithinNormal),
            Err(Missing::NoCounts { hours: 48 })
        ]
    );
    let t = &c.totals;
    // −200 + 0 ± √2: a loss. South, placement 2, has no 48-hour gain: that total names it.
    let of_south = Err(Missing::OfPlacement { placement: 2 });
    assert_eq!(t.gain, [Ok(-200.0), of_south]);
    assert_eq!(t.cost_per_subscriber, [Err(Missing::NoGain), of_south]);
}

/// +10 an hour, plus 3 in hours divisible by 3 and less 3 in those one past: any 24 hours
/// together gain exactly 240, and a 25-hour window from the end of hour i gains 250 plus the
/// noise of hour i + 25 (+3, −3 or 0).
fn noise(h: i64) -> i64 {
    [3, -3, 0][h.rem_euclid(3) as usize]
}

#[test]
fn a_gain_within_normal_variation_has_no_cost_per_subscriber() {
    // Placed at 10:20 on the 3rd (hour 58), with 2 more an hour in hours 59..=62 (8).
    let placements = [placement("t.me/calm/5", 1_000.0, "₽", "2026-03-03 10:20")];
    let readings = readings(noise, &[(59, 62, 2)]);
    let c = campaign_figures(&placements, &[], &readings, &[]);
    // 24 h: hours 58..=82, 25 hours: 24 of them net 0 noise, hour 82 (82 = 3 × 27 + 1) −3:
    // 250 − 3 + 8 = 255. Normal over 25 hours: windows i = 0..=454, less those overlapping
    // 58 h 20 min to 106 h 20 min (i = 33..=105), 382 left. Their noise is that of hour
    // i + 25 (≡ i + 1 mod 3): for i + 1 in 1..=33, 11 of each; in 107..=455 (349 numbers from
    // residue 2), 117 of residue 2 and 116 of 0 and of 1. So 127 × 253, 128 × 250, 127 × 247:
    // median 250; deviations 128 × 0 and 254 × 3: MAD 3 (4.45), the 90th percentile 3 (1.82),
    // and √251 = 15.84, the spread. Gain 255 − 250 = 5, not more than 2 spreads: within normal
    // variation.
    let p = &c.placements[0];
    assert_eq!(p.gain[0], Ok(5.0));
    assert_eq!(p.spread[0], Ok(251f64.sqrt()));
    // 48 h: hours 58..=106, 49 hours: 48 net 0, hour 106 (3 × 35 + 1) −3: 490 − 3 + 8 = 495.
    // Windows i = 0..=430 less i = 9..=105: for i + 1 in 1..=9, 3 of each residue; in
    // 107..=431 (325 numbers), 109 of residue 2, 108 of 0 and of 1. So 111 × 493, 112 × 490,
    // 111 × 487: median 490; MAD 3; spread √491. Gain 5 again.
    assert_eq!(p.gain[1], Ok(5.0));
    assert_eq!(p.spread[1], Ok(491f64.sqrt()));
    assert_eq!(p.cost_per_subscriber, [Err(Missing::WithinNormal); 2]);
    // Alone, the campaign's totals are the placement's: the price, but no cost per subscriber.
    let t = &c.totals;
    assert_eq!(t.price, Ok(1_000.0));
    assert_eq!(t.gain, [Ok(5.0), Ok(5.0)]);
    assert_eq!(t.cost_per_subscriber, [Err(Missing::WithinNormal); 2]);
}

#[test]
fn known_mentions_are_left_out_of_the_normal_change() {
    // The first 120 hours. A mention at hour 30 (2 Mar 06:00) brings +25 an hour over hours
    // 31..=70; the placement at hour 90 (4 Mar 18:00, on the hour) brings nothing: hours
    // 90..=113 gain 240.
    let all = hourly(&[(31, 70, 25)]);
    let readings = &all[..120];
    let placements = [placement("t.me/beta/20", 3_000.0, "₽", "2026-03-04 18:00")];
    let mention = at("2026-03-02 06:00");
    // 24-hour windows from the end of hour i, i = 0..=95, cover hours i + 1..=i + 24. Left out
    // are those overlapping 30 h to 78 h (the mention's) or 90 h to 138 h (the placement's):
    // i = 0..=5 are left, each +240. Normal 240, gain 0: within normal variation.
    let left_out = campaign_figures(&placements, &[], readings, &[mention]);
    assert_eq!(left_out.placements[0].gain[0], Ok(0.0));
    assert_eq!(
        left_out.placements[0].cost_per_subscriber[0],
        Err(Missing::WithinNormal)
    );
    // Not knowing the mention, i = 0..=65 count; window i has |[i + 1, i + 24] ∩ [31, 70]|
    // boosted hours: 0 for i ≤ 6, i − 6 for i = 7..=30, 24 for 31..=46, 70 − i for 47..=65.
    // So 7 × 0, 1 to 4 once, 5 to 23 twice, 17 × 24. Sorted, the 33rd and 34th of 66 are 15
    // and 16: normal 240 + 25 × 15.5 = 627.5, and the placement looks like a loss of 387.5.
    // Their deviations from 15.5: 0.5 to 7.5 four times each (32), then 8.5 nineteen times
    // (7 and 24): MAD 8.5 hours, 212.5 subscribers; the spread swells to 212.5 × 1.4826 (above
    // the 90th percentile, 15.5 hours: 387.5 / 1.645 = 235.6). Left out, six windows of +240:
    // the spread is √241.
    let left_in = campaign_figures(&placements, &[], readings, &[]);
    assert_eq!(left_in.placements[0].gain[0], Ok(-387.5));
    assert_eq!(left_in.placements[0].spread[0], Ok(212.5 * 1.4826));
    assert_eq!(left_out.placements[0].spread[0], Ok(241f64.sqrt()));
}

#[test]
fn a_placement_without_figures_is_named_by_the_totals() {
    // B has no date (none typed, and its statistics could not be read) and no growth.
    let (mut placements, growth, readings) = apart("₽");
    placements[1].at = None;
    let c = campaign_figures(&placements, &growth[..1], &readings, &[]);
    let b = &c.placements[1];
    assert_eq!(b.gain, [Err(Missing::NoDate); 2]);
    assert_eq!(b.cost_per_subscriber, [Err(Missing::NoDate); 2]);
    assert_eq!(b.reach, [Err(Missing::NoGrowth); 2]);
    assert_eq!(c.windows.len(), 1);
    let t = &c.totals;
    // Its price still counts: 3,000 + 3,000 were spent.
    assert_eq!(t.price, Ok(6_000.0));
    // Every total that would need B's figures says it is missing for placement 2, rather than
    // A's 600 and 3,000 / 600 = 5 passing for the campaign's.
    let of_b = Err(Missing::OfPlacement { placement: 2 });
    assert_eq!((t.reach_24h, t.cpm_24h), (of_b, of_b));
    assert_eq!(t.gain, [of_b; 2]);
    assert_eq!(t.cost_per_subscriber, [of_b; 2]);
    // A keeps its own figures.
    assert_eq!(c.placements[0].cost_per_subscriber, [Ok(5.0), Ok(3.75)]);
}

#[test]
fn mixed_currencies_have_no_total_price() {
    let (placements, growth, readings) = apart("$");
    let c = campaign_figures(&placements, &growth, &readings, &[]);
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
    let when = Some(at("2026-03-03 10:20"));
    let typed = |price| Placement::typed("t.me/alpha/10", price, when);
    assert_eq!(
        typed("1 500 ₽"),
        Ok(placement("t.me/alpha/10", 1_500.0, "₽", "2026-03-03 10:20"))
    );
    assert_eq!(typed("free"), Err(PriceError::NoNumber));
    let dollars = [typed("$200").unwrap(), typed("$ 50,5").unwrap()];
    // 200 + 50.5 in the one currency typed.
    assert_eq!(total_price(&dollars), (Ok(250.5), "$".to_owned()));
}

#[test]
fn the_export_has_a_row_per_placement_with_its_figures() {
    let (placements, growth, readings) = apart("$");
    let c = campaign_figures(&placements, &growth, &readings, &[]);
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
            "spread_24h",
            "spread_48h",
            "cost_per_subscriber_24h",
            "cost_per_subscriber_48h",
            "share",
        ]
    );
    // B as in `two_placements_apart_each_have_their_window`: reach 1,000 and 2,000, CPM 3,000
    // and 1,500, gain 200 and 200 ± √241 and √481, 15 a subscriber, its window to itself.
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
            Cell::Float(241f64.sqrt()),
            Cell::Float(481f64.sqrt()),
            Cell::Float(15.0),
            Cell::Float(15.0),
            Cell::Float(1.0),
        ]
    );
    assert_eq!(table.rows.len(), 2);
}
