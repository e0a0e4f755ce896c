//! The health check of a channel: findings a buyer of an advertising post should know of, each
//! with the rule that made it, its dates, its size and how sure it is.
//!
//! **Subscribers.** The counts over up to 90 days, hourly where the plan allows (the count as of
//! each hour), otherwise daily, are laid on their clock ([`series`]) and searched for rises and
//! losses beyond the channel's own normal at every time scale ([`scan`]: 1 to 24 hours for
//! rises, 1 to 72 for losses; 1–2 and 1–3 days on daily counts). Then:
//! - a rise that starts up to [`CAUSE_AFTER_HOURS`] hours after a known cause (a post of
//!   another channel that mentions this one, or a placement of a tracked campaign), or that
//!   had not yet brought half of its subscribers when the cause came, is **explained**
//!   (`mention-rise`): what came after an advert, with
//!   how much of it stayed [`STAYED_DAYS`] days later (the count then − the count at the rise's
//!   start − the normal change over as long);
//! - any other rise is a **jump** (`subscriber-jump`), or a **step** (`subscriber-step`) when the
//!   [`FLAT_DAYS`] days before it were flat (each day's change within [`FLAT_SHARE`] of the
//!   count and [`FLAT_MAX`] subscribers): a channel that stood still and suddenly grew;
//! - a loss is a **drop** (`subscriber-drop`), whether or not a jump came before it. Within
//!   [`DROP_DAYS`] days after a jump or a step it says so, and a slower loss there is a drop too
//!   when the count falls below the jump's end by at least [`DROP_SHARE`] of the jump and by the
//!   floor: bought subscribers being cleaned out over days.
//!
//! **How sure** ([`Confidence`]): low for a channel under [`SMALL_CHANNEL`] subscribers before
//! the finding, a history under [`SURE_DAYS`] days or with more than [`GAPPY_SHARE`] of its
//! readings missing, and daily counts (an advert's day and a bought day look alike); medium when the event is under
//! [`SURE_SPREADS`] spreads or fades as an advert's response does ([`scan::fades`]); high
//! otherwise. Only a high jump or step reads "looks bought".
//!
//! **Reach**: **low ERR** (`low-err`), the channel's ERR below a third of the usual ERR of its
//! size band ([`usual_err`]). The service's restrictions (`restriction`) are findings as they
//! are, each explained in words.

pub mod causes;
pub mod scan;
pub mod series;

use chrono::{NaiveDate, NaiveDateTime, TimeDelta};

use super::dynamics::Reading;
use crate::api::PeriodGroup;
use scan::{events, fades, floor, Event, Scales, DAILY, HOURLY};
use series::Series;

pub use scan::{MIN_SHARE, MIN_SUBSCRIBERS, SPREADS, SUDDEN};

/// Days of no real change before a jump that make it a step.
pub const FLAT_DAYS: usize = 7;
/// A day is flat when its change is within this share of the count…
pub const FLAT_SHARE: f64 = 0.001;
/// …and within this many subscribers: a channel of millions growing by hundreds a day is not
/// standing still.
pub const FLAT_MAX: i64 = 100;
/// Days after a jump in which a loss is the jump's subscribers leaving.
pub const DROP_DAYS: usize = 14;
/// A slow loss of at least this share of the jump after it is a drop.
pub const DROP_SHARE: f64 = 0.2;
/// ERR below this share of the size band's usual is low.
pub const LOW_ERR_SHARE: f64 = 1.0 / 3.0;
/// A rise starting up to this many hours after a cause is its (see [`subscriber_findings`]).
pub const CAUSE_AFTER_HOURS: i64 = 6;
/// The windows of a cause left out of the normal: the hours after it that an advert moves.
pub const CAUSE_HOURS: i64 = 48;
/// How long after an explained rise its subscribers are counted again.
pub const STAYED_DAYS: i64 = 7;
/// Channels under this many subscribers: low confidence.
pub const SMALL_CHANNEL: i64 = 1_000;
/// Histories shorter than this many days: low confidence.
pub const SURE_DAYS: f64 = 30.0;
/// Histories with more than this share of readings missing: low confidence.
pub const GAPPY_SHARE: f64 = 0.1;
/// Events under this many spreads: medium confidence at best.
pub const SURE_SPREADS: f64 = 12.0;

/// What a finding is about; the names are the page's `data-finding`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Jump,
    Drop,
    Step,
    MentionRise,
    LowErr,
    Restriction,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Jump => "subscriber-jump",
            Kind::Drop => "subscriber-drop",
            Kind::Step => "subscriber-step",
            Kind::MentionRise => "mention-rise",
            Kind::LowErr => "low-err",
            Kind::Restriction => "restriction",
        }
    }

    /// Whether the finding speaks against the channel's subscribers (an explained rise does not).
    pub fn is_anomaly(self) -> bool {
        matches!(self, Kind::Jump | Kind::Drop | Kind::Step)
    }
}

