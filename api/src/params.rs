//! Enumerated parameter values shared by several operations.

use std::fmt;
use std::str::FromStr;

/// Source type: `peerType` of keyword mentions and post search, `peer_type` of channel search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PeerType {
    Channel,
    Chat,
    All,
}

impl PeerType {
    pub const ALL: [PeerType; 3] = [PeerType::Channel, PeerType::Chat, PeerType::All];

    /// The value as the API spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            PeerType::Channel => "channel",
            PeerType::Chat => "chat",
            PeerType::All => "all",
        }
    }
}

/// Grouping of subscriber dynamics (`group`): one record per hour, day, week or month.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum PeriodGroup {
    Hour,
    #[default]
    Day,
    Week,
    Month,
}

impl PeriodGroup {
    pub const ALL: [PeriodGroup; 4] = [
        PeriodGroup::Hour,
        PeriodGroup::Day,
        PeriodGroup::Week,
        PeriodGroup::Month,
    ];

    /// The value as the API spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            PeriodGroup::Hour => "hour",
            PeriodGroup::Day => "day",
            PeriodGroup::Week => "week",
            PeriodGroup::Month => "month",
        }
    }
}

/// Grouping of the view growth of one post (`group` of post statistics): hour or day.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum ViewGrowthGroup {
    Hour,
    #[default]
    Day,
}

impl ViewGrowthGroup {
    pub const ALL: [ViewGrowthGroup; 2] = [ViewGrowthGroup::Hour, ViewGrowthGroup::Day];

    /// The value as the API spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            ViewGrowthGroup::Hour => "hour",
            ViewGrowthGroup::Day => "day",
        }
    }
}

/// A value that is not one of the documented spellings of an enumerated parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownValue {
    pub param: &'static str,
    pub value: String,
    pub allowed: &'static [&'static str],
}

impl fmt::Display for UnknownValue {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} must be one of {}; got \"{}\"",
            self.param,
            self.allowed.join(", "),
            self.value
        )
    }
}

impl std::error::Error for UnknownValue {}

macro_rules! impl_enum_text {
    ($ty:ident, $param:literal, [$($text:literal),+]) => {
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl FromStr for $ty {
            type Err = UnknownValue;

            fn from_str(s: &str) -> Result<Self, Self::Err> {
                const ALLOWED: &[&str] = &[$($text),+];
                $ty::ALL
                    .into_iter()
                    .find(|v| v.as_str() == s.trim())
                    .ok_or_else(|| UnknownValue {
                        param: $param,
                        value: s.to_owned(),
                        allowed: ALLOWED,
                    })
            }
        }
    };
}

impl_enum_text!(PeerType, "peer type", ["channel", "chat", "all"]);
impl_enum_text!(PeriodGroup, "group", ["hour", "day", "week", "month"]);
impl_enum_text!(ViewGrowthGroup, "group", ["hour", "day"]);
