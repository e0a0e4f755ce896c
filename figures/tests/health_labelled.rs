//! The health check judged on a labelled set beyond the sandbox's battery: synthetic hourly
//! histories of channels from 800 to 2,500,000 subscribers, with two levels of noise on the
//! counts (and Poisson-like noise of the arrivals), without a day-and-night rhythm, with a mild
//! one and with a strong one (gains by day, losses by night); into each, one kind of purchase or
//! one organic event. Purchases include the ones a patient seller hides: boxes of bots over two
//! and four days, bots right after a small mention or a placement, a drip at night. Organic
//! events include growth that speeds up or turns flat, a viral week, adverts converting up to
//! 10 % of their views, and missing readings. Every purchase must be found within a day of when
//! it began; no organic history may get a jump, a step, a drop or a rise beyond its mention.

use chanscope_api::PeriodGroup;
use chanscope_figures::dynamics::Reading;
use chanscope_figures::health::{subscriber_findings, Cause, Confidence, Finding};
use chrono::TimeDelta;

mod labelled_histories;
use labelled_histories::*;

fn findings(readings: &[Reading], daily: bool, causes: &[Cause]) -> Vec<Finding> {
    let group = if daily {
        PeriodGroup::Day
    } else {
        PeriodGroup::Hour
    };
    subscriber_findings(readings, group, causes)
}

#[test]
fn every_purchase_is_found_and_no_organic_history_is_flagged() {
    let (mut found, mut bought, mut alarms, mut organic) = (0, 0, 0, 0);
    // False alarms above low confidence ("cannot tell").
    let mut sure_alarms = 0;
    let mut misses = Vec::new();
    // Purchases found and asked, by case.
    let mut by_case: Vec<(&str, usize, usize)> = Vec::new();
    for c in channels() {
        for case in purchases(&c) {
            let events: Events = case.bought.iter().chain(&case.organic).copied().collect();
            let mut read = history(c, &events, case.daily);
            if !case.daily {
                with_gaps(&mut read, c.seed);
            }
            let seen = findings(&read, case.daily, &case.causes);
            for (hour, _) in &case.bought {
                bought += 1;
                let truth = start() + TimeDelta::hours(*hour as i64);
                let hit = seen.iter().any(|f| {
                    f.kind.is_anomaly()
                        && (f.movement().unwrap().start - truth).abs() <= TimeDelta::days(1)
                });
                let tally = match by_case.iter_mut().find(|t| t.0 == case.name) {
                    Some(t) => t,
                    None => {
                        by_case.push((case.name, 0, 0));
                        by_case.last_mut().unwrap()
                    }
                };
                tally.2 += 1;
                if hit {
                    found += 1;
                    tally.1 += 1;
                } else {
                    misses.push(format!(
                        "MISSED {} at hour {hour}, {} subscribers, rhythm {}, noise {}: {}",
                        case.name,
                        c.first,
                        c.rhythm,
                        c.noise,
                        describe(&seen)
                    ));
                }
            }
        }
        let mut organic_channels = vec![c];
        for growth in [Growth::SpeedsUp, Growth::TurnsFlat] {
            organic_channels.push(Channel { growth, ..c });
        }
        for (k, oc) in organic_channels.into_iter().enumerate() {
            // The other growths are judged on the quiet history alone.
            let cases = organics(&oc);
            let cases = if k == 0 { &cases[..] } else { &cases[..1] };
            for (case, weekly) in cases {
                for gaps in [false, true] {
                    if gaps && case.name != "smooth growth" {
                        continue;
                    }
                    organic += 1;
                    let mut read = history(
                        Channel {
                            weekly: *weekly,
                            ..oc
                        },
                        &case.organic,
                        false,
                    );
                    if gaps {
                        with_gaps(&mut read, oc.seed);
                    }
                    let seen = findings(&read, false, &case.causes);
                    if seen.iter().any(|f| f.kind.is_anomaly()) {
                        alarms += 1;
                        if seen
                            .iter()
                            .any(|f| f.kind.is_anomaly() && f.confidence > Confidence::Low)
                        {
                            sure_alarms += 1;
                        }
                        misses.push(format!(
                            "ALARM {}{}, growth {}, {} subscribers, rhythm {}, noise {}: {}",
                            case.name,
                            if gaps { " with gaps" } else { "" },
                            k,
                            oc.first,
                            oc.rhythm,
                            oc.noise,
                            describe(&seen)
                        ));
                    }
                }
            }
        }
    }
    println!("labelled set: recall {found}/{bought}, false alarms {alarms}/{organic}");
    for (name, hits, of) in &by_case {
        println!("  {name}: {hits}/{of}");
    }
    for m in &misses {
        println!("{m}");
    }
    println!("  false alarms above low confidence: {sure_alarms}");
    assert_eq!((bought, organic), (450, 480));
    // A climb of 26 % over two days on 800 subscribers, with ±30 a reading, has no shape the
    // counts can tell from a drip's: it reads as a jump of low confidence ("cannot tell").
    assert_eq!(sure_alarms, 0, "{misses:#?}");
    assert!(alarms <= 2, "{misses:#?}");
    // Every purchase of the shapes a seller uses in the open is found. The hidden ones are
    // found where the counts can tell them: a box over days needs parts of it that stand out
    // of the hourly noise (on 800 and 5,000 subscribers, with noise of ±30 a reading, a box of
    // 360 over 48 hours does not), and a placement whose views are unknown explains a rise
    // whose shape the noise hides (the readers' signal is what catches those).
    let least = |name: &str| match name {
        "a box over 2 days" | "a box over 4 days" => 15,
        "a drip behind a placement" => 14,
        // On 800 subscribers the 70 bots are under the floor of 100.
        "bots right after a small mention" => 24,
        // On 300,000 with a noise of ±300 a reading, one drip reads as a ramp clearly enough to
        // be taken for growth: the rule that keeps a viral climb over two days from being a
        // jump on every channel of 5,000.
        "a drip over 12 hours" => 29,
        _ => 30,
    };
    for (name, hits, of) in &by_case {
        assert!(
            *hits == *of || *hits >= least(name),
            "{name}: {hits}/{of}\n{misses:#?}"
        );
    }
}

/// The findings in a line each.
fn describe(seen: &[Finding]) -> String {
    seen.iter()
        .map(|f| {
            let m = f.movement().unwrap();
            format!(
                "{} {} {:+} ({:.1} spreads, {}, {})",
                f.kind.as_str(),
                m.start.format("%d %H:%M"),
                m.change,
                m.spreads,
                m.shape.map_or("-", |s| s.as_str()),
                f.confidence.as_str()
            )
        })
        .collect::<Vec<_>>()
        .join("; ")
}
