//! The health check of a channel: findings a buyer of an advertising post should know of, each
//! with the rule that made it, its date and its size.
//!
//! The subscriber rules read the counts over up to 90 days, hourly where the plan allows (the
//! count as of each hour), otherwise daily (the count at the end of each day), and judge each
//! reading's change against the channel's own normal change over the same length of time:
//! - normal = the median of the changes; spread = 1.4826 × their median absolute deviation (at
//!   least 1 subscriber), see [`super::robust`];
//! - **jump** (`subscriber-jump`): a rise more than [`JUMP_SPREADS`] spreads above normal and of
//!   at least [`JUMP_MIN_SHARE`] of the count before it. Neighbouring readings that each qualify
//!   are one jump, of their sum, dated by its first reading;
//! - **step** (`subscriber-step`): such a rise after a flat stretch, [`FLAT_DAYS`] days in a row
//!   whose changes over the day (24 hourly readings, or one daily) are each within
//!   [`FLAT_SHARE`] of the count: a channel that stood still and suddenly grew;
//! - **drop** (`subscriber-drop`): within [`DROP_DAYS`] days after a jump or a step, the count
//!   falls below the count at the jump's end by at least [`DROP_SHARE`] of the jump: the bought
//!   subscribers being cleaned out. Dated on the day of the lowest count.
//!
//! Hourly counts tell a bought jump (thousands within an hour) from an advert's rise (the same
//! thousands spread over a day or two, no hour near 2 % of the count); daily counts cannot, and
//! flag both.
//!
//! The rule on reach, **low ERR** (`low-err`): the channel's ERR below a third of the usual ERR of
//! its size band ([`usual_err`]). The service's restrictions (`restriction`) are findings as
//! they are, each explained in words.

use chrono::NaiveDate;

use super::dynamics::Reading;
use super::robust::{median_and_mad, MAD_TO_SIGMA};
use crate::api::PeriodGroup;
use crate::format::Locale;

/// A jump is a rise this many spreads above the normal change…
pub const JUMP_SPREADS: f64 = 8.0;
/// …and at least this share of the count before it.
pub const JUMP_MIN_SHARE: f64 = 0.02;
/// Days of no real change before a jump that make it a step.
pub const FLAT_DAYS: usize = 7;
/// A day is flat when its change is within this share of the count.
pub const FLAT_SHARE: f64 = 0.001;
/// Days after a jump in which a loss is looked for.
pub const DROP_DAYS: usize = 14;
/// A loss of at least this share of the jump is a drop.
pub const DROP_SHARE: f64 = 0.2;
/// Changes needed before the channel's normal can be told.
pub const MIN_CHANGES: usize = 14;
/// ERR below this share of the size band's usual is low.
pub const LOW_ERR_SHARE: f64 = 1.0 / 3.0;

/// What a finding is about; the names are the page's `data-finding`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Jump,
    Drop,
    Step,
    LowErr,
    Restriction,
}

impl Kind {
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Jump => "subscriber-jump",
            Kind::Drop => "subscriber-drop",
            Kind::Step => "subscriber-step",
            Kind::LowErr => "low-err",
            Kind::Restriction => "restriction",
        }
    }

    /// Why the finding matters to someone buying an advertising post.
    pub fn why(self, locale: Locale) -> &'static str {
        let (en, ru) = match self {
            Kind::Jump => (
                "Thousands of subscribers at once rarely come by themselves: bought subscribers do not read, so the price per subscriber overstates the reach.",
                "Тысячи подписчиков разом редко приходят сами: купленные подписчики не читают, и цена за подписчика завышает охват.",
            ),
            Kind::Drop => (
                "A loss after a jump is what bots look like when they are cleaned out: the count before the jump is closer to the real audience.",
                "Потеря после скачка — так выглядит чистка ботов: реальная аудитория ближе к числу до скачка.",
            ),
            Kind::Step => (
                "A channel that stood still and then grew at once was probably boosted, or bought with its audience.",
                "Канал, который стоял на месте и вдруг вырос, скорее всего накручен или куплен вместе с аудиторией.",
            ),
            Kind::LowErr => (
                "Few subscribers see the posts: an advert reaches far fewer people than the subscriber count suggests.",
                "Посты видят немногие подписчики: реклама охватит намного меньше людей, чем обещает число подписчиков.",
            ),
            Kind::Restriction => (
                "The service itself has marked the channel: check the reason before paying.",
                "Сервис сам пометил канал: проверьте причину, прежде чем платить.",
            ),
        };
        match locale {
            Locale::En => en,
            Locale::Ru => ru,
        }
    }
}

