//! Checks made before anything is sent: every documented rule and limit, each with a message that
//! tells the user what to change.

use std::fmt;

use super::ids::IdError;

/// One broken rule, tied to the parameter (as the API names it) that has to change.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub param: &'static str,
    pub rule: Rule,
}

/// The rules a request can break. The user interface may word these in its own language; the
/// `Display` text is the English wording.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Rule {
    /// A required parameter is missing or blank.
    Required,
    /// Channel search: neither `q` nor `category` is given.
    QueryOrCategory,
    /// Text shorter than the minimum, counted in characters.
    TooShort { min: usize, given: usize },
    /// A number above its documented maximum.
    AboveMax { max: u64, given: u64 },
    /// A number below its minimum.
    BelowMin { min: u64, given: u64 },
    /// More identifiers than one call may carry.
    TooManyIds { max: usize, given: usize },
    /// An identifier that is not in any accepted form.
    BadIdentifier(IdError),
    /// The period starts after it ends.
    StartAfterEnd,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let p = self.param;
        match &self.rule {
            Rule::Required => write!(f, "{p} is required"),
            Rule::QueryOrCategory => {
                f.write_str("Enter a keyword (q) or choose a category: at least one is required")
            }
            Rule::TooShort { min, given } => write!(
                f,
                "{p} must be at least {min} characters long (it has {given})"
            ),
            Rule::AboveMax { max, given } => write!(f, "{p} can be at most {max} (got {given})"),
            Rule::BelowMin { min, given } => write!(f, "{p} must be at least {min} (got {given})"),
            Rule::TooManyIds { max, given } => write!(
                f,
                "{p} takes at most {max} identifiers per request (got {given})"
            ),
            Rule::BadIdentifier(e) => write!(f, "{p}: {e}"),
            Rule::StartAfterEnd => f.write_str("startDate must not be later than endDate"),
        }
    }
}

/// Every problem of one request; a request with any is not sent.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invalid {
    pub problems: Vec<Problem>,
}

impl Invalid {
    /// The problem reported for `param`, if any (forms show it next to that field).
    pub fn for_param(&self, param: &str) -> Option<&Problem> {
        self.problems.iter().find(|p| p.param == param)
    }
}

impl fmt::Display for Invalid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, problem) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Invalid {}

/// Collects problems while a request is checked.
#[derive(Default)]
pub struct Checker {
    problems: Vec<Problem>,
}

impl Checker {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn fail(&mut self, param: &'static str, rule: Rule) -> &mut Self {
        self.problems.push(Problem { param, rule });
        self
    }

    /// The text must not be blank.
    pub fn required(&mut self, param: &'static str, text: &str) -> &mut Self {
        if text.trim().is_empty() {
            self.fail(param, Rule::Required);
        }
        self
    }

    /// A given number must lie within `min..=max`.
    pub fn range(
        &mut self,
        param: &'static str,
        value: Option<u32>,
        min: u32,
        max: u32,
    ) -> &mut Self {
        match value {
            Some(v) if v > max => self.fail(
                param,
                Rule::AboveMax {
                    max: max.into(),
                    given: v.into(),
                },
            ),
            Some(v) if v < min => self.fail(
                param,
                Rule::BelowMin {
                    min: min.into(),
                    given: v.into(),
                },
            ),
            _ => self,
        }
    }

    /// An identifier list must be non-empty and no longer than `max`.
    pub fn id_list(&mut self, param: &'static str, len: usize, max: usize) -> &mut Self {
        if len == 0 {
            self.fail(param, Rule::Required);
        } else if len > max {
            self.fail(param, Rule::TooManyIds { max, given: len });
        }
        self
    }

    /// A period, when both ends are given, must not run backwards.
    pub fn period<T: PartialOrd>(&mut self, start: Option<&T>, end: Option<&T>) -> &mut Self {
        if let (Some(start), Some(end)) = (start, end) {
            if start > end {
                self.fail("startDate", Rule::StartAfterEnd);
            }
        }
        self
    }

    pub fn finish(&mut self) -> Result<(), Invalid> {
        if self.problems.is_empty() {
            Ok(())
        } else {
            Err(Invalid {
                problems: std::mem::take(&mut self.problems),
            })
        }
    }
}
