//! The subscriber rules of the health check (see the module above): the events of the counts
//! told apart by what explains them, what came before them and how sure they are.

use chrono::{NaiveDate, TimeDelta};

use super::scan::{events, fades, floor, Event, Scales, Shape, DAILY, HOURLY, SPREADS};
use super::series::Series;
use super::{
    confidence, Cause, Doubt, Finding, Kind, Movement, Size, CAUSE_AFTER_HOURS, CAUSE_HOURS,
    DROP_DAYS, DROP_SHARE, FLAT_DAYS, FLAT_MAX, FLAT_SHARE, GAPPY_SHARE, MAX_CONVERSION,
    SMALL_CHANNEL, STAYED_DAYS, SURE_DAYS, SURE_SPREADS,
};
use crate::api::PeriodGroup;
use crate::dynamics::Reading;

/// The doubts of every subscriber finding of `series`, from its history.
pub fn history_doubts(series: &Series) -> Vec<Doubt> {
    let mut doubts = Vec::new();
    if series.days() < SURE_DAYS {
        doubts.push(Doubt::ShortHistory);
    }
    if series.gap_share() > GAPPY_SHARE {
        doubts.push(Doubt::Gappy);
    }
    if series.per_day() == 1 {
        doubts.push(Doubt::DailyOnly);
    }
    doubts
}

/// The subscriber findings of `readings` (in time order) of `group` (hours or days), with the
/// known `causes` of rises: jumps, steps, drops and explained rises, by date.
pub fn subscriber_findings(
    readings: &[Reading],
    group: PeriodGroup,
    causes: &[Cause],
) -> Vec<Finding> {
    let (step, scales): (i64, Scales) = match group {
        PeriodGroup::Hour => (3_600, HOURLY),
        PeriodGroup::Day => (86_400, DAILY),
        PeriodGroup::Week | PeriodGroup::Month => return Vec::new(),
    };
    let Some(raw) = Series::new(readings, step) else {
        return Vec::new();
    };
    let per_day = raw.per_day();
    let cause_slots: Vec<(usize, &Cause)> = causes
        .iter()
        .filter_map(|c| Some((raw.slot_of(c.at)?, c)))
        .collect();
    let reach = (CAUSE_HOURS as usize * per_day).div_ceil(24);
    let excluded: Vec<(usize, usize)> = cause_slots.iter().map(|&(s, _)| (s, s + reach)).collect();
    // Events are found on the counts without their daily rhythm; what a finding reports (its
    // change, the count before it, whether the days before were flat) is read on the counts
    // as they are.
    let series = raw.without_rhythm(&excluded);
    let base = history_doubts(&raw);
    let rate = super::scan::rate(&series, &excluded);
    let found = events(&series, scales, &excluded);
    let mut findings = Vec::new();
    let mut jumps: Vec<(usize, Event, NaiveDate)> = Vec::new();
    let mut explained: Vec<Event> = Vec::new();
    for event in found.iter().filter(|e| e.rise) {
        let answer = answering(&series, event, rate, &cause_slots);
        let latest = answer.causes.iter().max_by_key(|c| c.at).copied();
        // The part of the rise beyond what its causes' readers could bring, in spreads.
        let beyond = answer.explains.map(|most| {
            let spread = if event.spreads > 0.0 {
                event.excess / event.spreads
            } else {
                1.0
            };
            (event.excess - most, (event.excess - most) / spread)
        });
        let kind = match (latest, beyond) {
            (Some(_), Some((rest, spreads)))
                if spreads > SPREADS && rest >= floor(raw.at(event.start).unwrap_or(0)) =>
            {
                Kind::BeyondMention
            }
            (Some(_), _) => Kind::MentionRise,
            (None, _) if flat_before(&raw, event.start) => Kind::Step,
            (None, _) => Kind::Jump,
        };
        let mut doubts = base.clone();
        if matches!(kind, Kind::Jump | Kind::Step) && fades(&series, event.start, event.end, rate) {
            doubts.push(Doubt::Fades);
        }
        let stayed = latest.and_then(|_| stayed(&series, event, &excluded));
        let mut finding = finding(&raw, kind, event, doubts, latest.cloned(), stayed, None);
        if let Size::Subscribers(m) = &mut finding.size {
            m.explains = answer.explains.filter(|_| latest.is_some());
            m.unlike_answer = answer.unlike;
        }
        if kind == Kind::BeyondMention {
            // How sure is how far the part beyond the causes goes, not the whole rise.
            let spreads = beyond.map_or(0.0, |b| b.1);
            finding.doubts.retain(|d| *d != Doubt::NearNormal);
            if spreads < SURE_SPREADS {
                finding.doubts.push(Doubt::NearNormal);
            }
            finding.confidence = confidence(&finding.doubts);
        }
        if kind == Kind::MentionRise {
            explained.push(event.clone());
        } else {
            jumps.push((event.end, event.clone(), finding.date));
        }
        findings.push(finding);
    }
    // Readers who came with an advert partly leave again over the next days: a loss after an
    // explained rise, of at most half of it, shows in what stayed of the rise, not as a drop.
    let churn = |drop: &Event| {
        explained.iter().any(|rise: &Event| {
            rise.end <= drop.start
                && drop.start <= rise.end + DROP_DAYS * per_day
                && -drop.change <= rise.change / 2
        })
    };
    let mut drops: Vec<Event> = found.into_iter().filter(|e| !e.rise && !churn(e)).collect();
    // A jump's slow loss, which no window of 72 hours holds as a sudden one. Its normal over
    // days leaves out the jumps too: a window holding thousands bought is no one's normal.
    let mut without_jumps = excluded.clone();
    without_jumps.extend(jumps.iter().map(|(_, j, _)| (j.start, j.end)));
    for (k, (end, jump, _)) in jumps.iter().enumerate() {
        // Up to the next jump: a loss after it is that one's.
        let next = jumps.get(k + 1).map_or(usize::MAX, |j| j.1.start);
        let after = (*end + DROP_DAYS * per_day).min(next);
        if drops.iter().any(|d| d.start > *end && d.start <= after) {
            continue;
        }
        if let Some(drop) = slow_loss(&series, jump, after, &without_jumps) {
            drops.push(drop);
        }
    }
    for drop in &drops {
        let after_jump = jumps
            .iter()
            .filter(|(end, _, _)| *end <= drop.start && drop.start <= end + DROP_DAYS * per_day)
            .map(|j| j.2)
            .next_back();
        findings.push(finding(
            &raw,
            Kind::Drop,
            drop,
            base.clone(),
            None,
            None,
            after_jump,
        ));
    }
    findings.sort_by_key(|f| f.movement().map(|m| m.start));
    findings
}

