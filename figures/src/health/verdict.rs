//! The health check in one line, for the head of the channel report: whether anything speaks
//! against the channel's subscribers, how sure that is, and how many findings there are.

use super::readers::Follow;
use super::series::Series;
use super::{confidence, history_doubts, Confidence, Doubt, Finding, Kind, SMALL_CHANNEL};
use crate::api::PeriodGroup;
use crate::dynamics::Reading;

/// Whether the check found anything against the channel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum State {
    /// A jump, step or drop of subscribers, a restriction of the service, or an ERR far below
    /// the channel's peers.
    Warnings,
    /// Nothing but rises that mentions or placements explain.
    Clean,
}

impl State {
    /// The name in the page's `data-value`.
    pub fn as_str(self) -> &'static str {
        match self {
            State::Warnings => "warnings",
            State::Clean => "clean",
        }
    }
}

/// The verdict of a health check.
#[derive(Clone, Debug, PartialEq)]
pub struct Verdict {
    pub state: State,
    /// With warnings: the surest of them. Clean: how far the counts read allow "nothing found"
    /// to mean anything (see [`Verdict::of`]).
    pub confidence: Confidence,
    /// Why the confidence is not high.
    pub doubts: Vec<Doubt>,
    /// Every finding, explained rises included.
    pub findings: usize,
    /// The findings that speak against the channel.
    pub warnings: usize,
}

/// Whether `kind` speaks against the channel (everything but an explained rise).
pub fn is_warning(kind: Kind) -> bool {
    !matches!(kind, Kind::MentionRise)
}

/// Why "nothing found" over `readings` of `group` for a channel of `subscribers` would be less
/// than sure: under [`SMALL_CHANNEL`] subscribers, under 30 days of counts, more than a tenth of
/// them missing, daily counts only (the doubts of a finding over the same counts), or no counts
/// that can be read. It depends on the counts alone, so it is worked out once per reading.
pub fn clean_doubts(readings: &[Reading], group: PeriodGroup, subscribers: u64) -> Vec<Doubt> {
    let step = match group {
        PeriodGroup::Hour => Some(3_600),
        PeriodGroup::Day => Some(86_400),
        PeriodGroup::Week | PeriodGroup::Month => None,
    };
    let series = step.and_then(|step| Series::new(readings, step));
    let mut doubts = match &series {
        Some(series) => history_doubts(series),
        None => vec![Doubt::ShortHistory],
    };
    if (subscribers as i64) < SMALL_CHANNEL {
        doubts.insert(0, Doubt::SmallChannel);
    }
    doubts
}

impl Verdict {
    /// The verdict of `found`, the findings of the check, with `clean_doubts` (see
    /// [`clean_doubts`]) of the counts it read.
    ///
    /// With warnings, its confidence is the highest of theirs (one sure warning is enough to
    /// act on), with that warning's doubts. Without, "nothing found" is as sure as the counts
    /// read could have shown a purchase: the confidence `clean_doubts` leave, and at most
    /// medium ([`Doubt::ReadersUnchecked`]) while a rise that a mention explains has not had
    /// its newcomers' reading checked and found to follow.
    pub fn of(found: &[Finding], clean_doubts: &[Doubt]) -> Verdict {
        let warnings: Vec<&Finding> = found.iter().filter(|f| is_warning(f.kind)).collect();
        if let Some(surest) = warnings.iter().max_by_key(|f| f.confidence) {
            return Verdict {
                state: State::Warnings,
                confidence: surest.confidence,
                doubts: surest.doubts.clone(),
                findings: found.len(),
                warnings: warnings.len(),
            };
        }
        // A rise a mention explains is clean by its size and shape; that its newcomers read is
        // what makes it sure.
        let mut doubts = clean_doubts.to_vec();
        let unchecked = found.iter().any(|f| {
            f.kind == Kind::MentionRise
                && f.movement()
                    .and_then(|m| m.readers.as_ref())
                    .is_none_or(|r| r.follow != Follow::Followed)
        });
        if unchecked {
            doubts.push(Doubt::ReadersUnchecked);
        }
        Verdict {
            state: State::Clean,
            confidence: confidence(&doubts),
            doubts,
            findings: found.len(),
            warnings: 0,
        }
    }
}
