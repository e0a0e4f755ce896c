//! The synthetic histories of the health check's labelled set: channels, their growth, rhythm
//! and noise, and the purchases and organic events laid into them.

use chanscope_api::format::Period;
use chanscope_api::PeriodGroup;
use chanscope_figures::dynamics::Reading;
use chanscope_figures::health::Cause;
use chrono::{NaiveDate, NaiveDateTime, TimeDelta};

/// A number from 0 to 1 fixed by `seed` and `i` (SplitMix64's finaliser).
pub fn unit(seed: u64, i: u64) -> f64 {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ i.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^= x >> 31;
    x = x.wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^= x >> 29;
    (x >> 11) as f64 / (1u64 << 53) as f64
}

/// Subscribers arriving (or leaving) from an hour of the history on.
#[derive(Clone, Copy)]
pub enum Event {
    /// All within the hour.
    Dump(f64),
    /// Evenly over so many hours; negative: a purge.
    Drip(f64, f64),
    /// Slowly faster, then slower, over so many hours (a smoothstep): gone viral.
    Ramp(f64, f64),
    /// Most at once, then fewer, with this time constant in hours: readers of an advert.
    Fading(f64, f64),
}

impl Event {
    fn extra(self, hours: f64) -> f64 {
        match self {
            Event::Dump(size) => size,
            Event::Drip(size, over) => size * (hours / over).min(1.0),
            Event::Ramp(size, over) => {
                let x = (hours / over).min(1.0);
                size * x * x * (3.0 - 2.0 * x)
            }
            Event::Fading(size, tau) => size * (1.0 - (-hours / tau).exp()),
        }
    }
}

/// Events at their hours.
pub type Events = Vec<(usize, Event)>;

/// One history's make-up.
#[derive(Clone, Copy)]
pub struct Channel {
    pub first: f64,
    /// Noise on the count, as a share of it.
    pub noise: f64,
    /// Arrivals by day and not by night: the rate swings by this share of itself over the
    /// day (0.9: fewer by night; 3: losses by night).
    pub rhythm: f64,
    /// How the growth rate moves over the 90 days.
    pub growth: Growth,
    /// Up 0.3 % on weekdays, down 0.1 % at weekends.
    pub weekly: bool,
    pub seed: u64,
}

#[derive(Clone, Copy, PartialEq)]
pub enum Growth {
    /// 0.3 % a day.
    Steady,
    /// From 0.1 % a day to 0.6 %.
    SpeedsUp,
    /// 0.4 % a day for 60 days, then none.
    TurnsFlat,
}

pub fn start() -> NaiveDateTime {
    NaiveDate::from_ymd_opt(2026, 3, 1)
        .unwrap()
        .and_hms_opt(0, 0, 0)
        .unwrap()
}

/// 90 days of counts, hourly or daily (the count at each day's end), with `events` at their
/// hours.
pub fn history(c: Channel, events: &[(usize, Event)], daily: bool) -> Vec<Reading> {
    let mut base = c.first;
    let mut out = Vec::new();
    for h in 0..=90 * 24 {
        let day = h as f64 / 24.0;
        let mut rate = match c.growth {
            Growth::Steady => 0.003,
            Growth::SpeedsUp => 0.001 + 0.005 * day / 90.0,
            Growth::TurnsFlat if day < 60.0 => 0.004,
            Growth::TurnsFlat => 0.0,
        } / 24.0;
        rate *= 1.0 + c.rhythm * ((h % 24) as f64 / 24.0 * std::f64::consts::TAU).sin();
        if c.weekly && (h / 24) % 7 >= 5 {
            rate = -0.001 / 24.0;
        }
        base *= 1.0 + rate;
        let extra: f64 = events
            .iter()
            .filter(|(at, _)| h >= *at)
            .map(|(at, e)| e.extra((h - at) as f64))
            .sum();
        let count = base + extra;
        let noise = (unit(c.seed, h as u64) - 0.5) * c.noise * count
            + (unit(c.seed + 7, h as u64) - 0.5) * 2.0 * count.sqrt().min(30.0);
        let at = start() + TimeDelta::hours(h as i64);
        let (group, format) = if daily {
            (PeriodGroup::Day, "%Y-%m-%d")
        } else {
            (PeriodGroup::Hour, "%Y-%m-%d %H:00")
        };
        if !daily || h % 24 == 23 {
            out.push(Reading {
                period: Period::parse(group, &at.format(format).to_string()).unwrap(),
                count: (count + noise).round() as i64,
            });
        }
    }
    out
}

