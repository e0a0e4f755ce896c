//! The gain beyond normal (a campaign placement's, a mention's) judged on a labelled set drawn
//! from the sandbox: placements on channels where nothing was bought and nothing planted, which
//! must stay within normal variation; the same placements with an advert added to the counts,
//! and every arrival the sandbox planted, which must show beyond normal. The counts are the
//! channels' 90 days by hour as the console asks for them.

use chanscope_api::{ChannelId, PeriodGroup};
use chanscope_figures::after_mention::{beyond_normal, count_before};
use chanscope_figures::campaign::window_gain;
use chanscope_figures::dynamics::Reading;
use chrono::{DateTime, NaiveDateTime};
use sandbox::dataset::{Dataset, Size, DAY, HOUR};

mod sandbox_ask;
use sandbox_ask::subscribers;

/// The end-to-end tests' dataset, at 2026-11-28 00:00 UTC.
const SEED: u64 = 20_240_601;
const NOW: i64 = 1_795_838_400;

/// Adverts added, as a share of the channel's count at the placement.
const ADVERT_SHARES: [f64; 3] = [0.002, 0.005, 0.01];

/// The hour that contains Unix second `t`.
fn hour_of(t: i64) -> NaiveDateTime {
    DateTime::from_timestamp(t - t.rem_euclid(HOUR), 0)
        .unwrap()
        .naive_utc()
}

/// `read` with an advert of `size` subscribers from `at`, arriving as readers answer one: most
/// within hours, 1 − e^(−h / 8 h) of them `h` hours after.
fn with_advert(read: &[Reading], at: NaiveDateTime, size: f64) -> Vec<Reading> {
    read.iter()
        .map(|r| {
            let hours = (r.period.end() - at).num_minutes() as f64 / 60.0;
            let arrived = if hours > 0.0 {
                size * (1.0 - (-hours / 8.0).exp())
            } else {
                0.0
            };
            Reading {
                period: r.period,
                count: r.count + arrived.round() as i64,
            }
        })
        .collect()
}

/// Whether the gain 24 or 48 hours after a placement at `at` is beyond normal, the placement
/// and `busy` left out of the normal change.
fn beyond(read: &[Reading], at: NaiveDateTime, hours: u32, busy: &[NaiveDateTime]) -> bool {
    let gain = window_gain(read, (at, at), hours, busy).unwrap();
    beyond_normal(gain.gain, gain.spread)
}

#[test]
fn quiet_placements_stay_within_normal_and_adverts_show() {
    let ds = Dataset::generate(SEED, Size::Small, NOW);
    let (mut quiet, mut alarms, mut smooth_cases, mut smooth_alarms) = (0, 0, 0, 0);
    let mut found = [0; ADVERT_SHARES.len()];
    for (c, channel) in ds.channels.iter().enumerate() {
        if !channel.arrivals.is_empty() || channel.created_at > NOW - 100 * DAY {
            continue;
        }
        let id: ChannelId = channel.id.to_string().parse().unwrap();
        let read = subscribers(&ds, &id, PeriodGroup::Hour);
        let smooth = channel
            .usernames
            .first()
            .is_some_and(|u| u == "smooth_growth");
        // Every third day from 3 to 39 days back, each channel at an hour of its own.
        for k in (0..37).step_by(3) {
            let at = hour_of(NOW - (3 + k) * DAY - (c as i64 * 7 % 24) * HOUR);
            for hours in [24, 48] {
                quiet += 1;
                smooth_cases += usize::from(smooth);
                if beyond(&read, at, hours, &[at]) {
                    alarms += 1;
                    smooth_alarms += usize::from(smooth);
                }
            }
            let count = count_before(&read, at).unwrap().1 as f64;
            for (share, found) in ADVERT_SHARES.iter().zip(&mut found) {
                let bought = with_advert(&read, at, share * count);
                *found += usize::from(beyond(&bought, at, 24, &[at]));
            }
        }
    }
    let placements = quiet / 2;
    let smaller: Vec<String> = ADVERT_SHARES[..2]
        .iter()
        .zip(found)
        .map(|(share, n)| format!("{} % {n}/{placements}", share * 100.0))
        .collect();
    // Read by `cargo xtask bench`.
    println!(
        "gain labelled: recall {}/{placements} (adverts of 1 % of the count at 24 h; {}), false alarms {alarms}/{quiet} ({smooth_alarms}/{smooth_cases} on @smooth_growth)",
        found[2],
        smaller.join(", ")
    );
    assert!(placements > 1_000, "{placements} placements");
    // @smooth_growth is among them: 13 placements, 26 gains.
    assert_eq!((smooth_alarms, smooth_cases), (0, 26));
    // Measured: 69 of 5,122 (1.3 %); adverts of 0.2, 0.5 and 1 % found 578, 1,880 and 2,363
    // times of 2,561 (23, 73 and 92 %). Ceilings against a regression.
    assert!(alarms * 100 <= quiet * 2, "{alarms} of {quiet}");
    assert!(found[1] * 10 >= placements * 7, "{found:?} of {placements}");
    assert!(found[2] * 10 >= placements * 9, "{found:?} of {placements}");
}

#[test]
fn every_planted_arrival_is_beyond_normal() {
    let ds = Dataset::generate(SEED, Size::Small, NOW);
    let mut missed = Vec::new();
    let mut arrivals = 0;
    for channel in ds.channels.iter().filter(|c| !c.arrivals.is_empty()) {
        let id: ChannelId = channel.id.to_string().parse().unwrap();
        let read = subscribers(&ds, &id, PeriodGroup::Hour);
        let busy: Vec<NaiveDateTime> = channel.arrivals.iter().map(|a| hour_of(a.at)).collect();
        for a in channel.arrivals.iter().filter(|a| a.size > 0.0) {
            let at = hour_of(a.at);
            if at + chrono::TimeDelta::hours(48) > hour_of(NOW) || at < hour_of(NOW - 88 * DAY) {
                continue;
            }
            arrivals += 1;
            if !beyond(&read, at, 48, &busy) {
                missed.push(format!("{:?} {} at {at}", channel.usernames, a.size));
            }
        }
    }
    // Read by `cargo xtask bench`.
    println!(
        "gain labelled: planted arrivals, recall {}/{arrivals}",
        arrivals - missed.len()
    );
    assert!(arrivals >= 10, "{arrivals} arrivals");
    assert!(missed.is_empty(), "{missed:?}");
}