/// How sure a finding is; the names are the page's `data-confidence`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Confidence {
    Low,
    Medium,
    High,
}

impl Confidence {
    pub fn as_str(self) -> &'static str {
        match self {
            Confidence::Low => "low",
            Confidence::Medium => "medium",
            Confidence::High => "high",
        }
    }
}

/// Why a finding is less than sure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Doubt {
    /// Under [`SMALL_CHANNEL`] subscribers: a few people make a big share.
    SmallChannel,
    /// Under [`SURE_DAYS`] days of counts.
    ShortHistory,
    /// More than [`GAPPY_SHARE`] of the readings missing.
    Gappy,
    /// Daily counts only.
    DailyOnly,
    /// Under [`SURE_SPREADS`] spreads beyond normal.
    NearNormal,
    /// It fades as an advert's response does: perhaps an advert the check does not know of.
    Fades,
}

impl Doubt {
    /// What the doubt lowers the confidence to, at most.
    fn caps_at(self) -> Confidence {
        match self {
            Doubt::SmallChannel | Doubt::ShortHistory | Doubt::Gappy | Doubt::DailyOnly => {
                Confidence::Low
            }
            Doubt::NearNormal | Doubt::Fades => Confidence::Medium,
        }
    }
}

/// The confidence left by `doubts`: high without any.
pub fn confidence(doubts: &[Doubt]) -> Confidence {
    doubts
        .iter()
        .map(|d| d.caps_at())
        .min()
        .unwrap_or(Confidence::High)
}

/// A known reason for subscribers to arrive: another channel's post that mentions this one, or a
/// placement of a tracked campaign.
#[derive(Clone, Debug, PartialEq)]
pub struct Cause {
    /// When it went out, UTC.
    pub at: NaiveDateTime,
    /// The mentioning channel as a reader knows it (`@name` or its title); for a placement, the
    /// campaign's name.
    pub source: String,
    /// The post's page (`https://t.me/name/123`); empty when its link is not one.
    pub post: String,
    /// The post's views, when known.
    pub views: Option<u64>,
    /// Whether it is a placement of a tracked campaign rather than a mention found by search.
    pub placement: bool,
}

/// A rise or a loss of subscribers as found.
#[derive(Clone, Debug, PartialEq)]
pub struct Movement {
    /// Its first and last counts' instants, UTC.
    pub start: NaiveDateTime,
    pub end: NaiveDateTime,
    /// The count at its end − the count at its start.
    pub change: i64,
    /// The change beyond the channel's normal change over as long.
    pub excess: f64,
    /// `excess` in spreads of that normal.
    pub spreads: f64,
    /// The count before it.
    pub before: i64,
    /// For an explained rise: what explains it, and how much of it stayed.
    pub cause: Option<Cause>,
    pub stayed: Option<i64>,
    /// For a drop: the date of the jump or step before it.
    pub after_jump: Option<NaiveDate>,
}

/// How big a finding is.
#[derive(Clone, Debug, PartialEq)]
pub enum Size {
    Subscribers(Movement),
    /// The channel's ERR, with the usual one of its band.
    Err {
        err: f64,
        usual: f64,
    },
    /// A restriction in words.
    Text(String),
}

/// One finding.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub kind: Kind,
    pub date: NaiveDate,
    pub size: Size,
    pub confidence: Confidence,
    /// Why it is not high.
    pub doubts: Vec<Doubt>,
}

impl Finding {
    /// The movement of a subscriber finding.
    pub fn movement(&self) -> Option<&Movement> {
        match &self.size {
            Size::Subscribers(m) => Some(m),
            _ => None,
        }
    }
}