pub fn channels() -> Vec<Channel> {
    let mut seed = 0;
    let mut all = Vec::new();
    for first in [800.0, 5_000.0, 30_000.0, 300_000.0, 2_500_000.0] {
        for noise in [0.0001, 0.002] {
            for rhythm in [0.0, 0.9, 3.0] {
                seed += 1;
                all.push(Channel {
                    first,
                    noise,
                    rhythm,
                    growth: Growth::Steady,
                    weekly: false,
                    seed,
                });
            }
        }
    }
    all
}

/// A cause at `hour` (20 minutes past it) with `views`: a mention found by search, or a
/// placement of a tracked campaign.
pub fn cause(hour: i64, views: Option<u64>, placement: bool) -> Cause {
    Cause {
        at: start() + TimeDelta::hours(hour) + TimeDelta::minutes(20),
        source: "@big".to_owned(),
        post: "https://t.me/big/1".to_owned(),
        views,
        placement,
    }
}

/// One labelled history: its bought events (the truth), the organic ones around them, whether
/// it is read by day, and the causes the check is told of.
pub struct Case {
    pub name: &'static str,
    pub bought: Events,
    pub organic: Events,
    pub daily: bool,
    pub causes: Vec<Cause>,
}

pub fn bought(name: &'static str, events: Events) -> Case {
    Case {
        name,
        bought: events,
        organic: vec![],
        daily: false,
        causes: vec![],
    }
}

/// The purchases of channel `c`.
pub fn purchases(c: &Channel) -> Vec<Case> {
    // 5 % of the count (1.5 % for a channel of millions), and never under 300.
    let size = (c.first * if c.first > 1e6 { 0.015 } else { 0.05 }).max(300.0);
    // A small mention: its post seen by a quarter of the count (20,000 on 80,000).
    let small = (0.25 * c.first) as u64;
    vec![
        bought("a dump", vec![(1_000, Event::Dump(size))]),
        bought("a drip over 6 hours", vec![(1_200, Event::Drip(size, 6.0))]),
        bought(
            "a drip over 12 hours",
            vec![(1_300, Event::Drip(size, 12.0))],
        ),
        bought(
            "a drip over a day",
            vec![(1_250, Event::Drip(1.5 * size, 24.0))],
        ),
        bought(
            "a purge over 36 hours",
            vec![(1_500, Event::Drip(-1.5 * size, 36.0))],
        ),
        Case {
            daily: true,
            ..bought("a dump read by day", vec![(1_100, Event::Dump(2.0 * size))])
        },
        Case {
            daily: true,
            ..bought(
                "a purge read by day",
                vec![(1_500, Event::Drip(-2.0 * size, 30.0))],
            )
        },
        bought(
            "two buys a week apart",
            vec![(700, Event::Dump(size)), (868, Event::Drip(size, 5.0))],
        ),
        bought("a dump in the last hours", vec![(2_150, Event::Dump(size))]),
        // An even rate over days (100 an hour on 80,000 for two days).
        bought(
            "a box over 2 days",
            vec![(1_310, Event::Drip(1.2 * size, 48.0))],
        ),
        bought(
            "a box over 4 days",
            vec![(1_190, Event::Drip(1.6 * size, 96.0))],
        ),
        // Bots from the hour after another channel's post that brought 2 % of its views.
        Case {
            organic: vec![(1_000, Event::Fading(0.02 * small as f64, 6.0))],
            causes: vec![cause(1_000, Some(small), false)],
            ..bought(
                "bots right after a small mention",
                vec![(1_001, Event::Dump(0.0875 * c.first))],
            )
        },
        // Bots dripped evenly over a day from a placement the tracker knows, whose views it
        // does not.
        Case {
            causes: vec![cause(1_400, None, true)],
            ..bought(
                "a drip behind a placement",
                vec![(1_401, Event::Drip(size, 24.0))],
            )
        },
        // Six hours from 14:00, in the half of the day when the strong rhythm loses.
        bought("a drip at night", vec![(1_262, Event::Drip(size, 6.0))]),
    ]
}