/// How big a finding is.
#[derive(Clone, Debug, PartialEq)]
pub enum Size {
    /// Subscribers gained (+) or lost (−).
    Subscribers(i64),
    /// The channel's ERR, with the usual one of its band.
    Err { err: f64, usual: f64 },
    /// A restriction in words.
    Text(String),
}

/// One finding.
#[derive(Clone, Debug, PartialEq)]
pub struct Finding {
    pub kind: Kind,
    pub date: NaiveDate,
    pub size: Size,
}

/// The channel's normal change between readings and its spread.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Normal {
    pub median: f64,
    pub spread: f64,
}

/// The changes of consecutive readings: (the later reading's day, the change, the count before).
fn changes(readings: &[Reading]) -> Vec<(NaiveDate, i64, i64)> {
    readings
        .windows(2)
        .map(|w| {
            (
                w[1].period.start().date(),
                w[1].count.saturating_sub(w[0].count),
                w[0].count,
            )
        })
        .collect()
}

/// The normal change between consecutive `readings` (in time order); `None` with fewer than
/// [`MIN_CHANGES`] changes.
pub fn normal(readings: &[Reading]) -> Option<Normal> {
    let by: Vec<f64> = changes(readings).iter().map(|c| c.1 as f64).collect();
    if by.len() < MIN_CHANGES {
        return None;
    }
    let (median, mad) = median_and_mad(&by)?;
    Some(Normal {
        median,
        spread: (MAD_TO_SIGMA * mad).max(1.0),
    })
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

/// The subscriber findings of `readings` in time order, `per_day` of them a day (see
/// [`readings_per_day`]): jumps or steps, and the drops after them, by date.
pub fn subscriber_findings(readings: &[Reading], per_day: usize) -> Vec<Finding> {
    let Some(normal) = normal(readings) else {
        return Vec::new();
    };
    let changes = changes(readings);
    let flat_run = FLAT_DAYS * per_day;
    let qualifies = |&(_, by, before): &(NaiveDate, i64, i64)| {
        by as f64 - normal.median > JUMP_SPREADS * normal.spread
            && by as f64 >= JUMP_MIN_SHARE * before as f64
    };
    let mut found = Vec::new();
    let mut i = 0;
    while i < changes.len() {
        if !qualifies(&changes[i]) {
            i += 1;
            continue;
        }
        let first = i;
        while i + 1 < changes.len() && qualifies(&changes[i + 1]) {
            i += 1;
        }
        let by: i64 = changes[first..=i].iter().map(|c| c.1).sum();
        // Flat is judged day by day whatever the readings: an hour's change is always small.
        let flat = first >= flat_run
            && (0..FLAT_DAYS).all(|day| {
                let later = readings[first - day * per_day].count;
                let earlier = readings[first - (day + 1) * per_day].count;
                ((later - earlier).abs() as f64) <= FLAT_SHARE * earlier as f64
            });
        found.push(Finding {
            kind: if flat { Kind::Step } else { Kind::Jump },
            date: changes[first].0,
            size: Size::Subscribers(by),
        });
        // Readings are one more than changes: change i ends at reading i + 1.
        let peak = readings[i + 1].count;
        let after = &readings
            [(i + 2).min(readings.len())..(i + 2 + DROP_DAYS * per_day).min(readings.len())];
        if let Some(low) = after.iter().min_by_key(|r| r.count) {
            let loss = peak - low.count;
            if loss > 0 && loss as f64 >= DROP_SHARE * by as f64 {
                found.push(Finding {
                    kind: Kind::Drop,
                    date: low.period.start().date(),
                    size: Size::Subscribers(-loss),
                });
            }
        }
        i += 1;
    }
    found
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
    (err.is_finite() && err < LOW_ERR_SHARE * usual).then_some(Finding {
        kind: Kind::LowErr,
        date: today,
        size: Size::Err { err, usual },
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
        })
        .collect()
}