/// Readings a day holds at `group`: 24 hourly, 1 daily; `None` for weeks and months, which
/// the check does not read.
pub fn readings_per_day(group: PeriodGroup) -> Option<usize> {
    match group {
        PeriodGroup::Hour => Some(24),
        PeriodGroup::Day => Some(1),
        PeriodGroup::Week | PeriodGroup::Month => None,
    }
}

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
    let Some(series) = Series::new(readings, step) else {
        return Vec::new();
    };
    let per_day = series.per_day();
    let cause_slots: Vec<(usize, &Cause)> = causes
        .iter()
        .filter_map(|c| Some((series.slot_of(c.at)?, c)))
        .collect();
    let reach = (CAUSE_HOURS as usize * per_day).div_ceil(24);
    let excluded: Vec<(usize, usize)> = cause_slots.iter().map(|&(s, _)| (s, s + reach)).collect();
    let base = history_doubts(&series);
    let rate = scan::rate(&series, &excluded);
    let found = events(&series, scales, &excluded);
    let mut findings = Vec::new();
    let mut jumps: Vec<(usize, Event, NaiveDate)> = Vec::new();
    for event in found.iter().filter(|e| e.rise) {
        let cause = explaining(&series, event, rate, &cause_slots);
        let kind = match cause {
            Some(_) => Kind::MentionRise,
            None if flat_before(&series, event.start) => Kind::Step,
            None => Kind::Jump,
        };
        let mut doubts = base.clone();
        if kind != Kind::MentionRise && fades(&series, event.start, event.end, rate) {
            doubts.push(Doubt::Fades);
        }
        let stayed = cause.and_then(|_| stayed(&series, event, &excluded));
        let finding = finding(&series, kind, event, doubts, cause.cloned(), stayed, None);
        if kind != Kind::MentionRise {
            jumps.push((event.end, event.clone(), finding.date));
        }
        findings.push(finding);
    }
    let mut drops: Vec<Event> = found.into_iter().filter(|e| !e.rise).collect();
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
            &series,
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

/// The finding of `event`, with the doubts of its size added to `doubts`.
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
            change: event.change,
            excess: event.excess,
            spreads: event.spreads,
            before,
            cause,
            stayed,
            after_jump,
        }),
    }
}

/// The cause `rise` follows, if any: the latest one from [`CAUSE_AFTER_HOURS`] before the rise
/// starts (a day on daily counts) to the instant half of the rise beyond the normal `rate` has
/// arrived. A rise whose first half came before the post is not that post's; the half-way
/// instant, unlike the first hour, is not moved by an hour of noise before the rise.
fn explaining<'a>(
    series: &Series,
    rise: &Event,
    rate: f64,
    causes: &[(usize, &'a Cause)],
) -> Option<&'a Cause> {
    let from = series.instant(rise.start)
        - if series.per_day() == 1 {
            TimeDelta::days(1)
        } else {
            TimeDelta::hours(CAUSE_AFTER_HOURS)
        };
    let first = series.at(rise.start)? as f64;
    let whole = rise.change as f64 - rate * (rise.end - rise.start) as f64;
    let half = (rise.start..=rise.end).find(|&i| {
        series
            .at(i)
            .is_some_and(|c| c as f64 - first - rate * (i - rise.start) as f64 >= whole / 2.0)
    })?;
    let to = series.instant(half);
    causes
        .iter()
        .map(|&(_, c)| c)
        .filter(|c| from <= c.at && c.at <= to)
        .max_by_key(|c| c.at)
}

/// Whether the [`FLAT_DAYS`] days before slot `start` were each flat.
fn flat_before(series: &Series, start: usize) -> bool {
    let day = series.per_day();
    (0..FLAT_DAYS).all(|k| {
        let Some(from) = start.checked_sub((k + 1) * day) else {
            return false;
        };
        match (series.change(from, day), series.at(from)) {
            (Some(change), Some(count)) => {
                change.abs() <= FLAT_MAX && change.abs() as f64 <= FLAT_SHARE * count as f64
            }
            _ => false,
        }
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
    })
}

/// The usual ERR (percent) of a channel of `subscribers`: reach falls as channels grow.
/// Up to 10,000: 25 %; up to 100,000: 15 %; up to 1,000,000: 10 %; above: 6 %.
pub fn usual_err(subscribers: u64) -> f64 {
    match subscribers {
        0..=10_000 => 25.0,
        10_001..=100_000 => 15.0,
        100_001..=1_000_000 => 10.0,
        _ => 6.0,
    }
}

/// A `low-err` finding dated `today` when `err` (percent) is below [`LOW_ERR_SHARE`] of the
/// usual of the band of `subscribers`.
pub fn low_err(err: f64, subscribers: u64, today: NaiveDate) -> Option<Finding> {
    let usual = usual_err(subscribers);
    // Far below (under half the line) is beyond what a sample of posts varies by.
    let doubts = if err < LOW_ERR_SHARE * usual / 2.0 {
        vec![]
    } else {
        vec![Doubt::NearNormal]
    };
    (err.is_finite() && err < LOW_ERR_SHARE * usual).then_some(Finding {
        kind: Kind::LowErr,
        date: today,
        size: Size::Err { err, usual },
        confidence: confidence(&doubts),
        doubts,
    })
}

/// One `restriction` finding per restriction in words, dated `today`.
pub fn restriction_findings(texts: &[String], today: NaiveDate) -> Vec<Finding> {
    texts
        .iter()
        .map(|text| Finding {
            kind: Kind::Restriction,
            date: today,
            size: Size::Text(text.clone()),
            // Set by the service's staff after a check of their own.
            confidence: Confidence::High,
            doubts: Vec::new(),
        })
        .collect()
}