/// The organic histories of channel `c`, each with whether it has a weekly rhythm.
pub fn organics(c: &Channel) -> Vec<(Case, bool)> {
    // A post seen by as many as the channel has subscribers: its adverts convert 3 to 10 %.
    let views = c.first as u64;
    let half = views / 2;
    let organic = |name, events: Events, causes: Vec<Cause>| Case {
        name,
        bought: vec![],
        organic: events,
        daily: false,
        causes,
    };
    vec![
        (organic("smooth growth", vec![], vec![]), false),
        (organic("a weekly rhythm", vec![], vec![]), true),
        (
            organic(
                "viral over 2 days",
                vec![(1_000, Event::Ramp(0.3 * c.first, 48.0))],
                vec![],
            ),
            false,
        ),
        (
            organic(
                "viral over 3 days",
                vec![(1_000, Event::Ramp(0.4 * c.first, 72.0))],
                vec![],
            ),
            false,
        ),
        (
            organic(
                "viral over 5 days",
                vec![(1_000, Event::Ramp(0.6 * c.first, 120.0))],
                vec![],
            ),
            false,
        ),
        (
            organic(
                "a viral week",
                vec![(1_000, Event::Ramp(0.5 * c.first, 168.0))],
                vec![],
            ),
            false,
        ),
        (
            organic(
                "an advert's rise",
                vec![(1_000, Event::Fading(0.08 * c.first, 6.0))],
                vec![cause(1_000, Some(views), false)],
            ),
            false,
        ),
        (
            organic(
                "a rise 3 hours after its mention",
                vec![(1_003, Event::Fading(0.08 * c.first, 10.0))],
                vec![cause(1_000, Some(views), false)],
            ),
            false,
        ),
        (
            organic(
                "two adverts",
                vec![
                    (900, Event::Fading(0.05 * c.first, 8.0)),
                    (1_400, Event::Fading(0.1 * c.first, 3.0)),
                ],
                vec![cause(900, Some(views), false), cause(1_400, None, true)],
            ),
            false,
        ),
        // A tenth of the post's views subscribe: the most the check lets a mention bring.
        (
            organic(
                "an advert converting 10 %",
                vec![(1_000, Event::Fading(0.0975 * views as f64, 5.0))],
                vec![cause(1_000, Some(views), false)],
            ),
            false,
        ),
        (
            organic(
                "two mentions an hour apart",
                vec![
                    (1_000, Event::Fading(0.06 * half as f64, 6.0)),
                    (1_001, Event::Fading(0.06 * half as f64, 6.0)),
                ],
                // Each could bring 5 % of the count, the two of them together the 6 % that came.
                vec![
                    cause(1_000, Some(half), false),
                    cause(1_001, Some(half), false),
                ],
            ),
            false,
        ),
    ]
}

/// 40 readings missing at random hours, and a gap of 12 hours.
pub fn with_gaps(read: &mut Vec<Reading>, seed: u64) {
    let hours = read.len() as u64;
    let missing: Vec<u64> = (0..40)
        .map(|k| (unit(seed + 99, k) * hours as f64) as u64)
        .collect();
    let mut h = 0;
    read.retain(|_| {
        h += 1;
        !missing.contains(&(h - 1)) && !(400..412).contains(&(h - 1))
    });
}