/// The finding of `event`, with the doubts of its size added to `doubts`; its change and the
/// count before it as `series` (the counts as they are) has them.
fn finding(
    series: &Series,
    kind: Kind,
    event: &Event,
    mut doubts: Vec<Doubt>,
    cause: Option<Cause>,
    stayed: Option<i64>,
    after_jump: Option<NaiveDate>,
) -> Finding {
    let before = series.at(event.start).unwrap_or(0);
    if before < SMALL_CHANNEL {
        doubts.insert(0, Doubt::SmallChannel);
    }
    if event.spreads < SURE_SPREADS {
        doubts.push(Doubt::NearNormal);
    }
    let start = series.instant(event.start);
    // A daily count is as of the end of its day: the change after it happened the day after.
    let date = start.date();
    Finding {
        kind,
        date,
        confidence: confidence(&doubts),
        doubts,
        size: Size::Subscribers(Movement {
            start,
            end: series.instant(event.end),
            change: series
                .change(event.start, event.end - event.start)
                .unwrap_or(event.change),
            excess: event.excess,
            shape: event.shape,
            explains: None,
            unlike_answer: false,
            readers: None,
            spreads: event.spreads,
            before,
            cause,
            stayed,
            after_jump,
        }),
    }
}

/// What a rise answers: its causes, and the most their readers could bring.
struct Answer<'a> {
    /// Every cause from [`CAUSE_AFTER_HOURS`] before the rise starts (a day on daily counts) to
    /// the instant half of the rise beyond the normal `rate` has arrived; none when the rise
    /// does not have the shape of an answer. A rise whose first half came before the post is
    /// not that post's; the half-way instant, unlike the first hour, is not moved by an hour of
    /// noise before the rise.
    causes: Vec<&'a Cause>,
    /// [`MAX_CONVERSION`] of the causes' views, when every one of them has its views.
    explains: Option<f64>,
    /// A cause came before it, but its shape is not an answer's (see [`answering`]).
    unlike: bool,
}

