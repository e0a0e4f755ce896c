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
//! - a loss is a **drop** (`subscriber-drop`), whether or not a jump came before it; but a loss
//!   within [`DROP_DAYS`] days after an explained rise, of at most half of it, is that rise's
//!   readers leaving again, and shows only in what stayed of it. Within
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
pub mod readers;
pub mod scan;
pub mod series;
mod subscribers;
pub mod verdict;

use chrono::{NaiveDate, NaiveDateTime};

use crate::api::PeriodGroup;

pub use scan::{Shape, MIN_SHARE, MIN_SUBSCRIBERS, SPREADS, SUDDEN};
pub use subscribers::{history_doubts, subscriber_findings};

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
/// The most of a post's views that can subscribe after it: 10 %. Market guides give 1–5 % of an
/// advert's views converting into subscribers, and 10 % for an exceptional, well-targeted post;
/// the campaign tracker shows each placement's own (its gain beyond normal over its reach), so
/// a buyer can hold a channel's past adverts to the same line.
pub const MAX_CONVERSION: f64 = 0.10;

/// What a finding is about; the names are the page's `data-finding`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    Jump,
    Drop,
    Step,
    MentionRise,
    /// A rise after a mention or a placement, by more than its readers could bring.
    BeyondMention,
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
            Kind::BeyondMention => "beyond-mention",
            Kind::LowErr => "low-err",
            Kind::Restriction => "restriction",
        }
    }

    /// Whether the finding speaks against the channel's subscribers (an explained rise does not).
    pub fn is_anomaly(self) -> bool {
        matches!(
            self,
            Kind::Jump | Kind::Drop | Kind::Step | Kind::BeyondMention
        )
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
    /// The reach of the posts rose (or fell) in step with the count: real readers.
    ReadersFollowed,
    /// Rises were explained by mentions, but whether their newcomers read was not checked.
    ReadersUnchecked,
}

impl Doubt {
    /// What the doubt lowers the confidence to, at most.
    fn caps_at(self) -> Confidence {
        match self {
            Doubt::SmallChannel | Doubt::ShortHistory | Doubt::Gappy | Doubt::DailyOnly => {
                Confidence::Low
            }
            Doubt::NearNormal | Doubt::Fades | Doubt::ReadersFollowed | Doubt::ReadersUnchecked => {
                Confidence::Medium
            }
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
    /// For an explained rise (or one beyond its explanation): what it followed, and how much
    /// of it stayed.
    pub cause: Option<Cause>,
    pub stayed: Option<i64>,
    /// A rise's shape.
    pub shape: Option<Shape>,
    /// The most the causes' readers could bring ([`MAX_CONVERSION`] of their views), when
    /// their views are known.
    pub explains: Option<f64>,
    /// A cause came before the rise, but the rise is not shaped as an answer to a post (an
    /// even rate over days, or a slow ramp), so it was judged as if none had.
    pub unlike_answer: bool,
    /// Whether its people read the channel's posts, once they are read ([`readers`]).
    pub readers: Option<Box<readers::Readers>>,
    /// For a drop: the date of the jump or step before it.
    pub after_jump: Option<NaiveDate>,
}

/// How big a finding is.
// A check has tens of findings at most: boxing the movement would save nothing worth its noise.
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