/// What `rise` answers (see [`Answer`]). A rise over days that keeps an even rate and stops at
/// once ([`Shape::Box`]), or that ramps up slowly ([`Shape::Ramp`]), is not readers answering
/// a post: they come most at once, then fewer and fewer.
fn answering<'a>(
    series: &Series,
    rise: &Event,
    rate: f64,
    causes: &[(usize, &'a Cause)],
) -> Answer<'a> {
    let none = Answer {
        causes: Vec::new(),
        explains: None,
        unlike: false,
    };
    let from = series.instant(rise.start)
        - if series.per_day() == 1 {
            TimeDelta::days(1)
        } else {
            TimeDelta::hours(CAUSE_AFTER_HOURS)
        };
    let Some(first) = series.at(rise.start).map(|c| c as f64) else {
        return none;
    };
    let whole = rise.change as f64 - rate * (rise.end - rise.start) as f64;
    let Some(half) = (rise.start..=rise.end).find(|&i| {
        series
            .at(i)
            .is_some_and(|c| c as f64 - first - rate * (i - rise.start) as f64 >= whole / 2.0)
    }) else {
        return none;
    };
    let to = series.instant(half);
    let found: Vec<&Cause> = causes
        .iter()
        .map(|&(_, c)| c)
        .filter(|c| from <= c.at && c.at <= to)
        .collect();
    if found.is_empty() {
        return none;
    }
    if matches!(rise.shape, Some(Shape::Box | Shape::Ramp | Shape::Uneven)) {
        return Answer {
            unlike: true,
            ..none
        };
    }
    let explains = found
        .iter()
        .map(|c| c.views.map(|v| v as f64 * MAX_CONVERSION))
        .sum::<Option<f64>>();
    Answer {
        causes: found,
        explains,
        unlike: false,
    }
}

/// Whether the [`FLAT_DAYS`] days before slot `start` were each flat: the counts of each day
/// (all its readings, hourly or daily) lie within [`FLAT_SHARE`] of the count and
/// [`FLAT_MAX`] subscribers of each other. A channel whose days add up to nothing but that
/// gains by day and loses by night is not standing still.
fn flat_before(series: &Series, start: usize) -> bool {
    let day = series.per_day();
    (0..FLAT_DAYS).all(|k| {
        let Some(from) = start.checked_sub((k + 1) * day) else {
            return false;
        };
        let counts: Vec<i64> = (from..=from + day).filter_map(|i| series.at(i)).collect();
        let (Some(low), Some(high)) = (counts.iter().min(), counts.iter().max()) else {
            return false;
        };
        // Both ends of the day are needed to tell its change.
        if series.at(from).is_none() || series.at(from + day).is_none() {
            return false;
        }
        let range = high - low;
        range <= FLAT_MAX && range as f64 <= FLAT_SHARE * *low as f64
    })
}

/// How much of an explained rise stayed [`STAYED_DAYS`] days after its end.
fn stayed(series: &Series, rise: &Event, excluded: &[(usize, usize)]) -> Option<i64> {
    let len = rise.end - rise.start + STAYED_DAYS as usize * series.per_day();
    let change = series.change(rise.start, len)?;
    let normal = series.normal(len, excluded)?;
    Some((change as f64 - normal.median).round() as i64)
}

/// The slow loss after `jump`, up to slot `until`: the lowest count there, when it lies below
/// the jump's end by [`DROP_SHARE`] of the jump and by the floor.
fn slow_loss(
    series: &Series,
    jump: &Event,
    until: usize,
    excluded: &[(usize, usize)],
) -> Option<Event> {
    let peak = series.at(jump.end)?;
    let (low, count) = (jump.end + 1..=until)
        .filter_map(|i| Some((i, series.at(i)?)))
        .min_by_key(|&(i, c)| (c, i))?;
    let loss = peak - count;
    if (loss as f64) < DROP_SHARE * jump.change as f64 || (loss as f64) < floor(peak) {
        return None;
    }
    let len = low - jump.end;
    let normal = series.normal(len, excluded);
    let excess = normal.map_or(loss as f64, |n| n.median + loss as f64);
    let spread = normal.map_or(1.0, |n| n.spread);
    Some(Event {
        rise: false,
        start: jump.end,
        end: low,
        change: -loss,
        excess,
        spreads: excess / spread,
        shape: None,
    })
}
